import { Prisma, type Payment } from '../generated/prisma/client.js';
import type { PrismaService, Tx } from '../prisma.service.js';

type Db = PrismaService | Tx;

export type NewPayment = Omit<Prisma.PaymentUncheckedCreateInput, 'version' | 'pollCount'>;

/** What a status change (or a step within one status) writes. Absent fields keep their value. */
export interface PaymentChange {
  readonly status: string;
  readonly updatedAt: Date;
  readonly bankId?: string;
  readonly localInstrument?: string;
  readonly initiation?: Prisma.InputJsonValue;
  readonly bankConsentId?: string | null;
  readonly bankPaymentId?: string | null;
  readonly bankContinuation?: Prisma.InputJsonValue | null;
  readonly bankPaymentStatus?: string | null;
  readonly statusReasonInformation?: string | null;
  readonly authentication?: Prisma.InputJsonValue | null;
  readonly refundAccount?: Prisma.InputJsonValue | null;
  readonly errorInfo?: Prisma.InputJsonValue | null;
  readonly expiresAt?: Date | null;
  readonly pollCount?: number;
}

export interface PaymentListFilter {
  readonly ids?: readonly string[];
  readonly invertIds?: boolean;
  readonly statuses?: readonly string[];
  readonly invertStatuses?: boolean;
  readonly refIds?: readonly string[];
  readonly createdAfter?: Date;
  readonly createdBefore?: Date;
  readonly onBehalfOfId?: string;
  readonly externalPsuReference?: string;
}

/** A page position: the last row's creation time and id (newest first). */
export interface PaymentCursor {
  readonly createdAt: Date;
  readonly id: string;
}

function json(
  value: Prisma.InputJsonValue | null | undefined,
): Prisma.InputJsonValue | typeof Prisma.DbNull | undefined {
  if (value === undefined) return undefined;
  return value === null ? Prisma.DbNull : value;
}

function where(
  memberId: string,
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

/** Payments v2 rows. Every read a member makes is scoped by its member id. */
export const payments = {
  async insert(tx: Db, row: NewPayment): Promise<Payment> {
    return tx.payment.create({ data: row });
  },

  /** For workers and bank callbacks, which act for whichever member owns the payment. */
  findById(db: Db, id: string): Promise<Payment | null> {
    return db.payment.findUnique({ where: { id } });
  },

  findByCallbackToken(db: Db, callbackToken: string): Promise<Payment | null> {
    return db.payment.findUnique({ where: { callbackToken } });
  },

  /** Locks the row for a status change inside the caller's transaction. */
  async lock(tx: Tx, id: string): Promise<Payment | null> {
    const rows = await tx.$queryRaw<Array<{ id: string }>>`SELECT id FROM payment WHERE id = ${id} FOR UPDATE`;
    return rows.length === 0 ? null : tx.payment.findUnique({ where: { id } });
  },

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
  },

  /** One page, newest first; `limit + 1` rows are read so the caller knows whether more follow. */
  list(db: Db, memberId: string, filter: PaymentListFilter, limit: number, cursor?: PaymentCursor): Promise<Payment[]> {
    return db.payment.findMany({
      where: where(memberId, filter, cursor),
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: limit + 1,
    });
  },
};
