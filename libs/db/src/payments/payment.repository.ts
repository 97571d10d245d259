import { Injectable } from '@nestjs/common';
import type { MemberId } from '#libs/domain';
import { Prisma } from '../generated/prisma/client.js';
import { PrismaService } from '../prisma.service.js';
import { Repository } from '../repository.js';
import {
  PAYMENT_STATUS,
  type Payment,
  type PaymentChange,
  type PaymentCursor,
  type PaymentListFilter,
} from './payment-records.js';
import {
  INSERT_PAYMENT_ROWS,
  insertPaymentWithEvent,
  paymentRowsJson,
  readPaymentForMember,
  readPaymentViewForMember,
  updatePaymentWithEvents,
  type NewPaymentEvent,
  type NewPaymentTimer,
  type PaymentTimerChange,
  type PaymentView,
} from './payment-statements.js';
import { olderThan, oneOf } from '../list-clauses.js';
import { insertVrpWithinLimits, type VrpInitiationCheck, type VrpLimitsToHold } from './vrp-payment-statements.js';

function json(
  value: Prisma.InputJsonValue | null | undefined,
): Prisma.InputJsonValue | typeof Prisma.DbNull | undefined {
  if (value === undefined) return undefined;
  return value === null ? Prisma.DbNull : value;
}

function where(
  memberId: MemberId,
  filter: PaymentListFilter,
  cursor: PaymentCursor | undefined,
): Prisma.PaymentWhereInput {
  const and: Prisma.PaymentWhereInput[] = [{ memberId }];
  if (filter.ids !== undefined) and.push({ id: oneOf(filter.ids, filter.invertIds) });
  if (filter.statuses !== undefined) and.push({ status: oneOf(filter.statuses, filter.invertStatuses) });
  if (filter.refIds !== undefined) and.push({ refId: { in: [...filter.refIds] } });
  if (filter.createdAfter !== undefined) and.push({ createdAt: { gt: filter.createdAfter } });
  if (filter.createdBefore !== undefined) and.push({ createdAt: { lt: filter.createdBefore } });
  if (filter.onBehalfOfId !== undefined) and.push({ onBehalfOfId: filter.onBehalfOfId });
  if (filter.externalPsuReference !== undefined) and.push({ externalPsuReference: filter.externalPsuReference });
  if (filter.recurring !== undefined) and.push({ vrpConsentId: filter.recurring ? { not: null } : null });
  if (filter.vrpConsentId !== undefined) and.push({ vrpConsentId: filter.vrpConsentId });
  if (cursor !== undefined) and.push(olderThan(cursor));
  return { AND: and };
}

/** The columns of the Payment resource, as Prisma selects them (a read bound to a transaction). */
const VIEW_SELECT = {
  id: true,
  memberId: true,
  initiation: true,
  convertedToFutureDatedPayment: true,
  refundAccount: true,
  status: true,
  statusReasonInformation: true,
  bankPaymentStatus: true,
  bankPaymentId: true,
  authentication: true,
  createdAt: true,
  updatedAt: true,
  errorInfo: true,
  flowType: true,
  paymentLinkId: true,
  tokenizedAccountId: true,
  amount: true,
  refundStatus: true,
  refundedAmount: true,
  settledRefundAmount: true,
  virtualAccountId: true,
} as const satisfies Record<keyof PaymentView, true>;

/**
 * Payments v2 rows. Every read a member makes takes the member's id first and finds only that
 * member's rows; the unscoped reads serve the gateway itself (timers, bank callbacks, hosted
 * pages that hold the payment's callback token).
 *
 * The request path runs on the pool Prisma shares, as batched raw statements
 * (payment-statements.ts): the member's reads, a creation with its event and timer
 * (`insertWithEvent`), and a change of a row the caller knows with its event and timer
 * (`updateWithEvents`), each of the latter two its own transaction. Bound to a transaction
 * (`in(tx)`), the reads run in it; the two writes refuse to (they cannot join it). The locked
 * change (`lock`, `update`, `countPoll`) runs in the caller's transaction.
 */
@Injectable()
export class PaymentRepository extends Repository {
  constructor(private readonly prisma: PrismaService) {
    super(prisma);
  }

