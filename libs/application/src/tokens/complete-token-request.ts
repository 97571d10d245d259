import { Injectable } from '@nestjs/common';
import {
  BankRejectedError,
  type BankOutcome,
  type BankPaymentHandle,
  type PaymentInitiationCapability,
  type PaymentProgress,
  type StandingOrderSubmission,
} from '#libs/connectors';
import {
  BankRepository,
  MemberRepository,
  TokenRequestRepository,
  type Bank,
  type OutcomeRef,
  type Prisma,
  type Token,
  type TokenRequest,
  type Transfer,
  type Tx,
} from '#libs/db';
import { destinationAccount, type TokenRequestPayloadInput } from '#libs/domain';
import { isClearRefusal } from '../bank-truth/clear-refusal.js';
import { OutcomeChecks } from '../bank-truth/outcome-checks.js';
import { PaymentOrderGrants } from '../payments/payment-order-grants.js';
import { LOST_INITIATION_GRACE_MS } from '../payments/payment-rules.js';
import { TransferProgression } from '../transfers/transfer-progression.js';
import { TransferRedemption, type Redemption } from '../transfers/transfer-redemption.js';
import { STANDING_ORDER_SUBMISSION, standingOrderCheckRef } from './standing-order-check.js';
import { TokenIssuance, type TokenGrant } from './token-issuance.js';
import {
  standingOrderInitiationOf,
  transferDatingOf,
  transferInitiationOf,
  transferSettlementOf,
} from '../transfers/token-request-initiation.js';
import type { TokenRequestErrorCode } from './token-request-step.js';

/** The bank's handle of a token request's consent, as its connector last gave it. */
export function tokenRequestHandleOf(
  request: Pick<TokenRequest, 'bankConsentId' | 'bankContinuation'>,
): BankPaymentHandle {
  return {
    bankConsentId: request.bankConsentId ?? '',
    ...(request.bankContinuation === null ? {} : { continuation: request.bankContinuation as Record<string, string> }),
  };
}

/** Where the bank's answer came from, for the bank calls' context. */
export interface CompletionContext {
  readonly traceId?: string;
  readonly psuIpAddress?: string;
}

/** Bank outcomes that end a request without a token. */
const REFUSALS: ReadonlySet<BankOutcome> = new Set([
  'REJECTED',
  'REJECTED_INSUFFICIENT_FUNDS',
  'FAILED',
  'DECLINED',
  'CANCELED',
]);

function refusalCode(outcome: BankOutcome): TokenRequestErrorCode {
  return outcome === 'DECLINED' ? 'ACCESS_DENIED' : 'REJECTED';
}

function payloadOf(request: TokenRequest): TokenRequestPayloadInput {
  return request.requestPayload as unknown as TokenRequestPayloadInput;
}

/** Why a failed bank call ends the request, in words for the TPP. */
function failureReason(error: unknown): string {
  return error instanceof Error ? error.message : 'The bank could not complete the authorisation.';
}

/**
 * The end of a token request's bank authorisation, whichever way the bank answered: the user's
 * way back through the bank callback (per kind), the last embedded step, or a decoupled approval
 * found by polling. Issues the token (and, for a transfer redeemed as the user authorises,
 * makes the transfer), or rejects the request. The caller has claimed the request
 * (TokenIssuance.claim) so no answer is completed twice.
 */
@Injectable()
export class CompleteTokenRequest {
  constructor(
    private readonly tokenRequests: TokenRequestRepository,
    private readonly banks: BankRepository,
    private readonly members: MemberRepository,
    private readonly progression: TransferProgression,
    private readonly redemption: TransferRedemption,
    readonly issuance: TokenIssuance,
    private readonly checks: OutcomeChecks,
    private readonly grants: PaymentOrderGrants,
  ) {}

  get redirectUri(): string {
    return this.progression.redirectUri;
  }

  async bankOf(request: TokenRequest): Promise<Bank> {
    const bank = request.bankId === null ? null : await this.banks.find(request.bankId);
    if (bank === null) throw new Error(`token request ${request.id} has no known bank`);
    return bank;
  }

