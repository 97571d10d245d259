import { randomUUID } from 'node:crypto';

/** The high-level `Code` of OBErrorResponse1, by HTTP status. */
const HIGH_LEVEL_CODES: Readonly<Record<number, string>> = {
  400: '400 BadRequest',
  401: '401 Unauthorized',
  403: '403 Forbidden',
  404: '404 NotFound',
  405: '405 MethodNotAllowed',
  406: '406 NotAcceptable',
  409: '409 Conflict',
  415: '415 UnsupportedMediaType',
  429: '429 TooManyRequests',
  500: '500 InternalServerError',
  503: '503 ServiceUnavailable',
};

/** OBError1 / OBErrorResponse1, field for field. */
export interface ObError1 {
  readonly ErrorCode: string;
  readonly Message: string;
  readonly Path?: string;
  readonly Url?: string;
}

export interface ObErrorResponse1 {
  readonly Code: string;
  readonly Id: string;
  readonly Message: string;
  readonly Errors: readonly ObError1[];
}

/** A failure of the sandbox bank's Open Banking API, answered as OBErrorResponse1. */
export class ObieError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
    readonly path?: string,
  ) {
    super(message);
    this.name = 'ObieError';
  }

  static badRequest(errorCode: string, message: string, path?: string): ObieError {
    return new ObieError(400, errorCode, message, path);
  }

  static notFound(what: string, id: string): ObieError {
    return new ObieError(400, 'UK.OBIE.Resource.NotFound', `${what} ${id} was not found.`);
  }

  static unexpected(message = 'The sandbox bank failed to process the request.'): ObieError {
    return new ObieError(500, 'UK.OBIE.UnexpectedError', message);
  }

  toResponse(): ObErrorResponse1 {
    return {
      Code: HIGH_LEVEL_CODES[this.status] ?? `${this.status}`,
      Id: randomUUID(),
      Message: this.status >= 500 ? 'Internal server error.' : 'The request could not be processed.',
      Errors: [
        {
          ErrorCode: this.errorCode,
          Message: this.message.slice(0, 500),
          ...(this.path === undefined ? {} : { Path: this.path }),
        },
      ],
    };
  }
}

/** A failure of the authorisation server's token endpoints (RFC 6749 section 5.2 shape). */
export class OAuthError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
    this.name = 'OAuthError';
  }

  toResponse(): { error: string; error_description: string } {
    return { error: this.error, error_description: this.description };
  }
}

/** A failure shown to the user's browser as a plain page. */
export class PageError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'PageError';
  }
}

/** The sandbox bank's own failures, each carrying the status to answer with. */
export type SandboxError = ObieError | OAuthError | PageError;

export function isSandboxError(exception: unknown): exception is SandboxError {
  return exception instanceof ObieError || exception instanceof OAuthError || exception instanceof PageError;
}
