import { Injectable } from '@nestjs/common';
import { GatewayError } from '#libs/common';
import type { Money, PaymentProgress } from '#libs/connectors';
import {
  TokenRepository,
  TokenRequestRepository,
  TransferRepository,
  Transactions,
  type Bank,
  type OutcomeRef,
  type Prisma,
  type Token,
  type Transfer,
  type Tx,
} from '#libs/db';
import { newId } from '#libs/domain';
import { isClearRefusal } from '../bank-truth/clear-refusal.js';
import { OutcomeChecks } from '../bank-truth/outcome-checks.js';
import { PaymentOrderGrants } from '../payments/payment-order-grants.js';
import { LOST_INITIATION_GRACE_MS } from '../payments/payment-rules.js';
import { storeNewTransfer, type TransferChangeResult } from './record-transfer-change.js';
import { TransferProgression } from './transfer-progression.js';

/** One redemption of a transfer token: what the transfer pays, and how it is shown. */
export interface Redemption {
  /** The transfer token being redeemed (the caller has checked it is the member's and of kind TRANSFER). */
  readonly token: Token;
  readonly bank: Bank;
  readonly amount: Money;
  /** The interface's TransferPayload as the transfer shows it (refId, tokenId, amount, description, destinations, ...). */
  readonly payload: Prisma.InputJsonObject;
  readonly refId: string;
  readonly localInstrument: string;
  readonly executionDate?: string;
  /** The gateway made the immediate payment asked for as a future-dated one (executionDate is its date). */
  readonly convertedToFutureDatedPayment?: boolean;
  readonly actingAsRefId?: string;
  /** A transfer to a settlement account: the account and the reference its credit carries (transferSettlementOf). */
  readonly virtualAccountId?: string;
  readonly settlementRefId?: string;
  readonly traceId?: string;
  /**
   * What asking the bank again needs when the submission's answer is unknown: the user's grant
   * for a payment order submitted as a second step (kept sealed to the transfer on its outcome
   * check), asked again under the same idempotency key; without it, the bank's status of the
   * payment is read.
   */
  readonly grant?: string;
}

/** A transfer ready to be stored: its id, and the user's grant sealed to it (PaymentOrderGrants). */
export interface PreparedTransfer {
  readonly id: string;
  readonly sealedGrant?: string;
}

/** The outcome check of one transfer's submission. */
export const transferCheckRef = (transferId: string): OutcomeRef => ({ kind: 'transfer', resourceId: transferId });

/**
 * A bank answer recorded on a transfer with the end of its outcome check, one transaction (the
 * transfer is never seen moved on with its check still open); a change lost to another writer
 * leaves the check to be closed on its own.
 */
export async function endingCheck(
  checks: OutcomeChecks,
  ref: OutcomeRef,
  record: (end: (tx: Tx) => Promise<void>) => Promise<TransferChangeResult>,
): Promise<void> {
  const result = await record((tx) => checks.answered(ref, tx));
  if (result.kind === 'stale') await checks.answered(ref);
}

/**
 * Redeems a transfer token: the transfer is stored before the bank is asked, then the bank call
 * (`atBank`: submit the authorised payment, or complete the user's authorisation, which
 * submits it) and its answer recorded as a status change.
 *
 * One transaction adds the amount to what the token has paid (refused when the token is not
 * active, has expired, or would pay more than its lifetime amount: concurrent redemptions can
 * never together exceed it), stores the transfer PROCESSING with its TRANSFER_STATUS_CHANGED
 * event and a timer, names the transfer on the token request, and opens the submission's outcome
 * check (kind `transfer`). The answer recorded closes the check; a clear refusal ends the transfer
 * FAILURE_DECLINED; anything else (a deadline, a 5xx, a reset, the process dying before the answer
 * is recorded) leaves it PROCESSING and its check asks the bank again (TransferOutcomeAsker).
 */
@Injectable()
export class TransferRedemption {
  constructor(
    private readonly transactions: Transactions,
    private readonly tokens: TokenRepository,
    private readonly tokenRequests: TokenRequestRepository,
    private readonly transfers: TransferRepository,
    private readonly progression: TransferProgression,
    private readonly checks: OutcomeChecks,
    private readonly grants: PaymentOrderGrants,
  ) {}

