import type { BankCallContext } from '../bank-types.js';
import type { RequestingParty } from '../capabilities/payment-initiation.js';
import { BankRejectedError } from '../bank-errors.js';
import type { BankHttpClient } from '../http/bank-http-client.js';
import type { BankErrorDetail } from '../http/bank-request.js';
import { MalformedBankResponseError, asObject, optionalText, textAt } from '../http/bank-json.js';
import type { ObieSettings } from './obie-settings.js';
import type { ObieSigner } from './obie-signing.js';

export type ObieScope = 'payments' | 'accounts';

export const CIBA_GRANT_TYPE = 'urn:openid:params:grant-type:ciba';

/** CIBA token-endpoint errors (OpenID CIBA Core section 11): keep polling, or the user said no / took too long. */
const CIBA_WAITING: ReadonlySet<string> = new Set(['authorization_pending', 'slow_down']);
const CIBA_REFUSED: ReadonlySet<string> = new Set(['access_denied', 'expired_token']);

/** Renew cached client tokens this long before they expire. */
const EXPIRY_MARGIN_MS = 30_000;

export type CibaPoll =
  | { readonly state: 'pending' }
  | { readonly state: 'denied'; readonly reason: string }
  | { readonly state: 'approved'; readonly accessToken: string };

export function describeOAuthError(body: unknown): BankErrorDetail | undefined {
  const error = optionalText(body, 'error');
  const description = optionalText(body, 'error_description');
  return error === undefined && description === undefined
    ? undefined
    : { ...(error === undefined ? {} : { code: error }), message: description ?? error ?? '' };
}

function form(fields: Readonly<Record<string, string>>): string {
  return new URLSearchParams(fields).toString();
}

/** Characters form encoding leaves as they are; a compact JWT (base64url parts and dots) has no others. */
const FORM_UNRESERVED = /^[A-Za-z0-9*._-]*$/;

/** One value form-encoded; a request object of several hundred characters skips the encoder's walk over each of them. */
function formValue(value: string): string {
  return FORM_UNRESERVED.test(value) ? value : form({ v: value }).slice(2);
}

/** The query of an authorization request, as URLSearchParams encodes it, the request object last. */
export function authorizeQuery(params: {
  readonly client_id: string;
  readonly response_type: string;
  readonly redirect_uri: string;
  readonly scope: string;
  readonly state: string;
  readonly nonce: string;
  readonly request: string;
}): string {
  const { request, ...rest } = params;
  return `${form(rest)}&request=${formValue(request)}`;
}

/** The parameters of an authorization request (RFC 6749 4.1.1, OIDC Core 6.1) the gateway sets. */
const AUTHORIZE_PARAMETERS = [
  'client_id',
  'response_type',
  'redirect_uri',
  'scope',
  'state',
  'nonce',
  'request',
] as const;

/** An authorize endpoint as text around its query: what comes before, its own parameters (ours removed), its fragment. */
export interface AuthorizeBase {
  readonly head: string;
  readonly kept: string;
  readonly fragment: string;
}

export function splitAuthorizeUrl(authorizeUrl: string): AuthorizeBase {
  const url = new URL(authorizeUrl);
  const kept = new URLSearchParams(url.search);
  for (const name of AUTHORIZE_PARAMETERS) kept.delete(name);
  const fragment = url.hash;
  url.search = '';
  url.hash = '';
  return { head: url.toString(), kept: kept.toString(), fragment };
}

/** The endpoint with the gateway's parameters after its own (a parameter of ours it had is replaced). */
export function withQuery(base: AuthorizeBase, query: string): string {
  return `${base.head}?${base.kept === '' ? '' : `${base.kept}&`}${query}${base.fragment}`;
}

/**
 * The bank's OAuth2 / OIDC authorisation server: client-credentials tokens (cached per scope),
 * authorization-code exchange, the authorize URL with its request object, and CIBA.
 * Client authentication is client_secret_basic.
 */
export class ObieAuthServer {
  private readonly cache = new Map<ObieScope, { readonly token: string; readonly expiresAtMs: number }>();
  /** The authorize endpoint, parsed on first use rather than on every request. */
  private authorizeBase: AuthorizeBase | undefined;

  constructor(
    private readonly settings: ObieSettings,
    private readonly clientSecret: string,
    private readonly http: BankHttpClient,
    private readonly signer: ObieSigner,
    private readonly nowMs: () => number,
  ) {}

  async clientToken(
    ctx: BankCallContext,
    scope: ObieScope,
    options: { readonly fresh?: boolean } = {},
  ): Promise<string> {
    const cached = this.cache.get(scope);
    if (options.fresh !== true && cached !== undefined && cached.expiresAtMs - EXPIRY_MARGIN_MS > this.nowMs())
      return cached.token;
    // Safe to repeat: a client-credentials request only issues a token.
    const body = await this.token(
      ctx,
      'obie.token.client-credentials',
      { grant_type: 'client_credentials', scope },
      true,
    );
    const token = textAt(body, 'access_token', 'access_token');
    const expiresIn = asObject(body)?.['expires_in'];
    this.cache.set(scope, {
      token,
      expiresAtMs: this.nowMs() + (typeof expiresIn === 'number' ? expiresIn * 1000 : 300_000),
    });
    return token;
  }

