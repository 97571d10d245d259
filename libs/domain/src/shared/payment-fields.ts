/**
 * The field shapes several domains share: the rails (local instruments), the flow types, an amount, the account
 * identifier fields of the reference's account schemas, and a debtor's details.
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

/** Full debtor details, or an Account on File reference (`tokenizedAccountId`), never both. */
export interface PaymentDebtor extends PaymentAccountFields {
  readonly name?: string;
  readonly ultimateDebtorName?: string;
  readonly address?: Readonly<Record<string, unknown>>;
  readonly tokenizedAccountId?: string;
}
