import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { APP_CONFIG, Clock, GatewayError, LOGGER, type AppConfig } from '#libs/common';
import {
  SettlementProviderRegistry,
  type InitiationProgress,
  type PayoutCreditor,
  type PayoutRequest,
} from '#libs/connectors';
import {
  PayoutRepository,
  SettlementAccountRepository,
  Transactions,
  type OutcomeCheck,
  type OutcomeRef,
  type Payout,
  type PayoutChange,
  type Tx,
} from '#libs/db';
import { PAYOUT_STATUS_FOR_OUTCOME, payoutStatusMachine, type OperatorOutcome } from '#libs/domain';
import { askAgain } from '../bank-truth/ask-again.js';
import {
  answerChange,
  failedSendEnding,
  keepsAsking,
  operatorChange,
  statusReason,
} from '../bank-truth/checked-answers.js';
import { OutcomeChecks, type CallToCheck } from '../bank-truth/outcome-checks.js';
import type { OutcomeResolution } from '../bank-truth/outcome-resolution.js';
import { timerStep, type TimerStep } from '../bank-truth/timer-step.js';
import { LOST_INITIATION_GRACE_MS, paymentRules, type PaymentRules } from '../payments/payment-rules.js';
import {
  recordPayoutChange,
  removePayoutTimer,
  schedulePayoutTimer,
  type PayoutChangeResult,
} from './record-payout-change.js';

/** The check of one payout's call to its provider. */
const refOf = (payoutId: string): OutcomeRef => ({ kind: 'payout', resourceId: payoutId });

/** The operations a payout's checks name. */
const CHECKED_CALLS = { send: 'payout-send', status: 'payout-status' } as const;

const isOpen = (payout: Payout): boolean => !payoutStatusMachine.isFinal(payout.status);

/** A payout the gateway itself cannot send (its account is gone): nothing reached the provider. */
class PayoutNotSendable extends Error {}

/**
 * Sends payouts to their settlement provider and follows them to a final status: on creation
 * (right after the payout is stored) and at each timer (the worker's payouts.poll). The provider
 * takes the payout id as its idempotency basis, so the same request again is one payout.
 *
 * The send is a money-moving call under the one rule for unknown outcomes (OutcomeChecks): its
 * check is written before the call and ended with its answer. Only a clear refusal (the
 * provider's 4xx) rejects the payout and releases its reservation; a send without a clear answer
 * (a deadline, a 5xx, a reset connection, the process dying) leaves the payout as it is, its
 * amount reserved, and its check sends the same request again with backoff (`askAgain`); while a
 * check is open, payouts.poll leaves the payout to it. Past the polling period a payout without a
 * final status is not ended either: it gets a check that asks the provider with backoff, flagged
 * for an operator after 24 hours, whose decision (`apply`, through the admin resolve) ends it.
 * Each move is one transaction (recordPayoutChange).
 */
@Injectable()
export class PayoutProgression implements OutcomeResolution {
  private readonly rules: PaymentRules;

  constructor(
    private readonly payouts: PayoutRepository,
    private readonly accounts: SettlementAccountRepository,
    private readonly transactions: Transactions,
    private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly providers: SettlementProviderRegistry,
    private readonly checks: OutcomeChecks,
  ) {
    this.rules = paymentRules(config);
  }

  get scheduleSeconds(): readonly number[] {
    return this.rules.defaultScheduleSeconds;
  }

  get pollingMs(): number {
    return this.rules.pollingMs;
  }

  /** How long a send may go without its answer recorded before its check asks again. */
  private get answerWithinMs(): number {
    return this.rules.bankDeadlineMs + LOST_INITIATION_GRACE_MS;
  }

