import { JOB_QUEUE, type PayloadOf } from '#libs/common';
import type { JobContext } from '../jobs/job-context.js';

const HOUR_MS = 3600 * 1000;
export const PURGE_IDEMPOTENCY_KEYS_JOB = 'maintenance.purge-idempotency-keys';
/** Rows per delete statement. */
export const DEFAULT_IDEMPOTENCY_PURGE_BATCH_SIZE = 1000;
/** Statements one run may make before it leaves the rest to a follow-up run. */
export const MAX_BATCHES_PER_RUN = 100;
/** When a run that did not get through every expired row continues. */
export const CONTINUE_AFTER_MS = 60_000;

/** The hourly timer's id, one per hour of the service clock: a retried run moves it instead of adding another. */
export function hourlyIdempotencyPurgeTimerId(dueAt: Date): string {
  return `${PURGE_IDEMPOTENCY_KEYS_JOB}@hour${Math.floor(dueAt.getTime() / HOUR_MS)}`;
}

/** The id of a follow-up run (after a run that reached MAX_BATCHES_PER_RUN). */
export function continueIdempotencyPurgeTimerId(dueAt: Date): string {
  return `${PURGE_IDEMPOTENCY_KEYS_JOB}@${dueAt.getTime()}`;
}

export interface PurgeIdempotencyKeysResult {
  readonly deleted: number;
  readonly batches: number;
  /** False when the run stopped at MAX_BATCHES_PER_RUN with rows possibly left. */
  readonly complete: boolean;
}

/**
 * Retention of Idempotency-Key rows: deletes those expired by the service clock, in batches.
 * The next hour's timer is written first, so a crash (retried by BullMQ or not) never loses it.
 */
export async function purgeExpiredIdempotencyKeys(
  payload: PayloadOf<'maintenance.purge-idempotency-keys'>,
  { repositories, clock, logger }: Pick<JobContext, 'repositories' | 'clock' | 'logger'>,
): Promise<PurgeIdempotencyKeysResult> {
  const now = clock.now();
  const nextHour = new Date(now.getTime() + HOUR_MS);
  const timers = repositories.scheduledJobs;
  await timers.schedule(hourlyIdempotencyPurgeTimerId(nextHour), payload, nextHour, JOB_QUEUE[payload.name]);

  const keys = repositories.idempotencyKeys;
  let deleted = 0;
  let batches = 0;
  let complete = false;
  while (!complete && batches < MAX_BATCHES_PER_RUN) {
    const count = await keys.purgeExpired(now, payload.batchSize);
    deleted += count;
    batches += 1;
    complete = count < payload.batchSize;
  }
  if (!complete) {
    const next = new Date(clock.nowMs() + CONTINUE_AFTER_MS);
    await timers.schedule(continueIdempotencyPurgeTimerId(next), payload, next, JOB_QUEUE[payload.name]);
  }
  logger.info({ deleted, batches, complete }, 'purged expired idempotency keys');
  return { deleted, batches, complete };
}

/** Makes sure a purge timer exists (first start, or after its job was lost). */
export async function ensureIdempotencyPurgeScheduled({
  repositories,
  clock,
}: Pick<JobContext, 'repositories' | 'clock'>): Promise<void> {
  const timers = repositories.scheduledJobs;
  if ((await timers.countByName(PURGE_IDEMPOTENCY_KEYS_JOB)) > 0) return;
  const now = clock.now();
  await timers.schedule(
    hourlyIdempotencyPurgeTimerId(now),
    { name: PURGE_IDEMPOTENCY_KEYS_JOB, batchSize: DEFAULT_IDEMPOTENCY_PURGE_BATCH_SIZE },
    now,
    JOB_QUEUE[PURGE_IDEMPOTENCY_KEYS_JOB],
  );
}
