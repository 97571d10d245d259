import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { APP_CONFIG, Clock, GatewayError, LOGGER, type AppConfig } from '#libs/common';
import {
  BankConnectors,
  type InitiationProgress,
  type PartyAccount,
  type RefundLocalInstrument,
} from '#libs/connectors';
import {
  BankRepository,
  RefundRepository,
  ScheduledJobRepository,
  Transactions,
  type Bank,
  type OutcomeCheck,
  type OutcomeRef,
  type Refund,
  type RefundChange,
  type Tx,
} from '#libs/db';
import { REFUND_STATUS_FOR_OUTCOME, refundStatusMachine, type OperatorOutcome, type RefundParty } from '#libs/domain';
import { bankCallContext, pollScheduleOf } from '../bank-calls/bank-call-context.js';
import { askAgain } from '../bank-truth/ask-again.js';
import {
  answerChange,
  failedSendEnding,
  keepsAsking,
  operatorChange,
  statusReason,
} from '../bank-truth/checked-answers.js';
import { OutcomeChecks } from '../bank-truth/outcome-checks.js';
import type { OutcomeResolution } from '../bank-truth/outcome-resolution.js';
import { timerStep, type TimerStep } from '../bank-truth/timer-step.js';
import { accountIdentifier } from '../payments/bank-initiation.js';
import { LOST_INITIATION_GRACE_MS, paymentRules, type PaymentRules } from '../payments/payment-rules.js';
import {
  recordRefundChange,
  refundTimerId,
  scheduleRefundTimer,
  type RefundChangeResult,
} from './record-refund-change.js';
import { RefundRegistrationVault } from './refund-registration-vault.js';

/** The credential a registration holds for unattended payments (its `grant`, else its only value). */
function grantOf(credentials: Readonly<Record<string, string>>): string | undefined {
  const values = Object.values(credentials);
  return credentials['grant'] ?? (values.length === 1 ? values[0] : undefined);
}

function partyAccount(rail: RefundLocalInstrument, party: RefundParty): PartyAccount {
  return { name: party.name ?? '', identifier: accountIdentifier(rail, party) };
}

/** The check of one refund's call to its bank. */
const refOf = (refundId: string): OutcomeRef => ({ kind: 'refund', resourceId: refundId });

/** The operations a refund's checks name. */
const CHECKED_CALLS = { send: 'refund-send', status: 'refund-status' } as const;

const isOpen = (refund: Refund): boolean => !refundStatusMachine.isFinal(refund.status);

/** Why a refund's check cannot ask its bank. */
function unknownBank(refund: Refund): Error {
  return new Error(`the bank ${refund.bankId} is not known`);
}

function removeRefundTimer(tx: Tx, refundId: string): Promise<void> {
  return new ScheduledJobRepository(tx).remove([refundTimerId(refundId)]);
}

/**
 * A refund's timer fired (the worker's refunds.poll): send a pending refund to the bank through
 * its registration's connection, unattended; poll one the bank has. Each move is one transaction
 * with its REFUND_STATUS_CHANGED event (recordRefundChange), on the locked row.
 *
 * The send is a money-moving call under the one rule for unknown outcomes (OutcomeChecks): its
 * check is written before the call and ended with its answer. Only a clear refusal (the bank's
 * 4xx, an operation it does not offer) rejects the refund; a send without a clear answer leaves
 * it pending, still counted against the payment's refundable sum, and its check sends it again
 * under the same idempotency keys with backoff (`askAgain`); while a check is open, refunds.poll
 * leaves the refund to it. Past the polling period a refund without a final status is not ended:
 * it gets a check that asks the bank with backoff, flagged for an operator after 24 hours, whose
 * decision (`apply`, through the admin resolve) ends it.
 */
@Injectable()
export class RefundProgression implements OutcomeResolution {
  private readonly rules: PaymentRules;

  constructor(
    private readonly refunds: RefundRepository,
    private readonly banks: BankRepository,
    private readonly transactions: Transactions,
    private readonly connectors: BankConnectors,
    private readonly registrations: RefundRegistrationVault,
    private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly checks: OutcomeChecks,
  ) {
    this.rules = paymentRules(config);
  }

  /** How long a send may go without its answer recorded before its check asks again. */
  private get answerWithinMs(): number {
    return this.rules.bankDeadlineMs + LOST_INITIATION_GRACE_MS;
  }