  /**
   * The payout's timer fired: the payout as it stands afterwards (undefined when unknown). In one
   * transaction, the row locked by its poll count, the unknown-outcome rule's step (timerStep): a
   * payout with an open check is left to it; one past its polling period gets a check, asked at
   * once; otherwise the next poll is set and a payout about to be sent gets its check before the
   * call.
   */
  async onTimer(payoutId: string): Promise<Payout | undefined> {
    const payout = await this.payouts.findById(payoutId);
    if (payout === null) return undefined;
    const now = this.clock.now();
    const step = await this.transactions.run(async (tx): Promise<{ next: TimerStep; row: Payout }> => {
      const row = await this.payouts.in(tx).countPoll(payout);
      const next = await timerStep(
        this.checks,
        tx,
        {
          ref: refOf(row.id),
          row,
          operations: CHECKED_CALLS,
          open: isOpen(row),
        },
        {
          remove: () => removePayoutTimer(tx, row.id),
          set: () => schedulePayoutTimer(tx, row, now, this.rules.defaultScheduleSeconds),
        },
        now,
        this.answerWithinMs,
      );
      return { next, row };
    });
    if (step.next === 'poll') return this.poll(step.row);
    if (step.next === 'send') return this.send(step.row, false);
    return step.row;
  }

  /** Sends a payout not yet at its provider (its check written first), or asks the provider where it stands. */
  async advance(payout: Payout): Promise<Payout> {
    if (payout.status !== 'INITIATION_PENDING' && payout.status !== 'INITIATION_PROCESSING') return payout;
    if (payout.bankTransactionId !== null) return this.poll(payout);
    await this.checks.begin(undefined, this.callOf(payout, CHECKED_CALLS.send), this.answerWithinMs);
    return this.send(payout, false);
  }

  /**
   * The check of a payout is due (outcome-checks.ask-again): the same send again (one payout at
   * the provider, by its payout id), or a status read of a payout the provider has. A final or
   * (within the polling period) any answer ends the check; no clear answer backs it off.
   */
  askAgain(check: OutcomeCheck): Promise<'answered' | 'unanswered'> {
    return askAgain(this.checks, refOf(check.resourceId), {
      load: () => this.payouts.findById(check.resourceId),
      isOpen,
      isUnsent: (payout) => payout.bankTransactionId === null,
      sendAgain: (payout) => this.send(payout, true),
      readStatus: (payout) =>
        this.providers
          .forProvider(payout.providerId)
          .getPayoutStatus(this.context(payout), payout.bankTransactionId ?? ''),
      record: (payout, progress) => this.record(payout, progress),
    });
  }

  /**
   * An operator's finding about a payout whose outcome stayed unknown, in the resolution's
   * transaction: NOT_EXECUTED fails it (RELEASE), EXECUTED completes it (PAYOUT_DEBIT and the
   * account's DEBIT), each with its event. A payout already final refuses either (400).
   */
  async apply(
    tx: Tx,
    check: OutcomeCheck,
    outcome: OperatorOutcome,
    operatorReason: string,
  ): Promise<{ readonly status: string }> {
    const payouts = this.payouts.in(tx);
    const current = await payouts.lock(check.resourceId);
    if (current === null) throw GatewayError.notFound(check.resourceId, 'The payout no longer exists.');
    const now = this.clock.now();
    const result = await recordPayoutChange(
      tx,
      payouts,
      current,
      operatorChange(outcome, operatorReason, now),
      now,
      this.rules.defaultScheduleSeconds,
    );
    if (result.kind !== 'changed')
      throw GatewayError.invalidField('outcome', `outcome cannot apply: the payout is ${current.status}`);
    return { status: result.payout.status };
  }

  private callOf(payout: Payout, operation: string): CallToCheck {
    return { ...refOf(payout.id), memberId: payout.memberId, operation };
  }

  private context(payout: Payout) {
    return { providerId: payout.providerId, deadlineMs: Date.now() + this.rules.bankDeadlineMs };
  }

