import { isJobName, type Clock, type JobPayload } from '#libs/common';
import { SCHEDULER_CHANNEL, nextPeriodicTimer, type ScheduledJobRepository, type TimerRow } from '#libs/db';
import type { Logger } from 'pino';
import { ChannelListener } from '../notifications/channel-listener.js';
import type { JobQueues } from '../queues/job-queues.js';

/** How long a row with an unknown job name waits before it is offered again. */
export const UNKNOWN_JOB_RETRY_MS = 60_000;

/**
 * The BullMQ job id of a fired timer: the row id and its due time. A timer that is moved and fires
 * again (a payment polled on a schedule under one row id) is a new job, while enqueuing the same
 * firing twice is deduplicated.
 */
export function timerJobId(rowId: string, dueAt: Date): string {
  return `${rowId}@${dueAt.getTime()}`;
}

export interface SchedulerOptions {
  readonly tickMs: number;
  readonly batchSize: number;
  /** When given, the tick LISTENs on SCHEDULER_CHANNEL and runs at once when a timer is brought forward. */
  readonly databaseUrl?: string;
}

/**
 * Turns due timer rows into BullMQ jobs. Rows are locked with FOR UPDATE SKIP LOCKED, so
 * several workers tick side by side without taking the same row; a row is deleted only in the
 * transaction that enqueued it, and its job id is the row id with its due time, so a crash between the two
 * enqueues again at most (deduplicated by BullMQ while the first job is still known). A periodic
 * job's timer is replaced by its next period's in the same transaction. It ticks
 * every `tickMs`, and at once when a timer brought forward notifies SCHEDULER_CHANNEL (`wake`).
 */
export class SchedulerTick {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private inFlight = false;
  private woken = false;
  private stopped = false;
  private readonly listener: ChannelListener | undefined;

  constructor(
    private readonly timers: ScheduledJobRepository,
    private readonly clock: Clock,
    private readonly queues: JobQueues,
    private readonly options: SchedulerOptions,
    private readonly logger: Logger,
  ) {
    this.listener =
      options.databaseUrl === undefined
        ? undefined
        : new ChannelListener(options.databaseUrl, SCHEDULER_CHANNEL, () => this.wake(), logger);
  }

  async start(): Promise<void> {
    this.stopped = false;
    await this.listener?.start();
    this.schedule(0);
  }

  /** Ticks now, or right after the tick in progress (a timer was brought forward). */
  wake(): void {
    if (this.stopped) return;
    if (this.inFlight) {
      this.woken = true;
      return;
    }
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.schedule(0);
  }

  /** Claims and enqueues one batch of due rows; returns how many. */
  async tick(): Promise<number> {
    const now = this.clock.now();
    const postponeTo = new Date(now.getTime() + UNKNOWN_JOB_RETRY_MS);
    return this.timers.fireDue(now, this.options.batchSize, postponeTo, async (due) => {
      const enqueued: string[] = [];
      const unknown: string[] = [];
      const next: TimerRow[] = [];
      for (const row of due) {
        if (!isJobName(row.jobName)) {
          unknown.push(row.id);
          continue;
        }
        await this.queues.enqueue(row.payload as unknown as JobPayload, timerJobId(row.id, row.dueAt));
        enqueued.push(row.id);
        const following = nextPeriodicTimer(row, now);
        if (following !== undefined) next.push(following);
      }
      if (unknown.length > 0) {
        // A job this worker does not know (a newer version wrote it during a rolling deploy):
        // leave it for a worker that does, without letting it block the batch.
        this.logger.warn({ ids: unknown }, 'scheduled jobs with unknown names postponed');
      }
      return { fired: enqueued, postponed: unknown, next };
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer !== undefined) clearTimeout(this.timer);
    await this.running?.catch(() => undefined);
    await this.listener?.stop();
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.inFlight = true;
      this.running = this.tick();
      const next = (delayMs: number): void => {
        this.inFlight = false;
        // Woken during the tick: a timer brought forward may have missed it.
        const woken = this.woken;
        this.woken = false;
        this.schedule(woken ? 0 : delayMs);
      };
      this.running.then(
        // A full batch means more rows are due: go again at once.
        (count) => next(count >= this.options.batchSize ? 0 : this.options.tickMs),
        (error: unknown) => {
          this.logger.error({ err: error }, 'scheduler tick failed');
          next(this.options.tickMs);
        },
      );
    }, delayMs);
  }
}
