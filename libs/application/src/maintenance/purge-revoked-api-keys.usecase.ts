import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { Clock, LOGGER, type PayloadOf } from '#libs/common';
import { ApiKeyRepository, DAY_MS, ScheduledJobRepository, ensurePeriodicTimer } from '#libs/db';

export const PURGE_JOB = 'maintenance.purge-revoked-api-keys';
export const DEFAULT_RETENTION_DAYS = 90;

/** A run of maintenance.purge-revoked-api-keys (its payload: the retention in days). */
export type PurgeRevokedApiKeysCommand = PayloadOf<'maintenance.purge-revoked-api-keys'>;

/**
 * Retention: API keys revoked more than `retentionDays` ago are deleted. Runs daily at midnight
 * UTC of the service clock (its timer carries the period).
 */
@Injectable()
export class PurgeRevokedApiKeysUseCase {
  constructor(
    private readonly apiKeys: ApiKeyRepository,
    private readonly timers: ScheduledJobRepository,
    private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async execute(command: PurgeRevokedApiKeysCommand): Promise<number> {
    const now = this.clock.now();
    const cutoff = new Date(now.getTime() - command.retentionDays * DAY_MS);
    const deleted = await this.apiKeys.purgeRevokedBefore(cutoff);
    this.logger.info({ deleted, cutoff: cutoff.toISOString() }, 'purged revoked API keys');
    return deleted;
  }

  /** Makes sure a purge timer exists (first start, or after its job was lost). */
  async ensureScheduled(): Promise<void> {
    await ensurePeriodicTimer(
      this.timers,
      { name: PURGE_JOB, retentionDays: DEFAULT_RETENTION_DAYS },
      DAY_MS,
      this.clock.now(),
    );
  }
}
