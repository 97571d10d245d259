import { Injectable } from '@nestjs/common';
import {
  BankRejectedError,
  type BankOutcome,
  type BankPaymentHandle,
  type PaymentInitiationCapability,
  type PaymentProgress,
} from '#libs/connectors';
import {
  BankRepository,
  MemberRepository,
  TokenRequestRepository,
  type Bank,
  type Prisma,
  type Token,
  type TokenRequest,
} from '#libs/db';
import { destinationAccount, type TokenRequestPayloadInput } from '#libs/domain';
import { SecretBox } from '#libs/secrets';
import { tokenGrantSeal } from '../transfers/redeem-transfer.usecase.js';
import { TransferProgression } from '../transfers/transfer-progression.js';
import { TransferRedemption } from '../transfers/transfer-redemption.js';
import { TokenIssuance } from './token-issuance.js';
import {
  standingOrderInitiationOf,
  transferDatingOf,
  transferInitiationOf,
  transferSettlementOf,
} from './token-request-initiation.js';
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
    private readonly secrets: SecretBox,
  ) {}

  get redirectUri(): string {
    return this.progression.redirectUri;
  }

  async bankOf(request: TokenRequest): Promise<Bank> {
    const bank = request.bankId === null ? null : await this.banks.find(request.bankId);
    if (bank === null) throw new Error(`token request ${request.id} has no known bank`);
    return bank;
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
   * The bank's answer once the user is done there (an embedded step's last answer, a decoupled
   * approval, a standing order's way back): a refusal rejects the request; otherwise the token,
   * and for a transfer the transfer the bank is already making.
   */
  async withProgress(
    request: TokenRequest,
    bank: Bank,
    progress: PaymentProgress,
    context: CompletionContext,
  ): Promise<void> {
    if (REFUSALS.has(progress.outcome)) {
      await this.issuance.reject(
        request,
        refusalCode(progress.outcome),
        progress.statusReason ?? `The bank answered ${progress.bankStatus}.`,
      );
      return;
    }
    switch (request.kind) {
      case 'TRANSFER': {
        const token = await this.issuance.issue(request, bank, { bankConsentId: progress.handle.bankConsentId });
        if (token !== null) await this.redeem(request, token, bank, context, () => Promise.resolve(progress));
        return;
      }
      case 'STANDING_ORDER':
        await this.issuance.issue(request, bank, {
          bankConsentId: progress.handle.bankConsentId,
          ...(progress.handle.bankPaymentId === undefined
            ? {}
            : { standingOrderSubmissionId: progress.handle.bankPaymentId }),
        });
        return;
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
    const token = await this.issuance.issue(request, bank, {});
    if (token !== null)
      await this.redeem(request, token, bank, context, () => payments.completeRedirect(ctx, callback));
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
    const token = await this.issuance.issue(request, bank, {});
    if (token === null) return;
    const ctx = this.progression.callContext(bank.id, context.traceId, context.psuIpAddress);
    const initiation = transferInitiationOf(request, { redirectUri: this.redirectUri });
    const sealedGrant = await this.secrets.seal(tokenGrantSeal(token.id), grant);
    await this.redeem(
      request,
      token,
      bank,
      context,
      () => explicit.submitAuthorised(ctx, tokenRequestHandleOf(request), initiation, grant),
      sealedGrant,
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

  private async redeem(
    request: TokenRequest,
    token: Token,
    bank: Bank,
    context: CompletionContext,
    atBank: () => Promise<PaymentProgress>,
    sealedGrant?: string,
  ): Promise<void> {
    const payload = payloadOf(request);
    const body = payload.transferBody;
    if (body === undefined) throw new Error(`token request ${request.id} is not a transfer request`);
    const destination = body.instructions.transferDestinations[0];
    if (destination === undefined) throw new Error(`token request ${request.id} has no transfer destination`);
    const json = (value: unknown): Prisma.InputJsonValue => JSON.parse(JSON.stringify(value)) as Prisma.InputJsonValue;
    const amount = { value: body.lifetimeAmount, currency: body.currency };
    await this.redemption.redeem(
      {
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
        ...(sealedGrant === undefined ? {} : { sealedGrant }),
      },
      atBank,
    );
  }

  /** The request as it stands now. */
  async reload(request: TokenRequest): Promise<TokenRequest> {
    return (await this.tokenRequests.findById(request.id)) ?? request;
  }
}
