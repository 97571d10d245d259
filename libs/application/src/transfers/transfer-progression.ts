import type { Logger } from 'pino';
import { type Clock, GatewayError } from '#libs/common';
import { type BankCallContext, type BankConnectors, type PaymentProgress } from '#libs/connectors';
import {
  type TransferRepository,
  type Transactions,
  type Bank,
  type Transfer,
  type TransferChange,
  type Tx,
} from '#libs/db';
import { transferStatusFor, type TransferStatus } from '#libs/domain';
import { isClearRefusal } from '../bank-truth/clear-refusal.js';
import { BANK_CALLBACK_PATH } from '../browser-paths/browser-paths.js';
import type { PaymentRules } from '../payments/payment-rules.js';
import { recordTransferChange, type TransferChangeResult } from './record-transfer-change.js';
import type { TransferSettlementExtension } from './transfer-extensions.js';
import { transferSourceOf } from './transfer-source.js';
import { bankCallContext, pollScheduleOf } from '../bank-calls/bank-call-context.js';

export interface TransferProgressionDeps {
  readonly transactions: Transactions;
  readonly transfers: TransferRepository;
  readonly clock: Clock;
  readonly connectors: BankConnectors;
  /** Payments v1 runs on the same timing rules as Payments v2 (bank deadline, polling period, schedule). */
  readonly rules: PaymentRules;
  readonly logger: Logger;
  readonly publicBaseUrl: string;
  /** What settlement accounts add to a transfer's move (the process's TransferExtensions). */
  readonly extensions: TransferSettlementExtension;
}

/**
 * The change a bank reading makes to a transfer: the status it stands for, the bank's ids and
 * raw status, the user's step at the bank (with its expiry) and the payer's account when told.
 * (A conversion to a future-dated payment is the gateway's own, decided at authorisation:
 * transferDatingOf.)
 */
export function transferChangeFromProgress(
  current: Transfer,
  progress: PaymentProgress,
  now: Date,
  rules: PaymentRules,
): TransferChange {
  const status: TransferStatus = transferStatusFor(progress.outcome, progress.next.kind);
  const next = progress.next;
  const authorization =
    next.kind === 'redirect'
      ? { authorizationUrl: next.redirectUrl }
      : next.kind === 'decoupled'
        ? { decoupled: true }
        : next.kind === 'embedded'
          ? { embedded: true }
          : null;
  const waiting = status === 'PENDING_EXTERNAL_AUTHORIZATION';
  return {
    status,
    updatedAt: now,
    bankConsentId: progress.handle.bankConsentId === '' ? current.bankConsentId : progress.handle.bankConsentId,
    bankPaymentId: progress.handle.bankPaymentId ?? current.bankPaymentId,
    bankContinuation: progress.handle.continuation === undefined ? null : { ...progress.handle.continuation },
    bankPaymentStatus: progress.bankStatus,
    ...(progress.statusReason === undefined ? {} : { statusReasonInformation: progress.statusReason.slice(0, 256) }),
    authorization,
    expiresAt: waiting ? (current.expiresAt ?? new Date(now.getTime() + rules.authorisationWindowMs)) : null,
    ...(progress.debtor === undefined ? {} : { source: transferSourceOf(progress.debtor, current.bankId) }),
  };
}

/**
 * How a failed bank call ends a transfer: a bank refusal (4xx) is FAILURE_DECLINED with the
 * bank's reason, the gateway's own refusal FAILURE_GENERIC. A call whose outcome is unknown
 * (unreachable bank, bank 5xx, missed deadline, reset connection) changes nothing (null): the bank
 * may have made the payment, so the transfer stays PROCESSING while its outcome check asks again.
 */
export function transferFailureChange(error: unknown, now: Date): TransferChange | null {
  const end = (status: TransferStatus, message: string): TransferChange => ({
    status,
    updatedAt: now,
    statusReasonInformation: message.slice(0, 256),
    authorization: null,
    expiresAt: null,
  });
  if (isClearRefusal(error)) return end('FAILURE_DECLINED', error instanceof Error ? error.message : 'Refused.');
  if (error instanceof GatewayError && error.status < 500) return end('FAILURE_GENERIC', error.message);
  return null;
}

/**
 * Moves transfers: from a bank answer, a failed bank call or a timer. Each move is one
 * transaction on the locked row (recordTransferChange: row, TRANSFER_STATUS_CHANGED, timer).
 */
export class TransferProgression {
  constructor(private readonly deps: TransferProgressionDeps) {}

  get clock(): Clock {
    return this.deps.clock;
  }

  get rules(): PaymentRules {
    return this.deps.rules;
  }

  get connectors(): BankConnectors {
    return this.deps.connectors;
  }

  get logger(): Logger {
    return this.deps.logger;
  }

  /** The gateway's redirect URI (the one /bank-callback every bank sends the user back to). */
  get redirectUri(): string {
    return `${this.deps.publicBaseUrl}${BANK_CALLBACK_PATH}`;
  }

  callContext(bankId: string, traceId?: string, psuIpAddress?: string): BankCallContext {
    return bankCallContext(bankId, this.deps.rules.bankDeadlineMs, traceId, psuIpAddress);
  }

  scheduleOf(bank: Bank | null): readonly number[] {
    return pollScheduleOf(bank, this.deps.rules.defaultScheduleSeconds);
  }

  /**
   * Applies a change computed from the locked, current row; retried once if the row moved
   * meanwhile. `withChange` writes what the answer ends in the same transaction (its outcome
   * check), whether or not the status machine allowed the move; not when the change went stale.
   */
  async change(
    transferId: string,
    compute: (current: Transfer, now: Date) => TransferChange | null,
    bank: Bank | null,
    withChange?: (tx: Tx) => Promise<void>,
  ): Promise<TransferChangeResult> {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const result = await this.deps.transactions.run(async (tx) => {
        const current = await this.deps.transfers.in(tx).lock(transferId);
        if (current === null) throw new Error(`transfer ${transferId} vanished`);
        const now = this.deps.clock.now();
        const change = compute(current, now);
        const recorded: TransferChangeResult =
          change === null
            ? { kind: 'refused', transfer: current }
            : await recordTransferChange(tx, current, change, now, this.scheduleOf(bank), this.deps.extensions);
        if (recorded.kind !== 'stale' && withChange !== undefined) await withChange(tx);
        return recorded;
      });
      if (result.kind !== 'stale') return result;
    }
    return { kind: 'stale' };
  }

  applyProgress(
    transferId: string,
    progress: PaymentProgress,
    bank: Bank,
    withChange?: (tx: Tx) => Promise<void>,
  ): Promise<TransferChangeResult> {
    return this.change(
      transferId,
      (current, now) => transferChangeFromProgress(current, progress, now, this.deps.rules),
      bank,
      withChange,
    );
  }

  applyFailure(
    transferId: string,
    error: unknown,
    bank: Bank,
    withChange?: (tx: Tx) => Promise<void>,
  ): Promise<TransferChangeResult> {
    return this.change(transferId, (_current, now) => transferFailureChange(error, now), bank, withChange);
  }
}
