import type { BankOutcome } from '../bank-types.js';

/**
 * Where a bank or settlement provider says a money movement the gateway initiated stands (a
 * refund, a payout): its id there, the outcome in the gateway's words and the raw status.
 */
export interface InitiationProgress {
  /** The bank's (or provider's) id of the movement; the interface's bankTransactionId. */
  readonly bankPaymentId: string;
  readonly outcome: BankOutcome;
  /** The bank's own status code, kept verbatim (bankPaymentStatus). */
  readonly bankStatus: string;
  /** Reason text from the bank, at most 256 characters. */
  readonly statusReason?: string;
}
