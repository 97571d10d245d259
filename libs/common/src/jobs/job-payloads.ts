import type { QueueName } from './queue-names.js';

/**
 * Every job the worker runs, as a discriminated union on `name`. A job's queue is fixed by
 * its name (JOB_QUEUE). The worker's handler table is typed over this union, and start-up
 * fails if a name has no handler.
 */
export interface PurgeRevokedApiKeysPayload {
  readonly name: 'maintenance.purge-revoked-api-keys';
  /** Revoked keys older than this many days are deleted. */
  readonly retentionDays: number;
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

export type JobPayload = PurgeRevokedApiKeysPayload | WebhookDeliverPayload | ProbeBankStatusPayload;
export type JobName = JobPayload['name'];
export type PayloadOf<N extends JobName> = Extract<JobPayload, { name: N }>;

export const JOB_QUEUE: Readonly<Record<JobName, QueueName>> = {
  'maintenance.purge-revoked-api-keys': 'timers',
  'webhooks.deliver': 'webhooks',
  'banks.probe-status': 'timers',
};

export function isJobName(value: string): value is JobName {
  return Object.hasOwn(JOB_QUEUE, value);
}
