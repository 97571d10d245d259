import type { Logger } from 'pino';
import { SCHEDULER_CHANNEL, type DueTimers } from '#libs/application';
import type { Clock } from '#libs/common';
import { ChannelListener } from '../notifications/channel-listener.js';
import type { JobQueues } from '../queues/job-queues.js';

export interface SchedulerOptions {
  readonly tickMs: number;
  readonly batchSize: number;
  /** When given, the tick LISTENs on SCHEDULER_CHANNEL and runs at once when a timer is brought forward. */
  readonly databaseUrl?: string;
}

/**
 * Turns due timer rows into BullMQ jobs (DueTimers: rows claimed with FOR UPDATE SKIP LOCKED, so
 * several workers tick side by side, each deleted in the transaction that enqueued it). It ticks
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
    private readonly timers: DueTimers,
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
  tick(): Promise<number> {
    return this.timers.fire(this.clock.now(), this.options.batchSize, this.queues);
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
