/** The settlement API's error codes, by HTTP status. */
export const SETTLEMENT_ERROR_CODES = {
  400: 'INVALID_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  500: 'INTERNAL_ERROR',
  503: 'UNAVAILABLE',
} as const;
export type SettlementErrorStatus = keyof typeof SETTLEMENT_ERROR_CODES;

/** A failure of the settlement API, answered as `{ "code": ..., "message": ... }`. */
export class SettlementApiError extends Error {
  readonly code: string;

  constructor(
    readonly status: SettlementErrorStatus,
    message: string,
  ) {
    super(message);
    this.name = 'SettlementApiError';
    this.code = SETTLEMENT_ERROR_CODES[status];
  }

  static invalid(message: string): SettlementApiError {
    return new SettlementApiError(400, message);
  }

  static notFound(what: string, id: string): SettlementApiError {
    return new SettlementApiError(404, `${what} ${id} was not found.`);
  }
}