  /** Whether the statements run in a caller's transaction rather than on the client. */
  private get bound(): boolean {
    return this.db !== this.prisma;
  }

  /** The pool, for the writes that are a transaction of their own. */
  private ownTransaction(what: string): PrismaService['pool'] {
    if (this.bound) throw new Error(`${what} is a transaction of its own; it cannot run in a caller's`);
    return this.prisma.pool;
  }

  /** The member's payment, or null (also for another member's id). */
  findForMember(memberId: MemberId, id: string): Promise<Payment | null> {
    if (this.bound) return this.db.payment.findFirst({ where: { id, memberId } }).then(PAYMENT_STATUS.rowOrNull);
    return readPaymentForMember(this.prisma.pool, memberId, id);
  }

  /** What the member sees of its payment (the columns of the resource only), or null (also for another member's id). */
  findViewForMember(memberId: MemberId, id: string): Promise<PaymentView | null> {
    if (this.bound)
      return this.db.payment.findFirst({ where: { id, memberId }, select: VIEW_SELECT }).then(PAYMENT_STATUS.rowOrNull);
    return readPaymentViewForMember(this.prisma.pool, memberId, id);
  }

  /** One page of the member's payments, newest first; `limit + 1` rows are read so the caller knows whether more follow. */
  listForMember(
    memberId: MemberId,
    filter: PaymentListFilter,
    limit: number,
    cursor?: PaymentCursor,
  ): Promise<Payment[]> {
    return this.db.payment
      .findMany({
        where: where(memberId, filter, cursor),
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        take: limit + 1,
      })
      .then(PAYMENT_STATUS.rows);
  }

  /**
   * Stores a new payment (as paymentFromNew gives it) in the caller's transaction (`in(tx)`); its
   * event and timer are the caller's to write beside it.
   */
  async insert(payment: Payment): Promise<void> {
    await this.db.$executeRawUnsafe(INSERT_PAYMENT_ROWS, paymentRowsJson([payment]));
  }

  /**
   * What a VRP consent's limits count, read under the consent's lock in one statement: the amounts
   * and times of the payments made under it from `since` (the earliest start of its current
   * periods) whose status is not one of `excludedStatuses`, oldest first, and how many such
   * payments came before `since` (they count for occurrences only). The read stays bounded by the
   * periods however old the consent grows.
   */
  async vrpsCounted(
    vrpConsentId: string,
    excludedStatuses: readonly string[],
    since: Date,
  ): Promise<{ readonly recent: { readonly amount: string; readonly at: Date }[]; readonly earlierCount: number }> {
    const rows = await this.db.$queryRaw<{ amount: string | null; at: Date | null; earlier: bigint }[]>`
      WITH counted AS (
        SELECT amount, created_at FROM payment
        WHERE vrp_consent_id = ${vrpConsentId} AND status <> ALL(${[...excludedStatuses]}::text[])
      )
      SELECT amount::text AS amount, created_at AS at,
             (SELECT count(*) FROM counted WHERE created_at < ${since}) AS earlier
      FROM (SELECT 1) AS one
      LEFT JOIN counted ON counted.created_at >= ${since}
      ORDER BY at`;
    const recent = rows.flatMap((row) =>
      row.amount === null || row.at === null ? [] : [{ amount: row.amount, at: row.at }],
    );
    return { recent, earlierCount: Number(rows[0]?.earlier ?? 0n) };
  }

  /** For workers and bank callbacks, which act for whichever member owns the payment. */
  findById(id: string): Promise<Payment | null> {
    return this.db.payment.findUnique({ where: { id } }).then(PAYMENT_STATUS.rowOrNull);
  }

  findByCallbackToken(callbackToken: string): Promise<Payment | null> {
    return this.db.payment.findUnique({ where: { callbackToken } }).then(PAYMENT_STATUS.rowOrNull);
  }

  /**
   * Stores a new payment (as paymentFromNew gives it), its creation event and its timer: all or
   * nothing, in one statement shared with the creations that arrive together (see
   * insertPaymentWithEvent). Answers the payment as stored.
   */
  insertWithEvent(payment: Payment, event: NewPaymentEvent, timer: NewPaymentTimer | null): Promise<Payment> {
    return insertPaymentWithEvent(this.ownTransaction('insertWithEvent'), payment, event, timer);
  }

