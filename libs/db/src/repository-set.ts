import { AisConsentRepository } from './account-information/ais-consent.repository.js';
import { AisCachedReadRepository } from './account-information/ais-cached-read.repository.js';
import { AisTppInitiatedCallRepository } from './account-information/ais-tpp-initiated-call.repository.js';
import { BankStatusRepository } from './banks/bank-status.repository.js';
import { BankRepository } from './banks/bank.repository.js';
import { IdempotencyKeyRepository } from './idempotency/idempotency-key.repository.js';
import { ApiKeyRepository } from './members/api-key.repository.js';
import { MemberKeyRepository } from './members/member-key.repository.js';
import { MemberRepository } from './members/member.repository.js';
import { PaymentLinkRepository } from './payment-links/payment-link.repository.js';
import { PaymentRepository } from './payments/payment.repository.js';
import { RefundRegistrationRepository } from './refunds/refund-registration.repository.js';
import { RefundRepository } from './refunds/refund.repository.js';
import { ConsoleOverviewRepository } from './console/console-overview.repository.js';
import { ConsoleResourceRepository } from './console/console-resource.repository.js';
import { StatusHistoryRepository } from './status-history/status-history.repository.js';
import type { PrismaService } from './prisma.service.js';
import { TokenRequestRepository } from './tokens/token-request.repository.js';
import { SubTppRepository } from './sub-tpps/sub-tpp.repository.js';
import { TokenRepository } from './tokens/token.repository.js';
import { TokenizedAccountRepository } from './tokenized-accounts/tokenized-account.repository.js';
import { TransferRepository } from './transfers/transfer.repository.js';
import { VrpConsentRepository } from './vrp-consents/vrp-consent.repository.js';
import { SettlementAccountRepository } from './settlement/settlement-account.repository.js';
import { SettlementLedgerRepository } from './settlement/settlement-ledger.repository.js';
import { SettlementTransactionRepository } from './settlement/settlement-transaction.repository.js';
import { SettlementReconciliationRepository } from './settlement/settlement-reconciliation.repository.js';
import { PayoutRepository } from './payouts/payout.repository.js';
import { AccountVerificationRepository } from './payouts/account-verification.repository.js';
import { SettlementRuleRepository } from './settlement-rules/settlement-rule.repository.js';
import { SettlementRulePayoutRepository } from './settlement-rules/settlement-rule-payout.repository.js';
import { ScheduledJobRepository } from './scheduler/scheduled-job.repository.js';
import { OutcomeCheckRepository } from './bank-truth/outcome-check.repository.js';
import { SealedRecordRepository } from './sealed-records/sealed-record.repository.js';
import { Transactions } from './transactions.js';
import { WebhookConfigRepository } from './webhooks/webhook-config.repository.js';
import { WebhookDeliveryRepository } from './webhooks/webhook-delivery.repository.js';
import { WebhookOutboxRepository } from './webhooks/webhook-outbox.repository.js';
import { WebhookRetentionRepository } from './webhooks/webhook-retention.repository.js';
import { WebhookSecretRepository } from './webhooks/webhook-secret.repository.js';
import { WebhookSigningKeyRepository } from './webhooks/webhook-signing-key.repository.js';

