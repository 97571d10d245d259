import { Injectable } from '@nestjs/common';
import { Prisma } from '../generated/prisma/client.js';
import { Repository } from '../repository.js';

/** Finished deliveries the retention purge may remove, each found through its own partial index. */
export type FinishedDeliveryStatus = 'DELIVERED' | 'DEAD';

/** The literal predicate of each status (a literal, not a parameter, so the planner matches the partial index). */
const FINISHED: Readonly<Record<FinishedDeliveryStatus, { readonly where: Prisma.Sql; readonly order: Prisma.Sql }>> = {
  DELIVERED: { where: Prisma.sql`status = 'DELIVERED' AND delivered_at < `, order: Prisma.sql`delivered_at` },
  DEAD: { where: Prisma.sql`status = 'DEAD' AND dead_at < `, order: Prisma.sql`dead_at` },
};

/** Where the outbox purge continues: after this (relayed_at, id). */
export interface OutboxCursor {
  readonly relayedAt: Date;
  readonly id: string;
}

export interface OutboxPurgeBatch {
  /** Events looked at (at most the limit); fewer than the limit means the end was reached. */
  readonly examined: number;
  readonly deleted: number;
  /** The last event looked at; undefined when none was. */
  readonly next: OutboxCursor | undefined;
}

/**
 * Deletes old webhook history in bounded batches, one statement each (so each batch commits on
 * its own and holds its locks briefly). Never touches a PENDING delivery (first attempt, retrying,
 * or paused), an event not yet relayed, or an event that still has a delivery.
 */
@Injectable()
export class WebhookRetentionRepository extends Repository {
  /**
   * Deletes up to `limit` deliveries in `status` that finished (delivered_at / dead_at) before
   * `cutoff`, oldest first, with their attempts. Rows another transaction holds (a replay in
   * progress) are skipped, and a row that stopped matching meanwhile is not deleted (FOR UPDATE
   * re-checks it). The ORDER BY walks the partial index, and `= ANY(ARRAY(...))` looks attempts up
   * by delivery id in their index: the cost of a batch stays flat however large the tables grow
   * (a join would let the planner scan every attempt).
   */
  async purgeDeliveries(
    status: FinishedDeliveryStatus,
    cutoff: Date,
    limit: number,
  ): Promise<{ deliveries: number; attempts: number }> {
    const finished = FINISHED[status];
    const rows = await this.db.$queryRaw<Array<{ deliveries: number; attempts: number }>>`
      WITH batch AS (
        SELECT id FROM webhook_delivery
        WHERE ${finished.where}${cutoff}
        ORDER BY ${finished.order}
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED
      ), attempts AS (
        DELETE FROM webhook_attempt WHERE delivery_id = ANY(ARRAY(SELECT id FROM batch)) RETURNING 1
      ), deliveries AS (
        DELETE FROM webhook_delivery d USING batch WHERE d.id = batch.id RETURNING 1
      )
      SELECT (SELECT count(*) FROM deliveries)::int AS deliveries, (SELECT count(*) FROM attempts)::int AS attempts`;
    return { deliveries: rows[0]?.deliveries ?? 0, attempts: rows[0]?.attempts ?? 0 };
  }

  /**
   * Looks at up to `limit` events relayed before `cutoff`, after `after`, in (relayed_at, id)
   * order, and deletes those that have no delivery left (every delivery was purged, or the event
   * had no subscriber). Events that keep a delivery (pending, or a dead letter not yet expired)
   * are passed over; the cursor keeps later batches from looking at them again.
   */
  async purgeOutbox(cutoff: Date, after: OutboxCursor | undefined, limit: number): Promise<OutboxPurgeBatch> {
    const from =
      after === undefined
        ? Prisma.empty
        : Prisma.sql`AND relayed_at >= ${after.relayedAt} AND (relayed_at > ${after.relayedAt} OR id > ${after.id})`;
    const rows = await this.db.$queryRaw<
      Array<{ examined: number; deleted: number; last_relayed_at: Date | null; last_id: string | null }>
    >`
      WITH candidates AS (
        SELECT id, relayed_at FROM outbox_event
        WHERE relayed_at < ${cutoff} ${from}
        ORDER BY relayed_at, id
        LIMIT ${limit}
      ), deleted AS (
        DELETE FROM outbox_event o USING candidates c
        WHERE o.id = c.id AND NOT EXISTS (SELECT 1 FROM webhook_delivery d WHERE d.event_id = o.id)
        RETURNING 1
      ), last AS (
        SELECT relayed_at, id FROM candidates ORDER BY relayed_at DESC, id DESC LIMIT 1
      )
      SELECT (SELECT count(*) FROM candidates)::int AS examined, (SELECT count(*) FROM deleted)::int AS deleted,
        (SELECT relayed_at FROM last) AS last_relayed_at, (SELECT id FROM last) AS last_id`;
    const row = rows[0];
    const next =
      row?.last_relayed_at != null && row.last_id !== null
        ? { relayedAt: row.last_relayed_at, id: row.last_id }
        : undefined;
    return { examined: row?.examined ?? 0, deleted: row?.deleted ?? 0, next };
  }
}
