import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, GatewayError, type AppConfig } from '#libs/common';
import { BankRejectedError, hasConnector, type AuthorisationStep, type PaymentProgress } from '#libs/connectors';
import { BankRepository, TokenRequestRepository, Transactions, type Bank, type TokenRequest } from '#libs/db';
import {
  futureDatedConversion,
  type MemberId,
  type TokenRequestOptionsInput,
  type TokenRequestPayloadInput,
} from '#libs/domain';
import { HOSTED_PAGES_PATH } from '../browser-paths/browser-paths.js';
import { TransferProgression } from '../transfers/transfer-progression.js';
import { accessPermissionsOf } from './access-permissions.js';
import { CompleteTokenRequest, tokenRequestHandleOf, type CompletionContext } from './complete-token-request.js';
import {
  standingOrderInitiationOf,
  tokenRequestState,
  transferInitiationOf,
} from '../transfers/token-request-initiation.js';
import { TokenRequestingParty } from './token-requesting-party.js';
import {
  answerOfStep,
  stepOfBankAnswer,
  storedStep,
  tokenRequestStepOf,
  type BankAuthorizationAnswer,
  type WaitingStep,
} from './token-request-step.js';
import { recordTokenRequestChange } from './record-token-request-change.js';
import { nextDecoupledPollAt } from './token-request-timer-row.js';

/** POST /token-requests/{tokenRequestId}/authorization, validated. */
export interface AuthorizeTokenRequestCommand {
  readonly memberId: MemberId;
  /** The member's display name: what the bank's consent page names when the request acts for no sub-TPP. */
  readonly displayName?: string;
  readonly tokenRequestId: string;
  /** The bank to authorise at; else requestOptions.bankId. */
  readonly bankId?: string;
  /** Values for the fields of the embedded step the request is at. */
  readonly credentials?: Readonly<Record<string, string>>;
  /** An embedded step at the bank is answered with the hosted page that asks the user for its fields. */
  readonly useWebappCredentialsFlow?: boolean;
  readonly traceId?: string;
  readonly psuIpAddress?: string;
}

/** The bank's answer to the start of an authorisation: its consent id, continuation and the user's next step. */
interface BankStart {
  readonly bankConsentId: string;
  readonly continuation?: Readonly<Record<string, string>>;
  readonly next: AuthorisationStep;
  /** For payments: the whole answer (a bank that needs no step may already have an outcome). */
  readonly progress?: PaymentProgress;
}

/** The hosted bank-selection page of a token request. */
export function hostedTokenRequestPath(callbackToken: string): string {
  return `${HOSTED_PAGES_PATH}/token-requests/${encodeURIComponent(callbackToken)}`;
}

/** The hosted page of where a token request stands: the bank's embedded fields, the wait for approval, or onward. */
export function hostedTokenRequestStatusPath(callbackToken: string): string {
  return `${hostedTokenRequestPath(callbackToken)}/status`;
}

/**
 * Starts (or continues) the user's authorisation of a token request at a bank: the consent or
 * payment the request's kind asks for, then the step the bank wants (its page, fields, approval
 * in its app). With `credentials` it submits the fields of the embedded step the request is at.
 * Without a bank, or with requestOptions.tokenInternal.usingWebApp, the user is sent to the
 * hosted bank-selection page, which continues here once a bank is picked; with
 * useWebappCredentialsFlow, an embedded step is answered with the hosted page that asks for its
 * fields (and submits them here, as `credentials` do).
 */
