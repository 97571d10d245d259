/** A connector's reading of the bank (libs/connectors BankOutcome), in the domain's words. */
export type BankOutcomeName =
  | 'AWAITING_AUTHORISATION'
  | 'PENDING'
  | 'PROCESSING'
  | 'COMPLETED'
  | 'REJECTED'
  | 'REJECTED_INSUFFICIENT_FUNDS'
  | 'FAILED'
  | 'DECLINED'
  | 'CANCELED';

/** What the bank asks the user to do next (libs/connectors AuthorisationStep kinds). */
export type NextStepKind = 'redirect' | 'embedded' | 'decoupled' | 'none';