  /** A status read of a payout the provider has; a read that fails is tried again at the next timer. */
  private async poll(payout: Payout): Promise<Payout> {
    let progress: InitiationProgress;
    try {
      progress = await this.providers
        .forProvider(payout.providerId)
        .getPayoutStatus(this.context(payout), payout.bankTransactionId ?? '');
    } catch (error) {
      this.logger.warn(
        { payoutId: payout.id, providerId: payout.providerId, err: error instanceof Error ? error.message : error },
        'settlement provider status read failed; trying again at the next timer',
      );
      return payout;
    }
    return this.change(payout.id, this.progressChange(progress));
  }

  /**
   * The payout's send, its check already open. A clear refusal ends it (a first send the gateway
   * could not make fails it too: nothing reached the provider); anything else leaves the check
   * open, asked again with backoff.
   */
  private async send(payout: Payout, askedAgain: boolean): Promise<Payout> {
    const ref = refOf(payout.id);
    let progress: InitiationProgress;
    try {
      const connector = this.providers.forProvider(payout.providerId);
      progress = await connector.sendPayout(this.context(payout), await this.requestOf(payout));
    } catch (error) {
      const status = error instanceof PayoutNotSendable ? 'INITIATION_FAILED' : failedSendEnding(error, !askedAgain);
      if (status !== undefined) {
        const message = error instanceof Error ? error.message : String(error);
        return this.change(
          payout.id,
          { status, updatedAt: this.clock.now(), statusReasonInformation: statusReason(message) },
          ref,
        );
      }
      await this.checks.unanswered(ref, error);
      return (await this.payouts.findById(payout.id)) ?? payout;
    }
    return this.record(payout, progress);
  }

  /**
   * The provider's answer of a checked call, recorded: the check ends with it, unless the payout
   * is past its polling period without a final status, when the check goes on asking (flagged for
   * an operator after its limit).
   */
  private async record(payout: Payout, progress: InitiationProgress): Promise<Payout> {
    const ref = refOf(payout.id);
    const keepAsking = keepsAsking(progress, payout.pollUntil, this.clock.now());
    const after = await this.change(payout.id, this.progressChange(progress), keepAsking ? undefined : ref);
    if (keepAsking && isOpen(after))
      await this.checks.unanswered(
        ref,
        new Error(`the settlement provider reports ${progress.bankStatus} past the polling period`),
      );
    return after;
  }

  private async requestOf(payout: Payout): Promise<PayoutRequest> {
    const account = await this.accounts.findById(payout.accountId);
    if (account === null) throw new PayoutNotSendable('The settlement account no longer exists.');
    const initiation = payout.initiation as unknown as {
      creditor: PayoutCreditor & { accountVerificationId?: string };
    };
    const { accountVerificationId: _verification, ...creditor } = initiation.creditor;
    return {
      payoutId: payout.id,
      refId: payout.refId,
      amount: { value: payout.amount.toFixed(), currency: payout.currency.trim() },
      description: payout.description,
      providerAccountId: account.providerAccountId,
      creditor,
    };
  }

  private progressChange(progress: InitiationProgress): PayoutChange {
    return answerChange(progress, PAYOUT_STATUS_FOR_OUTCOME, this.clock.now());
  }

  /**
   * The change on the current row; retried once if the row moved meanwhile. With `answered`, that
   * check ends in the same transaction. The payout as it stands after.
   */
  private async change(payoutId: string, change: PayoutChange, answered?: OutcomeRef): Promise<Payout> {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const result: PayoutChangeResult | null = await this.transactions.run(async (tx) => {
        const current = await this.payouts.in(tx).findById(payoutId);
        if (current === null) return null;
        const recorded = await recordPayoutChange(
          tx,
          this.payouts.in(tx),
          current,
          change,
          this.clock.now(),
          this.rules.defaultScheduleSeconds,
          answered,
        );
        return recorded;
      });
      if (result === null) throw new Error(`payout ${payoutId} vanished`);
      if (result.kind !== 'stale') return result.payout;
    }
    const latest = await this.payouts.findById(payoutId);
    if (latest === null) throw new Error(`payout ${payoutId} vanished`);
    return latest;
  }
}
