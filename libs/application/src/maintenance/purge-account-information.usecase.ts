import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { APP_CONFIG, Clock, LOGGER, type AppConfig, type PayloadOf } from '#libs/common';
import {
  AisCachedReadRepository,
  AisTppInitiatedCallRepository,
  HOUR_MS,
  ScheduledJobRepository,
  ensurePeriodicTimer,
  scheduleFollowUp,
} from '#libs/db';
import { TPP_INITIATED_WINDOW_MS } from '#libs/domain';

export const PURGE_ACCOUNT_INFORMATION_JOB = 'maintenance.purge-account-information';
/** Rows per delete statement. */
export const DEFAULT_ACCOUNT_INFORMATION_PURGE_BATCH_SIZE = 1000;
/** Statements one run may make per table before it leaves the rest to a follow-up run. */
export const MAX_BATCHES_PER_TABLE = 100;

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
 * A run of maintenance.purge-account-information: its payload (the batch size), and the cache
 * seconds when not the configured ACCOUNT_INFORMATION_CACHE_SECONDS.
 */
export interface PurgeAccountInformationCommand extends PayloadOf<'maintenance.purge-account-information'> {
  readonly cacheSeconds?: number;
}

/**
 * Retention of account-information rows, by the service clock, in batches: TPP-initiated calls
 * made at or before now minus 24 hours (no count reads them) and kept answers fetched before now
 * minus the cache seconds (never served again). Rows still inside their window stay.
 * Runs on the hour (its timer carries the period); a table that reached MAX_BATCHES_PER_TABLE
 * leaves the rest to a follow-up.
 */
@Injectable()
export class PurgeAccountInformationUseCase {
  constructor(
    private readonly calls: AisTppInitiatedCallRepository,
    private readonly reads: AisCachedReadRepository,
    private readonly timers: ScheduledJobRepository,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async execute(command: PurgeAccountInformationCommand): Promise<PurgeAccountInformationResult> {
    const { cacheSeconds = this.config.accountInformation.cacheSeconds, ...payload } = command;
    const now = this.clock.now();
    const windowStart = new Date(now.getTime() - TPP_INITIATED_WINDOW_MS);
    const fetchedBefore = new Date(now.getTime() - cacheSeconds * 1000);
    const calls = await inBatches(payload.batchSize, (limit) => this.calls.purgeCalledUpTo(windowStart, limit));
    const reads = await inBatches(payload.batchSize, (limit) => this.reads.purgeFetchedBefore(fetchedBefore, limit));
    const result: PurgeAccountInformationResult = {
      tppInitiatedCalls: calls.deleted,
      cachedReads: reads.deleted,
      batches: calls.batches + reads.batches,
      complete: calls.complete && reads.complete,
    };
    if (!result.complete) await scheduleFollowUp(this.timers, payload, this.clock.now());
    this.logger.info({ ...result, cacheSeconds }, 'purged account-information rows');
    return result;
  }

  /** Makes sure a purge timer exists (first start, or after its job was lost). */
  async ensureScheduled(): Promise<void> {
    await ensurePeriodicTimer(
      this.timers,
      { name: PURGE_ACCOUNT_INFORMATION_JOB, batchSize: DEFAULT_ACCOUNT_INFORMATION_PURGE_BATCH_SIZE },
      HOUR_MS,
      this.clock.now(),
    );
  }
}