@Injectable()
export class AuthorizeTokenRequestUseCase {
  constructor(
    private readonly tokenRequests: TokenRequestRepository,
    private readonly banks: BankRepository,
    private readonly transactions: Transactions,
    private readonly progression: TransferProgression,
    private readonly completion: CompleteTokenRequest,
    private readonly requestingParty: TokenRequestingParty,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(command: AuthorizeTokenRequestCommand): Promise<BankAuthorizationAnswer> {
    const request = await this.tokenRequests.findForMember(command.memberId, command.tokenRequestId);
    if (request === null) throw GatewayError.notFound(command.tokenRequestId);
    this.assertOpen(request);
    const context = { traceId: command.traceId, psuIpAddress: command.psuIpAddress };
    if (command.credentials !== undefined && Object.keys(command.credentials).length > 0)
      return this.submitEmbedded(request, command.credentials, context);
    const options = (request.requestOptions ?? {}) as TokenRequestOptionsInput;
    if (options.tokenInternal?.usingWebApp === true)
      return { redirectUrl: `${this.config.http.publicBaseUrl}${hostedTokenRequestPath(request.callbackToken)}` };
    const bankId = command.bankId ?? options.bankId;
    if (bankId === undefined)
      throw GatewayError.invalidField(
        'bankId',
        'bankId is required: name the bank in the body or in the token request (requestOptions.bankId), or use the hosted pages (requestOptions.tokenInternal.usingWebApp).',
        'Field.Expected',
      );
    const bank = await this.banks.find(bankId);
    if (bank === null || !hasConnector(bank.connectorType))
      throw GatewayError.invalidField('bankId', `Bank ${bankId} is not known.`);
    const started = await this.start(request, bank, {
      ...context,
      requestingParty: await this.requestingParty.nameOf(request, command.displayName),
    });
    if (command.useWebappCredentialsFlow === true && started.step?.kind === 'embedded')
      return {
        redirectUrl: `${this.config.http.publicBaseUrl}${hostedTokenRequestStatusPath(request.callbackToken)}`,
      };
    return started.answer;
  }

  /**
   * Values for the fields of the embedded step an open request is at (a TPP's `credentials`, or
   * the hosted page's form): the bank's next step, or (done) the request completed. A refusal by
   * the bank rejects the request; an unreachable bank leaves the step open.
   */
  async submitEmbedded(
    request: TokenRequest,
    credentials: Readonly<Record<string, string>>,
    context: CompletionContext,
  ): Promise<BankAuthorizationAnswer> {
    this.assertOpen(request);
    if (tokenRequestStepOf(request.authorization)?.kind !== 'embedded')
      throw GatewayError.invalidField('credentials', `Token request ${request.id} is not waiting for credentials.`);
    return this.submitCredentials(request, credentials, context);
  }

  /** A request the user can still authorise: PENDING, inside its window, and not being completed. */
  assertOpen(request: TokenRequest): void {
    const expired = this.progression.clock.now().getTime() >= request.expiresAt.getTime();
    if (request.status !== 'PENDING' || expired)
      throw new GatewayError('InvalidArgument', {
        message: `Token request ${request.id} cannot be authorised: its status is ${expired && request.status === 'PENDING' ? 'EXPIRED' : request.status}.`,
        paths: ['tokenRequestId'],
      });
    if (tokenRequestStepOf(request.authorization)?.kind === 'completing')
      throw new GatewayError('InvalidArgument', {
        message: `Token request ${request.id} is being completed at the bank.`,
        paths: ['tokenRequestId'],
      });
  }

  /**
   * Asks `bank` for what the request's kind needs and stores the bank, its consent and the
   * user's step on the request (version-checked); a decoupled step sets the request's timer to
   * poll the bank. A bank that needs nothing more completes the request at once.
   */
  async startAtBank(
    request: TokenRequest,
    bank: Bank,
    context: CompletionContext & { readonly requestingParty?: string },
  ): Promise<BankAuthorizationAnswer> {
    return (await this.start(request, bank, context)).answer;
  }

  /** startAtBank, with the step the request now waits at (undefined once it has ended). */
  private async start(
    request: TokenRequest,
    bank: Bank,
    context: CompletionContext & { readonly requestingParty?: string },
  ): Promise<{ readonly step: WaitingStep | undefined; readonly answer: BankAuthorizationAnswer }> {
    const conversion = this.futureDatedConversionAt(request, bank);
    const asked = conversion === undefined ? request : { ...request, convertedExecutionDate: conversion };
    const start = await this.askBank(asked, bank, context);
    const step = stepOfBankAnswer(start.next);
    const now = this.progression.clock.now();
    const stored = await this.transactions.run(async (tx) => {
      return recordTokenRequestChange(
        tx,
        this.tokenRequests,
        request,
        {
          updatedAt: now,
          bankId: bank.id,
          bankConsentId: start.bankConsentId,
          bankContinuation: start.continuation === undefined ? null : { ...start.continuation },
          authorization: step === undefined ? storedStep({ kind: 'completing' }) : storedStep(step),
          ...(conversion === undefined ? {} : { convertedExecutionDate: conversion }),
        },
        step?.kind === 'decoupled'
          ? nextDecoupledPollAt(request.expiresAt, this.progression.scheduleOf(bank), 0, now)
          : undefined,
      );
    });
    if (stored === null)
      throw new GatewayError('CONFLICT', { message: `Token request ${request.id} changed meanwhile; try again.` });
    if (step !== undefined) return { step, answer: answerOfStep(step, tokenRequestState(request.callbackToken)) };
    return { step, answer: await this.finish(stored, bank, start, context) };
  }

  /**
   * For a transfer request: the bank opening its payment is dated for when the bank is closed
   * now (futureDatedConversion), or null for an immediate payment; undefined for other kinds.
   * Decided at each start at a bank and kept on the request, so every later call for it sends
   * the same initiation.
   */
  private futureDatedConversionAt(request: TokenRequest, bank: Bank): string | null | undefined {
    if (request.kind !== 'TRANSFER') return undefined;
    const opening = futureDatedConversion(
      request.requestPayload as unknown as TokenRequestPayloadInput,
      { features: bank.features as Record<string, boolean>, operationalTime: bank.operationalTime },
      this.progression.clock.now(),
    );
    return opening?.at ?? null;
  }

  private async askBank(
    request: TokenRequest,
    bank: Bank,
    context: CompletionContext & { readonly requestingParty?: string },
  ): Promise<BankStart> {
    const ctx = this.progression.callContext(bank.id, context.traceId, context.psuIpAddress);
    const redirectUri = this.progression.redirectUri;
    const bankContext = {
      redirectUri,
      ...(context.requestingParty === undefined ? {} : { requestingParty: { displayName: context.requestingParty } }),
    };
    switch (request.kind) {
      case 'TRANSFER':
        return this.fromProgress(
          await this.progression.connectors
            .capability(bank, 'payments')
            .initiatePayment(ctx, transferInitiationOf(request, bankContext)),
        );
      case 'STANDING_ORDER':
        return this.fromProgress(
          await this.progression.connectors
            .capability(bank, 'standingOrders')
            .createStandingOrder(ctx, standingOrderInitiationOf(request, bankContext)),
        );
      case 'ACCESS': {
        const payload = request.requestPayload as unknown as TokenRequestPayloadInput;
        const expiration = payload.tokenExpiration === undefined ? Number.NaN : Number(payload.tokenExpiration);
        const access = await this.progression.connectors.capability(bank, 'accounts').createAccountAccess(ctx, {
          permissions: accessPermissionsOf(payload.accessBody?.resourceTypeList?.resources ?? []),
          redirectUri,
          state: tokenRequestState(request.callbackToken),
          nonce: request.nonce,
          ...(Number.isFinite(expiration) ? { expiresAt: new Date(expiration).toISOString() } : {}),
        });
        if (access.next.kind !== 'redirect')
          throw new GatewayError('UNIMPLEMENTED', {
            message: `Bank ${bank.id} asks for account access without a redirect, which token requests do not support.`,
          });
        return { bankConsentId: access.bankConsentId, next: access.next };
      }
      default:
        throw new Error(`token request ${request.id} has unknown kind ${request.kind}`);
    }
  }

  private fromProgress(progress: PaymentProgress): BankStart {
    return {
      bankConsentId: progress.handle.bankConsentId,
      ...(progress.handle.continuation === undefined ? {} : { continuation: progress.handle.continuation }),
      next: progress.next,
      progress,
    };
  }

  /** Values for the embedded step's fields: the bank's next step, or (done) the request completed. */
  private async submitCredentials(
    request: TokenRequest,
    credentials: Readonly<Record<string, string>>,
    context: CompletionContext,
  ): Promise<BankAuthorizationAnswer> {
    const step = tokenRequestStepOf(request.authorization);
    const expected = step?.kind === 'embedded' ? step.step.fields.map((field) => field.id) : [];
    const missing = expected.filter((id) => credentials[id] === undefined || credentials[id] === '');
    if (missing.length > 0)
      throw GatewayError.invalidField(
        `credentials.${missing[0] ?? ''}`,
        `credentials is missing the requested field(s): ${missing.join(', ')}.`,
        'Field.Expected',
      );
    const bank = await this.completion.bankOf(request);
    let progress: PaymentProgress;
    try {
      progress = await this.progression.connectors
        .capability(bank, 'payments')
        .submitEmbeddedAuth(
          this.progression.callContext(bank.id, context.traceId, context.psuIpAddress),
          tokenRequestHandleOf(request),
          credentials,
        );
    } catch (error) {
      if (!(error instanceof BankRejectedError)) throw error;
      await this.completion.issuance.reject(request, 'REJECTED', error.message);
      throw error;
    }
    const start = this.fromProgress(progress);
    const next = stepOfBankAnswer(progress.next);
    const updated = await this.transactions.run((tx) =>
      recordTokenRequestChange(tx, this.tokenRequests, request, {
        updatedAt: this.progression.clock.now(),
        ...(start.bankConsentId === '' ? {} : { bankConsentId: start.bankConsentId }),
        ...(start.continuation === undefined ? {} : { bankContinuation: { ...start.continuation } }),
        authorization: next === undefined ? storedStep({ kind: 'completing' }) : storedStep(next),
      }),
    );
    if (updated === null)
      throw new GatewayError('CONFLICT', { message: `Token request ${request.id} changed meanwhile; try again.` });
    if (next !== undefined) return answerOfStep(next, tokenRequestState(request.callbackToken));
    return this.finish(updated, bank, start, context);
  }

  /** The bank needs nothing more from the user: the request ends (token, or rejected) and the answer says so. */
  private async finish(
    request: TokenRequest,
    bank: Bank,
    start: BankStart,
    context: CompletionContext,
  ): Promise<BankAuthorizationAnswer> {
    if (start.progress === undefined) throw new Error(`token request ${request.id} ended without a bank answer`);
    await this.completion.withProgress(request, bank, start.progress, context);
    const ended = await this.completion.reload(request);
    if (ended.status !== 'PROCESSED')
      throw new GatewayError('PermissionDenied', {
        message: (ended.statusReasonInformation ?? `The bank did not authorise token request ${request.id}.`).slice(
          0,
          256,
        ),
      });
    return { status: 'AUTHENTICATED' };
  }
}
