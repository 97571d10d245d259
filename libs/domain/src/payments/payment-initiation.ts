/**
 * A Payments v2 initiation as the gateway keeps it after validation: the request's fields, in
 * the reference spec's names, with the account identifiers in the form their rail needs.
 * Request DTOs produce it; the payment row stores it and answers render it back.
 */

export const PAYMENT_LOCAL_INSTRUMENTS = [
  'SEPA',
  'SEPA_INSTANT',
  'FASTER_PAYMENTS',
  'ELIXIR',
  'EU_DOMESTIC_NON_EURO',
  'EU_DOMESTIC_NON_EURO_INSTANT',
  'BANKGIRO',
  'PLUSGIRO',
] as const;
export type PaymentLocalInstrument = (typeof PAYMENT_LOCAL_INSTRUMENTS)[number];
/** What a request may name: a rail, or AUTO_SELECT (the gateway picks one). */
export type RequestedLocalInstrument = PaymentLocalInstrument | 'AUTO_SELECT';

export const PAYMENT_FLOW_TYPES = ['API_ONLY', 'FULL_HOSTED_PAGES', 'EMBEDDED_HOSTED_PAGES'] as const;
export type PaymentFlowType = (typeof PAYMENT_FLOW_TYPES)[number];

export const CHARGE_BEARERS = ['INVALID_CHARGE_BEARER', 'CRED', 'DEBT', 'SHAR', 'SLEV'] as const;
export type ChargeBearer = (typeof CHARGE_BEARERS)[number];

export interface PaymentAmount {
  /** Decimal string, at most 4 fraction digits and no more than the currency allows. */
  readonly value: string;
  /** ISO 4217 code. */
  readonly currency: string;
}

/** Account identifier fields as the reference spec's account schemas name them; unused ones absent. */
export interface PaymentAccountFields {
  readonly iban?: string;
  readonly bic?: string;
  readonly sortCode?: string;
  readonly accountNumber?: string;
  readonly bban?: string;
  readonly clearingNumber?: string;
  readonly bankgiroNumber?: string;
  readonly plusgiroNumber?: string;
}

export interface PaymentCreditor extends PaymentAccountFields {
  readonly name: string;
  readonly ultimateCreditorName?: string;
  readonly bankName?: string;
  readonly address?: Readonly<Record<string, unknown>>;
  /** The id of an account verification (`/account-verifications`) of this creditor. */
  readonly accountVerificationId?: string;
  /**
   * One of the member's settlement accounts (the reference's VirtualAccountCreditor): the gateway
   * fills in the account's name and identifiers, which answers leave out again.
   */
  readonly virtualAccountId?: string;
}

/** Full debtor details, or an Account on File reference (`tokenizedAccountId`), never both. */
export interface PaymentDebtor extends PaymentAccountFields {
  readonly name?: string;
  readonly ultimateDebtorName?: string;
  readonly address?: Readonly<Record<string, unknown>>;
  readonly tokenizedAccountId?: string;
}

export interface PaymentRisk {
  readonly psuId?: string;
  readonly paymentContextCode?: string;
  readonly paymentPurposeCode?: string;
  readonly merchantCategoryCode?: string;
  readonly beneficiaryAccountType?: string;
  readonly contractPresentIndicator?: boolean;
  readonly beneficiaryPrepopulatedIndicator?: boolean;
  readonly deliveryAddress?: Readonly<Record<string, unknown>>;
}

export interface PaymentInitiationInput {
  readonly bankId?: string;
  readonly refId: string;
  readonly remittanceInformationPrimary: string;
  readonly remittanceInformationSecondary?: string;
  readonly onBehalfOfId?: string;
  /** Only for variable recurring payments: the VRP consent id. */
  readonly vrpConsentId?: string;
  readonly amount: PaymentAmount;
  readonly localInstrument: RequestedLocalInstrument;
  readonly debtor?: PaymentDebtor;
  readonly creditor: PaymentCreditor;
  /** ISO 8601 date (YYYY-MM-DD) of a future-dated payment. */
  readonly executionDate?: string;
  readonly confirmFunds?: boolean;
  readonly returnRefundAccount?: boolean;
  readonly disableFutureDatedPaymentConversion?: boolean;
  readonly returnTokenizedAccount?: boolean;
  readonly callbackUrl: string;
  readonly callbackState?: string;
  readonly chargeBearer?: ChargeBearer;
  readonly risk?: PaymentRisk;
  readonly flowType?: PaymentFlowType;
  readonly externalPsuReference?: string;
}
