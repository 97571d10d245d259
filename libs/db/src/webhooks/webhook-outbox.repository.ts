import { Injectable } from '@nestjs/common';
import { Prisma } from '../generated/prisma/client.js';
import { Repository } from '../repository.js';

/** The Postgres channel an outbox insert notifies; the worker's relay LISTENs on it. */
export const OUTBOX_CHANNEL = 'webhook_outbox';

export interface OutboxRow {
  readonly id: string;
  readonly memberId: string;
  readonly eventType: string;
  readonly body: string;
  readonly createdAt: Date;
}

export interface NewDelivery {
  readonly id: string;
  readonly eventId: string;
  readonly memberId: string;
  readonly eventType: string;
  readonly body: string;
  readonly nextAttemptAt: Date;
  readonly createdAt: Date;
}

/** What one relay batch did. */
export interface RelayedBatch {
  /** Events marked relayed. */
  readonly taken: number;
  readonly created: readonly NewDelivery[];
}

/**
 * The relay's side of the outbox (not member-facing): claims committed events and turns them into
 * deliveries. Events are written by the domains, inside their own transactions (writeOutboxEvent).
 */
@Injectable()
export class WebhookOutboxRepository extends Repository {
  /**
   * Appends an event in this repository's transaction (the one that makes the state change) and
   * notifies the relay. Postgres delivers the NOTIFY only when the transaction commits and drops
   * it on rollback, so an event leaves only with its state change.
   */
  async append(event: OutboxRow): Promise<void> {
    await this.db.$executeRaw`
      WITH inserted AS (
        INSERT INTO outbox_event (id, member_id, event_type, body, created_at)
        VALUES (${event.id}, ${event.memberId}, ${event.eventType}, ${event.body}, ${event.createdAt})
        RETURNING id
      )
      SELECT pg_notify(${OUTBOX_CHANNEL}, '') FROM inserted`;
  }

  /** Appends several events in one statement (one NOTIFY), as `append` does for one. */
  async appendMany(events: readonly OutboxRow[]): Promise<void> {
    if (events.length === 0) return;
    await this.db.$executeRaw`
      WITH inserted AS (
        INSERT INTO outbox_event (id, member_id, event_type, body, created_at)
        SELECT * FROM unnest(
          ${events.map((event) => event.id)}::text[], ${events.map((event) => event.memberId)}::text[],
          ${events.map((event) => event.eventType)}::text[], ${events.map((event) => event.body)}::text[],
          ${events.map((event) => event.createdAt)}::timestamptz[])
        RETURNING id
      )
      SELECT pg_notify(${OUTBOX_CHANNEL}, '') WHERE EXISTS (SELECT 1 FROM inserted)`;
  }

  /**
   * One batch, one transaction: locks up to `limit` events not yet relayed that no other relay
   * holds (FOR UPDATE SKIP LOCKED), reads the subscribed types of their members' configurations
   * FOR SHARE (so a concurrent DELETE waits for this transaction, then dead-letters what it
   * created), inserts the deliveries `deliveriesOf` makes of them and marks every event relayed.
   */
  relayBatch(
    limit: number,
    now: Date,
    deliveriesOf: (
      events: readonly OutboxRow[],
      subscriptions: ReadonlyMap<string, readonly string[]>,
    ) => NewDelivery[],
  ): Promise<RelayedBatch> {
    return this.transaction(async (tx) => {
      const rows = await tx.$queryRaw<
        Array<{ id: string; member_id: string; event_type: string; body: string; created_at: Date }>
      >`
        SELECT id, member_id, event_type, body, created_at FROM outbox_event
        WHERE relayed_at IS NULL ORDER BY created_at LIMIT ${limit} FOR UPDATE SKIP LOCKED`;
      if (rows.length === 0) return { taken: 0, created: [] };
      const events = rows.map((row) => ({
        id: row.id,
        memberId: row.member_id,
        eventType: row.event_type,
        body: row.body,
        createdAt: row.created_at,
      }));
      const memberIds = [...new Set(events.map((event) => event.memberId))];
      const configs = await tx.$queryRaw<Array<{ member_id: string; types: string[] }>>`
        SELECT member_id, types FROM webhook_config WHERE member_id IN (${Prisma.join(memberIds)}) FOR SHARE`;
      const created = deliveriesOf(events, new Map(configs.map((row) => [row.member_id, row.types])));
      if (created.length > 0) await tx.webhookDelivery.createMany({ data: [...created], skipDuplicates: true });
      await tx.outboxEvent.updateMany({
        where: { id: { in: events.map((event) => event.id) } },
        data: { relayedAt: now },
      });
      return { taken: events.length, created };
    });
  }
}
