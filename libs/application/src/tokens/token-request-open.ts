import { GatewayError } from '#libs/common';
import type { TokenRequest } from '#libs/db';
import { tokenRequestStepOf } from './token-request-step.js';

/**
 * Throws unless the user can still authorise the request at `now`: PENDING, inside its window,
 * and not being completed at the bank.
 */
export function assertTokenRequestOpen(request: TokenRequest, now: Date): void {
  const expired = now.getTime() >= request.expiresAt.getTime();
  if (request.status !== 'PENDING' || expired)
    throw new GatewayError('InvalidArgument', {
      message: `Token request ${request.id} cannot be authorised: its status is ${expired && request.status === 'PENDING' ? 'EXPIRED' : request.status}.`,
      paths: ['tokenRequestId'],
    });
  if (tokenRequestStepOf(request.authorization)?.kind === 'completing')
    throw new GatewayError('InvalidArgument', {
      message: `Token request ${request.id} is being completed at the bank.`,
      paths: ['tokenRequestId'],
    });
}
