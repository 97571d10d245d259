import type { OutboxEventType } from './event-types.js';

/** A JSON value as it goes into a notification body. */
export type JsonValue =
  string | number | boolean | null | readonly JsonValue[] | { readonly [key: string]: JsonValue | undefined };
export type JsonObject = { readonly [key: string]: JsonValue | undefined };

/** TRANSFER_STATUS_CHANGED: `transferStatusChanged`. */
export interface TransferStatusChangedPayload extends JsonObject {
  readonly refId: string;
  readonly bankPaymentStatus: string;
  readonly status: string;
  readonly statusReasonInformation?: string;
  readonly tokenRequestId: string;
  readonly transferId: string;
  /** Only when the bank reports one. */
  readonly transactionId?: string;
}

/** REFUND_STATUS_CHANGED: `refundStatusChanged`. */
export interface RefundStatusChangedPayload extends JsonObject {
  readonly refundId: string;
  readonly memberId: string;
  readonly status: string;
  readonly bankTransactionID?: string;
  readonly bankPaymentStatus?: string;
  readonly refId: string;
}

/** VRP_STATUS_CHANGED: `vrpStatusChanged`. */
export interface VrpStatusChangedPayload extends JsonObject {
  readonly vrpId: string;
  readonly bankVrpId?: string;
  readonly consentId: string;
  readonly status: string;
  readonly bankVrpStatus?: string;
  readonly statusReasonInformation?: string;
}

/** VRP_CONSENT_STATUS_CHANGED: `vrpConsentStatusChanged`. */
export interface VrpConsentStatusChangedPayload extends JsonObject {
  readonly vrpConsentId: string;
  readonly bankVrpConsentId?: string;
  readonly status: string;
  readonly bankVrpConsentStatus?: string;
}

/** VIRTUAL_ACCOUNT_CREDIT_RECEIVED: `virtualAccountCreditReceived` (`locaInstrument` spelled so). */
export interface VirtualAccountCreditReceivedPayload extends JsonObject {
  readonly providerPaymentId: string;
  readonly amount: string;
  readonly currency: string;
  readonly paymentCreatedTime: string;
  readonly description?: string;
  readonly providerAccountId: string;
  readonly locaInstrument?: string;
  readonly debtorInformation?: { readonly name?: string };
  readonly creditorInformation?: { readonly name?: string };
  readonly memberId: string;
}

/** PAYOUT_STATUS_CHANGED: `payoutStatusChanged`. */
export interface PayoutStatusChangedPayload extends JsonObject {
  readonly payoutId: string;
  readonly bankTransactionId?: string;
  readonly refId: string;
  readonly status: string;
  readonly bankPaymentStatus?: string;
  readonly memberId: string;
}

/** SETTLEMENT_RULE_PAYOUT_EXECUTION_FAILED: `settlemenRulePayoutExecutionFailed` (spelled so). */
export interface SettlementRulePayoutExecutionFailedPayload extends JsonObject {
  readonly payerAccountId: string;
  readonly settlementRuleId: string;
  readonly reasonOfFailure: string;
}

/** BANK_AIS_ / BANK_SIP_OUTAGE_STATUS_CHANGED: `bankOutageStatusChanged`; further fields are ours. */
export interface BankOutageStatusChangedPayload extends JsonObject {
  readonly bankId: string;
  readonly bankName: string;
  readonly previousOutageStatus: string;
}

/** WEBHOOK_TEST: `webhookTest`, sent by the operator's "send a test event". */
export interface WebhookTestPayload extends JsonObject {
  readonly memberId: string;
  readonly message: string;
}

/**
 * The payload object of each event type. A Payments v2 payment is the Payment resource as the
 * payments domain renders it, so it is typed as a JSON object here.
 */
export interface EventPayloads extends Readonly<Record<OutboxEventType, JsonObject>> {
  PAYMENT_STATUS_CHANGED: JsonObject;
  TRANSFER_STATUS_CHANGED: TransferStatusChangedPayload;
  REFUND_STATUS_CHANGED: RefundStatusChangedPayload;
  VRP_STATUS_CHANGED: VrpStatusChangedPayload;
  VRP_CONSENT_STATUS_CHANGED: VrpConsentStatusChangedPayload;
  VIRTUAL_ACCOUNT_CREDIT_RECEIVED: VirtualAccountCreditReceivedPayload;
  PAYOUT_STATUS_CHANGED: PayoutStatusChangedPayload;
  SETTLEMENT_RULE_PAYOUT_EXECUTION_FAILED: SettlementRulePayoutExecutionFailedPayload;
  BANK_AIS_OUTAGE_STATUS_CHANGED: BankOutageStatusChangedPayload;
  BANK_SIP_OUTAGE_STATUS_CHANGED: BankOutageStatusChangedPayload;
  WEBHOOK_TEST: WebhookTestPayload;
}
