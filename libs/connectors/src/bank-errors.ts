import { GatewayError } from '#libs/common';
import { BANK_CAPABILITY_NAMES, type BankCapability } from './bank-connector.js';
import type { VrpRefusal } from './capabilities/vrp.js';

/**
 * How a bank call can fail. These are GatewayErrors, so a use case may let them through and the
 * error filter answers them in the interface's shapes: a bank 4xx is a 403 with the bank's reason;
 * a bank 5xx a 500 with `token-external-error: true`; a missed deadline a 504; an operation the
 * bank does not offer a 501.
 */
export class BankRejectedError extends GatewayError {
  constructor(
    readonly bankId: string,
    readonly bankStatusCode: number,
    readonly bankErrorCode: string | undefined,
    reason: string,
  ) {
    super('PermissionDenied', { message: `Bank ${bankId} rejected the request: ${reason}`.slice(0, 256) });
  }
}

/**
 * A bank refused a VRP (or a funds confirmation) under a VRP consent, for `refusal`: a
 * BankRejectedError that says what the refusal means for the consent (CONSENT_REVOKED: the user
 * revoked it at the bank).
 */
export class BankVrpRefusedError extends BankRejectedError {
  constructor(
    bankId: string,
    bankStatusCode: number,
    bankErrorCode: string | undefined,
    reason: string,
    readonly refusal: VrpRefusal,
  ) {
    super(bankId, bankStatusCode, bankErrorCode, reason);
  }
}

export class BankUnavailableError extends GatewayError {
  constructor(
    readonly bankId: string,
    readonly bankStatusCode: number | undefined,
    cause?: unknown,
  ) {
    super('BankInternalError', { message: `Bank ${bankId} reported an internal error.`, external: true, cause });
  }
}

export class BankDeadlineExceededError extends GatewayError {
  constructor(
    readonly bankId: string,
    cause?: unknown,
  ) {
    super('DEADLINE_EXCEEDED', { message: `Bank ${bankId} did not answer before the deadline.`, cause });
  }
}

export class BankOperationUnsupportedError extends GatewayError {
  constructor(
    readonly bankId: string,
    operation: string,
  ) {
    super('UNIMPLEMENTED', { message: `Bank ${bankId} does not support ${operation}.` });
  }
}

/** A bank whose connector does not offer a capability (VRP, refunds ...): 501 UNIMPLEMENTED. */
export class BankCapabilityUnsupportedError extends BankOperationUnsupportedError {
  constructor(
    bankId: string,
    readonly capability: BankCapability,
  ) {
    super(bankId, BANK_CAPABILITY_NAMES[capability]);
  }
}

/** A settlement provider the gateway has no connector for: 501 UNIMPLEMENTED. */
export class SettlementProviderUnsupportedError extends GatewayError {
  constructor(readonly providerId: string) {
    super('UNIMPLEMENTED', { message: `Settlement provider ${providerId} is not supported.` });
  }
}
