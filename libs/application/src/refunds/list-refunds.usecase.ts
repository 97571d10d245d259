import { Injectable } from '@nestjs/common';
import { RefundRepository, type RefundFilter } from '#libs/db';
import type { MemberId } from '#libs/domain';
import { decodePageOffset, encodePageOffset } from '../paging/page-offset.js';
import { renderRefund, type RefundResource } from './refund-view.js';

export interface ListRefundsCommand {
  readonly memberId: MemberId;
  readonly limit: number;
  readonly offset?: string;
  readonly filter: RefundFilter;
  readonly partial?: boolean;
}

export interface RefundsPage {
  readonly refunds: RefundResource[];
  readonly paging: { readonly limit: number; readonly offset?: string };
}

/** GET /refunds: the member's refunds, newest first, a page at a time. */
@Injectable()
export class ListRefundsUseCase {
  constructor(private readonly refunds: RefundRepository) {}

  async execute(command: ListRefundsCommand): Promise<RefundsPage> {
    const cursor = command.offset === undefined ? undefined : decodePageOffset(command.offset, 'offset');
    const rows = await this.refunds.list(command.memberId, command.filter, command.limit + 1, cursor);
    const page = rows.slice(0, command.limit);
    const last = page[page.length - 1];
    return {
      refunds: page.map((row) => renderRefund(row, { partial: command.partial === true })),
      paging: {
        limit: command.limit,
        ...(rows.length > command.limit && last !== undefined
          ? { offset: encodePageOffset({ createdAt: last.createdAt, id: last.id }) }
          : {}),
      },
    };
  }
}
