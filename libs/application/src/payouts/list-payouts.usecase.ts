import { Injectable } from '@nestjs/common';
import { PayoutRepository, type PayoutFilter } from '#libs/db';
import type { MemberId } from '#libs/domain';
import { decodePageOffset, encodePageOffset } from '../paging/page-offset.js';
import { renderPayout, type PayoutResource } from './payout-view.js';

/** The most payouts one page answers; a larger limit is set to this (the interface's paging rule). */
export const PAYOUTS_PAGE_MAX = 200;

export interface ListPayoutsCommand {
  readonly memberId: MemberId;
  readonly limit: number;
  readonly offset?: string;
  readonly filter: PayoutFilter;
}

export interface PayoutsPage {
  readonly payouts: PayoutResource[];
  readonly paging: { readonly limit: number; readonly offset?: string };
}

/** GET /payouts: the member's payouts, newest first, a page at a time. */
@Injectable()
export class ListPayoutsUseCase {
  constructor(private readonly payouts: PayoutRepository) {}

  async execute(command: ListPayoutsCommand): Promise<PayoutsPage> {
    const limit = Math.min(command.limit, PAYOUTS_PAGE_MAX);
    const cursor = command.offset === undefined ? undefined : decodePageOffset(command.offset, 'offset');
    const rows = await this.payouts.list(command.memberId, command.filter, limit + 1, cursor);
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return {
      payouts: page.map(renderPayout),
      paging: {
        limit,
        ...(rows.length > limit && last !== undefined
          ? { offset: encodePageOffset({ createdAt: last.createdAt, id: last.id }) }
          : {}),
      },
    };
  }
}
