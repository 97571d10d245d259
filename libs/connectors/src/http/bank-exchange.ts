import { request, type Dispatcher } from 'undici';
import type { BankResponseHeaders, HttpMethod } from './bank-request.js';
import { ReceivedHeaders } from './bank-response-headers.js';

export interface WireRequest {
  readonly method: HttpMethod;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string | undefined;
}

export interface WireResponse {
  readonly status: number;
  readonly headers: BankResponseHeaders;
  readonly text: string;
}

/** Undici's own timers (headersTimeout, bodyTimeout): a bank that stopped answering, like a missed deadline. */
const UNDICI_TIMEOUT_CODES: ReadonlySet<unknown> = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

/** An exchange stopped by its time limit (the abort reason `exchange` gives, or one of undici's timers). */
export function isTimeout(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'TimeoutError' || error.name === 'AbortError' || UNDICI_TIMEOUT_CODES.has((error as { code?: unknown }).code);
}

/**
 * One HTTP exchange over `dispatcher` with undici's `request`, within `timeoutMs` (connecting,
 * sending and reading the whole body). The body is always read to its end, which hands the
 * connection back to the pool. A 3xx is an answer like any other: undici's `request` follows no
 * redirect. Fails with the abort reason (a TimeoutError) when the time is up, or with undici's
 * or the socket's error when the bank cannot be reached.
 */
export async function exchange(dispatcher: Dispatcher, call: WireRequest, timeoutMs: number): Promise<WireResponse> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException(`No answer within ${timeoutMs} ms`, 'TimeoutError')), timeoutMs);
  try {
    const response = await request(call.url, { dispatcher, method: call.method, headers: call.headers, body: call.body, signal: controller.signal });
    const text = await response.body.text();
    return { status: response.statusCode, headers: new ReceivedHeaders(response.headers), text };
  } finally {
    clearTimeout(timer);
  }
}
