/**
 * The one catalogue of error codes the gateway answers with. Codes are stable: clients
 * may branch on them. Each names its HTTP status and a default message; the status
 * decides the body shape (see error-body.ts).
 */
export const ERROR_CATALOGUE = {
  // 400: invalid argument. Field.* codes as the reference description names them.
  'Field.Invalid': { status: 400, message: 'A field has an invalid value.' },
  'Field.InvalidFormat': { status: 400, message: 'A field has an invalid format.' },
  'Field.Expected': { status: 400, message: 'A required field is missing.' },
  'Field.NotUnique': { status: 400, message: 'A field value must be unique.' },
  'Field.Unknown': { status: 400, message: 'The request has a field this endpoint does not accept.' },
  MalformedBody: { status: 400, message: 'The request body is not valid JSON.' },
  InvalidArgument: { status: 400, message: 'The request is invalid.' },
  // 400: a VRP consent that cannot carry a payment (the reference's VrpConsentNotAuthorizedError
  // and VrpConsentViolationError, which name the consent in `vrpConsentId`).
  'Resource.ConsentNotAuthorized': { status: 400, message: 'The VRP consent is not authorized.' },
  'Rules.VrpConsentViolation': {
    status: 400,
    message: 'The payment violates the VRP consent’s control parameters or differs from what the consent fixes.',
  },
  // 4xx that the transport produces, in the 400 shape.
  UnsupportedMediaType: { status: 415, message: 'Content-Type must be application/json.' },
  PayloadTooLarge: { status: 413, message: 'The request body is too large.' },
  MethodNotAllowed: { status: 405, message: 'The method is not allowed on this resource.' },
  UriTooLong: { status: 414, message: 'A path segment is longer than the gateway accepts.' },
  BadUrl: { status: 400, message: 'The request path is not a valid URL.' },
  // 401
  Unauthenticated: { status: 401, message: 'Authorization is missing or invalid.' },
  // 403
  PermissionDenied: { status: 403, message: 'The member is not permitted to perform this operation.' },
  TokenNotUsable: { status: 403, message: 'The token is cancelled or has expired.' },
  ReauthenticationRequired: {
    status: 403,
    message:
      'The consent is no longer valid (cancelled, expired or revoked at the bank): the user must authorise access again.',
  },
  ResellerOnly: { status: 403, message: 'Only a member flagged as a reseller may manage sub-TPPs.' },
  // 404
  NOT_FOUND: { status: 404, message: 'The requested entity was not found.' },
  ROUTE_NOT_FOUND: { status: 404, message: 'No such endpoint.' },
  // 409 / 422: idempotency and state conflicts
  CONFLICT: { status: 409, message: 'The request conflicts with the current state of the resource.' },
  IDEMPOTENCY_KEY_REUSED: { status: 422, message: 'The Idempotency-Key was used with a different request.' },
  IDEMPOTENCY_KEY_IN_USE: {
    status: 409,
    message: 'A request with this Idempotency-Key is still being processed; retry later.',
  },
  // 429
  RESOURCE_EXHAUSTED: { status: 429, message: 'Too many requests.' },
  // 500
  InternalServerError: { status: 500, message: 'An internal error occurred.' },
  BankInternalError: { status: 500, message: 'The bank reported an internal error.' },
  // 501
  UNIMPLEMENTED: { status: 501, message: 'The operation is not implemented, supported or enabled by the bank.' },
  // 503
  UNAVAILABLE: { status: 503, message: 'The service is unavailable; retry later.' },
  // 504
  DEADLINE_EXCEEDED: { status: 504, message: 'The deadline expired before the operation could complete.' },
} as const satisfies Record<string, { readonly status: number; readonly message: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

export function statusOf(code: ErrorCode): number {
  return ERROR_CATALOGUE[code].status;
}

/** Short notices the interface carries in `paymentId` for 429, 501, 503 and 504. */
export const STATUS_NOTICE: Readonly<Record<number, string>> = {
  429: 'Resource exhausted. Check quota.',
  501: 'Not implemented.',
  503: 'Unavailable.',
  504: 'Deadline exceeded.',
};
