import { Injectable } from '@nestjs/common';
import { Decimal } from 'decimal.js';
import type { BankPaymentHandle, PaymentInitiation, PaymentProgress } from '#libs/connectors';
import {
  BankRepository,
  TokenRepository,
  TokenRequestRepository,
  TransferRepository,
  type Bank,
  type OutcomeCheck,
  type TokenRequest,
  type Transfer,
} from '#libs/db';
import { currencyMinorUnits, isBankFinalTransferStatus } from '#libs/domain';
import { isClearRefusal } from '../bank-truth/clear-refusal.js';
import { OutcomeChecks } from '../bank-truth/outcome-checks.js';
import { PaymentOrderGrants } from '../payments/payment-order-grants.js';
import { transferInitiationOf } from './token-request-initiation.js';
import { TransferProgression } from './transfer-progression.js';
import { endingCheck, transferCheckRef } from './transfer-redemption.js';

/**
 * A transfer whose submission got no clear answer: its outcome check asks the bank again (the
 * worker's outcome-checks.ask-again, kind `transfer`). A payment order submitted as a second step
 * (UK Open Banking) is submitted again under the same idempotency key with the user's grant
 * (sealed to the transfer, PaymentOrderGrants); a refusal of it is first checked against the consent (a consumed
 * consent keeps the outcome unknown). At a bank that pays as the user authorises (Berlin Group)
 * the payment's status is read. Only a clear refusal ends the transfer FAILURE_DECLINED.
 */
@Injectable()
export class TransferOutcomeAsker {
  constructor(
    private readonly transfers: TransferRepository,
    private readonly tokens: TokenRepository,
    private readonly tokenRequests: TokenRequestRepository,
    private readonly banks: BankRepository,
    private readonly grants: PaymentOrderGrants,
    private readonly progression: TransferProgression,
    private readonly checks: OutcomeChecks,
  ) {}

  async askAgain(check: OutcomeCheck): Promise<'answered' | 'unanswered'> {
    const ref = transferCheckRef(check.resourceId);
    const transfer = await this.transfers.findById(check.resourceId);
    if (transfer === null || transfer.bankPaymentId !== null || isBankFinalTransferStatus(transfer.status)) {
      await this.checks.answered(ref);
      return 'answered';
    }
    const bank = await this.banks.find(transfer.bankId);
    const request = await this.tokenRequests.findById(transfer.tokenRequestId);
    if (bank === null || request === null) throw new Error(`transfer ${transfer.id} has lost its bank or request`);
    const payments = this.progression.connectors.capability(bank, 'payments');
    const token = await this.tokens.findById(transfer.tokenId);
    const handle = handleOf(request, token?.bankConsentId ?? null);
    const initiation = initiationOf(request, transfer, this.progression.redirectUri);
    const ctx = this.progression.callContext(bank.id);
    let progress: PaymentProgress;
    try {
      if (check.operation === 'transfer-order' && check.sealedGrant !== null) {
        const explicit = payments.explicitRedemption;
        if (explicit === undefined)
          throw new Error(`bank ${bank.id} no longer submits payment orders in a second step`);
        const grant = await this.grants.open(transfer.id, check.sealedGrant);
        progress = await explicit.submitAuthorised(ctx, handle, initiation, grant);
      } else progress = await payments.getPaymentStatus(ctx, handle, initiation);
    } catch (error) {
      const refused =
        check.operation === 'transfer-order' &&
        isClearRefusal(error) &&
        !(await this.orderMayExist(bank, handle, initiation));
      if (!refused) {
        await this.checks.unanswered(ref, error);
        return 'unanswered';
      }
      await endingCheck(this.checks, ref, (end) => this.progression.applyFailure(transfer.id, error, bank, end));
      return 'answered';
    }
    await endingCheck(this.checks, ref, (end) => this.progression.applyProgress(transfer.id, progress, bank, end));
    return 'answered';
  }

  /** Whether the consent says an order was made under it (the refusal may only say the grant lapsed). */
  private async orderMayExist(bank: Bank, handle: BankPaymentHandle, initiation: PaymentInitiation): Promise<boolean> {
    try {
      const reading = await this.progression.connectors
        .capability(bank, 'payments')
        .getPaymentStatus(this.progression.callContext(bank.id), { bankConsentId: handle.bankConsentId }, initiation);
      return reading.outcome === 'PROCESSING' || reading.outcome === 'COMPLETED';
    } catch {
      return true;
    }
  }
}

/** The bank's handle the submission used: the token's consent, else the request's. */
function handleOf(request: TokenRequest, tokenConsentId: string | null): BankPaymentHandle {
  return {
    bankConsentId: tokenConsentId ?? request.bankConsentId ?? '',
    ...(request.bankContinuation === null ? {} : { continuation: request.bankContinuation as Record<string, string> }),
  };
}

/** The payment the submission asked for: the request's, for the transfer's amount (an explicit redemption may pay less). */
function initiationOf(request: TokenRequest, transfer: Transfer, redirectUri: string): PaymentInitiation {
  const initiation = transferInitiationOf(request, { redirectUri });
  if (new Decimal(initiation.amount.value).equals(transfer.amount.toString())) return initiation;
  const value = new Decimal(transfer.amount.toString()).toFixed(currencyMinorUnits(transfer.currency) ?? 2);
  return { ...initiation, amount: { value, currency: transfer.currency } };
}
