import { Injectable } from '@nestjs/common';
import type {
  DecoupledAuthorisation,
  ExplicitRedemption,
  PaymentProgress,
  StandingOrderSubmission,
} from '#libs/connectors';
import { TokenRequestRepository, Transactions, type Bank, type TokenRequest } from '#libs/db';
import type { TokenRequestStatus } from '#libs/domain';
import { OutcomeChecks } from '../bank-truth/outcome-checks.js';
import { TransferProgression } from '../transfers/transfer-progression.js';
import { CompleteTokenRequest, tokenRequestHandleOf } from './complete-token-request.js';
import { recordTokenRequestChange } from './record-token-request-change.js';
import { standingOrderCheckRef } from './standing-order-check.js';
import { standingOrderInitiationOf, transferInitiationOf } from '../transfers/token-request-initiation.js';
import { storedStep, tokenRequestStepOf } from './token-request-step.js';
import { nextDecoupledPollAt, scheduleTokenRequestTimer } from './token-request-timer-row.js';

/**
 * A token request's timer fired (the worker's token-requests.timer): a request still PENDING at
 * the end of its authorisation window becomes EXPIRED and can no longer be used, once the bank
 * says the user did not authorise it (expireUnlessPaid); before that, a
 * request waiting for the user's approval in the bank's app (decoupled) asks the bank, on the
 * bank's polling schedule, and is completed as the bank callback would complete it once the
 * bank says the user approved (or refused). Safe to run twice: every move is made from PENDING
 * only, and a completion is claimed before any bank call that would act on the approval.
 */
/** How soon a bank that could not be asked before an expiry is asked again, and for how long past the window. */
const ASK_BEFORE_EXPIRY_RETRY_MS = 60_000;
const ASK_BEFORE_EXPIRY_MAX_MS = 24 * 60 * 60 * 1000;

@Injectable()
export class TokenRequestTimer {
  constructor(
    private readonly tokenRequests: TokenRequestRepository,
    private readonly transactions: Transactions,
    private readonly progression: TransferProgression,
    private readonly completion: CompleteTokenRequest,
    private readonly checks: OutcomeChecks,
  ) {}

  /** The request's status after the rule (unchanged when not due). */
  async onTimer(tokenRequestId: string): Promise<TokenRequestStatus | undefined> {
    const request = await this.tokenRequests.findById(tokenRequestId);
    if (request === null) return undefined;
    // A standing order submitted without a clear answer is its outcome check's to ask: nothing expires it meanwhile.
    if (request.kind === 'STANDING_ORDER' && (await this.checks.find(standingOrderCheckRef(request.id))) !== null)
      return request.status;
    const now = this.progression.clock.now();
    if (request.status === 'PENDING' && now.getTime() >= request.expiresAt.getTime())
      return this.expireUnlessPaid(request, now);
    const step = tokenRequestStepOf(request.authorization);
    if (request.status === 'PENDING' && step?.kind === 'decoupled') await this.poll(request, step.polls);
    return (await this.completion.reload(request)).status;
  }

  /**
   * Nothing expires without asking the bank: a transfer or standing order at a bank that pays as
   * the user authorises (Berlin Group) may have been approved by a user who never came back. The
   * bank is asked first, and a request it says the user authorised is completed as the callback
   * would have completed it (token, transfer), not expired. A bank that cannot be asked now is
   * asked again after a minute, for at most a day past the window; then the request expires.
   */
  private async expireUnlessPaid(request: TokenRequest, now: Date): Promise<TokenRequestStatus | undefined> {
    if (request.kind === 'ACCESS' || request.bankConsentId === null || request.bankId === null)
      return this.expire(request.id);
    const bank = await this.completion.bankOf(request);
    const explicit =
      request.kind === 'TRANSFER'
        ? this.progression.connectors.capability(bank, 'payments').explicitRedemption
        : undefined;
    // A bank that submits in a second step pays nothing until the gateway submits: no order, nothing to follow.
    if (explicit !== undefined) return this.expire(request.id);
    const submission = request.kind === 'STANDING_ORDER' ? this.completion.standingOrderSubmissionOf(bank) : undefined;
    if (submission !== undefined && tokenRequestStepOf(request.authorization)?.kind === 'decoupled')
      return this.expireUnlessApproved(request, bank, now, submission);
    let progress: PaymentProgress;
    try {
      progress = await this.statusAtBank(request, bank);
    } catch (error) {
      this.progression.logger.warn(
        { tokenRequestId: request.id, bankId: bank.id, err: error },
        'bank status before expiry could not be read; asking again later',
      );
      return this.askAgainBeforeExpiry(request, now);
    }
    if (progress.outcome === 'AWAITING_AUTHORISATION') return this.expire(request.id);
    const claimed = await this.completion.issuance.claim(request);
    if (claimed === null) return (await this.completion.reload(request)).status;
    await this.completion.withProgress(claimed, bank, progress, {});
    return (await this.completion.reload(request)).status;
  }

