/**
 * A Payments v2 initiation as the gateway keeps it after validation: the request's fields, in
 * the reference spec's names, with the account identifiers in the form their rail needs.
 * Request DTOs produce it; the payment row stores it and answers render it back.
 */

import type {
  PaymentAccountFields,
  PaymentAmount,
  PaymentDebtor,
  PaymentFlowType,
  RequestedLocalInstrument,
} from '../shared/payment-fields.js';

export const CHARGE_BEARERS = ['INVALID_CHARGE_BEARER', 'CRED', 'DEBT', 'SHAR', 'SLEV'] as const;
export type ChargeBearer = (typeof CHARGE_BEARERS)[number];

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
