import { ERROR_CATALOGUE, type ErrorCode } from './error-catalogue.js';

export interface GatewayErrorOptions {
  /** Client-facing message; defaults to the catalogue's. Never put internal detail here. */
  readonly message?: string;
  /** JSON paths of the request fields at fault (400). */
  readonly paths?: readonly string[];
  /** Id of the entity not found (404). */
  readonly entityId?: string;
  /** True when a bank's 5xx caused this error: answered with `token-external-error: true`. */
  readonly external?: boolean;
  /** Seconds a client should wait before retrying (429, 503). */
  readonly retryAfterSeconds?: number;
  /** Extra response headers (rate-limit headers and the like). */
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * Ids the reference's error shapes name beside the code (`vrpConsentId` of a VRP consent error),
   * answered in the error object of a 400 or 404.
   */
  readonly details?: Readonly<Record<string, string>>;
  readonly cause?: unknown;
}

/** Every failure the gateway means to tell a client about. The global filter renders it. */
export class GatewayError extends Error {
  readonly status: number;
  readonly paths: readonly string[] | undefined;
  readonly entityId: string | undefined;
  readonly external: boolean;
  readonly retryAfterSeconds: number | undefined;
  readonly headers: Readonly<Record<string, string>>;
  readonly details: Readonly<Record<string, string>>;

  constructor(
    readonly code: ErrorCode,
    options: GatewayErrorOptions = {},
  ) {
    super(options.message ?? ERROR_CATALOGUE[code].message, { cause: options.cause });
    this.name = 'GatewayError';
    this.status = ERROR_CATALOGUE[code].status;
    this.paths = options.paths;
    this.entityId = options.entityId;
    this.external = options.external ?? false;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.headers = options.headers ?? {};
    this.details = options.details ?? {};
  }

  static invalidField(path: string, message: string, code: ErrorCode = 'Field.Invalid'): GatewayError {
    return new GatewayError(code, { message, paths: [path] });
  }

  static notFound(entityId: string, message?: string, details?: Readonly<Record<string, string>>): GatewayError {
    return new GatewayError('NOT_FOUND', {
      entityId,
      message: message ?? `Entity ${entityId} not found.`,
      ...(details === undefined ? {} : { details }),
    });
  }
}