  /**
   * The user's return claimed, once (a conditional move before any bank call). A standing order
   * the gateway submits as a second step opens its outcome check with the claim.
   */
  async claimReturn(request: TokenRequest): Promise<TokenRequest | null> {
    if (request.kind !== 'STANDING_ORDER' || request.bankId === null) return this.issuance.claim(request);
    const bank = await this.bankOf(request);
    if (this.standingOrderSubmissionOf(bank) === undefined) return this.issuance.claim(request);
    return this.issuance.claim(request, (tx) =>
      this.checks.begin(tx, this.standingOrderCall(request), this.answerWithinMs),
    );
  }

  /** The user came back from the bank's page (the bank callback's query or form). */
  async afterRedirect(
    request: TokenRequest,
    params: Readonly<Record<string, string>>,
    context: CompletionContext,
  ): Promise<void> {
    const bank = await this.bankOf(request);
    const ctx = this.progression.callContext(bank.id, context.traceId, context.psuIpAddress);
    const refusedByUser = params['error'] !== undefined;
    try {
      switch (request.kind) {
        case 'ACCESS': {
          const { grant } = await this.progression.connectors
            .capability(bank, 'accounts')
            .completeAccountAccessRedirect(ctx, request.bankConsentId ?? '', params, this.redirectUri);
          await this.issuance.issue(request, bank, { grant });
          return;
        }
        case 'STANDING_ORDER': {
          const submission = this.standingOrderSubmissionOf(bank);
          if (submission !== undefined) {
            await this.standingOrderAfterRedirect(request, bank, params, context, submission);
            return;
          }
          const progress = await this.progression.connectors
            .capability(bank, 'standingOrders')
            .completeStandingOrderRedirect(ctx, {
              handle: tokenRequestHandleOf(request),
              params,
              redirectUri: this.redirectUri,
              initiation: standingOrderInitiationOf(request, { redirectUri: this.redirectUri }),
            });
          await this.withProgress(request, bank, progress, context);
          return;
        }
        case 'TRANSFER':
          await this.transferAfterRedirect(request, bank, params, context);
          return;
        default:
          throw new Error(`token request ${request.id} has unknown kind ${request.kind}`);
      }
    } catch (error) {
      this.progression.logger.warn(
        { tokenRequestId: request.id, bankId: bank.id, err: error },
        'completing the token request at the bank failed',
      );
      const code: TokenRequestErrorCode =
        refusedByUser && error instanceof BankRejectedError ? 'ACCESS_DENIED' : 'REJECTED';
      await this.issuance.reject(
        request,
        code,
        refusedByUser ? (params['error_description'] ?? failureReason(error)) : failureReason(error),
      );
    }
  }

  /**
   * A standing order's way back at a bank that submits it as a second step: the code exchanged
   * for the user's grant, the grant sealed on the check (opened with the claim), then the standing
   * order submitted under its idempotency key. An answer without a clear outcome (a deadline, a
   * 5xx, a reset or lost connection) keeps the request PENDING: the check submits it again under
   * the same key until the bank answers (StandingOrderOutcomeAsker). Only a clear refusal rejects.
   */
  private async standingOrderAfterRedirect(
    request: TokenRequest,
    bank: Bank,
    params: Readonly<Record<string, string>>,
    context: CompletionContext,
    submission: StandingOrderSubmission,
  ): Promise<void> {
    const ctx = this.progression.callContext(bank.id, context.traceId, context.psuIpAddress);
    const initiation = standingOrderInitiationOf(request, { redirectUri: this.redirectUri });
    const handle = tokenRequestHandleOf(request);
    const ref = standingOrderCheckRef(request.id);
    let answer: Awaited<ReturnType<StandingOrderSubmission['authoriseRedirect']>>;
    try {
      answer = await submission.authoriseRedirect(ctx, { handle, params, redirectUri: this.redirectUri, initiation });
    } catch (error) {
      // Nothing was submitted: the request ends as refused (the caller's catch).
      await this.checks.answered(ref);
      throw error;
    }
    if (answer.kind === 'refused') {
      await this.withProgress(request, bank, answer.progress, context, ref);
      return;
    }
    const sealedGrant = await this.grants.seal(request.id, answer.grant);
    await this.checks.begin(undefined, { ...this.standingOrderCall(request), sealedGrant }, this.answerWithinMs);
    await this.submitStandingOrder(request, bank, answer.grant, context, submission);
  }

