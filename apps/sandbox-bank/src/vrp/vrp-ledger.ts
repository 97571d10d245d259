import { Injectable } from '@nestjs/common';
import { Clock } from '#libs/common';
import { ObieError } from '../http/obie-error.js';
import { PaymentEngine } from '../payments/payment-engine.js';
import { PAYMENT_VOCABULARY } from '../payments/payment-vocabulary.js';
import type { Consent } from '../store/consent.store.js';
import { requestHash } from '../store/consent.store.js';
import type { NewPayment, Payment } from '../store/payment.store.js';
import { Prisma, SandboxDb } from '../store/sandbox-db.js';
import { newResourceId } from '../store/secret-hash.js';
import { isUniqueViolation } from '../store/unique-violation.js';
import type { ControlParameters } from './vrp-consent-request.js';
import { checkControlParameters, limitPeriod } from './vrp-limits.js';

const KIND = 'domestic-vrp';
const NOT_COUNTED = [PAYMENT_VOCABULARY[KIND].rejected];

/**
 * Records a VRP only within its consent's control parameters. The check and the insert (with
 * the debit when it settles at once) run in one transaction holding the consent's row lock, so
 * concurrent VRPs under one consent are counted one after the other and never overspend a limit
 * together.
 */
@Injectable()
export class VrpLedger {
  constructor(
    private readonly prisma: SandboxDb,
    private readonly clock: Clock,
    private readonly engine: PaymentEngine,
  ) {}

  /**
   * The VRP made for `payment.idempotencyKey`: recorded now, with what its scenario does at
   * submission done in the same transaction (PaymentEngine.storeDecided), or the one recorded
   * earlier. Round trips: the lock, the earlier VRP by key, one sum over every periodic limit,
   * then the writes.
   */
  async record(consent: Consent, control: ControlParameters, payment: NewPayment): Promise<Payment> {
    const hash = requestHash(payment.request);
    try {
      return await this.prisma.$transaction(async (tx) => {
        await tx.$queryRaw`SELECT id FROM "sandbox_bank"."sb_consent" WHERE id = ${consent.id} FOR UPDATE`;
        const earlier = await this.byKey(tx, payment, hash);
        if (earlier !== null) return earlier;
        const now = this.clock.now();
        const spent = await this.spentInPeriods(tx, consent, control, now);
        await checkControlParameters(
          control,
          { amount: payment.amount, currency: payment.currency },
          consent.createdAt,
          now,
          (since) => Promise.resolve(spent.get(since.getTime()) ?? '0'),
        );
        return this.engine.storeDecided(tx, {
          ...payment,
          id: newResourceId('DVRP'),
          requestHash: hash,
          executeAt: null,
          createdAt: now,
          statusUpdatedAt: now,
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

  /** The VRP made for this key at this bank, if any (a different body is a 400). */
  earlier(payment: Pick<NewPayment, 'bankId' | 'idempotencyKey' | 'request'>): Promise<Payment | null> {
    return this.byKey(this.prisma, payment, requestHash(payment.request));
  }

  /**
   * What the consent's counted VRPs add up to since the start of each periodic limit's current
   * period, by the start's time: one statement for all the limits.
   */
  private async spentInPeriods(
    tx: Prisma.TransactionClient,
    consent: Consent,
    control: ControlParameters,
    now: Date,
  ): Promise<Map<number, string>> {
    const starts = control.PeriodicLimits.map(
      (limit) => limitPeriod(limit, control.ValidFromDateTime ?? consent.createdAt, now).start,
    );
    if (starts.length === 0) return new Map();
    const earliest = new Date(Math.min(...starts.map((start) => start.getTime())));
    const sums = Prisma.join(
      starts.map((start) => Prisma.sql`coalesce(sum(amount) FILTER (WHERE created_at >= ${start}), 0)::text`),
    );
    const [row] = await tx.$queryRaw<Array<{ sums: string[] }>>`
      SELECT ARRAY[${sums}] AS sums FROM "sandbox_bank"."sb_payment"
      WHERE consent_id = ${consent.id} AND created_at >= ${earliest} AND status <> ALL(${NOT_COUNTED})`;
    return new Map(starts.map((start, index) => [start.getTime(), row?.sums[index] ?? '0']));
  }

  private async byKey(
    db: Prisma.TransactionClient,
    payment: Pick<NewPayment, 'bankId' | 'idempotencyKey'>,
    hash: string,
  ): Promise<Payment | null> {
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
