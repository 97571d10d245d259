import { Injectable } from '@nestjs/common';
import { VrpConsentRepository, type VrpConsentListFilter } from '#libs/db';
import type { MemberId } from '#libs/domain';
import { decodePageOffset, encodePageOffset } from '../paging/page-offset.js';
import { renderVrpConsent, type VrpConsentResource } from './vrp-consent-view.js';

/** GET /vrp-consents after validation. */
export interface ListVrpConsentsCommand {
  readonly memberId: MemberId;
  readonly limit: number;
  readonly offset?: string;
  readonly filter: VrpConsentListFilter;
}

export interface VrpConsentsPage {
  readonly vrpConsents: readonly VrpConsentResource[];
  readonly pageInfo: { limit: number; offset?: string; nextOffset?: string; haveMore: boolean };
}

/** GET /vrp-consents: the member's consents, newest first, in pages (the reference's PageInfo). */
@Injectable()
export class ListVrpConsentsUseCase {
  constructor(private readonly consents: VrpConsentRepository) {}

  async execute(command: ListVrpConsentsCommand): Promise<VrpConsentsPage> {
    const { memberId } = command;
    const cursor = command.offset === undefined ? undefined : decodePageOffset(command.offset, 'offset');
    const rows = await this.consents.listForMember(memberId, command.filter, command.limit, cursor);
    const page = rows.slice(0, command.limit);
    const last = page.at(-1);
    const haveMore = rows.length > command.limit && last !== undefined;
    return {
      vrpConsents: page.map(renderVrpConsent),
      pageInfo: {
        limit: command.limit,
        ...(command.offset === undefined ? {} : { offset: command.offset }),
        ...(haveMore ? { nextOffset: encodePageOffset({ createdAt: last.createdAt, id: last.id }) } : {}),
        haveMore,
      },
    };
  }
}
