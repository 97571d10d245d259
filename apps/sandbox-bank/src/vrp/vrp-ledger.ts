import { Injectable } from '@nestjs/common';
import { Clock } from '#libs/common';
import { ObieError } from '../http/obie-error.js';
import { PAYMENT_VOCABULARY } from '../payments/payment-vocabulary.js';
import type { Consent } from '../store/consent.store.js';
import { requestHash } from '../store/consent.store.js';
import type { NewPayment, Payment } from '../store/payment.store.js';
import { Prisma, SandboxDb } from '../store/sandbox-db.js';
import { newResourceId } from '../store/secret-hash.js';
import { isUniqueViolation } from '../store/unique-violation.js';
import type { ControlParameters } from './vrp-consent-request.js';
import { checkControlParameters } from './vrp-limits.js';

const KIND = 'domestic-vrp';
const NOT_COUNTED = [PAYMENT_VOCABULARY[KIND].rejected];

/**
 * Records a VRP only within its consent's control parameters. The check and the insert run in
 * one transaction holding the consent's row lock, so concurrent VRPs under one consent are
 * counted one after the other and never overspend a limit together.
 */
@Injectable()
export class VrpLedger {
  constructor(
    private readonly prisma: SandboxDb,
    private readonly clock: Clock,
  ) {}

  /** The VRP made for `payment.idempotencyKey`: recorded now, or the one recorded earlier. */
  async record(consent: Consent, control: ControlParameters, payment: NewPayment): Promise<Payment> {
    const hash = requestHash(payment.request);
    try {
      return await this.prisma.$transaction(async (tx) => {
        await tx.$queryRaw`SELECT id FROM "sandbox_bank"."sb_consent" WHERE id = ${consent.id} FOR UPDATE`;
        const earlier = await this.byKey(tx, payment, hash);
        if (earlier !== null) return earlier;
        const now = this.clock.now();
        await checkControlParameters(
          control,
          { amount: payment.amount, currency: payment.currency },
          consent.createdAt,
          now,
          async (since) => {
            const sum = await tx.sbPayment.aggregate({
              where: { consentId: consent.id, createdAt: { gte: since }, status: { notIn: NOT_COUNTED } },
              _sum: { amount: true },
            });
            return sum._sum.amount?.toString() ?? '0';
          },
        );
        return tx.sbPayment.create({
          data: {
            ...payment,
            id: newResourceId('DVRP'),
            requestHash: hash,
            executeAt: null,
            createdAt: now,
            statusUpdatedAt: now,
          },
        });
      });
    } catch (error) {
      // The same key under another consent's lock won the insert: answer what it made.
      if (!isUniqueViolation(error)) throw error;
      const winner = await this.byKey(this.prisma, payment, hash);
      if (winner === null) throw error;
      return winner;
    }
  }

  private async byKey(db: Prisma.TransactionClient, payment: NewPayment, hash: string): Promise<Payment | null> {
    const existing = await db.sbPayment.findFirst({
      where: { bankId: payment.bankId, kind: KIND, idempotencyKey: payment.idempotencyKey },
    });
    if (existing !== null && existing.requestHash !== hash) {
      throw ObieError.badRequest(
        'UK.OBIE.Header.Invalid',
        'x-idempotency-key was already used with a different request.',
        'x-idempotency-key',
      );
    }
    return existing;
  }
}
