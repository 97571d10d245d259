import type { PayloadOf } from '#libs/common';
import type { JobContext } from '../jobs/job-context.js';
import { HOUR_MS, ensurePeriodicTimer, scheduleFollowUp } from '#libs/db';

export const PURGE_IDEMPOTENCY_KEYS_JOB = 'maintenance.purge-idempotency-keys';
/** Rows per delete statement. */
export const DEFAULT_IDEMPOTENCY_PURGE_BATCH_SIZE = 1000;
/** Statements one run may make before it leaves the rest to a follow-up run. */
export const MAX_BATCHES_PER_RUN = 100;

export interface PurgeIdempotencyKeysResult {
  readonly deleted: number;
  readonly batches: number;
  /** False when the run stopped at MAX_BATCHES_PER_RUN with rows possibly left. */
  readonly complete: boolean;
}

/**
 * Retention of Idempotency-Key rows: deletes those expired by the service clock, in batches; runs
 * on the hour (its timer carries the period); a run that reached MAX_BATCHES_PER_RUN leaves the
 * rest to a follow-up a minute later.
 */
export async function purgeExpiredIdempotencyKeys(
  payload: PayloadOf<'maintenance.purge-idempotency-keys'>,
  { repositories, clock, logger }: Pick<JobContext, 'repositories' | 'clock' | 'logger'>,
): Promise<PurgeIdempotencyKeysResult> {
  const now = clock.now();
  const timers = repositories.scheduledJobs;
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
  if (!complete) await scheduleFollowUp(timers, payload, clock.now());
  logger.info({ deleted, batches, complete }, 'purged expired idempotency keys');
  return { deleted, batches, complete };
}

/** Makes sure a purge timer exists (first start, or after its job was lost). */
export async function ensureIdempotencyPurgeScheduled({
  repositories,
  clock,
}: Pick<JobContext, 'repositories' | 'clock'>): Promise<void> {
  await ensurePeriodicTimer(
    repositories.scheduledJobs,
    { name: PURGE_IDEMPOTENCY_KEYS_JOB, batchSize: DEFAULT_IDEMPOTENCY_PURGE_BATCH_SIZE },
    HOUR_MS,
    clock.now(),
  );
}