  /**
   * Changes the payment from `expected` (the row the caller knows) to `changed` (as
   * paymentAfterChange gives it), with its events when the status changes (PAYMENT_STATUS_CHANGED,
   * and VRP_STATUS_CHANGED for a VRP) and its timer set or removed, and with `answered` its
   * outcome check ended: all or nothing, in one statement shared with the changes that arrive
   * together (see updatePaymentWithEvents). Answers the payment as changed, or null when nothing
   * was written: the row is no longer at `expected`'s status and version, or another transaction
   * holds it.
   */
  async updateWithEvents(
    expected: Pick<Payment, 'id' | 'status' | 'version'>,
    changed: Payment,
    events: readonly NewPaymentEvent[],
    timer: PaymentTimerChange,
    answered = false,
  ): Promise<Payment | null> {
    const written = await updatePaymentWithEvents(
      this.ownTransaction('updateWithEvents'),
      expected,
      changed,
      events,
      timer,
      answered,
    );
    return written ? changed : null;
  }

  /**
   * Stores a VRP with its events, its timer and its initiation's outcome check in one statement,
   * only while its consent is the member's, AUTHORIZED and within `limits` with it (the consent's
   * row locked meanwhile; see insertVrpWithinLimits). Answers whether it was stored.
   */
  insertVrpWithinLimits(
    vrp: Payment,
    events: readonly NewPaymentEvent[],
    timer: NewPaymentTimer | null,
    limits: VrpLimitsToHold,
    excludedStatuses: readonly string[],
    check: VrpInitiationCheck,
  ): Promise<boolean> {
    return insertVrpWithinLimits(
      this.ownTransaction('insertVrpWithinLimits'),
      vrp,
      events,
      timer,
      limits,
      excludedStatuses,
      check,
    );
  }

  /** Locks the row for a status change; in a transaction (`in(tx)`). */
  async lock(id: string): Promise<Payment | null> {
    const rows = await this.db.$queryRaw<Array<{ id: string }>>`SELECT id FROM payment WHERE id = ${id} FOR UPDATE`;
    return rows.length === 0 ? null : this.db.payment.findUnique({ where: { id } }).then(PAYMENT_STATUS.rowOrNull);
  }

  /**
   * Applies a change when the row is still at `expected` (status and version); returns the new
   * row, or null when someone else moved it first. In the caller's transaction (`in(tx)`), with
   * its event and timer.
   */
  async update(expected: Pick<Payment, 'id' | 'status' | 'version'>, change: PaymentChange): Promise<Payment | null> {
    const data: Prisma.PaymentUncheckedUpdateManyInput = {
      status: change.status,
      updatedAt: change.updatedAt,
      version: { increment: 1 },
      bankId: change.bankId,
      localInstrument: change.localInstrument,
      initiation: change.initiation,
      bankConsentId: change.bankConsentId,
      bankPaymentId: change.bankPaymentId,
      bankContinuation: json(change.bankContinuation),
      bankPaymentStatus: change.bankPaymentStatus,
      statusReasonInformation: change.statusReasonInformation,
      authentication: json(change.authentication),
      refundAccount: json(change.refundAccount),
      errorInfo: json(change.errorInfo),
      expiresAt: change.expiresAt,
      pollCount: change.pollCount,
      tokenizedAccountId: change.tokenizedAccountId,
    };
    const result = await this.db.payment.updateMany({
      where: { id: expected.id, status: expected.status, version: expected.version },
      data,
    });
    return result.count === 0
      ? null
      : this.db.payment.findUnique({ where: { id: expected.id } }).then(PAYMENT_STATUS.rowOrNull);
  }

  /** Counts a poll of the bank on the row still at `expected`'s version (no status change, no event). */
  async countPoll(expected: Pick<Payment, 'id' | 'version'>, pollCount: number): Promise<void> {
    await this.db.payment.updateMany({ where: { id: expected.id, version: expected.version }, data: { pollCount } });
  }
}
