import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { Clock, LOGGER, type JobEnqueuer } from '#libs/common';
import {
  WebhookDeliveryRepository,
  WebhookOutboxRepository,
  deliverJob,
  deliveryTimerId,
  type NewDelivery,
} from '#libs/db';
import { newId } from '#libs/domain';
import { isOutboxEventType, isSubscribed } from '#libs/events';

export { OUTBOX_CHANNEL } from '#libs/db';

/** Overdue deliveries enqueued again per sweep, at most. */
const RECOVER_LIMIT = 500;

/**
 * Committed outbox events moved into webhook deliveries and their first attempts. Events are
 * claimed with FOR UPDATE SKIP LOCKED, so several workers relay side by side; a delivery row is
 * made in the same transaction that marks its event relayed (an event no member subscribes to is
 * marked relayed with none), and its first attempt enqueued after the commit. A crash before the
 * enqueue is repaired by `recoverOverdue`.
 */
@Injectable()
export class OutboxRelaying {
  constructor(
    private readonly outbox: WebhookOutboxRepository,
    private readonly deliveries: WebhookDeliveryRepository,
    private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Relays up to `limit` committed events; answers how many events it took. */
  async relayBatch(limit: number, jobs: JobEnqueuer): Promise<number> {
    const now = this.clock.now();
    const { taken, created } = await this.outbox.relayBatch(limit, now, (events, subscriptions) => {
      const made: NewDelivery[] = [];
      for (const event of events) {
        const types = subscriptions.get(event.memberId);
        if (types === undefined || !isOutboxEventType(event.eventType) || !isSubscribed(event.eventType, types))
          continue;
        made.push({
          id: newId('wd'),
          eventId: event.id,
          memberId: event.memberId,
          eventType: event.eventType,
          body: event.body,
          nextAttemptAt: now,
          createdAt: now,
        });
      }
      return made;
    });
    await Promise.all(
      created.map((delivery) => jobs.enqueue(deliverJob(delivery.id), deliveryTimerId(delivery.id, 0, 1))),
    );
    return taken;
  }

  /**
   * Enqueues again pending deliveries overdue by `recoverAfterMs` with no attempt in flight (their
   * job was lost: a worker killed between commit and enqueue, or mid-job); answers how many.
   */
  async recoverOverdue(recoverAfterMs: number, jobs: JobEnqueuer): Promise<number> {
    const now = this.clock.now();
    const overdue = await this.deliveries.overdue(now, new Date(now.getTime() - recoverAfterMs), RECOVER_LIMIT);
    // One recovery job per delivery and attempt per recovery period: the queue ignores the rest.
    const tag = `recover${Math.floor(now.getTime() / recoverAfterMs)}`;
    await Promise.all(
      overdue.map((row) =>
        jobs.enqueue(deliverJob(row.id), deliveryTimerId(row.id, row.round, row.attemptCount + 1, tag)),
      ),
    );
    if (overdue.length > 0) this.logger.warn({ count: overdue.length }, 'overdue webhook deliveries enqueued again');
    return overdue.length;
  }
}
