import { Injectable } from '@nestjs/common';
import { Clock } from '#libs/common';
import { SandboxDb, type Prisma } from './sandbox-db.js';
import { ObieError } from '../http/obie-error.js';
import { requestHash } from './consent.store.js';
import { newResourceId } from './secret-hash.js';
import { isUniqueViolation } from './unique-violation.js';

export type PaymentKind =
  | 'domestic-payment'
  | 'domestic-scheduled-payment'
  | 'domestic-standing-order'
  | 'domestic-vrp'
  | 'berlin-group-payment'
  | 'berlin-group-future-payment'
  | 'berlin-group-periodic-payment';
export type Payment = Prisma.SbPaymentModel;

const ID_PREFIX: Readonly<Record<PaymentKind, string>> = {
  'domestic-payment': 'DP',
  'domestic-scheduled-payment': 'DSP',
  'domestic-standing-order': 'DSO',
  'domestic-vrp': 'DVRP',
  'berlin-group-payment': 'BGP',
  'berlin-group-future-payment': 'BGF',
  'berlin-group-periodic-payment': 'BGPP',
};

export interface NewPayment {
  readonly bankId: string;
  readonly kind: PaymentKind;
  readonly consentId: string;
  readonly status: string;
  readonly username: string;
  readonly debtorAccountId: string;
  readonly amount: string;
  readonly currency: string;
  readonly request: Prisma.InputJsonObject;
  readonly idempotencyKey: string;
  readonly executeAt?: Date;
}

/** Payment orders; a repeated x-idempotency-key answers the payment it created. */
@Injectable()
export class PaymentStore {
  constructor(
    private readonly prisma: SandboxDb,
    private readonly clock: Clock,
  ) {}

  /** The payment for this idempotency key, if one was made (a different body is a 400). */
  async byIdempotencyKey(bankId: string, kind: PaymentKind, key: string, request: unknown): Promise<Payment | null> {
    const existing = await this.prisma.sbPayment.findFirst({ where: { bankId, kind, idempotencyKey: key } });
    if (existing !== null && existing.requestHash !== requestHash(request)) {
      throw ObieError.badRequest(
        'UK.OBIE.Header.Invalid',
        'x-idempotency-key was already used with a different request.',
        'x-idempotency-key',
      );
    }
    return existing;
  }

  /** Creates the payment; `created` is false when a concurrent request with the same key won. */
  async create(payment: NewPayment): Promise<{ payment: Payment; created: boolean }> {
    const now = this.clock.now();
    try {
      const row = await this.prisma.sbPayment.create({
        data: {
          ...payment,
          id: newResourceId(ID_PREFIX[payment.kind]),
          requestHash: requestHash(payment.request),
          executeAt: payment.executeAt ?? null,
          createdAt: now,
          statusUpdatedAt: now,
        },
      });
      return { payment: row, created: true };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const winner = await this.byIdempotencyKey(payment.bankId, payment.kind, payment.idempotencyKey, payment.request);
      if (winner === null) throw error;
      return { payment: winner, created: false };
    }
  }

  async get(bankId: string, kind: PaymentKind, id: string): Promise<Payment> {
    const payment = await this.prisma.sbPayment.findFirst({ where: { id, bankId, kind } });
    if (payment === null) throw ObieError.notFound('Payment', id);
    return payment;
  }

  async reload(payment: Payment): Promise<Payment> {
    return this.prisma.sbPayment.findUniqueOrThrow({ where: { id: payment.id } });
  }

  /** Counts one status read; returns the new count. */
  async countPoll(id: string): Promise<number> {
    const row = await this.prisma.sbPayment.update({
      where: { id },
      data: { pollCount: { increment: 1 } },
      select: { pollCount: true },
    });
    return row.pollCount;
  }

  /** Sum of the amounts of a consent's payments that were not rejected, created at or after `since`. */
  async totalSince(consentId: string, since: Date, rejectedStatuses: readonly string[]): Promise<string> {
    const result = await this.prisma.sbPayment.aggregate({
      where: { consentId, createdAt: { gte: since }, status: { notIn: [...rejectedStatuses] } },
      _sum: { amount: true },
    });
    return result._sum.amount?.toString() ?? '0';
  }
}
