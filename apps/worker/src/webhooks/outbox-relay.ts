import { performance } from 'node:perf_hooks';
import type { Logger } from 'pino';
import { OUTBOX_CHANNEL, type OutboxRelaying } from '#libs/application';
import { ChannelListener } from '../notifications/channel-listener.js';
import type { JobQueues } from '../queues/job-queues.js';

export interface OutboxRelayOptions {
  readonly databaseUrl: string;
  /** Period of the sweep that catches what a lost notification or a lost job left behind. */
  readonly sweepMs: number;
  /** A pending delivery this far past due with no attempt in flight is enqueued again. */
  readonly recoverAfterMs: number;
  /** Events relayed per transaction. */
  readonly batchSize?: number;
}

/**
 * Moves committed outbox events into deliveries and their first attempts (OutboxRelaying). It
 * LISTENs on the outbox channel on a connection of its own, so an insert's NOTIFY (sent at its
 * commit) wakes it at once; a sweep every `sweepMs` relays anything a lost notification left, and
 * enqueues again deliveries whose job was lost (a worker killed between commit and enqueue, or
 * mid-job).
 */
export class OutboxRelay {
  private readonly listener: ChannelListener;
  private sweepTimer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;
  private lastRecoverMs = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly relaying: OutboxRelaying,
    private readonly queues: JobQueues,
    private readonly options: OutboxRelayOptions,
    private readonly logger: Logger,
  ) {
    this.listener = new ChannelListener(options.databaseUrl, OUTBOX_CHANNEL, () => this.wake(), logger);
  }

  async start(): Promise<void> {
    this.stopped = false;
    await this.listener.start();
    this.sweepTimer = setInterval(() => this.wake(), this.options.sweepMs);
    this.wake();
  }

  /** Relays now (or again right after the run in progress). */
  wake(): void {
    if (this.stopped) return;
    if (this.running !== undefined) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((error: unknown) => this.logger.error({ err: error }, 'outbox relay failed'))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  /** Relays one batch of committed events; returns how many events it took. */
  relayOnce(): Promise<number> {
    return this.relaying.relayBatch(this.options.batchSize ?? 200, this.queues);
  }

  /** Enqueues again pending deliveries that are overdue with no attempt in flight. */
  recoverOverdue(): Promise<number> {
    return this.relaying.recoverOverdue(this.options.recoverAfterMs, this.queues);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.sweepTimer);
    await this.running;
    await this.listener.stop();
  }

  private async drain(): Promise<void> {
    while (!this.stopped && (await this.relayOnce()) >= (this.options.batchSize ?? 200)) {
      // A full batch: more are waiting.
    }
    const elapsedMs = performance.now();
    if (!this.stopped && elapsedMs - this.lastRecoverMs >= this.options.sweepMs) {
      this.lastRecoverMs = elapsedMs;
      await this.recoverOverdue();
    }
  }
}
