import { BankDeadlineExceededError, BankRejectedError, BankUnavailableError } from '../bank-errors.js';
import type { BankCallContext } from '../bank-types.js';
import type { ObieApi } from './obie-api.js';
import type { ObieAuthServer } from './obie-auth-server.js';
import { arrayAt, asObject, objectAt, optionalText } from '../http/bank-json.js';
import type { ObieSettings } from './obie-settings.js';

/** What the connector's areas (payments, VRP, account information) share. */
export interface ObieParts {
  readonly bankId: string;
  readonly settings: ObieSettings;
  readonly auth: ObieAuthServer;
  readonly api: ObieApi;
}

export interface RejectionReason {
  readonly status?: string;
  readonly statusReason?: string;
  readonly description?: string;
}

/**
 * Why the bank rejected a payment order, from its payment-details resource (optional in the
 * standard: a bank that does not offer it, or fails on it, leaves the reason unknown).
 */
export async function rejectionReason(
  parts: ObieParts,
  ctx: BankCallContext,
  detailsPath: string,
): Promise<RejectionReason | undefined> {
  try {
    const token = await parts.auth.clientToken(ctx, 'payments');
    const body = await parts.api.get(ctx, detailsPath, token, 'obie.payment-details.read');
    const statuses = arrayAt(objectAt(body, 'Data', 'Data'), 'PaymentStatus', 'Data.PaymentStatus');
    const detail = asObject(asObject(statuses[statuses.length - 1])?.['StatusDetail']);
    const status = optionalText(detail, 'Status');
    const statusReason = optionalText(detail, 'StatusReason');
    const description = optionalText(detail, 'StatusReasonDescription');
    return {
      ...(status === undefined ? {} : { status }),
      ...(statusReason === undefined ? {} : { statusReason }),
      ...(description === undefined ? {} : { description }),
    };
  } catch (error) {
    if (error instanceof BankDeadlineExceededError) throw error;
    if (error instanceof BankRejectedError || error instanceof BankUnavailableError) return undefined;
    throw error;
  }
}

export function reasonText(reason: RejectionReason | undefined): string | undefined {
  const text = reason?.description ?? reason?.statusReason;
  return text === undefined ? undefined : text.slice(0, 256);
}
