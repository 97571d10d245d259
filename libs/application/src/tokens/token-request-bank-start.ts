import { Injectable } from '@nestjs/common';
import { GatewayError } from '#libs/common';
import { TokenRequestRepository, Transactions, type Bank, type TokenRequest } from '#libs/db';
import { futureDatedConversion, type TokenRequestPayloadInput } from '#libs/domain';
import {
  standingOrderInitiationOf,
  tokenRequestState,
  transferInitiationOf,
} from '../transfers/token-request-initiation.js';
import { TransferProgression } from '../transfers/transfer-progression.js';
import { accessPermissionsOf } from './access-permissions.js';
import { CompleteTokenRequest, type CompletionContext } from './complete-token-request.js';
import { recordTokenRequestChange } from './record-token-request-change.js';
import { bankStartOf, finishAtBank, type BankStart } from './token-request-bank-answer.js';
import {
  answerOfStep,
  stepOfBankAnswer,
  storedStep,
  type BankAuthorizationAnswer,
  type WaitingStep,
} from './token-request-step.js';
import { nextDecoupledPollAt } from './token-request-timer-row.js';

/** Who the bank's consent page names (the sub-TPP or the member), beside the call's trace. */
export type BankStartContext = CompletionContext & { readonly requestingParty?: string };

/** Where a request stands once started at a bank: the step it waits at (undefined once it has ended) and the answer. */
export interface StartedAtBank {
  readonly step: WaitingStep | undefined;
  readonly answer: BankAuthorizationAnswer;
}

/**
 * The start of a token request's authorisation at a bank: asks `bank` for what the request's
 * kind needs (a payment, a standing order or account access) and stores the bank, its consent and
 * the user's step on the request (version-checked); a decoupled step sets the request's timer to
 * poll the bank. A bank that needs nothing more completes the request at once.
 */
@Injectable()
export class TokenRequestBankStart {
  constructor(
    private readonly tokenRequests: TokenRequestRepository,
    private readonly transactions: Transactions,
    private readonly progression: TransferProgression,
    private readonly completion: CompleteTokenRequest,
  ) {}

  async start(request: TokenRequest, bank: Bank, context: BankStartContext): Promise<StartedAtBank> {
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
    return { step, answer: await finishAtBank(this.completion, stored, bank, start, context) };
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

  private async askBank(request: TokenRequest, bank: Bank, context: BankStartContext): Promise<BankStart> {
    const ctx = this.progression.callContext(bank.id, context.traceId, context.psuIpAddress);
    const redirectUri = this.progression.redirectUri;
    const bankContext = {
      redirectUri,
      ...(context.requestingParty === undefined ? {} : { requestingParty: { displayName: context.requestingParty } }),
    };
    switch (request.kind) {
      case 'TRANSFER':
        return bankStartOf(
          await this.progression.connectors
            .capability(bank, 'payments')
            .initiatePayment(ctx, transferInitiationOf(request, bankContext)),
        );
      case 'STANDING_ORDER':
        return bankStartOf(
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
}
