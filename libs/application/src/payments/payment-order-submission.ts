import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER } from '#libs/common';
import type { Bank, OutcomeCheck, OutcomeRef, Payment } from '#libs/db';
import { isBankFinalPaymentStatus } from '#libs/domain';
import type { ExplicitRedemption, PaymentProgress } from '#libs/connectors';
import { isClearRefusal } from '../bank-truth/clear-refusal.js';
import { OutcomeChecks } from '../bank-truth/outcome-checks.js';
import { bankHandleOf } from './bank-initiation.js';
import { LOST_INITIATION_GRACE_MS } from './payment-rules.js';
import { PaymentOrderGrants } from './payment-order-grants.js';
import { PaymentProgression, type DecoupledOrders } from './payment-progression.js';

/** The check of one payment's order. */
const refOf = (paymentId: string): OutcomeRef => ({ kind: 'payment', resourceId: paymentId });

/** What the caller of a bank call passes along: the trace and the user's address. */
export interface CallerContext {
  readonly traceId?: string;
  readonly psuIpAddress?: string;
}

/**
 * The user's return from the bank, and the payment order it leads to, at banks that authorise
 * and submit in two steps (UK Open Banking). The return is processed once: one conditional move
 * out of INITIATION_PENDING_REDIRECT_AUTH, with the payment's outcome check, before any bank call;
 * a second or concurrent return finds it moved and calls nothing. The code is exchanged for the
 * user's grant, the grant sealed onto the check, then the order submitted under the payment's
 * idempotency key; a decoupled approval's order goes the same way (`submitApproved`). An order
 * without a clear answer leaves the payment pending and its check open: `askAgain` submits it
 * again under the same key until the bank answers. A VRP initiation's check (operation
 * `vrp-initiation`) is asked again by the VRP path: the initiation again under the same key.
 */