  /**
   * A decoupled standing order the user approved in the bank's app (found by polling, at a bank
   * that submits as a second step): the approval processed once, by one conditional move that
   * opens the check with the user's grant sealed on it, then the standing order submitted as after
   * a redirect return. An unclear answer keeps the request PENDING for the check to ask again;
   * a clear refusal rejects it.
   */
  async standingOrderApproved(
    request: TokenRequest,
    bank: Bank,
    grant: string,
    submission: StandingOrderSubmission,
  ): Promise<void> {
    const sealedGrant = await this.grants.seal(request.id, grant);
    const claimed = await this.issuance.claim(request, (tx) =>
      this.checks.begin(tx, { ...this.standingOrderCall(request), sealedGrant }, this.answerWithinMs),
    );
    if (claimed === null) return;
    try {
      await this.submitStandingOrder(claimed, bank, grant, {}, submission);
    } catch (error) {
      if (!isClearRefusal(error)) throw error;
      this.progression.logger.warn(
        { tokenRequestId: request.id, bankId: bank.id, err: error },
        'the bank refused the approved standing order',
      );
      await this.issuance.reject(claimed, 'REJECTED', failureReason(error));
    }
  }

  /**
   * The standing order submitted with the user's grant (sealed on its open check) under its
   * idempotency key: the bank's answer completes the request; no clear answer leaves it PENDING
   * with the check asked again; a clear refusal ends the check and is thrown for the caller.
   */
  private async submitStandingOrder(
    request: TokenRequest,
    bank: Bank,
    grant: string,
    context: CompletionContext,
    submission: StandingOrderSubmission,
  ): Promise<void> {
    const ctx = this.progression.callContext(bank.id, context.traceId, context.psuIpAddress);
    const initiation = standingOrderInitiationOf(request, { redirectUri: this.redirectUri });
    const ref = standingOrderCheckRef(request.id);
    let progress: PaymentProgress;
    try {
      progress = await submission.submitAuthorised(ctx, tokenRequestHandleOf(request), initiation, grant);
    } catch (error) {
      if (isClearRefusal(error)) {
        await this.checks.answered(ref);
        throw error;
      }
      this.progression.logger.warn(
        { tokenRequestId: request.id, bankId: bank.id, err: error },
        'standing order submission unanswered; the bank is asked again later',
      );
      await this.checks.unanswered(ref, error);
      return;
    }
    await this.withProgress(request, bank, progress, context, ref);
  }

  standingOrderSubmissionOf(bank: Bank): StandingOrderSubmission | undefined {
    return this.progression.connectors.capability(bank, 'standingOrders').standingOrderSubmission;
  }

  private standingOrderCall(request: TokenRequest) {
    return {
      ...standingOrderCheckRef(request.id),
      memberId: request.memberId,
      operation: STANDING_ORDER_SUBMISSION,
    };
  }

  /** When a submission's check first asks again: the bank's deadline and a grace. */
  private get answerWithinMs(): number {
    return this.progression.rules.bankDeadlineMs + LOST_INITIATION_GRACE_MS;
  }

  /**
   * The bank's answer once the user is done there (an embedded step's last answer, a decoupled
   * approval, a standing order's way back): a refusal rejects the request; otherwise the token,
   * and for a transfer the transfer the bank is already making. `endsCheck`: the outcome check the
   * answer ends, closed in the same transaction as the request's change (on its own when the
   * request had already ended).
   */
  async withProgress(
    request: TokenRequest,
    bank: Bank,
    progress: PaymentProgress,
    context: CompletionContext,
    endsCheck?: OutcomeRef,
  ): Promise<void> {
    const withChange = endsCheck === undefined ? undefined : (tx: Tx) => this.checks.answered(endsCheck, tx);
    if (!(await this.recordProgress(request, bank, progress, context, withChange)) && endsCheck !== undefined) {
      await this.checks.answered(endsCheck);
    }
  }