  /**
   * A client-credentials token bound to a registered account (the credential the bank issued
   * for unattended payments from it, sent as `registered_credential`); never cached, never logged.
   */
  async registeredAccountToken(ctx: BankCallContext, credential: string): Promise<string> {
    const body = await this.token(
      ctx,
      'obie.token.registered-account',
      { grant_type: 'client_credentials', scope: 'payments', registered_credential: credential },
      true,
    );
    return textAt(body, 'access_token', 'access_token');
  }

  /** The user's access token for a code (not retried: a code works once). */
  async exchangeCode(ctx: BankCallContext, code: string, redirectUri: string): Promise<string> {
    const body = await this.token(
      ctx,
      'obie.token.authorization-code',
      { grant_type: 'authorization_code', code, redirect_uri: redirectUri },
      false,
    );
    return textAt(body, 'access_token', 'access_token');
  }

  /** Where to send the user's browser to authorise `consentId`. */
  async authorizeUrl(
    consentId: string,
    scope: ObieScope,
    redirectUri: string,
    state: string,
    nonce: string,
    requestingParty?: RequestingParty,
  ): Promise<string> {
    const fullScope = `openid ${scope}`;
    const intent = { value: consentId, essential: true };
    const requestObject = await this.signer.requestObject(
      {
        client_id: this.settings.clientId,
        response_type: 'code',
        redirect_uri: redirectUri,
        scope: fullScope,
        state,
        nonce,
        // Not an OBIE claim: banks that do not know it ignore it (docs/sandbox-bank.md).
        ...(requestingParty === undefined ? {} : { requesting_party: { name: requestingParty.displayName } }),
        claims: {
          userinfo: { openbanking_intent_id: intent },
          id_token: { openbanking_intent_id: intent, acr: { essential: true, values: ['urn:openbanking:psd2:sca'] } },
        },
      },
      this.settings.issuer,
      this.settings.clientId,
    );
    this.authorizeBase ??= splitAuthorizeUrl(this.settings.authorizeUrl);
    return withQuery(
      this.authorizeBase,
      authorizeQuery({
        client_id: this.settings.clientId,
        response_type: 'code',
        redirect_uri: redirectUri,
        scope: fullScope,
        state,
        nonce,
        request: requestObject,
      }),
    );
  }

  /** Asks the bank to authenticate `loginHint` on their own device (CIBA poll mode). */
  async startCiba(
    ctx: BankCallContext,
    consentId: string,
    loginHint: string,
    scope: ObieScope,
  ): Promise<{ authReqId: string; intervalSeconds: number }> {
    const intent = { value: consentId, essential: true };
    const requestObject = await this.signer.requestObject(
      {
        scope: `openid ${scope}`,
        login_hint: loginHint,
        claims: {
          id_token: { openbanking_intent_id: intent, acr: { essential: true, values: ['urn:openbanking:psd2:sca'] } },
        },
      },
      this.settings.issuer,
      this.settings.clientId,
    );
    const response = await this.http.send(ctx, {
      method: 'POST',
      url: this.settings.backchannelAuthenticationUrl,
      operation: 'obie.ciba.start',
      headers: this.headers(),
      body: form({ request: requestObject }),
      describeError: describeOAuthError,
    });
    const interval = asObject(response.body)?.['interval'];
    return {
      authReqId: textAt(response.body, 'auth_req_id', 'auth_req_id'),
      intervalSeconds: typeof interval === 'number' ? interval : 5,
    };
  }

  /** One CIBA token poll. */
  async pollCiba(ctx: BankCallContext, authReqId: string): Promise<CibaPoll> {
    const response = await this.http.send(ctx, {
      method: 'POST',
      url: this.settings.tokenUrl,
      operation: 'obie.token.ciba',
      headers: this.headers(),
      body: form({ grant_type: CIBA_GRANT_TYPE, auth_req_id: authReqId }),
      acceptStatuses: [400],
      describeError: describeOAuthError,
    });
    if (response.status < 400)
      return { state: 'approved', accessToken: textAt(response.body, 'access_token', 'access_token') };
    const detail = describeOAuthError(response.body);
    const code = detail?.code ?? '';
    if (CIBA_WAITING.has(code)) return { state: 'pending' };
    if (CIBA_REFUSED.has(code)) return { state: 'denied', reason: detail?.message ?? code };
    throw new BankRejectedError(
      ctx.bankId,
      response.status,
      detail?.code,
      detail?.message ?? 'CIBA token request refused',
    );
  }

  private async token(
    ctx: BankCallContext,
    operation: string,
    fields: Readonly<Record<string, string>>,
    idempotent: boolean,
  ): Promise<unknown> {
    const response = await this.http.send(ctx, {
      method: 'POST',
      url: this.settings.tokenUrl,
      operation,
      headers: this.headers(),
      body: form(fields),
      idempotent,
      describeError: describeOAuthError,
    });
    if (asObject(response.body) === undefined) throw new MalformedBankResponseError('token response');
    return response.body;
  }

  private headers(): Record<string, string> {
    const id = encodeURIComponent(this.settings.clientId);
    const secret = encodeURIComponent(this.clientSecret);
    return {
      authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    };
  }
}