@Injectable()
export class PaymentOrderSubmission implements DecoupledOrders, OnModuleInit {
  constructor(
    private readonly progression: PaymentProgression,
    private readonly checks: OutcomeChecks,
    private readonly grants: PaymentOrderGrants,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit(): void {
    this.progression.useDecoupledOrders(this);
  }

  /** A decoupled approval's grant: sealed onto the payment's check, then the order submitted. */
  async submitApproved(payment: Payment, bank: Bank, redemption: ExplicitRedemption, grant: string): Promise<void> {
    await this.checks.begin(
      undefined,
      {
        ...refOf(payment.id),
        memberId: payment.memberId,
        operation: 'payment-order',
        sealedGrant: await this.grants.seal(payment.id, grant),
      },
      this.progression.bankDeadlineMs + LOST_INITIATION_GRACE_MS,
    );
    await this.submit(payment, bank, redemption, grant, {}, false);
  }

  /**
   * The user came back from `bank` with `params`. Answers false when this return was not the one
   * to process it (the payment had moved on: another return, a refusal, an expiry).
   */
  async completeRedirect(
    payment: Payment,
    bank: Bank,
    redemption: ExplicitRedemption,
    params: Readonly<Record<string, string>>,
    caller: CallerContext,
  ): Promise<boolean> {
    const answerWithinMs = 2 * this.progression.bankDeadlineMs + LOST_INITIATION_GRACE_MS;
    const claimed = await this.progression.change(
      payment.id,
      (current, now) =>
        current.status === 'INITIATION_PENDING_REDIRECT_AUTH'
          ? {
              status: 'INITIATION_PENDING_REDIRECT_AUTH_VERIFICATION',
              updatedAt: now,
              authentication: null,
              expiresAt: null,
            }
          : null,
      bank,
      undefined,
      {
        alsoInTransaction: async (tx, changed) => {
          await this.checks.begin(
            tx,
            { ...refOf(changed.id), memberId: changed.memberId, operation: 'redirect-completion' },
            answerWithinMs,
          );
        },
      },
    );
    if (claimed.kind !== 'changed') return false;
    const stored = claimed.payment;
    const ctx = this.progression.callContext(bank.id, caller.traceId, caller.psuIpAddress);
    const redirectUri = this.progression.redirectUri;
    const initiation = await this.progression.bankInitiationFor(stored, { redirectUri });
    let authorisation;
    try {
      authorisation = await redemption.authoriseRedirect(ctx, {
        handle: bankHandleOf(stored),
        params,
        redirectUri,
        initiation,
      });
    } catch (error) {
      // No order was sent: the money did not move, whatever became of the code.
      this.logger.warn({ paymentId: stored.id, bankId: bank.id, err: error }, 'the bank refused or lost the code');
      await this.progression.applyFailure(stored.id, error, caller.traceId, refOf(stored.id));
      return true;
    }
    if (authorisation.kind === 'refused') {
      await this.progression.applyProgress(stored.id, authorisation.progress, bank, refOf(stored.id));
      return true;
    }
    await this.checks.begin(
      undefined,
      {
        ...refOf(stored.id),
        memberId: stored.memberId,
        operation: 'payment-order',
        sealedGrant: await this.grants.seal(stored.id, authorisation.grant),
      },
      this.progression.bankDeadlineMs + LOST_INITIATION_GRACE_MS,
    );
    await this.submit(stored, bank, redemption, authorisation.grant, caller, false);
    return true;
  }

  /**
   * A check of a payment's order whose answer is unknown: asked again under the same idempotency
   * key with the sealed grant; a return that died before the order was sent ends the payment
   * INITIATION_FAILED (no order exists). A payment the bank's answer already reached ends the check.
   */
  async askAgain(check: OutcomeCheck): Promise<'answered' | 'unanswered'> {
    const ref = refOf(check.resourceId);
    const payment = await this.progression.payments.findById(check.resourceId);
    if (payment === null || payment.bankPaymentId !== null || isBankFinalPaymentStatus(payment.status)) {
      await this.checks.answered(ref);
      return 'answered';
    }
    if (payment.vrpConsentId !== null) return this.askVrpAgain(payment, ref);
    if (check.operation !== 'payment-order' || check.sealedGrant === null) {
      await this.progression.end(
        payment.id,
        'INITIATION_FAILED',
        "The user's return from the bank could not be completed; no payment order was sent.",
        ref,
      );
      return 'answered';
    }
    const bank = await this.progression.bankOf(payment);
    const redemption = this.progression.connectorFor(bank).explicitRedemption;
    if (redemption === undefined) throw new Error(`bank ${bank.id} no longer submits payment orders in a second step`);
    const grant = await this.grants.open(payment.id, check.sealedGrant);
    return this.submit(payment, bank, redemption, grant, {}, true);
  }

  /** A VRP initiation without a clear answer: asked again under the same idempotency key (no user, no grant). */
  private async askVrpAgain(payment: Payment, ref: OutcomeRef): Promise<'answered' | 'unanswered'> {
    const asked = await this.progression.askVrpAgainForCheck(payment, ref);
    if (asked.kind === 'unanswered') {
      await this.checks.unanswered(ref, asked.error);
      return 'unanswered';
    }
    // The answer's change ended the check in its transaction; a VRP already moved on ends it here.
    if (asked.result === undefined) await this.checks.answered(ref);
    return 'answered';
  }

  /** The order, under the payment's idempotency key; its answer recorded, or the check left open. */
  private async submit(
    payment: Payment,
    bank: Bank,
    redemption: ExplicitRedemption,
    grant: string,
    caller: CallerContext,
    askedAgain: boolean,
  ): Promise<'answered' | 'unanswered'> {
    const ref = refOf(payment.id);
    const ctx = this.progression.callContext(bank.id, caller.traceId, caller.psuIpAddress);
    let progress: PaymentProgress;
    try {
      const initiation = await this.progression.bankInitiationFor(payment, {
        redirectUri: this.progression.redirectUri,
      });
      progress = await redemption.submitAuthorised(ctx, bankHandleOf(payment), initiation, grant);
    } catch (error) {
      if (isClearRefusal(error) && !(askedAgain && (await this.orderMayExist(payment, bank)))) {
        await this.progression.applyFailure(payment.id, error, caller.traceId, ref);
        return 'answered';
      }
      await this.checks.unanswered(ref, error);
      return 'unanswered';
    }
    // The check ends in the transaction that records the answer, whether the payment moved or
    // had moved on already (the machine refused).
    await this.progression.applyProgress(payment.id, progress, bank, ref);
    return 'answered';
  }

  /**
   * A refusal of an order asked again may only say the grant has lapsed: the consent tells
   * whether an order was made under it (UK Open Banking: Consumed), in which case the outcome
   * stays unknown. A consent that cannot be read leaves it unknown too.
   */
  private async orderMayExist(payment: Payment, bank: Bank): Promise<boolean> {
    try {
      const reading = await this.progression
        .connectorFor(bank)
        .getPaymentStatus(
          this.progression.callContext(bank.id),
          { bankConsentId: payment.bankConsentId ?? '' },
          await this.progression.bankInitiationFor(payment, { redirectUri: this.progression.redirectUri }),
        );
      return reading.outcome === 'PROCESSING' || reading.outcome === 'COMPLETED';
    } catch {
      return true;
    }
  }
}
