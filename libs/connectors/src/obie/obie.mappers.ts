import { lookupOutcome } from '../bank-status-codes.js';
import type { BankOutcome } from '../bank-types.js';
import type { VrpRefusal } from '../capabilities/vrp.js';

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

/**
 * OBDomesticVRPConsentResponse Data.Status (VRP profile v3.1.10: no Consumed, no Revoked). A
 * consent the user revokes at the bank stays Authorised; the bank revokes its access token instead,
 * which the connector reports as a BankVrpRefusedError with refusal CONSENT_REVOKED.
 */
export const OB_VRP_CONSENT_STATUSES = ['AwaitingAuthorisation', 'Authorised', 'Rejected'] as const;
export type ObVrpConsentStatus = (typeof OB_VRP_CONSENT_STATUSES)[number];

export const VRP_CONSENT_STATUS_OUTCOMES: Readonly<Record<ObVrpConsentStatus, BankOutcome>> = {
  AwaitingAuthorisation: 'AWAITING_AUTHORISATION',
  // The mandate is in force: VRPs may be made under it.
  Authorised: 'COMPLETED',
  Rejected: 'REJECTED',
};

/** OBVRPStatusReasonCode: why a VRP has its status (Data.StatusReason of OBDomesticVRPResponse). */
export const OB_VRP_STATUS_REASONS = ['UK.OBIE.ExemptionNotApplied', 'UK.OBIE.OtherReason'] as const;
export type ObVrpStatusReason = (typeof OB_VRP_STATUS_REASONS)[number];

export const VRP_STATUS_REASON_TEXTS: Readonly<Record<ObVrpStatusReason, string>> = {
  // The bank would not apply an SCA exemption: the payment needed the user present.
  'UK.OBIE.ExemptionNotApplied': 'The bank did not apply an SCA exemption to the payment.',
  'UK.OBIE.OtherReason': 'The bank gave another reason.',
};

/** The text for a VRP's StatusReason code; a code outside the set is passed on as given. */
export function vrpStatusReasonText(code: string): string {
  return (VRP_STATUS_REASON_TEXTS as Readonly<Record<string, string>>)[code] ?? code;
}

/** OBError1 ErrorCode (VRP profile v3.1.10): the codes a bank refuses a VRP request with. */
export const OB_ERROR_CODES = [
  'UK.OBIE.Field.Expected',
  'UK.OBIE.Field.Invalid',
  'UK.OBIE.Field.InvalidDate',
  'UK.OBIE.Field.Missing',
  'UK.OBIE.Field.Unexpected',
  'UK.OBIE.Header.Invalid',
  'UK.OBIE.Header.Missing',
  'UK.OBIE.Reauthenticate',
  'UK.OBIE.Resource.ConsentMismatch',
  'UK.OBIE.Resource.InvalidConsentStatus',
  'UK.OBIE.Resource.InvalidFormat',
  'UK.OBIE.Resource.NotFound',
  'UK.OBIE.Rules.AfterCutOffDateTime',
  'UK.OBIE.Rules.DuplicateReference',
  'UK.OBIE.Rules.FailsControlParameters',
  'UK.OBIE.Signature.Invalid',
  'UK.OBIE.Signature.InvalidClaim',
  'UK.OBIE.Signature.Malformed',
  'UK.OBIE.Signature.Missing',
  'UK.OBIE.Signature.MissingClaim',
  'UK.OBIE.Signature.Unexpected',
  'UK.OBIE.UnexpectedError',
  'UK.OBIE.Unsupported.AccountIdentifier',
  'UK.OBIE.Unsupported.AccountSecondaryIdentifier',
  'UK.OBIE.Unsupported.Currency',
  'UK.OBIE.Unsupported.Frequency',
  'UK.OBIE.Unsupported.LocalInstrument',
  'UK.OBIE.Unsupported.Scheme',
] as const;
export type ObErrorCode = (typeof OB_ERROR_CODES)[number];

/** What each error code means when a bank refuses a VRP or a funds confirmation under a VRP consent. */
export const VRP_REFUSALS_BY_ERROR_CODE: Readonly<Record<ObErrorCode, VrpRefusal>> = {
  'UK.OBIE.Field.Expected': 'INVALID_REQUEST',
  'UK.OBIE.Field.Invalid': 'INVALID_REQUEST',
  'UK.OBIE.Field.InvalidDate': 'INVALID_REQUEST',
  'UK.OBIE.Field.Missing': 'INVALID_REQUEST',
  'UK.OBIE.Field.Unexpected': 'INVALID_REQUEST',
  'UK.OBIE.Header.Invalid': 'INVALID_REQUEST',
  'UK.OBIE.Header.Missing': 'INVALID_REQUEST',
  // The user must authorise the consent again before it can be used.
  'UK.OBIE.Reauthenticate': 'CONSENT_REVOKED',
  'UK.OBIE.Resource.ConsentMismatch': 'CONSENT_MISMATCH',
  'UK.OBIE.Resource.InvalidConsentStatus': 'CONSENT_NOT_ACTIVE',
  'UK.OBIE.Resource.InvalidFormat': 'INVALID_REQUEST',
  // The consent is gone (deleted) or never existed at this bank.
  'UK.OBIE.Resource.NotFound': 'CONSENT_NOT_ACTIVE',
  'UK.OBIE.Rules.AfterCutOffDateTime': 'INVALID_REQUEST',
  'UK.OBIE.Rules.DuplicateReference': 'INVALID_REQUEST',
  'UK.OBIE.Rules.FailsControlParameters': 'CONTROL_PARAMETERS',
  'UK.OBIE.Signature.Invalid': 'INVALID_REQUEST',
  'UK.OBIE.Signature.InvalidClaim': 'INVALID_REQUEST',
  'UK.OBIE.Signature.Malformed': 'INVALID_REQUEST',
  'UK.OBIE.Signature.Missing': 'INVALID_REQUEST',
  'UK.OBIE.Signature.MissingClaim': 'INVALID_REQUEST',
  'UK.OBIE.Signature.Unexpected': 'INVALID_REQUEST',
  'UK.OBIE.UnexpectedError': 'INVALID_REQUEST',
  'UK.OBIE.Unsupported.AccountIdentifier': 'UNSUPPORTED',
  'UK.OBIE.Unsupported.AccountSecondaryIdentifier': 'UNSUPPORTED',
  'UK.OBIE.Unsupported.Currency': 'UNSUPPORTED',
  'UK.OBIE.Unsupported.Frequency': 'UNSUPPORTED',
  'UK.OBIE.Unsupported.LocalInstrument': 'UNSUPPORTED',
  'UK.OBIE.Unsupported.Scheme': 'UNSUPPORTED',
};

/**
 * What a bank's 4xx to a call made with a VRP consent's grant means: a 401 is the grant no longer
 * honoured (revoked at the bank: the VRP profile has the bank revoke the access token and leave the
 * consent Authorised); otherwise the error code decides, a code outside the set being INVALID_REQUEST.
 */
export function vrpRefusalFor(httpStatus: number, errorCode: string | undefined): VrpRefusal {
  if (httpStatus === 401) return 'CONSENT_REVOKED';
  const known = (VRP_REFUSALS_BY_ERROR_CODE as Readonly<Record<string, VrpRefusal>>)[errorCode ?? ''];
  return known ?? 'INVALID_REQUEST';
}

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
