import { GatewayError } from '#libs/common';
import { BankRejectedError } from '#libs/connectors';
import type { VrpConsentChange } from '#libs/db';

/**
 * How a failed bank call ends a consent that could not go on without it: a bank refusal (4xx) is
 * REJECTED with the bank's reason; anything else (unreachable, 5xx, deadline) FAILED.
 */
export function vrpConsentFailureChange(error: unknown, now: Date): VrpConsentChange {
  const message = error instanceof GatewayError ? error.message : 'The consent could not be set up with the bank.';
  return {
    status: error instanceof BankRejectedError ? 'REJECTED' : 'FAILED',
    updatedAt: now,
    statusReasonInformation: message.slice(0, 256),
    authentication: null,
  };
}
