import { Injectable } from '@nestjs/common';
import type { MemberId, RefundStatus } from '#libs/domain';
import type { Prisma } from '../generated/prisma/client.js';
import type { PrismaService } from '../prisma.service.js';
import { Repository } from '../repository.js';
import type { NewRowEvent, NewRowTimer } from '../row-writes/index.js';
import { insertCountedRefund, readOriginal, type CountedRefund } from './refund-statements.js';
import { olderThan, oneOf } from '../list-clauses.js';
import { viewPool } from '../views/read-by-id.js';
import { readRefundView, type RefundView } from './refund-view-read.js';
import { REFUND_STATUS, type Refund } from './refund-row.js';

export type { CountedRefund } from './refund-statements.js';

export type NewRefund = Omit<Prisma.RefundUncheckedCreateInput, 'version' | 'pollCount' | 'status'> & {
  readonly status: RefundStatus;
};

/** What a refund's change writes beside its status. */
export interface RefundChange {
  readonly status: RefundStatus;
  readonly updatedAt: Date;
  readonly bankTransactionId?: string | null;
  readonly bankPaymentStatus?: string | null;
  readonly statusReasonInformation?: string | null;
}

/** The payment or transfer a refund pays back, read with its row locked. */
export interface RefundOriginal {
  readonly kind: 'payment' | 'transfer';
  readonly id: string;
  readonly memberId: string;
  readonly bankId: string | null;
  readonly status: string;
  readonly amount: string;
  readonly currency: string;
  readonly refundedAmount: string;
  readonly settledRefundAmount: string;
  /** Where the payer's account is, as stored: a payment's refund_account or a transfer's source. */
  readonly payerAccount: unknown;
}

export interface RefundFilter {
  readonly ids?: readonly string[];
  readonly invertIds?: boolean;
  readonly statuses?: readonly string[];
  readonly invertStatuses?: boolean;
  readonly refIds?: readonly string[];
  readonly onBehalfOfIds?: readonly string[];
  readonly createdFrom?: Date;
  readonly createdBefore?: Date;
  readonly originalPaymentId?: string;
}

const ORIGINAL_COLUMNS = `id, member_id AS "memberId", bank_id AS "bankId", status, amount::text AS amount, currency,
  refunded_amount::text AS "refundedAmount", settled_refund_amount::text AS "settledRefundAmount"`;

/** Refunds, and the refund sums they keep on their payments and transfers. */
@Injectable()
export class RefundRepository extends Repository {
  constructor(private readonly prisma: PrismaService) {
    super(prisma);
  }

  /** The member's payment (or else transfer) `id` as it stands, without a lock; null for an unknown or another member's. */
  async findOriginal(memberId: MemberId | string, id: string): Promise<RefundOriginal | null> {
    return (await readOriginal(this.prisma.pool, memberId, id)) as unknown as RefundOriginal | null;
  }

  /**
   * Stores a new refund counted against its original, with its creation event and first timer,
   * in one statement on the pool (a transaction of its own) that locks the original's row and
   * stores nothing unless it is still the member's payment in one of `completedStatuses`, in the
   * refund's currency, with room for the amount. Whether it was stored. The events and the timer
   * are those the refund's lifecycle declares for its creation.
   */
  insertCounted(
    refund: CountedRefund,
    completedStatuses: readonly string[],
    events: readonly NewRowEvent[],
    timer: NewRowTimer | null,
  ): Promise<boolean> {
    if (this.db !== this.prisma) throw new Error('insertCounted is a transaction of its own');
    return insertCountedRefund(this.prisma.pool, refund, completedStatuses, events, timer);
  }

  /**
   * The member's payment (or else transfer) `id` with its row locked (FOR UPDATE) until the
   * transaction ends: concurrent refunds of one payment are counted one after the other.
   * Null for an unknown id or another member's.
   */
  async lockOriginal(memberId: MemberId | string, id: string): Promise<RefundOriginal | null> {
    const payments = await this.db.$queryRawUnsafe<Omit<RefundOriginal, 'kind'>[]>(
      `SELECT ${ORIGINAL_COLUMNS}, refund_account AS "payerAccount" FROM payment WHERE id = $1 AND member_id = $2 FOR UPDATE`,
      id,
      memberId,
    );
    if (payments[0] !== undefined) return { ...payments[0], kind: 'payment' };
    const transfers = await this.db.$queryRawUnsafe<Omit<RefundOriginal, 'kind'>[]>(
      `SELECT ${ORIGINAL_COLUMNS}, source AS "payerAccount" FROM transfer WHERE id = $1 AND member_id = $2 FOR UPDATE`,
      id,
      memberId,
    );
    return transfers[0] === undefined ? null : { ...transfers[0], kind: 'transfer' };
  }

