import { Injectable } from '@nestjs/common';
import type { MemberId, PayoutStatus } from '#libs/domain';
import type { Prisma } from '../generated/prisma/client.js';
import type { PrismaService } from '../prisma.service.js';
import { Repository } from '../repository.js';
import type { NewRowEvent, NewRowTimer } from '../row-writes/index.js';
import { OUTBOX_CHANNEL } from '../webhooks/webhook-outbox.repository.js';
import {
  insertReservedPayout,
  onPool,
  type ReservedPayout,
  type ReservedPayoutResult,
  type ReservedPayoutRow,
} from './payout-statements.js';
import { olderThan, oneOf } from '../list-clauses.js';
import { viewPool } from '../views/read-by-id.js';
import { readPayoutView, type PayoutView } from './payout-view-read.js';
import { PAYOUT_STATUS, type Payout } from './payout-row.js';

export type { ReservedPayout, ReservedPayoutResult } from './payout-statements.js';

export type NewPayout = Omit<Prisma.PayoutUncheckedCreateInput, 'version' | 'pollCount' | 'status'> & {
  readonly status: PayoutStatus;
};

/** What a payout's change writes beside its status. */
export interface PayoutChange {
  readonly status: PayoutStatus;
  readonly updatedAt: Date;
  readonly bankTransactionId?: string | null;
  readonly bankPaymentStatus?: string | null;
  readonly statusReasonInformation?: string | null;
}

/** GET /payouts filters (and a settlement rule's payouts). */
export interface PayoutFilter {
  readonly ids?: readonly string[];
  readonly invertIds?: boolean;
  readonly statuses?: readonly string[];
  readonly invertStatuses?: boolean;
  readonly refIds?: readonly string[];
  readonly onBehalfOfId?: string;
  readonly createdFrom?: Date;
  readonly createdBefore?: Date;
  readonly accountId?: string;
  readonly settlementRuleId?: string;
  /** Only payouts a settlement rule made. */
  readonly madeByRule?: boolean;
}

/** Payouts from settlement accounts. */
@Injectable()
export class PayoutRepository extends Repository {
  constructor(private readonly prisma: PrismaService) {
    super(prisma);
  }

  /**
   * Stores a new payout with its amount reserved in its account's ledger, its creation events and
   * first timer (as its lifecycle declares them), in one statement that locks the account's row and stores nothing unless the
   * amount is available: on the pool (a transaction of its own; the caller wakes the relay), or
   * bound with in(tx) in the caller's transaction, on its connection (the relay notified at its
   * commit).
   */
  async insertReserved(
    payout: ReservedPayout,
    events: readonly NewRowEvent[],
    timer: NewRowTimer | null,
  ): Promise<ReservedPayoutResult> {
    const db = this.db;
    if (db === this.prisma) return insertReservedPayout(onPool(this.prisma.pool), payout, events, timer);
    const inTx = (text: string, values: readonly unknown[]) => db.$queryRawUnsafe<ReservedPayoutRow[]>(text, ...values);
    const stored = await insertReservedPayout(inTx, payout, events, timer);
    // The relay hears of the event when the caller's transaction commits (nothing on a rollback).
    if (stored.kind === 'inserted') await db.$executeRaw`SELECT pg_notify(${OUTBOX_CHANNEL}, '')`;
    return stored;
  }

  insert(payout: NewPayout): Promise<Payout> {
    return this.db.payout.create({ data: payout }).then(PAYOUT_STATUS.row);
  }

  /** What the member sees of its payout (the resource's columns only), or null (also for another member's id). */
  findViewForMember(memberId: MemberId, id: string): Promise<PayoutView | null> {
    return readPayoutView(viewPool(this.db), memberId, id);
  }

  /** The member's payout, or null (also for another member's id). */
  find(memberId: MemberId, id: string): Promise<Payout | null> {
    return this.db.payout.findFirst({ where: { id, memberId } }).then(PAYOUT_STATUS.rowOrNull);
  }

  /** For the gateway's own timers. */
  findById(id: string): Promise<Payout | null> {
    return this.db.payout.findUnique({ where: { id } }).then(PAYOUT_STATUS.rowOrNull);
  }

  /** For the gateway's own moves: the payout, its row locked until the caller's transaction ends. */
  async lock(id: string): Promise<Payout | null> {
    const locked = await this.db.$queryRaw<{ id: string }[]>`SELECT id FROM payout WHERE id = ${id} FOR UPDATE`;
    return locked.length === 0 ? null : this.db.payout.findUnique({ where: { id } }).then(PAYOUT_STATUS.rowOrNull);
  }

  /** Applies the change while the row is still at the version read; null when it moved meanwhile. */
  async update(current: Pick<Payout, 'id' | 'version'>, change: PayoutChange): Promise<Payout | null> {
    const updated = await this.db.payout.updateMany({
      where: { id: current.id, version: current.version },
      data: { ...change, version: { increment: 1 } },
    });
    return updated.count === 1
      ? this.db.payout.findUnique({ where: { id: current.id } }).then(PAYOUT_STATUS.rowOrNull)
      : null;
  }

  countPoll(current: Pick<Payout, 'id'>): Promise<Payout> {
    return this.db.payout
      .update({ where: { id: current.id }, data: { pollCount: { increment: 1 } } })
      .then(PAYOUT_STATUS.row);
  }

  /** The member's payouts, newest first, `take` of them after the cursor. */
  list(
    memberId: MemberId,
    filter: PayoutFilter,
    take: number,
    cursor?: { readonly createdAt: Date; readonly id: string },
  ): Promise<Payout[]> {
    const and: Prisma.PayoutWhereInput[] = [{ memberId }];
    if (filter.ids !== undefined) and.push({ id: oneOf(filter.ids, filter.invertIds) });
    if (filter.statuses !== undefined) and.push({ status: oneOf(filter.statuses, filter.invertStatuses) });
    if (filter.refIds !== undefined) and.push({ refId: { in: [...filter.refIds] } });
    if (filter.onBehalfOfId !== undefined) and.push({ onBehalfOfId: filter.onBehalfOfId });
    if (filter.createdFrom !== undefined) and.push({ createdAt: { gte: filter.createdFrom } });
    if (filter.createdBefore !== undefined) and.push({ createdAt: { lt: filter.createdBefore } });
    if (filter.accountId !== undefined) and.push({ accountId: filter.accountId });
    if (filter.settlementRuleId !== undefined) and.push({ settlementRuleId: filter.settlementRuleId });
    if (filter.madeByRule === true) and.push({ settlementRuleId: { not: null } });
    if (cursor !== undefined) and.push(olderThan(cursor));
    return this.db.payout
      .findMany({ where: { AND: and }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take })
      .then(PAYOUT_STATUS.rows);
  }
}