  /**
   * In one transaction, the row locked by its poll count, the unknown-outcome rule's step
   * (timerStep): a refund with an open check is left to it; one past its polling period gets a
   * check, asked at once; otherwise the next poll is set and a refund about to be sent gets its
   * check before the call. A refund whose bank is unknown fails.
   */
  async onTimer(refundId: string): Promise<RefundChangeResult | undefined> {
    const refund = await this.refunds.findById(refundId);
    if (refund === null) return undefined;
    const now = this.clock.now();
    const bank = await this.banks.find(refund.bankId);
    const schedule = pollScheduleOf(bank, this.rules.defaultScheduleSeconds);
    const next = await this.transactions.run(async (tx): Promise<TimerStep> => {
      const row = await this.refunds.in(tx).countPoll(refund);
      return timerStep(
        this.checks,
        tx,
        {
          ref: refOf(row.id),
          row,
          operations: CHECKED_CALLS,
          open: isOpen(row),
          sendable: row.status === 'INITIATION_PENDING',
          reachable: bank !== null,
        },
        { remove: () => removeRefundTimer(tx, row.id), set: () => scheduleRefundTimer(tx, row, now, schedule) },
        now,
        this.answerWithinMs,
      );
    });
    if (next === 'unreachable')
      return this.fail(refund, `The bank ${refund.bankId} is not known.`, 'INITIATION_FAILED');
    if (bank === null || next === 'none') return undefined;
    if (next === 'poll') return this.poll(refund, bank);
    return this.send(refund, bank, false);
  }

  /**
   * The check of a refund is due (outcome-checks.ask-again): the same send again under the same
   * idempotency keys (the bank answers the payment it made), or a status read of a refund the
   * bank has. A final or (within the polling period) any answer ends the check; no clear answer
   * backs it off.
   */
  askAgain(check: OutcomeCheck): Promise<'answered' | 'unanswered'> {
    const ref = refOf(check.resourceId);
    return askAgain(this.checks, ref, {
      load: async () => {
        const refund = await this.refunds.findById(check.resourceId);
        return refund === null ? null : { refund, bank: isOpen(refund) ? await this.banks.find(refund.bankId) : null };
      },
      isOpen: ({ refund }) => isOpen(refund),
      isUnsent: ({ refund }) => refund.bankTransactionId === null,
      sendAgain: ({ refund, bank }) =>
        bank === null ? this.checks.unanswered(ref, unknownBank(refund)) : this.send(refund, bank, true),
      readStatus: ({ refund, bank }) => {
        if (bank === null) throw unknownBank(refund);
        return this.connectors
          .capability(bank, 'refunds')
          .getRefundStatus(bankCallContext(bank.id, this.rules.bankDeadlineMs), refund.bankTransactionId ?? '');
      },
      record: ({ refund }, progress) => this.record(refund, progress),
    });
  }

  /**
   * An operator's finding about a refund whose outcome stayed unknown, in the resolution's
   * transaction: NOT_EXECUTED fails it (it stops counting against the payment), EXECUTED
   * completes it (settled), each with its event. A refund already final refuses either (400).
   */
  async apply(
    tx: Tx,
    check: OutcomeCheck,
    outcome: OperatorOutcome,
    operatorReason: string,
  ): Promise<{ readonly status: string }> {
    const refunds = this.refunds.in(tx);
    const current = await refunds.lock(check.resourceId);
    if (current === null) throw GatewayError.notFound(check.resourceId, 'The refund no longer exists.');
    const now = this.clock.now();
    const bank = await this.banks.find(current.bankId);
    const result = await recordRefundChange(
      tx,
      refunds,
      current,
      operatorChange(outcome, operatorReason, now),
      now,
      pollScheduleOf(bank, this.rules.defaultScheduleSeconds),
    );
    if (result.kind !== 'changed')
      throw GatewayError.invalidField('outcome', `outcome cannot apply: the refund is ${current.status}`);
    return { status: result.refund.status };
  }

  /** A status read of a refund the bank has; a read that fails is tried again at the next timer. */
  private async poll(refund: Refund, bank: Bank): Promise<RefundChangeResult | undefined> {
    let progress: InitiationProgress;
    try {
      progress = await this.connectors
        .capability(bank, 'refunds')
        .getRefundStatus(bankCallContext(bank.id, this.rules.bankDeadlineMs), refund.bankTransactionId ?? '');
    } catch (error) {
      this.logger.warn(
        { refundId: refund.id, bankId: refund.bankId, err: error instanceof Error ? error.message : error },
        'refund status read failed; trying again at the next timer',
      );
      return undefined;
    }
    return this.change(refund.id, this.progressChange(progress));
  }

