import { lookupOutcome, lookupStatus } from '../bank-status-codes.js';
import { FINAL_BANK_OUTCOMES, type BankOutcome } from '../bank-types.js';
import type { BerlinGroupScaApproach } from './berlin-group-settings.js';

/**
 * The NextGenPSD2 (XS2A v1.3) status code sets and what each means for the gateway. Every table
 * is a Record over the complete code set, so a code added to a set without a meaning does not
 * compile; a code the bank sends that is not in its set is an UnknownBankStatusError.
 */

/** transactionStatus: ISO 20022 ExternalPaymentTransactionStatus1Code as XS2A uses it. */
export const TRANSACTION_STATUSES = [
  'RCVD',
  'PATC',
  'ACTC',
  'ACCP',
  'ACFC',
  'PDNG',
  'ACSP',
  'ACWC',
  'ACWP',
  'ACTV',
  'PART',
  'ACSC',
  'ACCC',
  'RJCT',
  'CANC',
] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

export const TRANSACTION_STATUS_OUTCOMES: Readonly<Record<TransactionStatus, BankOutcome>> = {
  // Received: nothing checked yet; the user's authorisation is still to come.
  RCVD: 'AWAITING_AUTHORISATION',
  // PartiallyAcceptedTechnicalCorrect: multi-level SCA, further authorisations outstanding.
  PATC: 'AWAITING_AUTHORISATION',
  // AcceptedTechnicalValidation, AcceptedCustomerProfile, AcceptedFundsChecked, Pending: the
  // bank's checks are under way; not yet accepted for execution.
  ACTC: 'PENDING',
  ACCP: 'PENDING',
  ACFC: 'PENDING',
  PDNG: 'PENDING',
  // AcceptedSettlementInProcess, AcceptedWithChange (e.g. another date), AcceptedWithoutPosting:
  // accepted for execution and on its way.
  ACSP: 'PROCESSING',
  ACWC: 'PROCESSING',
  ACWP: 'PROCESSING',
  // Active: outside the core v1.3 list; some banks report an authorised order in force with it.
  ACTV: 'PROCESSING',
  // PartiallyAccepted: bulk orders only, some transactions accepted; not settled as a whole.
  PART: 'PROCESSING',
  // AcceptedSettlementCompleted (debtor side), AcceptedSettlementCompletedCreditor.
  ACSC: 'COMPLETED',
  ACCC: 'COMPLETED',
  RJCT: 'REJECTED',
  CANC: 'CANCELED',
};

/** scaStatus of an authorisation sub-resource. */
export const SCA_STATUSES = [
  'received',
  'psuIdentified',
  'psuAuthenticated',
  'scaMethodSelected',
  'started',
  'unconfirmed',
  'finalised',
  'failed',
  'exempted',
] as const;
export type ScaStatus = (typeof SCA_STATUSES)[number];

/**
 * Where an authorisation stands, and so what the user is asked next (embedded) or whether the
 * gateway keeps waiting (redirect, decoupled).
 */
export type ScaPhase =
  /** The bank needs to know who the user is (PSU-ID, and with it the password). */
  | 'identification'
  /** The user is known; the password (or other static credential) is next. */
  | 'authentication'
  /** The user is authenticated and the bank offers several SCA methods to pick from. */
  | 'method-selection'
  /** A one-time code is on its way (or the decoupled app was notified): the answer is next. */
  | 'challenge'
  /** SCA is done but the TPP must still confirm it (a confirmation code from the redirect). */
  | 'confirmation'
  | 'done'
  | 'failed';

export const SCA_STATUS_PHASES: Readonly<Record<ScaStatus, ScaPhase>> = {
  received: 'identification',
  psuIdentified: 'authentication',
  psuAuthenticated: 'method-selection',
  scaMethodSelected: 'challenge',
  started: 'challenge',
  unconfirmed: 'confirmation',
  finalised: 'done',
  exempted: 'done',
  failed: 'failed',
};

/** consentStatus of an account-information consent. */
export const CONSENT_STATUSES = [
  'received',
  'partiallyAuthorised',
  'valid',
  'rejected',
  'revokedByPsu',
  'expired',
  'terminatedByTpp',
] as const;
export type ConsentStatus = (typeof CONSENT_STATUSES)[number];

