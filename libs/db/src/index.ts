export * from './prisma.service.js';
export * from './redis.js';
export * from './db.module.js';
export * from './data-stores.js';
export * from './shared-clock.js';
export * from './migrations/apply-migrations.js';
export type { Member, ApiKey, ScheduledJob } from './generated/prisma/client.js';
export { Prisma } from './generated/prisma/client.js';
export * from './repositories/scheduled-job.repository.js';
export * from './repositories/member.repository.js';
export * from './repositories/api-key.repository.js';
export * from './repositories/member-key.repository.js';
export type { MemberKey, KeyAlgorithm, MemberStatus } from './generated/prisma/client.js';
export * from './repositories/bank.repository.js';
export type { Bank } from './generated/prisma/client.js';
export * from './repositories/webhook-config.repository.js';
export * from './repositories/webhook-delivery.repository.js';
export * from './repositories/webhook-signing-key.repository.js';
export * from './repositories/webhook-secret.repository.js';
export * from './repositories/webhook-retention.repository.js';
export type {
  OutboxEvent,
  WebhookConfig,
  WebhookDelivery,
  WebhookAttempt,
  WebhookSigningKey,
  WebhookDeliveryStatus,
} from './generated/prisma/client.js';
export * from './repositories/bank-status.repository.js';
export type { BankStatus } from './generated/prisma/client.js';
export * from './repositories/payment.repository.js';
export type { Payment } from './generated/prisma/client.js';
export * from './repositories/idempotency-key.repository.js';
export type { IdempotencyKey } from './generated/prisma/client.js';
export * from './repositories/payment-statements.js';
export * from './batching/statement-batcher.js';
