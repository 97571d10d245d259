import createClient, { type Client } from 'openapi-fetch';
import type { GatewayAuth } from './auth.js';
import { gatewayFetch, type GatewayFetchOptions } from './gateway-fetch.js';
import type { paths } from './generated/gateway-api.js';

export interface GatewayClientOptions extends Omit<GatewayFetchOptions, 'auth'> {
  /** The gateway's public base URL, e.g. `http://localhost:8080`. */
  readonly baseUrl: string;
  /** How requests are authenticated (`apiKeyAuth`, `memberKeyAuth`); none for the public routes. */
  readonly auth?: GatewayAuth;
}

/** The gateway's public API, every operation typed from its OpenAPI document. */
export type GatewayClient = Client<paths>;

/**
 * A client of the gateway's public API (openapi-fetch over the generated `paths`): call
 * `client.POST('/v2/payments', { body })`, `client.GET('/v2/payments/{paymentId}', { params: { path:
 * { paymentId } } })` and so on, each request, its parameters and its answer typed. Requests are
 * authenticated, given an Idempotency-Key where the operation takes one, bounded by the timeout
 * and tried again on 429/503 when they may be; an error answer is thrown as a GatewayApiError, so
 * `ok(...)` hands back the data.
 */
export function createGatewayClient(options: GatewayClientOptions): GatewayClient {
  const { baseUrl, ...fetchOptions } = options;
  return createClient<paths>({ baseUrl: baseUrl.replace(/\/+$/, ''), fetch: gatewayFetch(fetchOptions) });
}

/**
 * The data of a successful call. The client throws a GatewayApiError for any error answer, so
 * this only narrows the type (and reports a body-less success).
 */
export async function ok<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, response } = await call;
  if (data === undefined) throw new Error(`${response.url} answered ${response.status} without a body`);
  return data;
}
