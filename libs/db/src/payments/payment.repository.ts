import { Injectable } from '@nestjs/common';
import type { MemberId } from '#libs/domain';
import { Prisma, type Payment } from '../generated/prisma/client.js';
import { PrismaService, type Tx } from '../prisma.service.js';
import type { PaymentChange, PaymentCursor, PaymentListFilter } from './payment-records.js';
import {
  insertPaymentWithEvent,
  readPaymentForMember,
  readPaymentViewForMember,
  type NewPaymentEvent,
  type NewPaymentTimer,
  type PaymentView,
} from './payment-statements.js';

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
  if (filter.ids !== undefined)
    and.push(filter.invertIds === true ? { id: { notIn: [...filter.ids] } } : { id: { in: [...filter.ids] } });
  if (filter.statuses !== undefined)
    and.push(
      filter.invertStatuses === true
        ? { status: { notIn: [...filter.statuses] } }
        : { status: { in: [...filter.statuses] } },
    );
  if (filter.refIds !== undefined) and.push({ refId: { in: [...filter.refIds] } });
  if (filter.createdAfter !== undefined) and.push({ createdAt: { gt: filter.createdAfter } });
  if (filter.createdBefore !== undefined) and.push({ createdAt: { lt: filter.createdBefore } });
  if (filter.onBehalfOfId !== undefined) and.push({ onBehalfOfId: filter.onBehalfOfId });
  if (filter.externalPsuReference !== undefined) and.push({ externalPsuReference: filter.externalPsuReference });
  if (cursor !== undefined) {
    and.push({ OR: [{ createdAt: { lt: cursor.createdAt } }, { createdAt: cursor.createdAt, id: { lt: cursor.id } }] });
  }
  return { AND: and };
}

/**
 * Payments v2 rows. Every read a member makes takes the member's id first and finds only that
 * member's rows; the unscoped reads serve the gateway itself (timers, bank callbacks, hosted
 * pages that hold the payment's callback token). The request path's reads and creations run as
 * batched raw statements (payment-statements.ts); changes run inside the caller's transaction.
 */
@Injectable()
export class PaymentRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The member's payment, or null (also for another member's id). */
  findForMember(memberId: MemberId, id: string): Promise<Payment | null> {
    return readPaymentForMember(this.prisma.pool, memberId, id);
  }

  /** What the member sees of its payment (the columns of the resource only), or null (also for another member's id). */
  findViewForMember(memberId: MemberId, id: string): Promise<PaymentView | null> {
    return readPaymentViewForMember(this.prisma.pool, memberId, id);
  }

  /** One page of the member's payments, newest first; `limit + 1` rows are read so the caller knows whether more follow. */
  listForMember(
    memberId: MemberId,
    filter: PaymentListFilter,
    limit: number,
    cursor?: PaymentCursor,
  ): Promise<Payment[]> {
    return this.prisma.payment.findMany({
      where: where(memberId, filter, cursor),
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: limit + 1,
    });
  }

  /** For workers and bank callbacks, which act for whichever member owns the payment. */
  findById(id: string): Promise<Payment | null> {
    return this.prisma.payment.findUnique({ where: { id } });
  }

  findByCallbackToken(callbackToken: string): Promise<Payment | null> {
    return this.prisma.payment.findUnique({ where: { callbackToken } });
  }

  /**
   * Stores a new payment (as paymentFromNew gives it), its creation event and its timer: all or
   * nothing, in one statement shared with the creations that arrive together (see
   * insertPaymentWithEvent). Answers the payment as stored.
   */
  insertWithEvent(payment: Payment, event: NewPaymentEvent, timer: NewPaymentTimer | null): Promise<Payment> {
    return insertPaymentWithEvent(this.prisma.pool, payment, event, timer);
  }

  /** Runs `work` as one transaction (a status change with its event and timer). */
  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.prisma.$transaction(work);
  }

  /** Locks the row for a status change inside the caller's transaction. */
  async lock(tx: Tx, id: string): Promise<Payment | null> {
    const rows = await tx.$queryRaw<Array<{ id: string }>>`SELECT id FROM payment WHERE id = ${id} FOR UPDATE`;
    return rows.length === 0 ? null : tx.payment.findUnique({ where: { id } });
  }

  /**
   * Applies a change when the row is still at `expected` (status and version); returns the new
   * row, or null when someone else moved it first.
   */
  async update(
    tx: Tx,
    expected: Pick<Payment, 'id' | 'status' | 'version'>,
    change: PaymentChange,
  ): Promise<Payment | null> {
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
    };
    const result = await tx.payment.updateMany({
      where: { id: expected.id, status: expected.status, version: expected.version },
      data,
    });
    return result.count === 0 ? null : tx.payment.findUnique({ where: { id: expected.id } });
  }

  /** Counts a poll of the bank on the row still at `expected`'s version (no status change, no event). */
  async countPoll(tx: Tx, expected: Pick<Payment, 'id' | 'version'>, pollCount: number): Promise<void> {
    await tx.payment.updateMany({ where: { id: expected.id, version: expected.version }, data: { pollCount } });
  }
}
