import { randomUUID } from 'node:crypto';
import type { BankCallContext } from '../bank-types.js';
import type { BankHttpClient } from '../http/bank-http-client.js';
import type { BankErrorDetail, HttpMethod } from '../http/bank-request.js';
import { MalformedBankResponseError, arrayAt, asObject, optionalText, type JsonObject } from '../http/bank-json.js';
import type { BerlinGroupSettings } from './berlin-group-settings.js';

/** tppMessages[0] (or the RFC 7807 variant of v1.3.12: code, detail/title). */
export function describeBerlinGroupError(body: unknown): BankErrorDetail | undefined {
  const first = asObject(arrayAt(body, 'tppMessages', 'tppMessages')[0]);
  const code = optionalText(first, 'code') ?? optionalText(body, 'code');
  const message = optionalText(first, 'text') ?? optionalText(body, 'detail') ?? optionalText(body, 'title');
  return code === undefined && message === undefined
    ? undefined
    : { ...(code === undefined ? {} : { code }), ...(message === undefined ? {} : { message }) };
}

/** The texts of an answer's psuMessage and tppMessages (for reasons and funds checks). */
export function messagesOf(body: unknown): string[] {
  const tpp = arrayAt(body, 'tppMessages', 'tppMessages').flatMap((message) => [
    optionalText(message, 'code'),
    optionalText(message, 'text'),
  ]);
  return [optionalText(body, 'psuMessage'), ...tpp].filter((text): text is string => text !== undefined);
}

export interface XsCall {
  readonly method: HttpMethod;
  /** Path under `{baseUrl}/v1`, or an absolute URL (a `next` link). */
  readonly path: string;
  readonly operation: string;
  readonly body?: JsonObject;
  /** Request headers of the call beyond the ones every call carries (PSU-ID, TPP-* ...). */
  readonly headers?: Readonly<Record<string, string>>;
  /** The user takes part in this call: PSU-IP-Address is sent, with the fallback when unknown. */
  readonly psuInvolved?: boolean;
  /** Statuses handed back instead of raised (e.g. 401 PSU_CREDENTIALS_INVALID on an embedded step). */
  readonly acceptStatuses?: readonly number[];
}

export interface XsAnswer {
  readonly status: number;
  readonly body: JsonObject;
}

/**
 * The bank's XS2A interface (`{baseUrl}/v1`) with the headers the standard requires of every
 * call: a fresh X-Request-ID (UUID), PSU-IP-Address (the user's address when known; on calls the
 * user takes part in, the configured fallback otherwise), Accept and, with a body, Content-Type.
 * Writes are never repeated: XS2A has no idempotency key, and an authorisation update counts
 * the user's attempts.
 */
export class BerlinGroupApi {
  constructor(
    private readonly settings: BerlinGroupSettings,
    private readonly http: BankHttpClient,
  ) {}

  async call(ctx: BankCallContext, call: XsCall): Promise<XsAnswer> {
    const body = call.body === undefined ? undefined : JSON.stringify(call.body);
    const psuIp = ctx.psuIpAddress ?? (call.psuInvolved === true ? this.settings.psuIpAddressFallback : undefined);
    const headers: Record<string, string> = {
      'X-Request-ID': randomUUID(),
      Accept: 'application/json',
      ...(psuIp === undefined ? {} : { 'PSU-IP-Address': psuIp }),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...call.headers,
    };
    const response = await this.http.send(ctx, {
      method: call.method,
      url: this.url(call.path),
      operation: call.operation,
      headers,
      ...(body === undefined ? {} : { body }),
      ...(call.method === 'GET' ? {} : { idempotent: false }),
      acceptStatuses: call.acceptStatuses,
      describeError: describeBerlinGroupError,
    });
    const json = asObject(response.body);
    if (json === undefined) {
      if (response.status === 204 || response.text === '') return { status: response.status, body: {} };
      throw new MalformedBankResponseError('body (a JSON object)');
    }
    return { status: response.status, body: json };
  }

  get(
    ctx: BankCallContext,
    path: string,
    operation: string,
    headers?: Readonly<Record<string, string>>,
  ): Promise<XsAnswer> {
    return this.call(ctx, { method: 'GET', path, operation, headers });
  }

  /** Links may be absolute; only links to the bank's own origin are followed. */
  sameOrigin(href: string): boolean {
    try {
      return new URL(this.resolve(href)).origin === new URL(this.settings.apiBaseUrl).origin;
    } catch {
      return false;
    }
  }

  /** A link the bank sent, as an absolute URL (relative hrefs resolve against the API root). */
  resolve(href: string): string {
    return new URL(href, `${this.settings.apiBaseUrl}/`).toString();
  }

  private url(path: string): string {
    return /^https?:\/\//.test(path) ? path : `${this.settings.apiBaseUrl}${path}`;
  }
}

const segment = encodeURIComponent;

/** The payment initiation services: single payments and periodic payments (standing orders). */
export type Xs2aPaymentService = 'payments' | 'periodic-payments';

/** Resource paths under `/v1`. */
export const XS2A_PATHS = {
  payment: (product: string, service: Xs2aPaymentService = 'payments') => `/${service}/${segment(product)}`,
  paymentStatus: (product: string, paymentId: string, service: Xs2aPaymentService = 'payments') =>
    `/${service}/${segment(product)}/${segment(paymentId)}/status`,
  paymentAuthorisations: (product: string, paymentId: string, service: Xs2aPaymentService = 'payments') =>
    `/${service}/${segment(product)}/${segment(paymentId)}/authorisations`,
  paymentAuthorisation: (
    product: string,
    paymentId: string,
    authorisationId: string,
    service: Xs2aPaymentService = 'payments',
  ) => `/${service}/${segment(product)}/${segment(paymentId)}/authorisations/${segment(authorisationId)}`,
  consents: () => '/consents',
  consent: (consentId: string) => `/consents/${segment(consentId)}`,
  consentStatus: (consentId: string) => `/consents/${segment(consentId)}/status`,
  consentAuthorisations: (consentId: string) => `/consents/${segment(consentId)}/authorisations`,
  accounts: () => '/accounts',
  balances: (accountId: string) => `/accounts/${segment(accountId)}/balances`,
  transactions: (accountId: string) => `/accounts/${segment(accountId)}/transactions`,
} as const;
