import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { Clock, LOGGER, type PayloadOf } from '#libs/common';
import {
  HOUR_MS,
  IdempotencyKeyRepository,
  ScheduledJobRepository,
  ensurePeriodicTimer,
  scheduleFollowUp,
} from '#libs/db';

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

/** A run of maintenance.purge-idempotency-keys (its payload: the batch size). */
export type PurgeIdempotencyKeysCommand = PayloadOf<'maintenance.purge-idempotency-keys'>;

/**
 * Retention of Idempotency-Key rows: deletes those expired by the service clock, in batches; runs
 * on the hour (its timer carries the period); a run that reached MAX_BATCHES_PER_RUN leaves the
 * rest to a follow-up a minute later.
 */
@Injectable()
export class PurgeIdempotencyKeysUseCase {
  constructor(
    private readonly keys: IdempotencyKeyRepository,
    private readonly timers: ScheduledJobRepository,
    private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async execute(command: PurgeIdempotencyKeysCommand): Promise<PurgeIdempotencyKeysResult> {
    const now = this.clock.now();
    let deleted = 0;
    let batches = 0;
    let complete = false;
    while (!complete && batches < MAX_BATCHES_PER_RUN) {
      const count = await this.keys.purgeExpired(now, command.batchSize);
      deleted += count;
      batches += 1;
      complete = count < command.batchSize;
    }
    if (!complete) await scheduleFollowUp(this.timers, command, this.clock.now());
    this.logger.info({ deleted, batches, complete }, 'purged expired idempotency keys');
    return { deleted, batches, complete };
  }

  /** Makes sure a purge timer exists (first start, or after its job was lost). */
  async ensureScheduled(): Promise<void> {
    await ensurePeriodicTimer(
      this.timers,
      { name: PURGE_IDEMPOTENCY_KEYS_JOB, batchSize: DEFAULT_IDEMPOTENCY_PURGE_BATCH_SIZE },
      HOUR_MS,
      this.clock.now(),
    );
  }
}
