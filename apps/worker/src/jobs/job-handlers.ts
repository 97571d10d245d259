import { ALL_QUEUES, JOB_QUEUE, type JobName, type PayloadOf } from '#libs/common';
import { probeBankStatus } from '../banks/probe-bank-status.usecase.js';
import { purgeExpiredIdempotencyKeys } from '../maintenance/purge-idempotency-keys.usecase.js';
import { purgeRevokedApiKeys } from '../maintenance/purge-revoked-api-keys.usecase.js';
import { pollPayment } from '../payments/poll-payment.usecase.js';
import { purgeWebhookHistoryJob } from '../maintenance/purge-webhook-history.usecase.js';
import { deliverWebhook } from '../webhooks/deliver-webhook.usecase.js';
import type { JobContext } from './job-context.js';

export type JobHandler<N extends JobName> = (payload: PayloadOf<N>, context: JobContext) => Promise<unknown>;
export type JobHandlerTable = { readonly [N in JobName]: JobHandler<N> };

/** Job name -> handler, as data. The mapped type makes a missing handler a compile error. */
export const JOB_HANDLERS: JobHandlerTable = {
  'maintenance.purge-revoked-api-keys': purgeRevokedApiKeys,
  'maintenance.purge-idempotency-keys': purgeExpiredIdempotencyKeys,
  'maintenance.purge-webhook-history': purgeWebhookHistoryJob,
  'webhooks.deliver': deliverWebhook,
  'banks.probe-status': probeBankStatus,
  'payments.poll': pollPayment,
};

/** Start-up check: every job name has exactly one handler and a known queue. */
export function assertHandlerTable(handlers: Readonly<Record<string, unknown>>): void {
  const names = Object.keys(JOB_QUEUE);
  const missing = names.filter((name) => typeof handlers[name] !== 'function');
  const unknown = Object.keys(handlers).filter((name) => !names.includes(name));
  const badQueues = names.filter((name) => !ALL_QUEUES.includes(JOB_QUEUE[name as JobName]));
  if (missing.length > 0 || unknown.length > 0 || badQueues.length > 0) {
    throw new Error(
      `Job handler table is inconsistent: missing ${missing.join(', ') || 'none'}; unknown ${unknown.join(', ') || 'none'}; bad queue ${badQueues.join(', ') || 'none'}`,
    );
  }
}