  /** Writes the original's refund sums and status (its row locked by lockOriginal in this transaction). */
  async setOriginalSums(
    original: Pick<RefundOriginal, 'kind' | 'id'>,
    sums: { readonly refundedAmount: string; readonly settledRefundAmount: string; readonly refundStatus: string },
  ): Promise<void> {
    const table = original.kind === 'payment' ? 'payment' : 'transfer';
    await this.db.$executeRawUnsafe(
      `UPDATE ${table} SET refunded_amount = $2::numeric, settled_refund_amount = $3::numeric, refund_status = $4 WHERE id = $1`,
      original.id,
      sums.refundedAmount,
      sums.settledRefundAmount,
      sums.refundStatus,
    );
  }

  insert(refund: NewRefund): Promise<Refund> {
    return this.db.refund.create({ data: refund }).then(REFUND_STATUS.row);
  }

  /** What the member sees of its refund (the resource's columns only), or null (also for another member's id). */
  findViewForMember(memberId: MemberId, id: string): Promise<RefundView | null> {
    return readRefundView(viewPool(this.db), memberId, id);
  }

  find(memberId: MemberId, id: string): Promise<Refund | null> {
    return this.db.refund.findFirst({ where: { id, memberId } }).then(REFUND_STATUS.rowOrNull);
  }

  /** For the gateway's own timers. */
  findById(id: string): Promise<Refund | null> {
    return this.db.refund.findUnique({ where: { id } }).then(REFUND_STATUS.rowOrNull);
  }

  /** The refund with its row locked until the transaction ends. */
  async lock(id: string): Promise<Refund | null> {
    const locked = await this.db.$queryRaw<{ id: string }[]>`SELECT id FROM refund WHERE id = ${id} FOR UPDATE`;
    return locked.length === 0 ? null : this.db.refund.findUnique({ where: { id } }).then(REFUND_STATUS.rowOrNull);
  }

  /** Applies the change while the row is still at the version read; null when it moved meanwhile. */
  async update(current: Pick<Refund, 'id' | 'version'>, change: RefundChange): Promise<Refund | null> {
    const updated = await this.db.refund.updateMany({
      where: { id: current.id, version: current.version },
      data: { ...change, version: { increment: 1 } },
    });
    return updated.count === 1
      ? this.db.refund.findUnique({ where: { id: current.id } }).then(REFUND_STATUS.rowOrNull)
      : null;
  }

  async countPoll(current: Pick<Refund, 'id'>): Promise<Refund> {
    return this.db.refund
      .update({ where: { id: current.id }, data: { pollCount: { increment: 1 } } })
      .then(REFUND_STATUS.row);
  }

  /** The member's refunds, newest first, `take` of them after the cursor. */
  list(
    memberId: MemberId,
    filter: RefundFilter,
    take: number,
    cursor?: { readonly createdAt: Date; readonly id: string },
  ): Promise<Refund[]> {
    const and: Prisma.RefundWhereInput[] = [{ memberId }];
    if (filter.ids !== undefined) and.push({ id: oneOf(filter.ids, filter.invertIds) });
    if (filter.statuses !== undefined) and.push({ status: oneOf(filter.statuses, filter.invertStatuses) });
    if (filter.refIds !== undefined) and.push({ refId: { in: [...filter.refIds] } });
    if (filter.onBehalfOfIds !== undefined) and.push({ onBehalfOfId: { in: [...filter.onBehalfOfIds] } });
    if (filter.createdFrom !== undefined) and.push({ createdAt: { gte: filter.createdFrom } });
    if (filter.createdBefore !== undefined) and.push({ createdAt: { lt: filter.createdBefore } });
    if (filter.originalPaymentId !== undefined) and.push({ originalPaymentId: filter.originalPaymentId });
    if (cursor !== undefined) and.push(olderThan(cursor));
    return this.db.refund
      .findMany({ where: { AND: and }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take })
      .then(REFUND_STATUS.rows);
  }

  /** Whether the member has a transfer or payment with this id (GET /transfers/{id}/refunds answers 404 otherwise). */
  async memberHasOriginal(memberId: MemberId, id: string): Promise<boolean> {
    if ((await this.db.transfer.count({ where: { id, memberId } })) === 1) return true;
    return (await this.db.payment.count({ where: { id, memberId } })) === 1;
  }
}
