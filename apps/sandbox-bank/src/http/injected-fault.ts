import type { FastifyRequest } from 'fastify';
import { SettlementApiError } from '../settlement/settlement-api-error.js';
import { ObieError, OAuthError } from './obie-error.js';

/**
 * The failure an injected fault answers with, in the shape of the surface called: the settlement
 * API's `{ code, message }`, the token endpoints' RFC 6749 error, OBErrorResponse1 otherwise
 * (the XS2A filter renders that as tppMessages).
 */
export function injectedFault(request: FastifyRequest, status: 500 | 503): Error {
  const path = request.url.split('?')[0] ?? '';
  if (path.startsWith('/settlement/')) return new SettlementApiError(status, 'Injected fault.');
  if (/\/as\/(token|bc-authorize)$/.test(path))
    return new OAuthError(status, status === 503 ? 'temporarily_unavailable' : 'server_error', 'Injected fault.');
  return new ObieError(status, 'UK.OBIE.UnexpectedError', 'Injected fault.');
}