  /**
   * A decoupled standing order at a bank that submits as a second step, at the end of its window:
   * an approval the polls had not found yet goes through the checked submission; no approval
   * expires the request.
   */
  private async expireUnlessApproved(
    request: TokenRequest,
    bank: Bank,
    now: Date,
    submission: StandingOrderSubmission,
  ): Promise<TokenRequestStatus | undefined> {
    let answer: DecoupledAuthorisation;
    try {
      answer = await this.approvalOf(request, bank, submission);
    } catch (error) {
      this.progression.logger.warn(
        { tokenRequestId: request.id, bankId: bank.id, err: error },
        'approval before expiry could not be read; asking again later',
      );
      return this.askAgainBeforeExpiry(request, now);
    }
    if (answer.kind === 'waiting') return this.expire(request.id);
    await this.completeApproval(request, bank, answer, submission);
    return (await this.completion.reload(request)).status;
  }

  /** A bank that could not be asked before the expiry is asked again after a minute, for at most a day. */
  private async askAgainBeforeExpiry(request: TokenRequest, now: Date): Promise<TokenRequestStatus | undefined> {
    if (now.getTime() - request.expiresAt.getTime() >= ASK_BEFORE_EXPIRY_MAX_MS) return this.expire(request.id);
    await this.transactions.run((tx) =>
      scheduleTokenRequestTimer(tx, request.id, new Date(now.getTime() + ASK_BEFORE_EXPIRY_RETRY_MS)),
    );
    return request.status;
  }

  private expire(tokenRequestId: string): Promise<TokenRequestStatus | undefined> {
    return this.transactions.run(async (tx) => {
      const request = await this.tokenRequests.in(tx).lock(tokenRequestId);
      if (request === null) return undefined;
      const now = this.progression.clock.now();
      if (!this.isDue(request, now)) return request.status;
      const expired = await recordTokenRequestChange(tx, this.tokenRequests, request, {
        status: 'EXPIRED',
        updatedAt: now,
        statusReasonInformation: 'The user did not authorise the request in time.',
        authorization: null,
      });
      return expired?.status ?? request.status;
    });
  }

  /** Asks the bank whether the user approved; still waiting: the next poll; answered: the request completed. */
  private async poll(request: TokenRequest, polls: number): Promise<void> {
    const bank = await this.completion.bankOf(request);
    const explicit =
      request.kind === 'TRANSFER'
        ? this.progression.connectors.capability(bank, 'payments').explicitRedemption
        : undefined;
    if (explicit !== undefined) {
      await this.pollTwoStepTransfer(request, bank, polls, explicit);
      return;
    }
    const submission = request.kind === 'STANDING_ORDER' ? this.completion.standingOrderSubmissionOf(bank) : undefined;
    if (submission !== undefined) {
      await this.pollTwoStepStandingOrder(request, bank, polls, submission);
      return;
    }
    let progress: PaymentProgress | undefined;
    try {
      progress = await this.statusAtBank(request, bank);
    } catch (error) {
      this.progression.logger.warn(
        { tokenRequestId: request.id, bankId: bank.id, err: error },
        'token request status poll failed; polling again later',
      );
    }
    if (progress === undefined || progress.next.kind === 'decoupled') {
      await this.pollAgain(request, bank, polls + 1);
      return;
    }
    const claimed = await this.completion.issuance.claim(request);
    if (claimed === null) return;
    // The window's end stays the safety net should this process stop before the completion is written.
    await this.transactions.run((tx) => scheduleTokenRequestTimer(tx, request.id, request.expiresAt));
    await this.completion.withProgress(claimed, bank, progress, {});
  }

