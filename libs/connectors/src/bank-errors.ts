import { GatewayError } from '#libs/common';

/**
 * How a bank call can fail, as the rest of the gateway sees it. Connectors throw these; the
 * error filter answers bank 5xx with `token-external-error: true`.
 */
export function bankUnavailable(bankId: string, cause?: unknown): GatewayError {
  return new GatewayError('BankInternalError', { message: `Bank ${bankId} reported an internal error.`, external: true, cause });
}

export function bankRejected(bankId: string, reason: string, cause?: unknown): GatewayError {
  return new GatewayError('PermissionDenied', { message: `Bank ${bankId} rejected the request: ${reason}`.slice(0, 256), cause });
}

export function bankDeadlineExceeded(bankId: string, cause?: unknown): GatewayError {
  return new GatewayError('DEADLINE_EXCEEDED', { message: `Bank ${bankId} did not answer before the deadline.`, cause });
}