export const CONSENT_STATUS_OUTCOMES: Readonly<Record<ConsentStatus, BankOutcome>> = {
  received: 'AWAITING_AUTHORISATION',
  // Multi-level SCA: some of the account holders have not authorised yet.
  partiallyAuthorised: 'AWAITING_AUTHORISATION',
  // Authorised and usable: the set-up is complete.
  valid: 'COMPLETED',
  rejected: 'REJECTED',
  revokedByPsu: 'CANCELED',
  expired: 'CANCELED',
  terminatedByTpp: 'CANCELED',
};

export function mapTransactionStatus(status: unknown): { status: TransactionStatus; outcome: BankOutcome } {
  return lookupOutcome('XS2A transactionStatus', TRANSACTION_STATUS_OUTCOMES, status);
}

/**
 * transactionStatus of a periodic payment (a standing order), whose outcome is its set-up:
 * COMPLETED once the bank has accepted it for execution on its dates, whatever its payments
 * then do.
 */
export const PERIODIC_PAYMENT_STATUS_OUTCOMES: Readonly<Record<TransactionStatus, BankOutcome>> = {
  RCVD: 'AWAITING_AUTHORISATION',
  PATC: 'AWAITING_AUTHORISATION',
  // Technically valid, funds checked or pending: the bank has not accepted the order yet.
  ACTC: 'PENDING',
  ACFC: 'PENDING',
  PDNG: 'PENDING',
  // AcceptedCustomerProfile: the order is on the customer's profile and runs on its dates.
  ACCP: 'COMPLETED',
  // A payment of the order under way, accepted with a change, without posting, active: in force.
  ACSP: 'COMPLETED',
  ACWC: 'COMPLETED',
  ACWP: 'COMPLETED',
  ACTV: 'COMPLETED',
  PART: 'COMPLETED',
  ACSC: 'COMPLETED',
  ACCC: 'COMPLETED',
  RJCT: 'REJECTED',
  CANC: 'CANCELED',
};

export function mapPeriodicPaymentStatus(status: unknown): { status: TransactionStatus; outcome: BankOutcome } {
  return lookupOutcome('XS2A transactionStatus', PERIODIC_PAYMENT_STATUS_OUTCOMES, status);
}

export function mapScaStatus(status: unknown): { status: ScaStatus; phase: ScaPhase } {
  const { status: code, value } = lookupStatus('XS2A scaStatus', SCA_STATUS_PHASES, status);
  return { status: code, phase: value };
}

export function mapConsentStatus(status: unknown): { status: ConsentStatus; outcome: BankOutcome } {
  return lookupOutcome('XS2A consentStatus', CONSENT_STATUS_OUTCOMES, status);
}

/** ISO 20022 AM04 (InsufficientFunds), as banks word it in psuMessage or tppMessages. */
const INSUFFICIENT_FUNDS = /\bAM04\b|insufficient\s+funds|FUNDS_NOT_AVAILABLE/i;

/** A rejection refined by what the status answer says about funds. */
export function rejectionOutcome(fundsAvailable: unknown, messages: readonly string[]): BankOutcome {
  return fundsAvailable === false || messages.some((message) => INSUFFICIENT_FUNDS.test(message))
    ? 'REJECTED_INSUFFICIENT_FUNDS'
    : 'REJECTED';
}

/**
 * A payment's outcome from its transaction status and, when known, the phase of its
 * authorisation:
 * - SCA failed: the user refused (DECLINED) after a redirect or a decoupled request; after
 *   embedded steps it is a failed authentication (FAILED); a bank that has nevertheless
 *   completed or cancelled the payment is believed.
 * - SCA still under way and the payment not final: AWAITING_AUTHORISATION, whatever early
 *   status (RCVD, ACTC ...) the bank reports meanwhile.
 * - SCA done while the bank still says RCVD/PATC: PENDING (received, checks to come).
 */
export function paymentOutcome(
  transaction: BankOutcome,
  sca: ScaPhase | undefined,
  approach: BerlinGroupScaApproach,
): BankOutcome {
  if (sca === 'failed') {
    if (transaction === 'COMPLETED' || transaction === 'CANCELED') return transaction;
    return approach === 'embedded' ? 'FAILED' : 'DECLINED';
  }
  if (sca === undefined) return transaction;
  // A payment accepted for execution (PROCESSING) or ended has been authorised, whatever an
  // authorisation read made just before said: the bank's later answer wins the race.
  if (sca !== 'done')
    return FINAL_BANK_OUTCOMES.has(transaction) || transaction === 'PROCESSING'
      ? transaction
      : 'AWAITING_AUTHORISATION';
  return transaction === 'AWAITING_AUTHORISATION' ? 'PENDING' : transaction;
}