/** One process's repositories (all on its PrismaService) and its transaction opener. */
export interface Repositories {
  readonly members: MemberRepository;
  readonly apiKeys: ApiKeyRepository;
  readonly memberKeys: MemberKeyRepository;
  readonly banks: BankRepository;
  readonly bankStatuses: BankStatusRepository;
  readonly idempotencyKeys: IdempotencyKeyRepository;
  readonly scheduledJobs: ScheduledJobRepository;
  readonly outcomeChecks: OutcomeCheckRepository;
  readonly payments: PaymentRepository;
  readonly paymentLinks: PaymentLinkRepository;
  readonly tokenRequests: TokenRequestRepository;
  readonly tokens: TokenRepository;
  readonly tokenizedAccounts: TokenizedAccountRepository;
  readonly transfers: TransferRepository;
  readonly vrpConsents: VrpConsentRepository;
  readonly refunds: RefundRepository;
  readonly refundRegistrations: RefundRegistrationRepository;
  readonly subTpps: SubTppRepository;
  readonly webhookConfigs: WebhookConfigRepository;
  readonly webhookDeliveries: WebhookDeliveryRepository;
  readonly webhookOutbox: WebhookOutboxRepository;
  readonly webhookRetention: WebhookRetentionRepository;
  readonly statusHistory: StatusHistoryRepository;
  readonly consoleResources: ConsoleResourceRepository;
  readonly consoleOverview: ConsoleOverviewRepository;
  readonly webhookSigningKeys: WebhookSigningKeyRepository;
  readonly webhookSecrets: WebhookSecretRepository;
  readonly aisTppInitiatedCalls: AisTppInitiatedCallRepository;
  readonly aisCachedReads: AisCachedReadRepository;
  readonly aisConsents: AisConsentRepository;
  readonly settlementAccounts: SettlementAccountRepository;
  readonly settlementLedger: SettlementLedgerRepository;
  readonly settlementTransactions: SettlementTransactionRepository;
  readonly settlementReconciliation: SettlementReconciliationRepository;
  readonly sealedRecords: SealedRecordRepository;
  readonly payouts: PayoutRepository;
  readonly accountVerifications: AccountVerificationRepository;
  readonly settlementRules: SettlementRuleRepository;
  readonly settlementRulePayouts: SettlementRulePayoutRepository;
  readonly transactions: Transactions;
}

export function createRepositories(prisma: PrismaService): Repositories {
  return {
    members: new MemberRepository(prisma),
    apiKeys: new ApiKeyRepository(prisma),
    memberKeys: new MemberKeyRepository(prisma),
    banks: new BankRepository(prisma),
    bankStatuses: new BankStatusRepository(prisma),
    idempotencyKeys: new IdempotencyKeyRepository(prisma),
    scheduledJobs: new ScheduledJobRepository(prisma),
    outcomeChecks: new OutcomeCheckRepository(prisma),
    payments: new PaymentRepository(prisma),
    paymentLinks: new PaymentLinkRepository(prisma),
    tokenRequests: new TokenRequestRepository(prisma),
    tokens: new TokenRepository(prisma),
    tokenizedAccounts: new TokenizedAccountRepository(prisma),
    transfers: new TransferRepository(prisma),
    vrpConsents: new VrpConsentRepository(prisma),
    refunds: new RefundRepository(prisma),
    refundRegistrations: new RefundRegistrationRepository(prisma),
    subTpps: new SubTppRepository(prisma),
    webhookConfigs: new WebhookConfigRepository(prisma),
    webhookDeliveries: new WebhookDeliveryRepository(prisma),
    webhookOutbox: new WebhookOutboxRepository(prisma),
    webhookRetention: new WebhookRetentionRepository(prisma),
    statusHistory: new StatusHistoryRepository(prisma),
    consoleResources: new ConsoleResourceRepository(prisma),
    consoleOverview: new ConsoleOverviewRepository(prisma),
    webhookSigningKeys: new WebhookSigningKeyRepository(prisma),
    webhookSecrets: new WebhookSecretRepository(prisma),
    aisTppInitiatedCalls: new AisTppInitiatedCallRepository(prisma),
    aisCachedReads: new AisCachedReadRepository(prisma),
    aisConsents: new AisConsentRepository(prisma),
    settlementAccounts: new SettlementAccountRepository(prisma),
    settlementLedger: new SettlementLedgerRepository(prisma),
    settlementTransactions: new SettlementTransactionRepository(prisma),
    settlementReconciliation: new SettlementReconciliationRepository(prisma),
    sealedRecords: new SealedRecordRepository(prisma),
    payouts: new PayoutRepository(prisma),
    accountVerifications: new AccountVerificationRepository(prisma),
    settlementRules: new SettlementRuleRepository(prisma),
    settlementRulePayouts: new SettlementRulePayoutRepository(prisma),
    transactions: new Transactions(prisma),
  };
}
