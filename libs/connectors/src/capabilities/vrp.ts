import type { BankCallContext, BankOutcome, Money, PartyAccount } from '../bank-types.js';
import type { AuthorisationStep } from './payment-initiation.js';

/** Variable recurring payments: a consent with limits, then payments under it. */

/** What the payments under a consent are for: sweeping (between the user's own accounts) or any other. */
export type VrpType = 'SWEEPING' | 'OTHER';

/**
 * Why a bank refused a VRP or a funds confirmation under a VRP consent (a BankVrpRefusedError):
 * - CONTROL_PARAMETERS: beyond the consent's limits or validity (the bank enforces them too);
 * - CONSENT_REVOKED: the bank no longer honours the consent's grant (the user revoked the consent
 *   at the bank, or must authorise it again);
 * - CONSENT_NOT_ACTIVE: the consent is not (or no longer) authorised, or the bank does not know it;
 * - CONSENT_MISMATCH: the request differs from what the consent fixes (creditor, reference ...);
 * - UNSUPPORTED: the bank does not offer what was asked (a scheme, currency, rail);
 * - INVALID_REQUEST: any other refusal of the request as sent.
 */
export const VRP_REFUSALS = [
  'CONTROL_PARAMETERS',
  'CONSENT_REVOKED',
  'CONSENT_NOT_ACTIVE',
  'CONSENT_MISMATCH',
  'UNSUPPORTED',
  'INVALID_REQUEST',
] as const;
export type VrpRefusal = (typeof VRP_REFUSALS)[number];

/** A consent's limits as the bank holds them. */
export interface VrpControlParameters {
  readonly vrpTypes: readonly string[];
  readonly currency: string;
  readonly maximumIndividualAmount: string;
  readonly periodicLimits: readonly {
    readonly maximumAmount: string;
    /** The bank's period type (OBIE: Day, Week, Fortnight, Month, Half-year, Year). */
    readonly periodType: string;
    readonly periodAlignment: string;
  }[];
  readonly validFrom?: string;
  readonly validTo?: string;
}

export interface VrpConsentRequest {
  readonly consentId: string;
  readonly refId: string;
  readonly creditor: PartyAccount;
  readonly debtor?: PartyAccount;
  readonly currency: string;
  readonly maximumIndividualAmount: string;
  readonly periodicLimits: readonly {
    readonly maximumAmount: string;
    readonly periodType: 'DAY' | 'WEEK' | 'MONTH' | 'YEAR';
    readonly periodAlignment: 'CONSENT' | 'CALENDAR';
  }[];
  readonly validFrom?: string;
  readonly validTo?: string;
  /** Default SWEEPING; OTHER (commercial VRP) needs a contract with the bank. */
  readonly vrpType?: VrpType;
  readonly remittanceInformationPrimary: string;
  readonly remittanceInformationSecondary?: string;
  readonly redirectUri: string;
  readonly state: string;
  readonly nonce: string;
}

export interface VrpConsentProgress {
  readonly bankConsentId: string;
  readonly outcome: BankOutcome;
  readonly bankStatus: string;
  readonly next: AuthorisationStep;
  /** Access token for later VRPs under this consent, kept encrypted by the caller. */
  readonly grant?: string;
  /** The account the user approved paying from, once the bank says (after authorisation). */
  readonly debtor?: PartyAccount;
  /** The consent's limits as the bank holds them, when the bank answered with the consent. */
  readonly controlParameters?: VrpControlParameters;
}

export interface VrpRequest {
  readonly vrpId: string;
  /** The payment's refId, sent as the instruction's end-to-end id. */
  readonly refId: string;
  readonly bankConsentId: string;
  readonly grant: string;
  readonly amount: Money;
  readonly creditor: PartyAccount;
  readonly remittanceInformationPrimary: string;
  readonly remittanceInformationSecondary?: string;
}

/** Where a bank says one VRP (a payment under a VRP consent) stands. */
export interface VrpProgress {
  readonly bankVrpId: string;
  readonly outcome: BankOutcome;
  readonly bankStatus: string;
  readonly statusReason?: string;
  /** The account the payment is made from, when the bank says. */
  readonly debtor?: PartyAccount;
  /** Where a refund of this payment goes, when the consent asked for it (OBIE ReadRefundAccount). */
  readonly refundAccount?: PartyAccount;
}

export interface VrpCapability {
  createVrpConsent(ctx: BankCallContext, request: VrpConsentRequest): Promise<VrpConsentProgress>;
  completeVrpConsentRedirect(
    ctx: BankCallContext,
    bankConsentId: string,
    params: Readonly<Record<string, string>>,
    redirectUri: string,
  ): Promise<VrpConsentProgress>;
  getVrpConsent(ctx: BankCallContext, bankConsentId: string): Promise<VrpConsentProgress>;
  revokeVrpConsent(ctx: BankCallContext, bankConsentId: string): Promise<void>;
  initiateVrp(ctx: BankCallContext, request: VrpRequest): Promise<VrpProgress>;
  getVrpStatus(ctx: BankCallContext, bankVrpId: string, grant: string): Promise<VrpProgress>;
}
