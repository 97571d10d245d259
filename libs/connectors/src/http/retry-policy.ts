import type { HttpMethod } from './bank-request.js';

/** Methods HTTP defines as idempotent (RFC 9110 section 9.2.2). */
const IDEMPOTENT_METHODS: ReadonlySet<HttpMethod> = new Set(['GET', 'HEAD', 'PUT', 'DELETE']);

/**
 * A call may be repeated when repeating it cannot do the thing twice: an idempotent method, or a
 * write the bank de-duplicates by its x-idempotency-key.
 */
export function isRetryable(
  method: HttpMethod,
  headers: Readonly<Record<string, string>>,
  override: boolean | undefined,
): boolean {
  if (override !== undefined) return override;
  if (IDEMPOTENT_METHODS.has(method)) return true;
  return Object.keys(headers).some((name) => name.toLowerCase() === 'x-idempotency-key');
}

export interface BackoffPolicy {
  readonly baseMs: number;
  readonly maxMs: number;
}

/** "Full jitter" exponential back-off before attempt `attempt` (2, 3, ...). */
export function backoffMs(policy: BackoffPolicy, attempt: number, random: () => number): number {
  const ceiling = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.max(0, attempt - 2));
  return Math.floor(random() * ceiling);
}