  /**
   * A transfer at a bank that submits as a second step: the approval is asked for without
   * submitting, so that the transfer is stored before the bank is asked to pay (an approval seen
   * by a process that then stops pays nothing; the request expires).
   */
  private async pollTwoStepTransfer(
    request: TokenRequest,
    bank: Bank,
    polls: number,
    explicit: ExplicitRedemption,
  ): Promise<void> {
    let answer: DecoupledAuthorisation | undefined;
    try {
      answer = await explicit.authoriseDecoupled(
        this.progression.callContext(bank.id),
        tokenRequestHandleOf(request),
        transferInitiationOf(request, { redirectUri: this.progression.redirectUri }),
      );
    } catch (error) {
      this.progression.logger.warn(
        { tokenRequestId: request.id, bankId: bank.id, err: error },
        'token request approval poll failed; polling again later',
      );
    }
    if (answer === undefined || answer.kind === 'waiting') {
      await this.pollAgain(request, bank, polls + 1);
      return;
    }
    const claimed = await this.completion.issuance.claim(request);
    if (claimed === null) return;
    await this.transactions.run((tx) => scheduleTokenRequestTimer(tx, request.id, request.expiresAt));
    if (answer.kind === 'refused') await this.completion.withProgress(claimed, bank, answer.progress, {});
    else await this.completion.transferAuthorised(claimed, bank, answer.grant, {});
  }

  /**
   * A standing order at a bank that submits as a second step: the approval is asked for without
   * submitting; once approved, the standing order goes through the checked submission (its grant
   * sealed on the check opened with the claim, asked again while the bank's answer is unknown).
   */
  private async pollTwoStepStandingOrder(
    request: TokenRequest,
    bank: Bank,
    polls: number,
    submission: StandingOrderSubmission,
  ): Promise<void> {
    let answer: DecoupledAuthorisation | undefined;
    try {
      answer = await this.approvalOf(request, bank, submission);
    } catch (error) {
      this.progression.logger.warn(
        { tokenRequestId: request.id, bankId: bank.id, err: error },
        'token request approval poll failed; polling again later',
      );
    }
    if (answer === undefined || answer.kind === 'waiting') {
      await this.pollAgain(request, bank, polls + 1);
      return;
    }
    await this.completeApproval(request, bank, answer, submission);
  }

  private approvalOf(
    request: TokenRequest,
    bank: Bank,
    submission: StandingOrderSubmission,
  ): Promise<DecoupledAuthorisation> {
    return submission.authoriseDecoupled(
      this.progression.callContext(bank.id),
      tokenRequestHandleOf(request),
      standingOrderInitiationOf(request, { redirectUri: this.progression.redirectUri }),
    );
  }

  /** The user's answer in the banking app: an approval submits through the checked path, a refusal rejects. */
  private async completeApproval(
    request: TokenRequest,
    bank: Bank,
    answer: Exclude<DecoupledAuthorisation, { kind: 'waiting' }>,
    submission: StandingOrderSubmission,
  ): Promise<void> {
    if (answer.kind === 'authorised') {
      await this.completion.standingOrderApproved(request, bank, answer.grant, submission);
      return;
    }
    const claimed = await this.completion.issuance.claim(request);
    if (claimed === null) return;
    await this.transactions.run((tx) => scheduleTokenRequestTimer(tx, request.id, request.expiresAt));
    await this.completion.withProgress(claimed, bank, answer.progress, {});
  }

  private statusAtBank(request: TokenRequest, bank: Bank): Promise<PaymentProgress> {
    const ctx = this.progression.callContext(bank.id);
    const redirectUri = this.progression.redirectUri;
    if (request.kind === 'STANDING_ORDER')
      return this.progression.connectors
        .capability(bank, 'standingOrders')
        .getStandingOrderStatus(
          ctx,
          tokenRequestHandleOf(request),
          standingOrderInitiationOf(request, { redirectUri }),
        );
    return this.progression.connectors
      .capability(bank, 'payments')
      .getPaymentStatus(ctx, tokenRequestHandleOf(request), transferInitiationOf(request, { redirectUri }));
  }

  private async pollAgain(request: TokenRequest, bank: Bank, polls: number): Promise<void> {
    const now = this.progression.clock.now();
    await this.transactions.run(async (tx) => {
      await recordTokenRequestChange(
        tx,
        this.tokenRequests,
        request,
        { updatedAt: now, authorization: storedStep({ kind: 'decoupled', decoupled: true, polls }) },
        nextDecoupledPollAt(request.expiresAt, this.progression.scheduleOf(bank), polls, now),
      );
    });
  }

  private isDue(request: TokenRequest, now: Date): boolean {
    return request.status === 'PENDING' && now.getTime() >= request.expiresAt.getTime();
  }
}
