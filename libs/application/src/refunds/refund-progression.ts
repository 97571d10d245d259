import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { APP_CONFIG, Clock, GatewayError, LOGGER, type AppConfig } from '#libs/common';
import {
  BankDeadlineExceededError,
  BankRejectedError,
  BankUnavailableError,
  BankConnectors,
  type InitiationProgress,
  type PartyAccount,
  type RefundLocalInstrument,
} from '#libs/connectors';
import { BankRepository, RefundRepository, Transactions, type Refund, type RefundChange } from '#libs/db';
import { REFUND_STATUS_FOR_OUTCOME, type RefundParty } from '#libs/domain';
import { bankCallContext, pollScheduleOf } from '../bank-calls/bank-call-context.js';
import { accountIdentifier } from '../payments/bank-initiation.js';
import { paymentRules, type PaymentRules } from '../payments/payment-rules.js';
import { recordRefundChange, scheduleRefundTimer, type RefundChangeResult } from './record-refund-change.js';
import { RefundRegistrationVault } from './refund-registration-vault.js';

/** The credential a registration holds for unattended payments (its `grant`, else its only value). */
function grantOf(credentials: Readonly<Record<string, string>>): string | undefined {
  const values = Object.values(credentials);
  return credentials['grant'] ?? (values.length === 1 ? values[0] : undefined);
}

function partyAccount(rail: RefundLocalInstrument, party: RefundParty): PartyAccount {
  return { name: party.name ?? '', identifier: accountIdentifier(rail, party) };
}

function reason(text: string): string {
  return text.slice(0, 256);
}

/**
 * A refund's timer fired (the worker's refunds.poll): send a pending refund to the bank through
 * its registration's connection, unattended; poll one the bank has; end one without a final
 * status after the polling period INITIATION_NO_FINAL_STATUS_AVAILABLE. Each move is one
 * transaction with its REFUND_STATUS_CHANGED event (recordRefundChange), on the locked row.
 */
@Injectable()
export class RefundProgression {
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
  ) {
    this.rules = paymentRules(config);
  }

  async onTimer(refundId: string): Promise<RefundChangeResult | undefined> {
    const refund = await this.refunds.findById(refundId);
    if (refund === null) return undefined;
    const now = this.clock.now();
    if (now >= refund.pollUntil)
      return this.change(refund.id, {
        status: 'INITIATION_NO_FINAL_STATUS_AVAILABLE',
        updatedAt: now,
        statusReasonInformation: 'No final status was received from the bank within the polling period.',
      });
    const bank = await this.banks.find(refund.bankId);
    const schedule = pollScheduleOf(bank, this.rules.defaultScheduleSeconds);
    await this.transactions.run(async (tx) => {
      const counted = await this.refunds.in(tx).countPoll(refund);
      await scheduleRefundTimer(tx, counted, now, schedule);
    });
    if (bank === null) return this.fail(refund, `The bank ${refund.bankId} is not known.`, 'INITIATION_FAILED');
    const ctx = bankCallContext(bank.id, this.rules.bankDeadlineMs);
    try {
      const refunds = this.connectors.capability(bank, 'refunds');
      if (refund.bankTransactionId !== null) {
        return await this.apply(refund.id, await refunds.getRefundStatus(ctx, refund.bankTransactionId));
      }
      if (refund.status !== 'INITIATION_PENDING') return undefined;
      const grant = await this.grantFor(refund);
      const initiation = refund.initiation as unknown as {
        debtor: RefundParty;
        creditor: RefundParty;
        description?: string;
      };
      const rail = refund.localInstrument as RefundLocalInstrument;
      const progress = await refunds.initiateRefund(ctx, {
        refundId: refund.id,
        refId: refund.refId,
        amount: { value: refund.amount.toFixed(), currency: refund.currency.trim() },
        localInstrument: rail,
        debtor: partyAccount(rail, initiation.debtor),
        creditor: partyAccount(rail, initiation.creditor),
        ...(initiation.description === undefined ? {} : { description: initiation.description }),
        ...(grant === undefined ? {} : { registrationGrant: grant }),
      });
      return await this.apply(refund.id, progress);
    } catch (error) {
      return this.onError(refund, error);
    }
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

  /**
   * A bank refusal (4xx) or a request the gateway could not make ends the refund; a bank that
   * did not answer (unreachable, 5xx, deadline) is asked again at the next timer, the idempotency
   * keys of the bank calls making a repeat safe.
   */
  private async onError(refund: Refund, error: unknown): Promise<RefundChangeResult | undefined> {
    if (error instanceof BankUnavailableError || error instanceof BankDeadlineExceededError) {
      this.logger.warn(
        { refundId: refund.id, bankId: refund.bankId, err: error.message },
        'refund bank call failed; trying again later',
      );
      return undefined;
    }
    if (error instanceof BankRejectedError) return this.fail(refund, error.message, 'INITIATION_REJECTED');
    if (error instanceof GatewayError && error.status < 500)
      return this.fail(refund, error.message, 'INITIATION_FAILED');
    this.logger.error(
      { refundId: refund.id, err: error instanceof Error ? error.message : String(error) },
      'refund bank call failed',
    );
    return undefined;
  }

  private fail(
    refund: Refund,
    message: string,
    status: 'INITIATION_FAILED' | 'INITIATION_REJECTED',
  ): Promise<RefundChangeResult> {
    return this.change(refund.id, { status, updatedAt: this.clock.now(), statusReasonInformation: reason(message) });
  }

  private apply(refundId: string, progress: InitiationProgress): Promise<RefundChangeResult> {
    return this.change(refundId, {
      status: REFUND_STATUS_FOR_OUTCOME[progress.outcome],
      updatedAt: this.clock.now(),
      bankTransactionId: progress.bankPaymentId,
      bankPaymentStatus: progress.bankStatus,
      ...(progress.statusReason === undefined ? {} : { statusReasonInformation: reason(progress.statusReason) }),
    });
  }

  /** The change on the locked, current row; retried once if the row moved meanwhile. */
  private async change(refundId: string, change: RefundChange): Promise<RefundChangeResult> {
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
        );
      });
      if (result.kind !== 'stale') return result;
    }
    return { kind: 'stale' };
  }
}
