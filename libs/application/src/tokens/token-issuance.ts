import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, Clock, type AppConfig } from '#libs/common';
import {
  TokenRepository,
  TokenRequestRepository,
  Transactions,
  type Bank,
  type Token,
  type TokenRequest,
  type TokenRequestChange,
  type Tx,
} from '#libs/db';
import { newId, type TokenRequestPayloadInput } from '#libs/domain';
import { SigningKeyStore } from '#libs/events';
import { SecretBox } from '#libs/secrets';
import { tokenPayloadOf } from './token-view.js';
import { signTokenRequestResult } from './token-request-signature.js';
import { storedStep, type TokenRequestErrorCode } from './token-request-step.js';
import { recordTokenRequestChange } from './record-token-request-change.js';

/** What the bank gave for the token: its consent, the grant to act with later (sealed), a standing order's id. */
export interface TokenGrant {
  readonly bankConsentId?: string;
  readonly grant?: string;
  readonly standingOrderSubmissionId?: string;
}

/** The sealing context of a token's bank grant. */
export function tokenGrantContext(tokenId: string): { readonly purpose: string; readonly recordId: string } {
  return { purpose: 'token.grant', recordId: tokenId };
}

/**
 * The ends of a token request, each one transaction on the locked row, only from PENDING:
 * the token issued (token row, request PROCESSED with tokenId and the signature over state plus
 * tokenId, timer removed) or the request rejected. Also the claim that makes a bank answer
 * completed once (a reloaded callback finds the request claimed and calls no bank).
 */
@Injectable()
export class TokenIssuance {
  constructor(
    private readonly transactions: Transactions,
    private readonly tokenRequests: TokenRequestRepository,
    private readonly tokens: TokenRepository,
    private readonly box: SecretBox,
    private readonly keys: SigningKeyStore,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Marks the request's bank answer as being completed: the row as claimed, or null when someone
   * else got there first. `withClaim` writes what comes with the claim in the same transaction (a
   * standing order's outcome check, before any bank call).
   */
  claim(request: TokenRequest, withClaim?: (tx: Tx) => Promise<void>): Promise<TokenRequest | null> {
    if (request.status !== 'PENDING') return Promise.resolve(null);
    const change = { updatedAt: this.clock.now(), authorization: storedStep({ kind: 'completing' }) };
    return this.transactions.run(async (tx) => {
      const claimed = await recordTokenRequestChange(tx, this.tokenRequests, request, change);
      if (withClaim === undefined) return claimed;
      if (claimed !== null) await withClaim(tx);
      return claimed;
    });
  }

  /**
   * Issues the request's token; null when the request had already ended (nothing written).
   * `withToken` writes what comes with the token in the same transaction (a transfer made as the
   * user authorises: the request is never seen PROCESSED without it).
   */
  async issue(
    request: TokenRequest,
    bank: Bank,
    grant: TokenGrant,
    withToken?: (tx: Tx, token: Token) => Promise<void>,
  ): Promise<Token | null> {
    const tokenId = newId('tt');
    const now = this.clock.now();
    const payload = request.requestPayload as unknown as TokenRequestPayloadInput;
    const expiresAt = this.expiryOf(request, payload, now);
    const sealedGrant = grant.grant === undefined ? null : await this.box.seal(tokenGrantContext(tokenId), grant.grant);
    const signature = signTokenRequestResult(await this.keys.current(), payload.callbackState, tokenId);
    const transferBody = payload.transferBody;
    return this.transactions.run(async (tx) => {
      const current = await this.tokenRequests.in(tx).lock(request.id);
      if (current === null || current.status !== 'PENDING') return null;
      const token = await this.tokens.in(tx).insert({
        id: tokenId,
        memberId: request.memberId,
        tokenRequestId: request.id,
        kind: request.kind,
        status: 'ACTIVE',
        bankId: bank.id,
        payload: tokenPayloadOf(request, request.memberId, now, expiresAt),
        actingAsRefId: payload.actingAs?.refId ?? null,
        bankConsentId: grant.bankConsentId ?? current.bankConsentId,
        sealedGrant,
        lifetimeAmount: transferBody?.lifetimeAmount ?? null,
        currency: transferBody?.currency ?? payload.standingOrderBody?.currency ?? null,
        expiresAt,
        createdAt: now,
        updatedAt: now,
      });
      const processed = await recordTokenRequestChange(tx, this.tokenRequests, current, {
        status: 'PROCESSED',
        updatedAt: now,
        bankId: bank.id,
        tokenId,
        signature: { ...signature },
        authorization: null,
        statusReasonInformation: null,
        ...(grant.bankConsentId === undefined ? {} : { bankConsentId: grant.bankConsentId }),
        ...(grant.standingOrderSubmissionId === undefined
          ? {}
          : { standingOrderSubmissionId: grant.standingOrderSubmissionId }),
      });
      if (processed === null) throw new Error(`token request ${request.id} changed under its lock`);
      if (withToken !== undefined) await withToken(tx, token);
      return token;
    });
  }

  /**
   * Ends the request REJECTED with the reason; false when it had already ended (nothing written).
   * `withChange` writes what comes with the refusal in the same transaction (the end of an outcome
   * check: the request is never seen ended with its check still open).
   */
  async reject(
    request: TokenRequest,
    error: TokenRequestErrorCode,
    reason: string,
    withChange?: (tx: Tx) => Promise<void>,
  ): Promise<boolean> {
    const now = this.clock.now();
    return this.transactions.run(async (tx) => {
      const current = await this.tokenRequests.in(tx).lock(request.id);
      if (current === null || current.status !== 'PENDING') return false;
      const change: TokenRequestChange = {
        status: 'REJECTED',
        updatedAt: now,
        statusReasonInformation: reason.slice(0, 256),
        authorization: storedStep({ kind: 'ended', error }),
      };
      await recordTokenRequestChange(tx, this.tokenRequests, current, change);
      if (withChange !== undefined) await withChange(tx);
      return true;
    });
  }

  /**
   * Access tokens last until the request's tokenExpiration, else the configured number of days;
   * transfer and standing-order tokens do not expire.
   */
  private expiryOf(request: TokenRequest, payload: TokenRequestPayloadInput, now: Date): Date | null {
    if (request.kind !== 'ACCESS') return null;
    const requested = payload.tokenExpiration === undefined ? Number.NaN : Number(payload.tokenExpiration);
    if (Number.isFinite(requested) && requested > now.getTime()) return new Date(requested);
    return new Date(now.getTime() + this.config.tokens.accessLifetimeDays * 86_400_000);
  }
}