  /**
   * The refund's send, its check already open. A clear refusal ends it (a first send the gateway
   * could not make fails it too: nothing reached the bank); anything else leaves the check open,
   * asked again with backoff.
   */
  private async send(refund: Refund, bank: Bank, askedAgain: boolean): Promise<RefundChangeResult | undefined> {
    const ctx = bankCallContext(bank.id, this.rules.bankDeadlineMs);
    let progress: InitiationProgress;
    try {
      const refunds = this.connectors.capability(bank, 'refunds');
      const grant = await this.grantFor(refund);
      const initiation = refund.initiation as unknown as {
        debtor: RefundParty;
        creditor: RefundParty;
        description?: string;
      };
      const rail = refund.localInstrument as RefundLocalInstrument;
      progress = await refunds.initiateRefund(ctx, {
        refundId: refund.id,
        refId: refund.refId,
        amount: { value: refund.amount.toFixed(), currency: refund.currency.trim() },
        localInstrument: rail,
        debtor: partyAccount(rail, initiation.debtor),
        creditor: partyAccount(rail, initiation.creditor),
        ...(initiation.description === undefined ? {} : { description: initiation.description }),
        ...(grant === undefined ? {} : { registrationGrant: grant }),
      });
    } catch (error) {
      const status = failedSendEnding(error, !askedAgain);
      if (status !== undefined) {
        return this.change(
          refund.id,
          {
            status,
            updatedAt: this.clock.now(),
            statusReasonInformation: statusReason(error instanceof Error ? error.message : String(error)),
          },
          refOf(refund.id),
        );
      }
      await this.checks.unanswered(refOf(refund.id), error);
      return undefined;
    }
    return this.record(refund, progress);
  }

  /**
   * The bank's answer of a checked call, recorded: the check ends with it, unless the refund is
   * past its polling period without a final status, when the check goes on asking (flagged for an
   * operator after its limit).
   */
  private async record(refund: Refund, progress: InitiationProgress): Promise<RefundChangeResult> {
    const ref = refOf(refund.id);
    const keepAsking = keepsAsking(progress, refund.pollUntil, this.clock.now());
    const result = await this.change(refund.id, this.progressChange(progress), keepAsking ? undefined : ref);
    if (keepAsking)
      await this.checks.unanswered(ref, new Error(`the bank reports ${progress.bankStatus} past the polling period`));
    return result;
  }

  private async grantFor(refund: Refund): Promise<string | undefined> {
    if (refund.registrationId === null) return undefined;
    const registration = await this.registrations.openOfOwner(refund.memberId, refund.registrationId);
    if (registration === undefined)
      throw new GatewayError('InvalidArgument', {
        message: 'The refund registration was deleted before the refund was sent to the bank.',
      });
    return grantOf(registration.credentials);
  }

  private fail(
    refund: Refund,
    message: string,
    status: 'INITIATION_FAILED' | 'INITIATION_REJECTED',
  ): Promise<RefundChangeResult> {
    return this.change(refund.id, {
      status,
      updatedAt: this.clock.now(),
      statusReasonInformation: statusReason(message),
    });
  }

  private progressChange(progress: InitiationProgress): RefundChange {
    return answerChange(progress, REFUND_STATUS_FOR_OUTCOME, this.clock.now());
  }

  /** The change on the current row; retried once if the row moved meanwhile. With `answered`, that check ends in the same transaction. */
  private async change(refundId: string, change: RefundChange, answered?: OutcomeRef): Promise<RefundChangeResult> {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const result = await this.transactions.run(async (tx) => {
        const current = await this.refunds.in(tx).findById(refundId);
        if (current === null) throw new Error(`refund ${refundId} vanished`);
        const bank = await this.banks.find(current.bankId);
        return recordRefundChange(
          tx,
          this.refunds.in(tx),
          current,
          change,
          this.clock.now(),
          pollScheduleOf(bank, this.rules.defaultScheduleSeconds),
          answered,
        );
      });
      if (result.kind !== 'stale') return result;
    }
    return { kind: 'stale' };
  }
}
