import { performance } from 'node:perf_hooks';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { Clock, LOGGER } from '#libs/common';
import {
  DAY_MS,
  ScheduledJobRepository,
  WebhookRetentionRepository,
  ensurePeriodicTimer,
  scheduleFollowUp,
  type FinishedDeliveryStatus,
  type OutboxCursor,
} from '#libs/db';
import { WEBHOOK_RUNTIME, type PurgedKind, type WebhookRetention, type WebhookRuntime } from './webhook-runtime.js';

export const PURGE_WEBHOOK_HISTORY_JOB = 'maintenance.purge-webhook-history';
/** Rows per delete statement. */
export const DEFAULT_PURGE_BATCH_SIZE = 5000;
/** Wall time one run may take before it leaves the rest to a follow-up run. */
export const DEFAULT_PURGE_TIME_BUDGET_MS = 30_000;

export interface PurgeWebhookHistoryCommand {
  /** The service clock's now; ages are counted back from it. */
  readonly now: Date;
  readonly retention: WebhookRetention;
}

export interface PurgeWebhookHistoryResult {
  readonly delivered: number;
  readonly deadLetters: number;
  readonly attempts: number;
  readonly outboxEvents: number;
  /** Delete statements run. */
  readonly batches: number;
  /** False when the time budget ran out with rows possibly left. */
  readonly complete: boolean;
  readonly elapsedMs: number;
}

interface Deps {
  readonly retention: WebhookRetentionRepository;
  readonly count?: (kind: PurgedKind, rows: number) => void;
}

/**
 * Retention of webhook history. In batches of `batchSize` rows, one statement each:
 * 1. acknowledged deliveries (DELIVERED) delivered more than `retentionDays` ago, with their attempts;
 * 2. dead letters (DEAD) that died more than `deadLetterRetentionDays` ago, with their attempts;
 * 3. outbox events relayed more than `retentionDays` ago that have no delivery left (all purged,
 *    or no subscriber).
 * A pending delivery (first attempt, retrying, or paused) is never touched, nor its event, nor
 * an event not yet relayed. Stops after `timeBudgetMs` of wall time; until a batch has found
 * rows, it goes on (empty batches only finish a step), so every run makes progress.
 */
export async function purgeWebhookHistory(
  command: PurgeWebhookHistoryCommand,
  { retention: history, count }: Deps,
): Promise<PurgeWebhookHistoryResult> {
  const { retention, now } = command;
  const started = performance.now();
  let found = false;
  const outOfTime = (): boolean => found && performance.now() - started >= retention.timeBudgetMs;
  const deliveredBefore = new Date(now.getTime() - retention.retentionDays * DAY_MS);
  const deadBefore = new Date(now.getTime() - retention.deadLetterRetentionDays * DAY_MS);
  const totals = { delivered: 0, deadLetters: 0, attempts: 0, outboxEvents: 0, batches: 0 };
  let complete = true;

  const deliveries = async (status: FinishedDeliveryStatus, cutoff: Date): Promise<void> => {
    for (;;) {
      if (outOfTime()) {
        complete = false;
        return;
      }
      const batch = await history.purgeDeliveries(status, cutoff, retention.batchSize);
      totals.batches += 1;
      found ||= batch.deliveries > 0;
      totals.attempts += batch.attempts;
      count?.('attempt', batch.attempts);
      if (status === 'DELIVERED') {
        totals.delivered += batch.deliveries;
        count?.('delivered', batch.deliveries);
      } else {
        totals.deadLetters += batch.deliveries;
        count?.('dead_letter', batch.deliveries);
      }
      if (batch.deliveries < retention.batchSize) return;
    }
  };

  await deliveries('DELIVERED', deliveredBefore);
  if (complete) await deliveries('DEAD', deadBefore);
  let cursor: OutboxCursor | undefined;
  while (complete) {
    if (outOfTime()) {
      complete = false;
      break;
    }
    const batch = await history.purgeOutbox(deliveredBefore, cursor, retention.batchSize);
    totals.batches += 1;
    found ||= batch.examined > 0;
    totals.outboxEvents += batch.deleted;
    count?.('outbox_event', batch.deleted);
    if (batch.examined < retention.batchSize || batch.next === undefined) break;
    cursor = batch.next;
  }
  return { ...totals, complete, elapsedMs: Math.round(performance.now() - started) };
}

/** A run of maintenance.purge-webhook-history; the retention settings are the worker's unless given. */
export interface PurgeWebhookHistoryJobCommand {
  readonly retention?: WebhookRetention;
}

/**
 * The job, run daily at midnight UTC of the service clock (its timer carries the period): purges,
 * and when the time budget ran out schedules a follow-up a minute later.
 */
@Injectable()
export class PurgeWebhookHistoryUseCase {
  constructor(
    private readonly history: WebhookRetentionRepository,
    private readonly timers: ScheduledJobRepository,
    private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(WEBHOOK_RUNTIME) private readonly webhooks: WebhookRuntime,
  ) {}

  async execute(command: PurgeWebhookHistoryJobCommand = {}): Promise<PurgeWebhookHistoryResult> {
    const retention = command.retention ?? this.webhooks.retention;
    const result = await purgeWebhookHistory(
      { now: this.clock.now(), retention },
      {
        retention: this.history,
        count: (kind, rows) => {
          if (rows > 0) this.webhooks.metrics?.purged.inc({ kind }, rows);
        },
      },
    );
    if (!result.complete) {
      await scheduleFollowUp(this.timers, { name: PURGE_WEBHOOK_HISTORY_JOB }, this.clock.now());
    }
    this.logger.info(
      {
        ...result,
        retentionDays: retention.retentionDays,
        deadLetterRetentionDays: retention.deadLetterRetentionDays,
      },
      'purged webhook history',
    );
    return result;
  }

  /** Makes sure a purge timer exists (first start, or after its job was lost). */
  async ensureScheduled(): Promise<void> {
    await ensurePeriodicTimer(this.timers, { name: PURGE_WEBHOOK_HISTORY_JOB }, DAY_MS, this.clock.now());
  }
}
