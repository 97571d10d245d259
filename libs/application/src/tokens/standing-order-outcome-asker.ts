import { Injectable } from '@nestjs/common';
import type { PaymentProgress, StandingOrderInitiation } from '#libs/connectors';
import { TokenRequestRepository, type Bank, type OutcomeCheck, type OutcomeRef, type TokenRequest } from '#libs/db';
import { isClearRefusal } from '../bank-truth/clear-refusal.js';
import { OutcomeChecks } from '../bank-truth/outcome-checks.js';
import { PaymentOrderGrants } from '../payments/payment-order-grants.js';
import { TransferProgression } from '../transfers/transfer-progression.js';
import { CompleteTokenRequest, tokenRequestHandleOf } from './complete-token-request.js';
import { standingOrderCheckRef } from './standing-order-check.js';
import { standingOrderInitiationOf } from '../transfers/token-request-initiation.js';

/**
 * A standing order whose submission got no clear answer (the token request stays PENDING): its
 * outcome check asks the bank again (the worker's outcome-checks.ask-again, kind
 * `standing-order`): the standing order submitted again under the same idempotency key with the
 * user's grant sealed on the check. The bank's answer completes the request as the callback would
 * have (the token with the bank's standing order id, or the bank's refusal). A refusal is first
 * checked against the consent (a consumed consent keeps the outcome unknown). A check without a
 * grant is a return taken by a process that stopped before submitting: nothing is at the bank,
 * the request is rejected.
 */
@Injectable()
export class StandingOrderOutcomeAsker {
  constructor(
    private readonly tokenRequests: TokenRequestRepository,
    private readonly completion: CompleteTokenRequest,
    private readonly grants: PaymentOrderGrants,
    private readonly checks: OutcomeChecks,
    private readonly progression: TransferProgression,
  ) {}

  async askAgain(check: OutcomeCheck): Promise<'answered' | 'unanswered'> {
    const ref = standingOrderCheckRef(check.resourceId);
    const request = await this.tokenRequests.findById(check.resourceId);
    if (request === null || request.status !== 'PENDING') {
      await this.checks.answered(ref);
      return 'answered';
    }
    const bank = await this.completion.bankOf(request);
    const standingOrders = this.progression.connectors.capability(bank, 'standingOrders');
    const submission = standingOrders.standingOrderSubmission;
    if (check.sealedGrant === null || submission === undefined) {
      await this.rejectEndingCheck(request, ref, 'The standing order was not submitted to the bank.');
      return 'answered';
    }
    const initiation = standingOrderInitiationOf(request, { redirectUri: this.completion.redirectUri });
    const ctx = this.progression.callContext(bank.id);
    let progress: PaymentProgress;
    try {
      const grant = await this.grants.open(request.id, check.sealedGrant);
      progress = await submission.submitAuthorised(ctx, tokenRequestHandleOf(request), initiation, grant);
    } catch (error) {
      if (!isClearRefusal(error) || (await this.orderMayExist(request, bank, initiation))) {
        await this.checks.unanswered(ref, error);
        return 'unanswered';
      }
      await this.rejectEndingCheck(
        request,
        ref,
        error instanceof Error ? error.message : 'The bank refused the standing order.',
      );
      return 'answered';
    }
    await this.completion.withProgress(request, bank, progress, {}, ref);
    return 'answered';
  }

  /** The request REJECTED and its check closed, one transaction (the check alone when the request had ended). */
  private async rejectEndingCheck(request: TokenRequest, ref: OutcomeRef, reason: string): Promise<void> {
    const rejected = await this.completion.issuance.reject(request, 'REJECTED', reason, (tx) =>
      this.checks.answered(ref, tx),
    );
    if (!rejected) await this.checks.answered(ref);
  }

  /** Whether the consent says a standing order was made under it (the refusal may only say the grant lapsed). */
  private async orderMayExist(
    request: TokenRequest,
    bank: Bank,
    initiation: StandingOrderInitiation,
  ): Promise<boolean> {
    try {
      const reading = await this.progression.connectors
        .capability(bank, 'standingOrders')
        .getStandingOrderStatus(
          this.progression.callContext(bank.id),
          { bankConsentId: request.bankConsentId ?? '' },
          initiation,
        );
      return reading.outcome === 'PROCESSING' || reading.outcome === 'COMPLETED';
    } catch {
      return true;
    }
  }
}
