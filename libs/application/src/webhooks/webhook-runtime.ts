import { Counter, Histogram, type Registry } from 'prom-client';
import type { Clock } from '#libs/common';
import type { SigningKeyStore, WebhookSecretStore } from '#libs/events';
import type { WebhookSender } from '#libs/events';

/** Margin a lease gives beyond the attempt timeout (signing, recording, a slow database). */
export const LEASE_MARGIN_MS = 5000;

/** The kinds of rows the retention purge counts. */
export const PURGED_KINDS = ['delivered', 'dead_letter', 'attempt', 'outbox_event'] as const;
export type PurgedKind = (typeof PURGED_KINDS)[number];

/** Prometheus series of webhook delivery. */
export class WebhookMetrics {
  readonly attempts: Counter<'outcome'>;
  readonly attemptSeconds: Histogram<'outcome'>;
  /** Rows the retention purge deleted, by kind (PURGED_KINDS). */
  readonly purged: Counter<'kind'>;

  constructor(registry: Registry) {
    this.attempts = new Counter({
      name: 'webhook_attempts_total',
      help: 'Webhook delivery attempts, by outcome (delivered, retry, dead).',
      labelNames: ['outcome'],
      registers: [registry],
    });
    this.attemptSeconds = new Histogram({
      name: 'webhook_attempt_duration_seconds',
      help: 'Duration of webhook delivery attempts (resolve, connect, POST, response), by outcome.',
      labelNames: ['outcome'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers: [registry],
    });
    this.purged = new Counter({
      name: 'webhook_retention_purged_rows_total',
      help: 'Rows deleted by the webhook retention purge, by kind (delivered, dead_letter, attempt, outbox_event).',
      labelNames: ['kind'],
      registers: [registry],
    });
    // Every kind is exported from the start (at 0), so a rate() over it has a series before the first purge.
    for (const kind of PURGED_KINDS) this.purged.inc({ kind }, 0);
  }
}

/** How the retention purge runs (maintenance.purge-webhook-history). */
export interface WebhookRetention {
  /** Acknowledged deliveries (and events left without deliveries) older than this go. */
  readonly retentionDays: number;
  /** Dead letters older than this (since they died) go. */
  readonly deadLetterRetentionDays: number;
  /** Rows per delete statement. */
  readonly batchSize: number;
  /** Wall time one run may take; what is left waits for a follow-up run shortly after. */
  readonly timeBudgetMs: number;
}

/** What a delivery job needs besides the database and the clock. */
export interface WebhookRuntime {
  readonly keys: SigningKeyStore;
  /** The members' `whsec_` secrets, for Standard Webhooks `v1` signatures. */
  readonly secrets: WebhookSecretStore;
  readonly sender: WebhookSender;
  /** How long a claimed delivery is held for one attempt. */
  readonly leaseMs: number;
  /**
   * Wall time, for webhook-timestamp: receivers compare it with their own clocks, so it is not
   * the sandbox service clock (which an operator may have advanced).
   */
  readonly wallClock: Clock;
  readonly metrics: WebhookMetrics | undefined;
  readonly retention: WebhookRetention;
}

/** Injection token of the worker's WebhookRuntime (WebhookDeliveryApplicationModule provides it). */
export const WEBHOOK_RUNTIME = Symbol('WEBHOOK_RUNTIME');
