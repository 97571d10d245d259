import { Injectable } from '@nestjs/common';
import { TransferRepository, type TransferListFilter } from '#libs/db';
import type { MemberId, TransferStatus } from '#libs/domain';
import { decodePageOffset, encodePageOffset } from '../paging/page-offset.js';
import { renderTransfer, type TransferResource } from './transfer-view.js';

/** The account-holder roles GET /transfers filters by. */
export const TRANSFER_ROLES = ['ANY', 'PAYER', 'PAYEE'] as const;
export type TransferRole = (typeof TRANSFER_ROLES)[number];

/** The refund statuses GET /transfers filters by (UNSET: no filter). */
export const TRANSFER_REFUND_STATUSES = ['UNSET', 'NONE', 'PARTIAL', 'FULL'] as const;
export type TransferRefundStatus = (typeof TRANSFER_REFUND_STATUSES)[number];

/** GET /transfers after validation. */
export interface ListTransfersCommand {
  readonly memberId: MemberId;
  readonly limit: number;
  readonly offset?: string;
  /** `tokenId` and `filter.tokenId`: a transfer must match each one given. */
  readonly tokenIds: readonly string[];
  readonly startTimeMs?: number;
  readonly endTimeMs?: number;
  readonly status?: TransferStatus;
  readonly role?: TransferRole;
  readonly actingAsRefId?: string;
  readonly refId?: string;
  readonly refundStatus?: TransferRefundStatus;
}

export interface TransfersPage {
  readonly transfers: readonly TransferResource[];
  /** Where the next page starts; absent on the last page. */
  readonly offset?: string;
}

/**
 * GET /transfers: the member's transfers, newest first, in pages. A member is always the payee
 * of its transfers (the payer is the bank customer who authorised the token), so
 * `filter.role=PAYER` finds none, and `ANY` or `PAYEE` filter nothing out.
 */
@Injectable()
export class ListTransfersUseCase {
  constructor(private readonly transfers: TransferRepository) {}

  async execute(command: ListTransfersCommand): Promise<TransfersPage> {
    const { memberId } = command;
    const cursor = command.offset === undefined ? undefined : decodePageOffset(command.offset, 'page.offset');
    const tokenIds = [...new Set(command.tokenIds)];
    const nothing = command.role === 'PAYER' || tokenIds.length > 1;
    const filter: TransferListFilter = {
      ...(tokenIds[0] === undefined ? {} : { tokenId: tokenIds[0] }),
      ...(command.startTimeMs === undefined ? {} : { createdAfter: new Date(command.startTimeMs) }),
      ...(command.endTimeMs === undefined ? {} : { createdBefore: new Date(command.endTimeMs) }),
      ...(command.status === undefined ? {} : { statuses: [command.status] }),
      ...(command.actingAsRefId === undefined ? {} : { actingAsRefId: command.actingAsRefId }),
      ...(command.refId === undefined ? {} : { refId: command.refId }),
      ...(command.refundStatus === undefined || command.refundStatus === 'UNSET'
        ? {}
        : { refundStatus: command.refundStatus }),
    };
    const rows = nothing ? [] : await this.transfers.listForMember(memberId, filter, command.limit, cursor);
    const page = rows.slice(0, command.limit);
    const last = page.at(-1);
    return {
      transfers: page.map(renderTransfer),
      ...(rows.length > command.limit && last !== undefined
        ? { offset: encodePageOffset({ createdAt: last.createdAt, id: last.id }) }
        : {}),
    };
  }
}
