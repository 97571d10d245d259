import type { Payment, PaymentKind } from '../store/payment.store.js';

/** The status codes a kind of payment order uses at its pending, settled and rejected points. */
export interface PaymentVocabulary {
  readonly pending: string;
  readonly settled: string;
  readonly rejected: string;
}

/**
 * Domestic payments and VRPs speak ISO 20022 (OBTransactionIndividualStatus1Code); scheduled
 * payments and standing orders OBExternalStatus1Code; Berlin Group payments XS2A's transactionStatus
 * codes. A standing order's settled status says it is set up (its payments then run on their dates).
 */
export const PAYMENT_VOCABULARY: Readonly<Record<PaymentKind, PaymentVocabulary>> = {
  'domestic-payment': { pending: 'Pending', settled: 'AcceptedSettlementCompleted', rejected: 'Rejected' },
  'domestic-vrp': { pending: 'Pending', settled: 'AcceptedSettlementCompleted', rejected: 'Rejected' },
  'domestic-scheduled-payment': {
    pending: 'InitiationPending',
    settled: 'InitiationCompleted',
    rejected: 'InitiationFailed',
  },
  'domestic-standing-order': {
    pending: 'InitiationPending',
    settled: 'InitiationCompleted',
    rejected: 'InitiationFailed',
  },
  // Berlin Group transactionStatus: accepted for execution, settled on the debtor's side, rejected;
  // a future-dated order waits as AcceptedCustomerProfile until its date.
  'berlin-group-payment': { pending: 'ACSP', settled: 'ACSC', rejected: 'RJCT' },
  'berlin-group-future-payment': { pending: 'ACCP', settled: 'ACSC', rejected: 'RJCT' },
  // A periodic payment is pending while the bank checks it, then accepted on the customer's
  // profile (set up: its payments run on their dates).
  'berlin-group-periodic-payment': { pending: 'PDNG', settled: 'ACCP', rejected: 'RJCT' },
};

export function vocabularyOf(payment: Payment): PaymentVocabulary {
  const vocabulary = (PAYMENT_VOCABULARY as Readonly<Record<string, PaymentVocabulary>>)[payment.kind];
  if (vocabulary === undefined) throw new Error(`Unknown payment kind ${payment.kind}`);
  return vocabulary;
}

/** Reason given with a rejection, as the payment-details resource reports it. */
export interface RejectionReason {
  readonly statusReason: string;
  readonly statusReasonDescription: string;
}

export const INSUFFICIENT_FUNDS: RejectionReason = {
  statusReason: 'ProprietaryRejection',
  statusReasonDescription: 'AM04: Insufficient funds in the debtor account.',
};

export const REJECTED_BY_BANK: RejectionReason = {
  statusReason: 'ProprietaryRejection',
  statusReasonDescription: 'MS03: Rejected by the bank (sandbox scenario).',
};
