import type { BankCallContext, BankOutcome, Money, PartyAccount } from '../bank-types.js';
import type { AuthorisationStep } from './payment-initiation.js';

/** Variable recurring payments: a consent with limits, then payments under it. */

export interface VrpConsentRequest {
  readonly consentId: string;
  readonly refId: string;
  /** What payments the consent allows: sweeping (the default) or other (commercial) VRPs. */
  readonly vrpType?: 'SWEEPING' | 'OTHER';
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
}

export interface VrpRequest {
  readonly vrpId: string;
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
