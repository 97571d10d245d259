export * from './prisma.service.js';
export * from './redis.js';
export * from './db.module.js';
export * from './data-stores.js';
export * from './shared-clock.js';
export type { Member, ApiKey, ScheduledJob } from './generated/prisma/client.js';
export { Prisma } from './generated/prisma/client.js';
export * from './repository.js';
export * from './status-column.js';
export * from './transactions.js';
export * from './repository-set.js';
export * from './scheduler/scheduled-job.repository.js';
export * from './scheduler/periodic-timers.js';
export * from './bank-truth/outcome-check.repository.js';
export * from './members/member.repository.js';
export * from './members/api-key.repository.js';
export * from './members/member-key.repository.js';
export type { MemberKey, KeyAlgorithm, MemberStatus } from './generated/prisma/client.js';
export * from './banks/bank.repository.js';
export type { Bank } from './generated/prisma/client.js';
export * from './webhooks/webhook-config.repository.js';
export * from './webhooks/delivery-jobs.js';
export * from './webhooks/webhook-delivery.repository.js';
export * from './webhooks/webhook-outbox.repository.js';
export * from './webhooks/webhook-signing-key.repository.js';
export * from './webhooks/webhook-retention.repository.js';
export * from './status-history/status-history.repository.js';
export * from './console/console-resource.repository.js';
export * from './console/console-resource-kinds.js';
export * from './console/console-overview.repository.js';
export * from './webhooks/webhook-secret.repository.js';
export type {
  OutboxEvent,
  WebhookConfig,
  WebhookDelivery,
  WebhookAttempt,
  WebhookSigningKey,
  WebhookDeliveryStatus,
} from './generated/prisma/client.js';
export * from './banks/bank-status.repository.js';
export type { BankStatus } from './generated/prisma/client.js';
export * from './payments/payment.repository.js';
export * from './payments/payment-records.js';
export * from './idempotency/idempotency-key.repository.js';
export type { IdempotencyKey } from './generated/prisma/client.js';
export {
  paymentFromNew,
  type PaymentView,
  type NewPaymentEvent,
  type NewPaymentTimer,
  type PaymentTimerChange,
} from './payments/payment-statements.js';
export { paymentAfterChange } from './payments/payment-after-change.js';
export type { VrpInitiationCheck, VrpLimitsToHold, VrpPeriodBound } from './payments/vrp-payment-statements.js';
export * from './tokens/token-request.repository.js';
export * from './tokens/token-request-row.js';
export * from './tokens/token.repository.js';
export * from './tokenized-accounts/tokenized-account.repository.js';
export * from './transfers/transfer.repository.js';
export * from './transfers/transfer-row.js';
export * from './sub-tpps/sub-tpp.repository.js';
export * from './payment-links/payment-link.repository.js';
export * from './payment-links/payment-link-row.js';
export * from './tokens/token-row.js';
export * from './sub-tpps/sub-tpp-row.js';
export type { TokenizedAccount } from './generated/prisma/client.js';
export * from './vrp-consents/vrp-consent.repository.js';
export * from './vrp-consents/vrp-consent-row.js';
export * from './refunds/refund.repository.js';
export * from './refunds/refund-row.js';
export * from './refunds/refund-registration.repository.js';
export type { RefundRegistration } from './generated/prisma/client.js';
export * from './account-information/ais-tpp-initiated-call.repository.js';
export * from './account-information/ais-cached-read.repository.js';
export * from './account-information/ais-consent.repository.js';
export * from './settlement/settlement-account.repository.js';
export * from './settlement/settlement-ledger.repository.js';
export * from './settlement/settlement-transaction.repository.js';
export * from './settlement/settlement-reconciliation.repository.js';
export * from './sealed-records/sealed-record-kinds.js';
export * from './sealed-records/sealed-record.repository.js';
export * from './settlement/settlement-account-row.js';
export type { SettlementLedgerEntry, SettlementTransaction } from './generated/prisma/client.js';
export * from './payouts/payout.repository.js';
export * from './payouts/payout-row.js';
export * from './payouts/account-verification.repository.js';
export * from './payouts/account-verification-row.js';
export * from './settlement-rules/settlement-rule.repository.js';
export * from './settlement-rules/settlement-rule-payout.repository.js';
export * from './settlement-rules/settlement-rule-row.js';
export type { SettlementRulePayout } from './settlement-rules/settlement-rule-payout-row.js';
export * from './views/read-by-id.js';
export type { RefundView } from './refunds/refund-view-read.js';
export type { PayoutView } from './payouts/payout-view-read.js';
export type { TransferView } from './transfers/transfer-view-read.js';
export type { TokenView } from './tokens/token-view-read.js';
export type { VrpConsentView } from './vrp-consents/vrp-consent-view-read.js';
export type { SettlementAccountView } from './settlement/settlement-account-view-read.js';
