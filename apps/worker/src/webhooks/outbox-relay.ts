import { performance } from 'node:perf_hooks';
import type { Logger } from 'pino';
import type { Clock } from '#libs/common';
import { OUTBOX_CHANNEL, deliverJob, deliveryTimerId, type NewDelivery, type Repositories } from '#libs/db';
import { newId } from '#libs/domain';
import { isOutboxEventType, isSubscribed } from '#libs/events';
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

const RECOVER_LIMIT = 500;

/**
 * Moves committed outbox events into deliveries and their first attempts. It LISTENs on the
 * outbox channel on a connection of its own, so an insert's NOTIFY (sent at its commit) wakes
 * it at once; a sweep every `sweepMs` relays anything a lost notification left, and enqueues
 * again deliveries whose job was lost (a worker killed between commit and enqueue, or mid-job).
 * Events are claimed with FOR UPDATE SKIP LOCKED, so several workers relay side by side; a
 * delivery row is made in the same transaction that marks its event relayed, and a crash before
 * the enqueue is repaired by the sweep.
 */
export class OutboxRelay {
  private readonly listener: ChannelListener;
  private sweepTimer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;
  private lastRecoverMs = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly repositories: Pick<Repositories, 'webhookOutbox' | 'webhookDeliveries'>,
    private readonly clock: Clock,
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
  async relayOnce(): Promise<number> {
    const limit = this.options.batchSize ?? 200;
    const now = this.clock.now();
    const { taken, created } = await this.repositories.webhookOutbox.relayBatch(limit, now, (events, subscriptions) => {
      const created: NewDelivery[] = [];
      for (const event of events) {
        const types = subscriptions.get(event.memberId);
        if (types === undefined || !isOutboxEventType(event.eventType) || !isSubscribed(event.eventType, types))
          continue;
        created.push({
          id: newId('wd'),
          eventId: event.id,
          memberId: event.memberId,
          eventType: event.eventType,
          body: event.body,
          nextAttemptAt: now,
          createdAt: now,
        });
      }
      return created;
    });
    await Promise.all(
      created.map((delivery) => this.queues.enqueue(deliverJob(delivery.id), deliveryTimerId(delivery.id, 0, 1))),
    );
    return taken;
  }

  /** Enqueues again pending deliveries that are overdue with no attempt in flight. */
  async recoverOverdue(): Promise<number> {
    const now = this.clock.now();
    const overdue = await this.repositories.webhookDeliveries.overdue(
      now,
      new Date(now.getTime() - this.options.recoverAfterMs),
      RECOVER_LIMIT,
    );
    // One recovery job per delivery and attempt per recovery period: BullMQ ignores the rest.
    const tag = `recover${Math.floor(now.getTime() / this.options.recoverAfterMs)}`;
    await Promise.all(
      overdue.map((row) =>
        this.queues.enqueue(deliverJob(row.id), deliveryTimerId(row.id, row.round, row.attemptCount + 1, tag)),
      ),
    );
    if (overdue.length > 0) this.logger.warn({ count: overdue.length }, 'overdue webhook deliveries enqueued again');
    return overdue.length;
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