  async redeem(redemption: Redemption, atBank: () => Promise<PaymentProgress>): Promise<Transfer> {
    const prepared = await this.prepare(redemption.grant);
    const stored = await this.transactions.run((tx) => this.storeIn(tx, redemption, prepared));
    return this.submit(stored, redemption.bank, atBank);
  }

  /** The transfer's id, and the grant its order is submitted with sealed to it (before any transaction). */
  async prepare(grant: string | undefined): Promise<PreparedTransfer> {
    const id = newId('t');
    return grant === undefined ? { id } : { id, sealedGrant: await this.grants.seal(id, grant) };
  }

  /**
   * The bank asked to pay the stored transfer (`atBank`) and its answer recorded: the answer
   * closes the check, a clear refusal ends the transfer, anything else leaves it to its check.
   */
  async submit(stored: Transfer, bank: Bank, atBank: () => Promise<PaymentProgress>): Promise<Transfer> {
    const ref = transferCheckRef(stored.id);
    let progress: PaymentProgress;
    try {
      progress = await atBank();
    } catch (error) {
      this.progression.logger.warn(
        { transferId: stored.id, bankId: bank.id, err: error },
        'submitting the transfer to the bank failed',
      );
      if (isUnclear(error)) await this.checks.unanswered(ref, error);
      else await endingCheck(this.checks, ref, (end) => this.progression.applyFailure(stored.id, error, bank, end));
      return (await this.transfers.findById(stored.id)) ?? stored;
    }
    await endingCheck(this.checks, ref, (end) => this.progression.applyProgress(stored.id, progress, bank, end));
    return (await this.transfers.findById(stored.id)) ?? stored;
  }

  /**
   * The redemption's writes in `tx` (the caller's transaction: a token issued as the user
   * authorises is issued with its transfer, so the request shows both at once).
   */
  async storeIn(tx: Tx, redemption: Redemption, prepared: PreparedTransfer): Promise<Transfer> {
    const { token, bank, amount } = redemption;
    const now = this.progression.clock.now();
    const rules = this.progression.rules;
    if (!(await this.tokens.in(tx).redeem(token.id, amount.value, now)))
      throw GatewayError.invalidField(
        'payload.amount.value',
        'The token cannot pay this amount: it is not active, has expired, or would pay more than its lifetime amount.',
      );
    const transfer = await storeNewTransfer(
      tx,
      {
        id: prepared.id,
        memberId: token.memberId,
        tokenId: token.id,
        tokenRequestId: token.tokenRequestId,
        bankId: bank.id,
        status: 'PROCESSING',
        refId: redemption.refId,
        actingAsRefId: redemption.actingAsRefId ?? null,
        amount: amount.value,
        currency: amount.currency,
        localInstrument: redemption.localInstrument,
        payload: redemption.payload,
        executionDate: redemption.executionDate ?? null,
        convertedToFutureDatedPayment: redemption.convertedToFutureDatedPayment === true,
        expiresAt: new Date(now.getTime() + rules.bankDeadlineMs + LOST_INITIATION_GRACE_MS),
        pollUntil: new Date(now.getTime() + rules.pollingMs),
        virtualAccountId: redemption.virtualAccountId ?? null,
        settlementRefId: redemption.settlementRefId ?? null,
        createdAt: now,
        updatedAt: now,
      },
      now,
      this.progression.scheduleOf(bank),
    );
    await this.tokenRequests.in(tx).attachTransfer(token.tokenRequestId, transfer.id, now);
    await this.checks.begin(
      tx,
      {
        ...transferCheckRef(transfer.id),
        memberId: transfer.memberId,
        operation: prepared.sealedGrant === undefined ? 'transfer-status' : 'transfer-order',
        ...(prepared.sealedGrant === undefined ? {} : { sealedGrant: prepared.sealedGrant }),
      },
      rules.bankDeadlineMs + LOST_INITIATION_GRACE_MS,
    );
    return transfer;
  }
}

/** A failed submission whose outcome is unknown: neither the bank's clear refusal nor the gateway's own (4xx). */
function isUnclear(error: unknown): boolean {
  return !isClearRefusal(error) && !(error instanceof GatewayError && error.status < 500);
}
