import type { PayloadOf } from '#libs/common';
import type { JobContext } from '../jobs/job-context.js';
import { DAY_MS, ensurePeriodicTimer } from '#libs/db';

export const PURGE_JOB = 'maintenance.purge-revoked-api-keys';
export const DEFAULT_RETENTION_DAYS = 90;

/**
 * Retention: API keys revoked more than `retentionDays` ago are deleted. Runs daily at midnight
 * UTC of the service clock (its timer carries the period).
 */
export async function purgeRevokedApiKeys(
  payload: PayloadOf<'maintenance.purge-revoked-api-keys'>,
  { repositories, clock, logger }: JobContext,
): Promise<number> {
  const now = clock.now();
  const cutoff = new Date(now.getTime() - payload.retentionDays * DAY_MS);
  const deleted = await repositories.apiKeys.purgeRevokedBefore(cutoff);
  logger.info({ deleted, cutoff: cutoff.toISOString() }, 'purged revoked API keys');
  return deleted;
}

/** Makes sure a purge timer exists (first start, or after its job was lost). */
export async function ensurePurgeScheduled({
  repositories,
  clock,
}: Pick<JobContext, 'repositories' | 'clock'>): Promise<void> {
  await ensurePeriodicTimer(
    repositories.scheduledJobs,
    { name: PURGE_JOB, retentionDays: DEFAULT_RETENTION_DAYS },
    DAY_MS,
    clock.now(),
  );
}
