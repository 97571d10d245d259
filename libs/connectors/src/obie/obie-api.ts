import { createHash, randomUUID } from 'node:crypto';
import { withFields } from '#libs/common';
import type { BankCallContext } from '../bank-types.js';
import type { BankHttpClient } from '../http/bank-http-client.js';
import type { BankErrorDetail } from '../http/bank-request.js';
import { arrayAt, asObject, objectAt, optionalText, type JsonObject } from '../http/bank-json.js';
import type { ObieSettings } from './obie-settings.js';
import type { ObieSigner } from './obie-signing.js';

/** Most pages of a list the connector follows (Links.Next). */
const MAX_PAGES = 50;

/** OBErrorResponse1: the first detailed error's code and message. */
export function describeObieError(body: unknown): BankErrorDetail | undefined {
  const first = asObject(arrayAt(body, 'Errors', 'Errors')[0]);
  const code = optionalText(first, 'ErrorCode');
  const message = optionalText(first, 'Message') ?? optionalText(body, 'Message');
  return code === undefined && message === undefined
    ? undefined
    : { ...(code === undefined ? {} : { code }), ...(message === undefined ? {} : { message }) };
}

/** A stable x-idempotency-key (at most 40 characters) for one write of one gateway object. */
export function idempotencyKeyFor(kind: string, id: string): string {
  return createHash('sha256').update(`${kind}:${id}`).digest('base64url').slice(0, 40);
}

/** x-fapi-interaction-id: the trace id as an RFC 4122 UUID, or a fresh one. */
function interactionId(traceId: string | undefined): string {
  if (traceId !== undefined && /^[0-9a-f]{32}$/.test(traceId)) {
    return `${traceId.slice(0, 8)}-${traceId.slice(8, 12)}-${traceId.slice(12, 16)}-${traceId.slice(16, 20)}-${traceId.slice(20)}`;
  }
  return randomUUID();
}

/** The bank's resource server (`{baseUrl}/open-banking/v3.1`) with the FAPI headers every call carries. */
export class ObieApi {
  constructor(
    private readonly settings: ObieSettings,
    private readonly http: BankHttpClient,
    private readonly signer: ObieSigner,
  ) {}

  async get(ctx: BankCallContext, path: string, token: string, operation: string): Promise<JsonObject> {
    const response = await this.http.send(ctx, {
      method: 'GET',
      url: this.url(path),
      operation,
      headers: this.headers(ctx, token),
      describeError: describeObieError,
    });
    return this.envelope(response.body);
  }

  /** A list resource, page after page (Links.Next on the same origin), as its Data[key] items. */
  async list(ctx: BankCallContext, path: string, token: string, operation: string, key: string): Promise<unknown[]> {
    const items: unknown[] = [];
    const origin = new URL(this.settings.apiBaseUrl).origin;
    let url: string | undefined = this.url(path);
    for (let page = 0; url !== undefined && page < MAX_PAGES; page += 1) {
      const response = await this.http.send(ctx, {
        method: 'GET',
        url,
        operation,
        headers: this.headers(ctx, token),
        describeError: describeObieError,
      });
      const body = this.envelope(response.body);
      items.push(...arrayAt(objectAt(body, 'Data', 'Data'), key, `Data.${key}`));
      const next = optionalText(asObject(body['Links']), 'Next');
      url =
        next !== undefined && next !== url && new URL(next, url).origin === origin
          ? new URL(next, url).toString()
          : undefined;
    }
    return items;
  }

  async post(
    ctx: BankCallContext,
    path: string,
    token: string,
    payload: JsonObject,
    operation: string,
    idempotencyKey?: string,
  ): Promise<JsonObject> {
    const body = JSON.stringify(payload);
    const signature = await this.signer.detachedSignature(body);
    const headers = withFields(this.headers(ctx, token), {
      'content-type': 'application/json',
      ...(idempotencyKey === undefined ? {} : { 'x-idempotency-key': idempotencyKey }),
      ...(signature === undefined ? {} : { 'x-jws-signature': signature }),
    });
    const response = await this.http.send(ctx, {
      method: 'POST',
      url: this.url(path),
      operation,
      headers,
      body,
      describeError: describeObieError,
    });
    return this.envelope(response.body);
  }

  async delete(ctx: BankCallContext, path: string, token: string, operation: string): Promise<void> {
    await this.http.send(ctx, {
      method: 'DELETE',
      url: this.url(path),
      operation,
      headers: this.headers(ctx, token),
      describeError: describeObieError,
    });
  }

  private url(path: string): string {
    return `${this.settings.apiBaseUrl}${path}`;
  }

  private envelope(body: unknown): JsonObject {
    objectAt(body, 'Data', 'Data');
    return body as JsonObject;
  }

  private headers(ctx: BankCallContext, token: string): Record<string, string> {
    return {
      authorization: `Bearer ${token}`,
      accept: 'application/json',
      'x-fapi-financial-id': this.settings.financialId,
      'x-fapi-interaction-id': interactionId(ctx.traceId),
      ...(ctx.psuIpAddress === undefined ? {} : { 'x-fapi-customer-ip-address': ctx.psuIpAddress }),
    };
  }
}
