import type { TokenRequest } from '#libs/db';
import type { TokenRequestPayloadInput } from '#libs/domain';
import { tokenRequestStepOf } from './token-request-step.js';

const MESSAGES = {
  ACCESS_DENIED: 'The user did not authorise the request at the bank.',
  REJECTED: 'The bank rejected the request.',
  EXPIRED: 'The user did not authorise the request in time.',
} as const;

/**
 * Where the user's browser goes once the bank step is over: the request's redirectUrl with
 * `requestId` and `state` (the callbackState; empty when none was given), and
 *  - PROCESSED: `tokenId` and `signature` (the result's Signature object as JSON);
 *  - REJECTED / EXPIRED: `error` (ACCESS_DENIED, REJECTED or EXPIRED) and `message`;
 *  - still PENDING (the bank's answer is being completed elsewhere): nothing more, the TPP asks
 *    GET /token-requests/{id}/result.
 */
export function tppRedirectUrl(
  request: Pick<TokenRequest, 'id' | 'status' | 'requestPayload' | 'tokenId' | 'signature' | 'authorization'> & {
    readonly statusReasonInformation: string | null;
  },
): string {
  const payload = request.requestPayload as unknown as TokenRequestPayloadInput;
  const url = new URL(payload.redirectUrl);
  url.searchParams.set('requestId', request.id);
  url.searchParams.set('state', payload.callbackState ?? '');
  if (request.status === 'PROCESSED' && request.tokenId !== null) {
    url.searchParams.set('tokenId', request.tokenId);
    if (request.signature !== null) url.searchParams.set('signature', JSON.stringify(request.signature));
  } else if (request.status === 'REJECTED' || request.status === 'EXPIRED') {
    const step = tokenRequestStepOf(request.authorization);
    const error = step?.kind === 'ended' ? step.error : request.status === 'EXPIRED' ? 'EXPIRED' : 'REJECTED';
    url.searchParams.set('error', error);
    url.searchParams.set('message', request.statusReasonInformation ?? MESSAGES[error]);
  }
  return url.toString();
}
