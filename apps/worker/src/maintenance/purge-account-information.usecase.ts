import { JOB_QUEUE, type PayloadOf } from '#libs/common';
import { TPP_INITIATED_WINDOW_MS } from '#libs/domain';
import type { JobContext } from '../jobs/job-context.js';

const HOUR_MS = 3600 * 1000;
export const PURGE_ACCOUNT_INFORMATION_JOB = 'maintenance.purge-account-information';
/** Rows per delete statement. */
export const DEFAULT_ACCOUNT_INFORMATION_PURGE_BATCH_SIZE = 1000;
/** Statements one run may make per table before it leaves the rest to a follow-up run. */
export const MAX_BATCHES_PER_TABLE = 100;
/** When a run that did not get through every old row continues. */
export const CONTINUE_AFTER_MS = 60_000;

/** The hourly timer's id, one per hour of the service clock: a retried run moves it instead of adding another. */
export function hourlyAccountInformationPurgeTimerId(dueAt: Date): string {
  return `${PURGE_ACCOUNT_INFORMATION_JOB}@hour${Math.floor(dueAt.getTime() / HOUR_MS)}`;
}

/** The id of a follow-up run (after a run that reached MAX_BATCHES_PER_TABLE). */
export function continueAccountInformationPurgeTimerId(dueAt: Date): string {
  return `${PURGE_ACCOUNT_INFORMATION_JOB}@${dueAt.getTime()}`;
}

export interface PurgeAccountInformationSettings {
  /** ACCOUNT_INFORMATION_CACHE_SECONDS: kept answers older than this are never served again. */
  readonly cacheSeconds: number;
}

export interface PurgeAccountInformationResult {
  /** TPP-initiated calls deleted (older than the rolling 24 hours). */
  readonly tppInitiatedCalls: number;
  /** Kept bank answers deleted (older than the cache window). */
  readonly cachedReads: number;
  readonly batches: number;
  /** False when a table stopped at MAX_BATCHES_PER_TABLE with rows possibly left. */
  readonly complete: boolean;
}

interface TableRun {
  readonly deleted: number;
  readonly batches: number;
  readonly complete: boolean;
}

async function inBatches(batchSize: number, deleteBatch: (limit: number) => Promise<number>): Promise<TableRun> {
  let deleted = 0;
  let batches = 0;
  let complete = false;
  while (!complete && batches < MAX_BATCHES_PER_TABLE) {
    const count = await deleteBatch(batchSize);
    deleted += count;
    batches += 1;
    complete = count < batchSize;
  }
  return { deleted, batches, complete };
}

/**
 * Retention of account-information rows, by the service clock, in batches: TPP-initiated calls
 * made at or before now minus 24 hours (no count reads them) and kept answers fetched before now
 * minus the cache seconds (never served again). Rows still inside their window stay.
 * The next hour's timer is written first, so a crash (retried by BullMQ or not) never loses it.
 */
export async function purgeAccountInformation(
  payload: PayloadOf<'maintenance.purge-account-information'>,
  settings: PurgeAccountInformationSettings,
  { repositories, clock, logger }: Pick<JobContext, 'repositories' | 'clock' | 'logger'>,
): Promise<PurgeAccountInformationResult> {
  const now = clock.now();
  const nextHour = new Date(now.getTime() + HOUR_MS);
  const timers = repositories.scheduledJobs;
  await timers.schedule(hourlyAccountInformationPurgeTimerId(nextHour), payload, nextHour, JOB_QUEUE[payload.name]);

  const windowStart = new Date(now.getTime() - TPP_INITIATED_WINDOW_MS);
  const fetchedBefore = new Date(now.getTime() - settings.cacheSeconds * 1000);
  const calls = await inBatches(payload.batchSize, (limit) =>
    repositories.aisTppInitiatedCalls.purgeCalledUpTo(windowStart, limit),
  );
  const reads = await inBatches(payload.batchSize, (limit) =>
    repositories.aisCachedReads.purgeFetchedBefore(fetchedBefore, limit),
  );
  const result: PurgeAccountInformationResult = {
    tppInitiatedCalls: calls.deleted,
    cachedReads: reads.deleted,
    batches: calls.batches + reads.batches,
    complete: calls.complete && reads.complete,
  };
  if (!result.complete) {
    const next = new Date(clock.nowMs() + CONTINUE_AFTER_MS);
    await timers.schedule(continueAccountInformationPurgeTimerId(next), payload, next, JOB_QUEUE[payload.name]);
  }
  logger.info({ ...result, cacheSeconds: settings.cacheSeconds }, 'purged account-information rows');
  return result;
}

/** Makes sure a purge timer exists (first start, or after its job was lost). */
export async function ensureAccountInformationPurgeScheduled({
  repositories,
  clock,
}: Pick<JobContext, 'repositories' | 'clock'>): Promise<void> {
  const timers = repositories.scheduledJobs;
  if ((await timers.countByName(PURGE_ACCOUNT_INFORMATION_JOB)) > 0) return;
  const now = clock.now();
  await timers.schedule(
    hourlyAccountInformationPurgeTimerId(now),
    { name: PURGE_ACCOUNT_INFORMATION_JOB, batchSize: DEFAULT_ACCOUNT_INFORMATION_PURGE_BATCH_SIZE },
    now,
    JOB_QUEUE[PURGE_ACCOUNT_INFORMATION_JOB],
  );
}
