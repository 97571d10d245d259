import { GatewayError } from '#libs/common';
import { BankDeadlineExceededError, BankRejectedError, BankUnavailableError } from '#libs/connectors';
import type { PaymentChange } from '#libs/db';
import type { PaymentStatus } from '#libs/domain';

/**
 * How a failed bank call ends a payment that could not go on without it: a bank refusal (4xx)
 * is INITIATION_REJECTED with the bank's reason; an unreachable bank, a bank 5xx, a missed
 * deadline or anything unexpected is INITIATION_FAILED. `errorInfo` says which, in the
 * reference spec's shape.
 */
export function failureChange(error: unknown, now: Date, traceId: string | undefined): PaymentChange {
  const reason = (text: string): string => text.slice(0, 256);
  const base = (status: PaymentStatus, httpErrorCode: number, message: string, external: boolean): PaymentChange => ({
    status,
    updatedAt: now,
    statusReasonInformation: reason(message),
    authentication: null,
    expiresAt: null,
    errorInfo: {
      httpErrorCode,
      message: reason(message),
      ...(external ? { tokenExternalError: true } : {}),
      ...(traceId === undefined ? {} : { tokenTraceId: traceId }),
    },
  });
  if (error instanceof BankRejectedError) return base('INITIATION_REJECTED', 403, error.message, false);
  if (error instanceof BankUnavailableError) return base('INITIATION_FAILED', 500, error.message, true);
  if (error instanceof BankDeadlineExceededError) return base('INITIATION_FAILED', 504, error.message, false);
  if (error instanceof GatewayError) return base('INITIATION_FAILED', error.status, error.message, error.external);
  return base('INITIATION_FAILED', 500, 'The payment could not be initiated with the bank.', false);
}
