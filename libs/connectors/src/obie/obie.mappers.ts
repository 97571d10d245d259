import { lookupOutcome } from '../bank-status-codes.js';
import type { BankOutcome } from '../bank-types.js';

/**
 * The OBIE v3.1 status code sets and what each means for the gateway. Every table is a
 * Record over the complete code set, so a code added to a set without an outcome does not
 * compile; a code the bank sends that is not in its set is an UnknownBankStatusError.
 */

/** OBTransactionIndividualStatus1Code (ISO 20022): domestic payments and domestic VRPs. */
export const OB_PAYMENT_STATUSES = [
  'Pending',
  'Rejected',
  'AcceptedSettlementInProcess',
  'AcceptedSettlementCompleted',
  'AcceptedWithoutPosting',
  'AcceptedCreditSettlementCompleted',
] as const;
export type ObPaymentStatus = (typeof OB_PAYMENT_STATUSES)[number];

export const PAYMENT_STATUS_OUTCOMES: Readonly<Record<ObPaymentStatus, BankOutcome>> = {
  Pending: 'PENDING',
  Rejected: 'REJECTED',
  AcceptedSettlementInProcess: 'PROCESSING',
  AcceptedSettlementCompleted: 'COMPLETED',
  // Accepted, but not yet posted to the creditor's account: still on its way.
  AcceptedWithoutPosting: 'PROCESSING',
  AcceptedCreditSettlementCompleted: 'COMPLETED',
};

/** OBExternalStatus1Code: domestic scheduled payments. */
export const OB_SCHEDULED_PAYMENT_STATUSES = [
  'InitiationPending',
  'InitiationCompleted',
  'InitiationFailed',
  'Cancelled',
] as const;
export type ObScheduledPaymentStatus = (typeof OB_SCHEDULED_PAYMENT_STATUSES)[number];

export const SCHEDULED_PAYMENT_STATUS_OUTCOMES: Readonly<Record<ObScheduledPaymentStatus, BankOutcome>> = {
  InitiationPending: 'PENDING',
  InitiationCompleted: 'COMPLETED',
  InitiationFailed: 'REJECTED',
  Cancelled: 'CANCELED',
};

/**
 * OBExternalStatus1Code as a domestic standing order reports it: the order being set up at the
 * bank, set up (its payments then run on their dates), not set up, or cancelled.
 */
export const STANDING_ORDER_STATUS_OUTCOMES: Readonly<Record<ObScheduledPaymentStatus, BankOutcome>> = {
  InitiationPending: 'PENDING',
  InitiationCompleted: 'COMPLETED',
  InitiationFailed: 'REJECTED',
  Cancelled: 'CANCELED',
};

/** OBExternalConsentStatus1Code: domestic, scheduled and standing-order payment consents. */
export const OB_PAYMENT_CONSENT_STATUSES = ['AwaitingAuthorisation', 'Authorised', 'Rejected', 'Consumed'] as const;
export type ObPaymentConsentStatus = (typeof OB_PAYMENT_CONSENT_STATUSES)[number];

export const PAYMENT_CONSENT_STATUS_OUTCOMES: Readonly<Record<ObPaymentConsentStatus, BankOutcome>> = {
  AwaitingAuthorisation: 'AWAITING_AUTHORISATION',
  // Authorised by the user; the payment order is not submitted yet.
  Authorised: 'PENDING',
  Rejected: 'REJECTED',
  // A payment order exists: its own status tells more.
  Consumed: 'PROCESSING',
};

/** Domestic VRP consent statuses (v3.1 VRP profile: no Consumed, no Revoked). */
export const OB_VRP_CONSENT_STATUSES = ['AwaitingAuthorisation', 'Authorised', 'Rejected'] as const;
export type ObVrpConsentStatus = (typeof OB_VRP_CONSENT_STATUSES)[number];

export const VRP_CONSENT_STATUS_OUTCOMES: Readonly<Record<ObVrpConsentStatus, BankOutcome>> = {
  AwaitingAuthorisation: 'AWAITING_AUTHORISATION',
  // The mandate is in force: VRPs may be made under it.
  Authorised: 'COMPLETED',
  Rejected: 'REJECTED',
};

/** OBExternalRequestStatus1Code: account-access consents. */
export const OB_ACCOUNT_ACCESS_CONSENT_STATUSES = [
  'AwaitingAuthorisation',
  'Authorised',
  'Rejected',
  'Revoked',
] as const;
export type ObAccountAccessConsentStatus = (typeof OB_ACCOUNT_ACCESS_CONSENT_STATUSES)[number];

export const ACCOUNT_ACCESS_CONSENT_STATUS_OUTCOMES: Readonly<Record<ObAccountAccessConsentStatus, BankOutcome>> = {
  AwaitingAuthorisation: 'AWAITING_AUTHORISATION',
  Authorised: 'COMPLETED',
  Rejected: 'REJECTED',
  Revoked: 'CANCELED',
};

export const mapPaymentStatus = (status: unknown): { status: ObPaymentStatus; outcome: BankOutcome } =>
  lookupOutcome('OBTransactionIndividualStatus1Code', PAYMENT_STATUS_OUTCOMES, status);

export const mapScheduledPaymentStatus = (
  status: unknown,
): { status: ObScheduledPaymentStatus; outcome: BankOutcome } =>
  lookupOutcome('OBExternalStatus1Code', SCHEDULED_PAYMENT_STATUS_OUTCOMES, status);

export const mapStandingOrderStatus = (status: unknown): { status: ObScheduledPaymentStatus; outcome: BankOutcome } =>
  lookupOutcome('OBExternalStatus1Code', STANDING_ORDER_STATUS_OUTCOMES, status);

export const mapPaymentConsentStatus = (status: unknown): { status: ObPaymentConsentStatus; outcome: BankOutcome } =>
  lookupOutcome('OBExternalConsentStatus1Code', PAYMENT_CONSENT_STATUS_OUTCOMES, status);

export const mapVrpConsentStatus = (status: unknown): { status: ObVrpConsentStatus; outcome: BankOutcome } =>
  lookupOutcome('OBDomesticVRPConsentStatus', VRP_CONSENT_STATUS_OUTCOMES, status);

export const mapAccountAccessConsentStatus = (
  status: unknown,
): { status: ObAccountAccessConsentStatus; outcome: BankOutcome } =>
  lookupOutcome('OBExternalRequestStatus1Code', ACCOUNT_ACCESS_CONSENT_STATUS_OUTCOMES, status);

/** ISO 20022 AM04 (InsufficientFunds), as banks report it in payment-details reasons. */
const INSUFFICIENT_FUNDS = /\bAM04\b|insufficient\s+funds/i;

/**
 * A rejection refined by the reason the payment-details resource gives
 * (Data.PaymentStatus[].StatusDetail): insufficient funds has its own outcome.
 */
export function rejectionOutcome(
  reason: { readonly status?: string; readonly statusReason?: string; readonly description?: string } | undefined,
): BankOutcome {
  const text = [reason?.status, reason?.statusReason, reason?.description]
    .filter((part) => part !== undefined)
    .join(' ');
  return INSUFFICIENT_FUNDS.test(text) ? 'REJECTED_INSUFFICIENT_FUNDS' : 'REJECTED';
}
