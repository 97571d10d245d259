/** One entry of tppMessages: what the TPP is told went wrong. */
export interface TppMessage {
  readonly category: 'ERROR' | 'WARNING';
  readonly code: string;
  readonly text: string;
  readonly path?: string;
}

/**
 * A failure of the sandbox bank's XS2A interface, answered in the Berlin Group shape
 * `{ tppMessages: [{ category, code, text, path? }] }` with the standard's message codes
 * (FORMAT_ERROR, PSU_CREDENTIALS_INVALID, RESOURCE_UNKNOWN, CONSENT_INVALID, PRODUCT_UNKNOWN ...).
 */
export class Xs2aError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    text: string,
    readonly path?: string,
  ) {
    super(text);
    this.name = 'Xs2aError';
  }

  static format(text: string, path?: string): Xs2aError {
    return new Xs2aError(400, 'FORMAT_ERROR', text, path);
  }

  /** A payment, consent or authorisation id in the path that this bank does not know. */
  static resourceUnknown(what: string, id: string): Xs2aError {
    return new Xs2aError(403, 'RESOURCE_UNKNOWN', `${what} ${id} is not known to this bank.`);
  }

  static statusInvalid(text: string): Xs2aError {
    return new Xs2aError(409, 'STATUS_INVALID', text);
  }

  static unexpected(text = 'The sandbox bank failed to process the request.'): Xs2aError {
    return new Xs2aError(500, 'INTERNAL_SERVER_ERROR', text);
  }

  toResponse(): { tppMessages: TppMessage[] } {
    return {
      tppMessages: [
        {
          category: 'ERROR',
          code: this.code,
          text: this.message.slice(0, 500),
          ...(this.path === undefined ? {} : { path: this.path }),
        },
      ],
    };
  }
}
