import { randomUUID } from 'node:crypto';
import { authorization, type GatewayAuth } from './auth.js';
import { GatewayApiError, retryAfterSeconds } from './errors.js';
import { IDEMPOTENCY_KEY_OPERATIONS } from './generated/idempotent-operations.js';

export interface GatewayFetchOptions {
  readonly auth?: GatewayAuth;
  /** Longest one attempt may take, in milliseconds; default 30 s. */
  readonly timeoutMs?: number;
  /** Attempts after the first for a call that may be repeated, on 429 and 503; default 2. */
  readonly retries?: number;
  /** Longest wait between attempts, in milliseconds, whatever Retry-After says; default 30 s. */
  readonly maxRetryDelayMs?: number;
  /** The fetch underneath; default the global one. */
  readonly fetch?: typeof fetch;
}

const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);
const RETRIED_STATUSES = new Set([429, 503]);

/** An operation template (`POST /refunds/{id}`) as a matcher of concrete requests. */
function operationMatcher(operation: string): (method: string, path: string) => boolean {
  const [method, template] = operation.split(' ') as [string, string];
  const pattern = new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`);
  return (requestMethod, path) => requestMethod === method && pattern.test(path);
}

const TAKES_IDEMPOTENCY_KEY = IDEMPOTENCY_KEY_OPERATIONS.map(operationMatcher);

/** Whether the operation of `method` at `path` takes an Idempotency-Key (the document says so). */
export function takesIdempotencyKey(method: string, path: string): boolean {
  return TAKES_IDEMPOTENCY_KEY.some((matches) => matches(method.toUpperCase(), path));
}

/**
 * The fetch of the SDK's client: every request authenticated (its token signed per attempt), a POST
 * that takes one given an Idempotency-Key (generated unless the caller set it, the same for every
 * attempt), each attempt bounded by the timeout, a call that may be repeated (an idempotent
 * method, or a POST under its key) tried again on 429 and 503 after Retry-After, and an answer
 * with an error status thrown as a GatewayApiError.
 */
export function gatewayFetch(options: GatewayFetchOptions = {}): (request: Request) => Promise<Response> {
  const send = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const retries = options.retries ?? 2;
  const maxDelayMs = options.maxRetryDelayMs ?? 30_000;
  return async (request) => {
    const method = request.method.toUpperCase();
    const url = new URL(request.url);
    const body = request.body === null ? '' : await request.text();
    const headers = new Headers(request.headers);
    if (method === 'POST' && takesIdempotencyKey(method, url.pathname) && !headers.has('idempotency-key'))
      headers.set('idempotency-key', randomUUID());
    const repeatable = IDEMPOTENT_METHODS.has(method) || headers.has('idempotency-key');
    for (let attempt = 0; ; attempt += 1) {
      if (options.auth !== undefined)
        headers.set('authorization', await authorization(options.auth, { method, url: url.href, body }));
      const response = await send(url, {
        method,
        headers,
        ...(body === '' ? {} : { body }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (response.ok) return response;
      const retryAfter = response.headers.get('retry-after');
      if (repeatable && attempt < retries && RETRIED_STATUSES.has(response.status)) {
        await response.body?.cancel();
        const seconds = retryAfterSeconds(retryAfter) ?? 2 ** attempt;
        await new Promise((resolve) => setTimeout(resolve, Math.min(maxDelayMs, seconds * 1000)));
        continue;
      }
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = text === '' ? undefined : (JSON.parse(text) as unknown);
      } catch {
        // Not JSON (a proxy's page): kept as text.
      }
      throw new GatewayApiError(response.status, method, url.href, parsed, retryAfter);
    }
  };
}