  /** The bank's answer recorded on the request; false when the request had already ended. */
  private async recordProgress(
    request: TokenRequest,
    bank: Bank,
    progress: PaymentProgress,
    context: CompletionContext,
    withChange: ((tx: Tx) => Promise<void>) | undefined,
  ): Promise<boolean> {
    if (REFUSALS.has(progress.outcome)) {
      return this.issuance.reject(
        request,
        refusalCode(progress.outcome),
        progress.statusReason ?? `The bank answered ${progress.bankStatus}.`,
        withChange,
      );
    }
    switch (request.kind) {
      case 'TRANSFER':
        return this.issueAndRedeem(
          request,
          bank,
          { bankConsentId: progress.handle.bankConsentId },
          context,
          () => Promise.resolve(progress),
          undefined,
          withChange,
        );
      case 'STANDING_ORDER': {
        const grant: TokenGrant = {
          bankConsentId: progress.handle.bankConsentId,
          ...(progress.handle.bankPaymentId === undefined
            ? {}
            : { standingOrderSubmissionId: progress.handle.bankPaymentId }),
        };
        return (await this.issuance.issue(request, bank, grant, withChange)) !== null;
      }
      default:
        throw new Error(`token request ${request.id} of kind ${request.kind} has no payment progress`);
    }
  }

  /**
   * A transfer request's way back: at a bank that submits as a second step the code is exchanged
   * for the user's grant, then the transfer submitted with it (the member's auto-redeem) or the
   * grant kept for POST /transfers (transferAuthorised); at a bank that pays in one step, redeemed
   * as the user authorises.
   */
  private async transferAfterRedirect(
    request: TokenRequest,
    bank: Bank,
    params: Readonly<Record<string, string>>,
    context: CompletionContext,
  ): Promise<void> {
    const payments = this.progression.connectors.capability(bank, 'payments');
    const ctx = this.progression.callContext(bank.id, context.traceId, context.psuIpAddress);
    const callback = {
      handle: tokenRequestHandleOf(request),
      params,
      redirectUri: this.redirectUri,
      initiation: transferInitiationOf(request, { redirectUri: this.redirectUri }),
    };
    const explicit = payments.explicitRedemption;
    // At a bank that submits as a second step, the grant first: an order without a clear answer is
    // then submitted again with it (sealed on the transfer's outcome check), under the same key.
    if (explicit !== undefined) {
      const answer = await explicit.authoriseRedirect(ctx, callback);
      if (answer.kind === 'refused') {
        await this.withProgress(request, bank, answer.progress, context);
        return;
      }
      await this.transferAuthorised(request, bank, answer.grant, context);
      return;
    }
    if (params['error'] !== undefined) {
      await this.recordRefusal(payments, ctx, callback, request);
      return;
    }
    await this.issueAndRedeem(request, bank, {}, context, () => payments.completeRedirect(ctx, callback));
  }

  /**
   * The user authorised a transfer at a bank that submits as a second step (the grant to submit
   * with in hand, nothing paid yet): with the member's auto-redeem, the token and its transfer,
   * stored before the bank is asked to pay; without, the token keeping the grant sealed for
   * POST /transfers.
   */
  async transferAuthorised(
    request: TokenRequest,
    bank: Bank,
    grant: string,
    context: CompletionContext,
  ): Promise<void> {
    const explicit = this.progression.connectors.capability(bank, 'payments').explicitRedemption;
    if (explicit === undefined || !(await this.members.autoRedeemOfOwner(request.memberId))) {
      await this.issuance.issue(request, bank, { grant });
      return;
    }
    const ctx = this.progression.callContext(bank.id, context.traceId, context.psuIpAddress);
    const initiation = transferInitiationOf(request, { redirectUri: this.redirectUri });
    await this.issueAndRedeem(
      request,
      bank,
      {},
      context,
      () => explicit.submitAuthorised(ctx, tokenRequestHandleOf(request), initiation, grant),
      grant,
    );
  }

