import { JOB_QUEUE, type PayloadOf } from '#libs/common';
import type { JobContext } from '../jobs/job-context.js';

const DAY_MS = 24 * 3600 * 1000;
export const PURGE_JOB = 'maintenance.purge-revoked-api-keys';
export const DEFAULT_RETENTION_DAYS = 90;

/** Id of the purge timer due at `dueAt`; one per run so a finished job never blocks the next. */
export function purgeTimerId(dueAt: Date): string {
  return `${PURGE_JOB}@${dueAt.getTime()}`;
}

/**
 * Retention: API keys revoked more than `retentionDays` ago are deleted. Runs daily; the
 * deletion and the next day's timer commit together, so a crash repeats the run, never skips it.
 */
export async function purgeRevokedApiKeys(
  payload: PayloadOf<'maintenance.purge-revoked-api-keys'>,
  { repositories, clock, logger }: JobContext,
): Promise<number> {
  const now = clock.now();
  const cutoff = new Date(now.getTime() - payload.retentionDays * DAY_MS);
  const next = new Date(now.getTime() + DAY_MS);
  const deleted = await repositories.transactions.run(async (tx) => {
    const count = await repositories.apiKeys.in(tx).purgeRevokedBefore(cutoff);
    await repositories.scheduledJobs.in(tx).schedule(purgeTimerId(next), payload, next, JOB_QUEUE[payload.name]);
    return count;
  });
  logger.info({ deleted, cutoff: cutoff.toISOString() }, 'purged revoked API keys');
  return deleted;
}

/** Makes sure a purge timer exists (first start, or after its job was lost). */
export async function ensurePurgeScheduled({
  repositories,
  clock,
}: Pick<JobContext, 'repositories' | 'clock'>): Promise<void> {
  const timers = repositories.scheduledJobs;
  if ((await timers.countByName(PURGE_JOB)) > 0) return;
  const now = clock.now();
  await timers.schedule(
    purgeTimerId(now),
    { name: PURGE_JOB, retentionDays: DEFAULT_RETENTION_DAYS },
    now,
    JOB_QUEUE[PURGE_JOB],
  );
}
