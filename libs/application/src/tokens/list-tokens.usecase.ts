import { Injectable } from '@nestjs/common';
import { TokenRepository } from '#libs/db';
import { kindsOfTokenType, type MemberId, type TokenTypeFilter } from '#libs/domain';
import { decodePageOffset, encodePageOffset } from '../paging/page-offset.js';
import { renderToken, type TokenResource } from './token-view.js';

/** GET /tokens after validation. */
export interface ListTokensCommand {
  readonly memberId: MemberId;
  readonly type: TokenTypeFilter;
  readonly limit: number;
  readonly offset?: string;
  readonly startTimeMs?: number;
  readonly endTimeMs?: number;
  readonly actingAsRefId?: string;
}

export interface TokensPage {
  readonly tokens: readonly TokenResource[];
  /** The offset of the next page; absent on the last page. */
  readonly offset?: string;
}

/** GET /tokens: the member's tokens, newest first, in pages of `limit`. */
@Injectable()
export class ListTokensUseCase {
  constructor(private readonly tokens: TokenRepository) {}

  async execute(command: ListTokensCommand): Promise<TokensPage> {
    const { memberId } = command;
    const cursor = command.offset === undefined ? undefined : decodePageOffset(command.offset, 'page.offset');
    const rows = await this.tokens.listForMember(
      memberId,
      {
        kinds: kindsOfTokenType(command.type),
        ...(command.startTimeMs === undefined ? {} : { createdAfter: new Date(command.startTimeMs) }),
        ...(command.endTimeMs === undefined ? {} : { createdBefore: new Date(command.endTimeMs) }),
        ...(command.actingAsRefId === undefined ? {} : { actingAsRefId: command.actingAsRefId }),
      },
      command.limit,
      cursor,
    );
    const page = rows.slice(0, command.limit);
    const last = page.at(-1);
    const more = rows.length > command.limit && last !== undefined;
    return {
      tokens: page.map(renderToken),
      ...(more ? { offset: encodePageOffset({ createdAt: last.createdAt, id: last.id }) } : {}),
    };
  }
}