  /** The user refused at the bank: the bank is told (its consent's status is read), the request ends without a token. */
  private async recordRefusal(
    payments: PaymentInitiationCapability,
    ctx: ReturnType<TransferProgression['callContext']>,
    callback: Parameters<PaymentInitiationCapability['completeRedirect']>[1],
    request: TokenRequest,
  ): Promise<void> {
    let reason = callback.params['error_description'] ?? 'The user did not authorise the payment at the bank.';
    try {
      const progress = await payments.completeRedirect(ctx, callback);
      reason = progress.statusReason ?? reason;
    } catch (error) {
      this.progression.logger.warn({ tokenRequestId: request.id, err: error }, 'reading the refused consent failed');
    }
    await this.issuance.reject(request, 'ACCESS_DENIED', reason);
  }

  /**
   * The token issued with its transfer, one transaction (the request is PROCESSED with its
   * transferId at once), then the bank asked to pay (`atBank`) and its answer recorded. `grant`:
   * the user's grant the order is submitted with, kept sealed on the transfer's outcome check so
   * an order without a clear answer is submitted again under the same key. `withChange`: what
   * else the issuance writes in its transaction. False when the request had already ended.
   */
  private async issueAndRedeem(
    request: TokenRequest,
    bank: Bank,
    tokenGrant: TokenGrant,
    context: CompletionContext,
    atBank: () => Promise<PaymentProgress>,
    grant?: string,
    withChange?: (tx: Tx) => Promise<void>,
  ): Promise<boolean> {
    const prepared = await this.redemption.prepare(grant);
    let stored: Transfer | undefined;
    const token = await this.issuance.issue(request, bank, tokenGrant, async (tx, issued) => {
      stored = await this.redemption.storeIn(tx, this.redemptionOf(request, issued, bank, context), prepared);
      if (withChange !== undefined) await withChange(tx);
    });
    if (stored !== undefined) await this.redemption.submit(stored, bank, atBank);
    return token !== null;
  }

  private redemptionOf(request: TokenRequest, token: Token, bank: Bank, context: CompletionContext): Redemption {
    const payload = payloadOf(request);
    const body = payload.transferBody;
    if (body === undefined) throw new Error(`token request ${request.id} is not a transfer request`);
    const destination = body.instructions.transferDestinations[0];
    if (destination === undefined) throw new Error(`token request ${request.id} has no transfer destination`);
    const json = (value: unknown): Prisma.InputJsonValue => JSON.parse(JSON.stringify(value)) as Prisma.InputJsonValue;
    const amount = { value: body.lifetimeAmount, currency: body.currency };
    return {
      token,
      bank,
      amount,
      payload: {
        refId: payload.refId,
        tokenId: token.id,
        amount,
        ...(payload.description === undefined ? {} : { description: payload.description }),
        transferDestinations: json(body.instructions.transferDestinations),
        ...(body.confirmFunds === undefined ? {} : { confirmFunds: body.confirmFunds }),
        ...(body.instructions.metadata === undefined ? {} : { metadata: json(body.instructions.metadata) }),
        ...(payload.actingAs === undefined ? {} : { actingAs: json(payload.actingAs) }),
      },
      refId: payload.refId,
      localInstrument: destinationAccount(destination).rail,
      ...transferDatingOf(request),
      ...transferSettlementOf(request),
      ...(payload.actingAs?.refId === undefined ? {} : { actingAsRefId: payload.actingAs.refId }),
      ...(context.traceId === undefined ? {} : { traceId: context.traceId }),
    };
  }

  /** The request as it stands now. */
  async reload(request: TokenRequest): Promise<TokenRequest> {
    return (await this.tokenRequests.findById(request.id)) ?? request;
  }
}
