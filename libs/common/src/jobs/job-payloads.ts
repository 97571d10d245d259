import type { QueueName } from './queue-names.js';

/**
 * Every job the worker runs, as a discriminated union on `name`. A job's queue is fixed by
 * its name (JOB_QUEUE). Each name has one processor in the worker (`@ProcessesJob(name)`, its
 * payload typed from this union), and start-up fails if a name has none or two.
 */
export interface PurgeRevokedApiKeysPayload {
  readonly name: 'maintenance.purge-revoked-api-keys';
  /** Revoked keys older than this many days are deleted. */
  readonly retentionDays: number;
}

/**
 * Retention of webhook history: deletes acknowledged deliveries, expired dead letters, their
 * attempts and events left without deliveries, in batches; reschedules itself daily. The ages
 * come from configuration (WEBHOOK_RETENTION_DAYS, WEBHOOK_DEAD_LETTER_RETENTION_DAYS).
 */
export interface PurgeWebhookHistoryPayload {
  readonly name: 'maintenance.purge-webhook-history';
}

/**
 * Deletes expired Idempotency-Key rows, `batchSize` per statement; reschedules itself hourly
 * (and a minute later when one run did not get through them all).
 */
export interface PurgeIdempotencyKeysPayload {
  readonly name: 'maintenance.purge-idempotency-keys';
  readonly batchSize: number;
}

/**
 * Retention of account-information rows read only within a window: deletes TPP-initiated calls
 * older than the rolling 24 hours and kept bank answers older than ACCOUNT_INFORMATION_CACHE_SECONDS,
 * `batchSize` per statement; reschedules itself hourly (and a minute later when one run did not
 * get through them all).
 */
export interface PurgeAccountInformationPayload {
  readonly name: 'maintenance.purge-account-information';
  readonly batchSize: number;
}

/** One attempt of a webhook delivery (first attempts from the outbox relay, retries from timer rows). */
export interface WebhookDeliverPayload {
  readonly name: 'webhooks.deliver';
  readonly deliveryId: string;
}

/** Probes every listed bank's AIS / PIS status, then schedules itself `intervalSeconds` later. */
export interface ProbeBankStatusPayload {
  readonly name: 'banks.probe-status';
  readonly intervalSeconds: number;
}

/**
 * The timer of one payment: polls the bank while the payment waits on it, and applies the
 * expiry and polling-limit rules. One timer row per payment (`payments.poll:{paymentId}`).
 */
export interface PollPaymentPayload {
  readonly name: 'payments.poll';
  readonly paymentId: string;
}

/**
 * The timer of one transfer: polls the bank while the transfer is not final there, expires an
 * authorisation the user did not finish, and ends a transfer still processing after the polling
 * period INITIATED. One timer row per transfer (`transfers.poll:{transferId}`).
 */
export interface PollTransferPayload {
  readonly name: 'transfers.poll';
  readonly transferId: string;
}

/**
 * The timer of one PENDING token request: polls the bank while a decoupled authorisation waits,
 * and makes the request EXPIRED when its authorisation window ends. One timer row per request
 * (`token-requests.timer:{tokenRequestId}`).
 */
export interface TokenRequestTimerPayload {
  readonly name: 'token-requests.timer';
  readonly tokenRequestId: string;
}

/**
 * The expiry of one active payment link: makes it LINK_EXPIRED once its expiresAt has passed.
 * One timer row per link (`payment-links.expire:{paymentLinkId}`), scheduled with the link.
 */
export interface ExpirePaymentLinkPayload {
  readonly name: 'payment-links.expire';
  readonly paymentLinkId: string;
}

/**
 * The lifetime of one VRP consent waiting for its user: FAILED when still PENDING (any PENDING
 * status) 30 minutes after creation. One timer row per consent (`vrp-consents.expire:{vrpConsentId}`).
 */
export interface ExpireVrpConsentPayload {
  readonly name: 'vrp-consents.expire';
  readonly vrpConsentId: string;
}

/**
 * The timer of one refund: sends it to the bank (unattended, with its registration's
 * credentials), then polls the bank until a final status; a refund whose outcome is unknown, or
 * past the polling period, is left to its outcome check (the timer removed). One timer row per
 * refund (`refunds.poll:{refundId}`).
 */
