import { Injectable } from '@nestjs/common';
import { Clock } from '#libs/common';
import { ObieError } from '../http/obie-error.js';
import { scenarioFor } from '../banks/scenario-users.js';
import { entryDescription } from '../payments/booking-entry.js';
import { PaymentEngine } from '../payments/payment-engine.js';
import { INSUFFICIENT_FUNDS, PAYMENT_VOCABULARY, REJECTED_BY_BANK } from '../payments/payment-vocabulary.js';
import { mayCreditSettlementAccount } from '../settlement/payment-credits.js';
import type { Consent } from '../store/consent.store.js';
import { requestHash } from '../store/consent.store.js';
import type { NewPayment, Payment } from '../store/payment.store.js';
import { Prisma, SandboxDb } from '../store/sandbox-db.js';
import { newResourceId } from '../store/secret-hash.js';
import { isUniqueViolation } from '../store/unique-violation.js';
import type { ControlParameters } from './vrp-consent-request.js';
import { checkControlParameters, limitPeriod } from './vrp-limits.js';
import { recordVrp, type VrpOutcomes, type VrpToRecord } from './vrp-statements.js';

const KIND = 'domestic-vrp';
const VOCABULARY = PAYMENT_VOCABULARY[KIND];
const NOT_COUNTED = [VOCABULARY.rejected];
const OUTCOMES: VrpOutcomes = {
  ...VOCABULARY,
  rejectedByBank: REJECTED_BY_BANK,
  insufficientFunds: INSUFFICIENT_FUNDS,
};

/** A VRP to record: the payment, and the access token it is submitted with (its grant's id). */
export type VrpSubmission = NewPayment & { readonly grantId: string };

/** What recording a VRP came to. */
export type VrpRecording =
  | { readonly kind: 'recorded'; readonly payment: Payment }
  /** The access token is no longer live (revoked or expired since it was read): nothing was written. */
  | { readonly kind: 'token-not-live' }
  /** The consent no longer takes payments, and the key made none: nothing was written. */
  | { readonly kind: 'consent-not-authorised' };

/**
 * Records a VRP only within its consent's control parameters. The check and the insert (with the
 * debit when it settles at once) are one statement holding the consent's row lock
 * (vrp-statements.ts), so concurrent VRPs under one consent are counted one after the other and
 * never overspend a limit together, and the lock is held for that statement only. A VRP to the
 * settlement provider's bank, which may credit a settlement account as it settles, is recorded
 * in a transaction under the same lock instead (PaymentEngine.storeDecided).
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
   * submission done in the same statement, or the one recorded earlier (a different body is a
   * 400). A VRP beyond a limit is refused with UK.OBIE.Rules.FailsControlParameters naming it.
   */
  async record(consent: Consent, control: ControlParameters, payment: VrpSubmission): Promise<VrpRecording> {
    const { grantId, ...order } = payment;
    if (mayCreditSettlementAccount(KIND, order.request)) return this.recordLocked(consent, control, order);
    const hash = requestHash(order.request);
    const now = this.clock.now();
    const periods = control.PeriodicLimits.map((limit) =>
      limitPeriod(limit, control.ValidFromDateTime ?? consent.createdAt, now),
    );
    const refusal = (spent: readonly string[]): Promise<Error | null> =>
      checkControlParameters(control, order, consent.createdAt, now, (since) =>
        Promise.resolve(spent[periods.findIndex((period) => period.start.getTime() === since.getTime())] ?? '0'),
      ).then(
        () => null,
        (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
      );
    const alone = await refusal([]);
    try {
      const recorded = await recordVrp(this.prisma.pool, {
        ...order,
        id: newResourceId('DVRP'),
        consentId: consent.id,
        requestHash: hash,
        periods: periods.map((period) => ({ start: period.start, allowed: period.allowed.toFixed() })),
        notCounted: NOT_COUNTED,
        now,
        scenario: scenarioAtSubmission(order.username),
        grantId,
        outcomes: OUTCOMES,
        entry: entryDescription(KIND, order.request),
        fitsAlone: alone === null,
      });
      if (recorded.earlier !== null) return { kind: 'recorded', payment: sameRequest(recorded.earlier, hash) };
      if (recorded.made !== null) return { kind: 'recorded', payment: recorded.made };
      if (!recorded.tokenLive) return { kind: 'token-not-live' };
      if (recorded.spent === null) return { kind: 'consent-not-authorised' };
      throw (await refusal(recorded.spent)) ?? new Error(`VRP under ${consent.id} refused by no rule`);
    } catch (error) {
      // The same key under another consent's lock won the insert: answer what it made.
      if (!isUniqueViolation(error)) throw error;
      const winner = await this.byKey(this.prisma, order, hash);
      if (winner === null) throw error;
      return { kind: 'recorded', payment: winner };
    }
  }

  /**
   * As `record`, in one interactive transaction: the lock, the earlier VRP by key, one sum over
   * every periodic limit, then the writes with the payee's settlement credit.
   */
  private async recordLocked(consent: Consent, control: ControlParameters, payment: NewPayment): Promise<VrpRecording> {
    const hash = requestHash(payment.request);
    try {
      return await this.prisma.$transaction(async (tx) => {
        const locked = await tx.$queryRaw<Array<{ id: string }>>`
          SELECT id FROM "sandbox_bank"."sb_consent" WHERE id = ${consent.id} AND status = 'Authorised' FOR UPDATE`;
        const earlier = await this.byKey(tx, payment, hash);
        if (earlier !== null) return { kind: 'recorded', payment: earlier };
        if (locked.length === 0) return { kind: 'consent-not-authorised' };
        const now = this.clock.now();
        const spent = await this.spentInPeriods(tx, consent, control, now);
        await checkControlParameters(
          control,
          { amount: payment.amount, currency: payment.currency },
          consent.createdAt,
          now,
          (since) => Promise.resolve(spent.get(since.getTime()) ?? '0'),
        );
        const stored = await this.engine.storeDecided(tx, {
          ...payment,
          id: newResourceId('DVRP'),
          requestHash: hash,
          executeAt: null,
          createdAt: now,
          statusUpdatedAt: now,
        });
        return { kind: 'recorded', payment: stored };
      });
    } catch (error) {
      // The same key under another consent's lock won the insert: answer what it made.
      if (!isUniqueViolation(error)) throw error;
      const winner = await this.byKey(this.prisma, payment, hash);
      if (winner === null) throw error;
      return { kind: 'recorded', payment: winner };
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
    return existing === null ? null : sameRequest(existing, hash);
  }
}

/** What the payer's scenario does with a VRP at submission (PaymentEngine.storeDecided's ends). */
function scenarioAtSubmission(username: string): VrpToRecord['scenario'] {
  const { behaviour } = scenarioFor(username);
  return behaviour === 'reject' ? 'reject' : behaviour === 'settle' ? 'settle' : 'store';
}

/** The VRP an idempotency key made, when it was made by the same request (a different body is a 400). */
function sameRequest(payment: Payment, hash: string): Payment {
  if (payment.requestHash !== hash)
    throw ObieError.badRequest(
      'UK.OBIE.Header.Invalid',
      'x-idempotency-key was already used with a different request.',
      'x-idempotency-key',
    );
  return payment;
}
