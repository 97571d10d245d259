/** The interface's error body: `{ error: { errorCode?, message, paths?, tokenTraceId } }`. */
export interface GatewayErrorBody {
  readonly errorCode?: string;
  readonly message?: string;
  readonly paths?: readonly string[];
  readonly tokenTraceId?: string;
}

/**
 * A call the gateway answered with an error status (4xx or 5xx), as the interface describes it:
 * its HTTP status, `errorCode`, the request fields at fault (`paths`, on a 400) and the
 * `tokenTraceId` to quote to the gateway's operators.
 */
export class GatewayApiError extends Error {
  readonly errorCode: string | undefined;
  readonly paths: readonly string[];
  readonly tokenTraceId: string | undefined;
  /** Seconds the gateway asked to wait before trying again (429, 503), when it said. */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    readonly status: number,
    readonly method: string,
    readonly url: string,
    readonly body: unknown,
    retryAfter: string | null,
  ) {
    const error = errorOf(body);
    super(
      `${method} ${new URL(url).pathname} answered ${status}${error.message === undefined ? '' : `: ${error.message}`}`,
    );
    this.name = 'GatewayApiError';
    this.errorCode = error.errorCode;
    this.paths = error.paths ?? [];
    this.tokenTraceId = error.tokenTraceId;
    this.retryAfterSeconds = retryAfterSeconds(retryAfter);
  }
}

function errorOf(body: unknown): GatewayErrorBody {
  if (typeof body !== 'object' || body === null) return {};
  const error = (body as { error?: unknown }).error;
  return typeof error === 'object' && error !== null ? error : {};
}

/** Retry-After as seconds: delay-seconds or an HTTP-date (RFC 9110); undefined when absent or unreadable. */
export function retryAfterSeconds(value: string | null, nowMs = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - nowMs) / 1000));
}
