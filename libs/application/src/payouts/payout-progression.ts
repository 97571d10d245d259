import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { APP_CONFIG, Clock, GatewayError, LOGGER, type AppConfig } from '#libs/common';
import {
  BankDeadlineExceededError,
  BankRejectedError,
  BankUnavailableError,
  SettlementProviderRegistry,
  type InitiationProgress,
  type PayoutCreditor,
} from '#libs/connectors';
import { PayoutRepository, SettlementAccountRepository, Transactions, type Payout, type PayoutChange } from '#libs/db';
import { PAYOUT_STATUS_FOR_OUTCOME } from '#libs/domain';
import { paymentRules, type PaymentRules } from '../payments/payment-rules.js';
import {
  NO_PROVIDER_ANSWER,
  recordPayoutChange,
  schedulePayoutTimer,
  type PayoutChangeResult,
} from './record-payout-change.js';

function reason(text: string): string {
  return text.slice(0, 256);
}

/**
 * Sends payouts to their settlement provider and follows them to a final status: on creation
 * (right after the payout is stored) and at each timer (the worker's payouts.poll). A payout not
 * yet at the provider is sent (the provider takes the payout id as its idempotency basis, so a
 * repeat is one payout); one the provider has is polled. A provider refusal (4xx) rejects the
 * payout; a provider that does not answer is asked again at the next timer. Past the polling
 * period a payout never sent fails, and one the provider has stays INITIATION_PROCESSING with
 * statusReasonInformation saying so. Each move is one transaction (recordPayoutChange).
 */
@Injectable()
export class PayoutProgression {
  private readonly rules: PaymentRules;

  constructor(
    private readonly payouts: PayoutRepository,
    private readonly accounts: SettlementAccountRepository,
    private readonly transactions: Transactions,
    private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly providers: SettlementProviderRegistry,
  ) {
    this.rules = paymentRules(config);
  }

  get scheduleSeconds(): readonly number[] {
    return this.rules.defaultScheduleSeconds;
  }

  get pollingMs(): number {
    return this.rules.pollingMs;
  }

  /** The payout's timer fired: the payout as it stands afterwards (undefined when unknown). */
  async onTimer(payoutId: string): Promise<Payout | undefined> {
    const payout = await this.payouts.findById(payoutId);
    if (payout === null) return undefined;
    const now = this.clock.now();
    if (now >= payout.pollUntil) return this.endPolling(payout, now);
    const counted = await this.transactions.run(async (tx) => {
      const row = await this.payouts.in(tx).countPoll(payout);
      await schedulePayoutTimer(tx, row, now, this.rules.defaultScheduleSeconds);
      return row;
    });
    return this.advance(counted);
  }

  /** Sends a payout not yet at its provider, or asks the provider where it stands. */
  async advance(payout: Payout): Promise<Payout> {
    if (payout.status !== 'INITIATION_PENDING' && payout.status !== 'INITIATION_PROCESSING') return payout;
    const ctx = {
      providerId: payout.providerId,
      deadlineMs: Date.now() + this.rules.bankDeadlineMs,
    };
    try {
      const connector = this.providers.forProvider(payout.providerId);
      if (payout.bankTransactionId !== null)
        return await this.apply(payout, await connector.getPayoutStatus(ctx, payout.bankTransactionId));
      const account = await this.accounts.findById(payout.accountId);
      if (account === null)
        return await this.fail(payout, 'The settlement account no longer exists.', 'INITIATION_FAILED');
      const initiation = payout.initiation as unknown as {
        creditor: PayoutCreditor & { accountVerificationId?: string };
      };
      const { accountVerificationId: _verification, ...creditor } = initiation.creditor;
      const progress = await connector.sendPayout(ctx, {
        payoutId: payout.id,
        refId: payout.refId,
        amount: { value: payout.amount.toFixed(), currency: payout.currency.trim() },
        description: payout.description,
        providerAccountId: account.providerAccountId,
        creditor,
      });
      return await this.apply(payout, progress);
    } catch (error) {
      return this.onError(payout, error);
    }
  }

  private async endPolling(payout: Payout, now: Date): Promise<Payout> {
    if (payout.status === 'INITIATION_PENDING' && payout.bankTransactionId === null)
      return this.fail(
        payout,
        'The settlement provider could not be reached within the polling period.',
        'INITIATION_FAILED',
      );
    return this.change(payout.id, {
      status: payout.status,
      updatedAt: now,
      statusReasonInformation: NO_PROVIDER_ANSWER,
    });
  }

  private async onError(payout: Payout, error: unknown): Promise<Payout> {
    if (error instanceof BankUnavailableError || error instanceof BankDeadlineExceededError) {
      this.logger.warn(
        { payoutId: payout.id, providerId: payout.providerId, err: error.message },
        'settlement provider call failed; trying again at the next timer',
      );
      return payout;
    }
    if (error instanceof BankRejectedError) return this.fail(payout, error.message, 'INITIATION_REJECTED');
    if (error instanceof GatewayError && error.status < 500 && payout.bankTransactionId === null)
      return this.fail(payout, error.message, 'INITIATION_FAILED');
    if (error instanceof GatewayError && error.code === 'UNIMPLEMENTED' && payout.bankTransactionId === null)
      return this.fail(payout, error.message, 'INITIATION_FAILED');
    this.logger.error(
      { payoutId: payout.id, err: error instanceof Error ? error.message : String(error) },
      'settlement provider call failed',
    );
    return payout;
  }

  private fail(payout: Payout, message: string, status: 'INITIATION_FAILED' | 'INITIATION_REJECTED'): Promise<Payout> {
    return this.change(payout.id, { status, updatedAt: this.clock.now(), statusReasonInformation: reason(message) });
  }

  private apply(payout: Payout, progress: InitiationProgress): Promise<Payout> {
    return this.change(payout.id, {
      status: PAYOUT_STATUS_FOR_OUTCOME[progress.outcome],
      updatedAt: this.clock.now(),
      bankTransactionId: progress.bankPaymentId,
      bankPaymentStatus: progress.bankStatus,
      ...(progress.statusReason === undefined ? {} : { statusReasonInformation: reason(progress.statusReason) }),
    });
  }

  /** The change on the current row; retried once if the row moved meanwhile. The payout as it stands after. */
  private async change(payoutId: string, change: PayoutChange): Promise<Payout> {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const result: PayoutChangeResult | null = await this.transactions.run(async (tx) => {
        const current = await this.payouts.in(tx).findById(payoutId);
        if (current === null) return null;
        return recordPayoutChange(
          tx,
          this.payouts.in(tx),
          current,
          change,
          this.clock.now(),
          this.rules.defaultScheduleSeconds,
        );
      });
      if (result === null) throw new Error(`payout ${payoutId} vanished`);
      if (result.kind !== 'stale') return result.payout;
    }
    const latest = await this.payouts.findById(payoutId);
    if (latest === null) throw new Error(`payout ${payoutId} vanished`);
    return latest;
  }
}
