import { Injectable } from '@nestjs/common';
import type { MemberId, TransferStatus } from '#libs/domain';
import type { Prisma } from '../generated/prisma/client.js';
import { jsonColumn } from '../json-column.js';
import { Repository } from '../repository.js';
import { readTransferForMember } from './transfer-statements.js';
import { olderThan } from '../list-clauses.js';
import { viewPool } from '../views/read-by-id.js';
import { readTransferView, type TransferView } from './transfer-view-read.js';
import { TRANSFER_STATUS, type Transfer } from './transfer-row.js';

/** A transfer about to be stored: every column but those a new row always starts with. */
export type NewTransfer = Omit<
  Prisma.TransferUncheckedCreateInput,
  'version' | 'pollCount' | 'refundStatus' | 'status'
> & {
  readonly status: TransferStatus;
};

/** What a status change (or a step within one status) writes. Absent fields keep their value. */
export interface TransferChange {
  readonly status: TransferStatus;
  readonly updatedAt: Date;
  readonly bankConsentId?: string | null;
  readonly bankPaymentId?: string | null;
  readonly bankContinuation?: Prisma.InputJsonValue | null;
  readonly bankPaymentStatus?: string | null;
  readonly statusReasonInformation?: string | null;
  readonly authorization?: Prisma.InputJsonValue | null;
  readonly source?: Prisma.InputJsonValue | null;
  readonly transactionId?: string | null;
  readonly convertedToFutureDatedPayment?: boolean;
  readonly executionDate?: string | null;
  readonly expiresAt?: Date | null;
  readonly pollCount?: number;
}

/** GET /transfers filters, as the repository applies them. */
export interface TransferListFilter {
  readonly tokenId?: string;
  readonly createdAfter?: Date;
  readonly createdBefore?: Date;
  readonly statuses?: readonly string[];
  readonly actingAsRefId?: string;
  readonly refId?: string;
  readonly refundStatus?: string;
}

/** A page position: the last row's creation time and id (newest first). */
export interface TransferCursor {
  readonly createdAt: Date;
  readonly id: string;
}

/** Payments v1 transfers. */
@Injectable()
export class TransferRepository extends Repository {
  insert(row: NewTransfer): Promise<Transfer> {
    return this.db.transfer.create({ data: row }).then(TRANSFER_STATUS.row);
  }

  /** What the member sees of its transfer (the resource's columns only), or null (also for another member's id). */
  findViewForMember(memberId: MemberId, id: string): Promise<TransferView | null> {
    return readTransferView(viewPool(this.db), memberId, id);
  }

  /** The member's transfer, or null (also for another member's id); on the pool's prepared statement unless bound to a transaction. */
  findForMember(memberId: MemberId, id: string): Promise<Transfer | null> {
    // A transaction has no pool (and `instanceof` does not work on the client: see Repository).
    if (!('pool' in this.db))
      return this.db.transfer.findFirst({ where: { id, memberId } }).then(TRANSFER_STATUS.rowOrNull);
    return readTransferForMember(this.db.pool, memberId, id);
  }

  /** For workers and callbacks, which act for whichever member owns the transfer. */
  findById(id: string): Promise<Transfer | null> {
    return this.db.transfer.findUnique({ where: { id } }).then(TRANSFER_STATUS.rowOrNull);
  }

  /** One page of the member's transfers, newest first; `limit + 1` rows are read so the caller knows whether more follow. */
  listForMember(
    memberId: MemberId,
    filter: TransferListFilter,
    limit: number,
    cursor?: TransferCursor,
  ): Promise<Transfer[]> {
    const and: Prisma.TransferWhereInput[] = [{ memberId }];
    if (filter.tokenId !== undefined) and.push({ tokenId: filter.tokenId });
    if (filter.createdAfter !== undefined) and.push({ createdAt: { gte: filter.createdAfter } });
    if (filter.createdBefore !== undefined) and.push({ createdAt: { lte: filter.createdBefore } });
    if (filter.statuses !== undefined) and.push({ status: { in: [...filter.statuses] } });
    if (filter.actingAsRefId !== undefined) and.push({ actingAsRefId: filter.actingAsRefId });
    if (filter.refId !== undefined) and.push({ refId: filter.refId });
    if (filter.refundStatus !== undefined) and.push({ refundStatus: filter.refundStatus });
    if (cursor !== undefined) and.push(olderThan(cursor));
    return this.db.transfer
      .findMany({
        where: { AND: and },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        take: limit + 1,
      })
      .then(TRANSFER_STATUS.rows);
  }

  /** The row locked for the caller's transaction (FOR UPDATE), or null. Call on a repository bound with in(tx). */
  async lock(id: string): Promise<Transfer | null> {
    const ids = await this.db.$queryRaw<{ id: string }[]>`SELECT id FROM transfer WHERE id = ${id} FOR UPDATE`;
    return ids.length === 0 ? null : this.findById(id);
  }

  /** Counts one more poll if the row is still at `expected`'s version: the row as counted, or null. */
  async countPoll(expected: Pick<Transfer, 'id' | 'version' | 'pollCount'>): Promise<Transfer | null> {
    const written = await this.db.transfer.updateMany({
      where: { id: expected.id, version: expected.version },
      data: { pollCount: expected.pollCount + 1, version: { increment: 1 } },
    });
    return written.count === 0 ? null : this.findById(expected.id);
  }

  /**
   * Writes `change` if the row is still at `expected`'s version (and bumps it): the row as
   * changed, or null when someone changed it first.
   */
  async update(expected: Pick<Transfer, 'id' | 'version'>, change: TransferChange): Promise<Transfer | null> {
    const { bankContinuation, authorization, source, ...plain } = change;
    const written = await this.db.transfer.updateMany({
      where: { id: expected.id, version: expected.version },
      data: {
        ...plain,
        bankContinuation: jsonColumn(bankContinuation),
        authorization: jsonColumn(authorization),
        source: jsonColumn(source),
        version: { increment: 1 },
      },
    });
    return written.count === 0 ? null : this.findById(expected.id);
  }
}
