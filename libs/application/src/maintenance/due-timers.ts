import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER, isJobName, type JobEnqueuer, type JobPayload } from '#libs/common';
import { ScheduledJobRepository, nextPeriodicTimer, type TimerRow } from '#libs/db';

export { SCHEDULER_CHANNEL } from '#libs/db';

/** How long a row with an unknown job name waits before it is offered again. */
export const UNKNOWN_JOB_RETRY_MS = 60_000;

/**
 * The job id of a fired timer: the row id and its due time. A timer that is moved and fires again
 * (a payment polled on a schedule under one row id) is a new job, while enqueuing the same firing
 * twice is deduplicated.
 */
export function timerJobId(rowId: string, dueAt: Date): string {
  return `${rowId}@${dueAt.getTime()}`;
}

/**
 * Due timer rows turned into jobs. Rows are locked with FOR UPDATE SKIP LOCKED, so several
 * workers fire side by side without taking the same row; a row is deleted only in the transaction
 * that enqueued it, and its job id is the row id with its due time, so a crash between the two
 * enqueues again at most (deduplicated while the first job is still known). A periodic job's timer
 * is replaced by its next period's in the same transaction. A row whose job name this version does
 * not know (a newer version wrote it during a rolling deploy) is postponed for a worker that does,
 * without blocking the batch.
 */
@Injectable()
export class DueTimers {
  constructor(
    private readonly timers: ScheduledJobRepository,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Fires up to `batchSize` rows due at `now` into `jobs`; answers how many were due. */
  fire(now: Date, batchSize: number, jobs: JobEnqueuer): Promise<number> {
    const postponeTo = new Date(now.getTime() + UNKNOWN_JOB_RETRY_MS);
    return this.timers.fireDue(now, batchSize, postponeTo, async (due) => {
      const enqueued: string[] = [];
      const unknown: string[] = [];
      const next: TimerRow[] = [];
      for (const row of due) {
        if (!isJobName(row.jobName)) {
          unknown.push(row.id);
          continue;
        }
        await jobs.enqueue(row.payload as unknown as JobPayload, timerJobId(row.id, row.dueAt));
        enqueued.push(row.id);
        const following = nextPeriodicTimer(row, now);
        if (following !== undefined) next.push(following);
      }
      if (unknown.length > 0) this.logger.warn({ ids: unknown }, 'scheduled jobs with unknown names postponed');
      return { fired: enqueued, postponed: unknown, next };
    });
  }
}