export interface PollRefundPayload {
  readonly name: 'refunds.poll';
  readonly refundId: string;
}

/** Matches a batch of a settlement account's booked credits with the payments they settle; reschedules itself. */
export interface ReconcileSettlementPayload {
  readonly name: 'settlement.reconcile';
}

/**
 * A payment (Payments v2) or a transfer (Payments v1) to a settlement account reached the end of
 * its settlement window; the payload names one of the two.
 */
export type SettlementWindowEndPayload =
  | { readonly name: 'settlement.window-end'; readonly paymentId: string }
  | { readonly name: 'settlement.window-end'; readonly transferId: string };

/**
 * The timer of one payout: sends it to its settlement provider if it has not reached it yet, then
 * polls the provider until a final status; a payout whose outcome is unknown, or past the polling
 * period, is left to its outcome check (the timer removed). One timer row per payout
 * (`payouts.poll:{payoutId}`).
 */
export interface PollPayoutPayload {
  readonly name: 'payouts.poll';
  readonly payoutId: string;
}

/**
 * A settlement account's credit reader: reads the credits the provider reports after the stored
 * cursor, books each once, then comes back after SETTLEMENT_CREDIT_READ_SECONDS. One timer row
 * per account (`settlement.read-credits:{accountId}`), written with the account.
 */
export interface ReadSettlementCreditsPayload {
  readonly name: 'settlement.read-credits';
  readonly accountId: string;
}

/**
 * One scheduled run of an active settlement rule: pays out of its settlement account what the rule
 * says at `scheduledFor` (ISO 8601), then sets the timer for the next run. One timer row per rule
 * (`settlement-rules.run:{settlementRuleId}`); a run is recorded once per rule and scheduled time.
 */
export interface RunSettlementRulePayload {
  readonly name: 'settlement-rules.run';
  readonly settlementRuleId: string;
  readonly scheduledFor: string;
}

/**
 * A money-moving call whose answer the gateway does not hold (bank-truth's check): the resource's
 * domain asks the bank again, under the same idempotency key or by a status read, until it
 * answers. One timer row per resource (`outcome-checks.ask-again:{kind}:{resourceId}`).
 */
export interface AskAgainPayload {
  readonly name: 'outcome-checks.ask-again';
  readonly kind: string;
  readonly resourceId: string;
}

export type JobPayload =
  | AskAgainPayload
  | PurgeRevokedApiKeysPayload
  | PurgeWebhookHistoryPayload
  | WebhookDeliverPayload
  | ProbeBankStatusPayload
  | PollPaymentPayload
  | PollTransferPayload
  | TokenRequestTimerPayload
  | ExpirePaymentLinkPayload
  | ExpireVrpConsentPayload
  | PollRefundPayload
  | PollPayoutPayload
  | PurgeIdempotencyKeysPayload
  | PurgeAccountInformationPayload
  | ReadSettlementCreditsPayload
  | RunSettlementRulePayload
  | ReconcileSettlementPayload
  | SettlementWindowEndPayload;
export type JobName = JobPayload['name'];
export type PayloadOf<N extends JobName> = Extract<JobPayload, { name: N }>;

export const JOB_QUEUE: Readonly<Record<JobName, QueueName>> = {
  'maintenance.purge-revoked-api-keys': 'timers',
  'maintenance.purge-idempotency-keys': 'timers',
  'maintenance.purge-webhook-history': 'timers',
  'maintenance.purge-account-information': 'timers',
  'webhooks.deliver': 'webhooks',
  'banks.probe-status': 'timers',
  'payments.poll': 'bank-polling',
  'transfers.poll': 'bank-polling',
  'token-requests.timer': 'bank-polling',
  'payment-links.expire': 'timers',
  'vrp-consents.expire': 'timers',
  'refunds.poll': 'bank-polling',
  'settlement.reconcile': 'timers',
  'settlement.window-end': 'timers',
  'payouts.poll': 'bank-polling',
  'settlement.read-credits': 'bank-polling',
  'settlement-rules.run': 'timers',
  'outcome-checks.ask-again': 'bank-polling',
};

export function isJobName(value: string): value is JobName {
  return Object.hasOwn(JOB_QUEUE, value);
}
