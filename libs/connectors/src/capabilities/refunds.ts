import type { BankCallContext, LocalInstrument, Money, PartyAccount } from '../bank-types.js';
import type { InitiationProgress } from './initiation-progress.js';

/** The rails a refund may go over (the interface's refund localInstrument enum). */
export const REFUND_LOCAL_INSTRUMENTS = [
  'SEPA',
  'SEPA_INSTANT',
  'FASTER_PAYMENTS',
] as const satisfies readonly LocalInstrument[];
export type RefundLocalInstrument = (typeof REFUND_LOCAL_INSTRUMENTS)[number];

/**
 * A refund as the bank is asked for it: money back from the member's registered account (debtor)
 * to the account the original payment came from (creditor), resolved by the refunds domain from
 * the initiation, the refund registration and the original payment.
 */
export interface RefundInitiation {
  /** Our id of the refund; banks see it as the end-to-end / instruction reference basis. */
  readonly refundId: string;
  readonly refId: string;
  readonly amount: Money;
  readonly localInstrument: RefundLocalInstrument;
  readonly debtor: PartyAccount;
  readonly creditor: PartyAccount;
  readonly description?: string;
  /** The bank's id of the payment being refunded, when the bank links the two. */
  readonly originalBankPaymentId?: string;
  /** The credential the bank gave at registration, decrypted for this call only; never logged. */
  readonly registrationGrant?: string;
}

/** Refund payments initiated at the bank on the member's behalf (no user present). */
export interface RefundsCapability {
  initiateRefund(ctx: BankCallContext, initiation: RefundInitiation): Promise<InitiationProgress>;
  getRefundStatus(ctx: BankCallContext, bankPaymentId: string, registrationGrant?: string): Promise<InitiationProgress>;
}
