import { STATUS_NOTICE } from './error-catalogue.js';
import type { GatewayError } from './gateway-error.js';

/** The `error` object of the interface's error responses; which fields appear depends on the status. */
export interface ErrorObject {
  errorCode?: string;
  message: string;
  paths?: string[];
  paymentId?: string;
  /** The VRP consent a VRP consent error names (the reference's VrpConsent*Error shapes). */
  vrpConsentId?: string;
  tokenTraceId: string;
}

export interface ErrorResponse {
  error: ErrorObject;
}

/**
 * Renders an error in the shape the interface fixes for its status:
 * 400 (and other transport 4xx) message + tokenTraceId, with errorCode and paths for field errors;
 * 401 message + tokenTraceId; 403/500 errorCode + message; 404 errorCode + paymentId (entity id);
 * 429/501/503/504 errorCode + paymentId (short notice).
 */
export function errorBody(error: GatewayError, tokenTraceId: string): ErrorResponse {
  const { status } = error;
  if (status === 401) return { error: { message: error.message, tokenTraceId } };
  const body: ErrorObject = { errorCode: error.code, message: error.message, tokenTraceId };
  if (status === 404) {
    body.paymentId = error.entityId ?? 'unknown';
  } else if (STATUS_NOTICE[status] !== undefined) {
    body.paymentId = STATUS_NOTICE[status];
  } else if (status < 500 && status !== 403 && error.paths !== undefined && error.paths.length > 0) {
    // Only the 400 shape (and the transport 4xx answered in it) may name fields; 403 and 500
    // have exactly errorCode + message + tokenTraceId.
    body.paths = [...error.paths];
  }
  if (status === 400 || status === 404) Object.assign(body, error.details);
  return { error: body };
}
