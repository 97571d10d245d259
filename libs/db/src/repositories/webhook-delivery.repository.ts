import { JOB_QUEUE, type JobPayload } from '#libs/common';
import {
  Prisma,
  type WebhookAttempt,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
} from '../generated/prisma/client.js';
import type { PrismaService, Tx } from '../prisma.service.js';
import { scheduledJobs } from './scheduled-job.repository.js';

type Db = PrismaService | Tx;

/** The job that makes one attempt of a delivery. */
export function deliverJob(deliveryId: string): JobPayload {
  return { name: 'webhooks.deliver', deliveryId };
}

/**
 * Id of the timer (and so of the BullMQ job) for attempt `attempt` of round `round`. A tag
 * makes a second timer for the same attempt (resume, recovery), since BullMQ ignores a job id
 * it still remembers.
 */
export function deliveryTimerId(deliveryId: string, round: number, attempt: number, tag?: string): string {
  return `webhook:${deliveryId}:${round}:${attempt}${tag === undefined ? '' : `:${tag}`}`;
}

/** Schedules an attempt of a delivery through the timer table (what the admin API and retries use). */
export async function scheduleDeliveryAttempt(db: Db, timerId: string, deliveryId: string, dueAt: Date): Promise<void> {
  const payload = deliverJob(deliveryId);
  await scheduledJobs.schedule(db, timerId, payload, dueAt, JOB_QUEUE[payload.name]);
}

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

/** The relay's side of the outbox: claim committed events, make deliveries, mark them relayed. */
export const webhookOutbox = {
  /** Locks up to `limit` events not yet relayed that no other relay holds (FOR UPDATE SKIP LOCKED). */
  async lockUnrelayed(tx: Tx, limit: number): Promise<OutboxRow[]> {
    const rows = await tx.$queryRaw<
      Array<{ id: string; member_id: string; event_type: string; body: string; created_at: Date }>
    >`
      SELECT id, member_id, event_type, body, created_at FROM outbox_event
      WHERE relayed_at IS NULL ORDER BY created_at LIMIT ${limit} FOR UPDATE SKIP LOCKED`;
    return rows.map((row) => ({
      id: row.id,
      memberId: row.member_id,
      eventType: row.event_type,
      body: row.body,
      createdAt: row.created_at,
    }));
  },

  /**
   * The subscribed types of each member's configuration, locked FOR SHARE so a concurrent
   * DELETE waits for this transaction (and then dead-letters what it created).
   */
  async subscriptions(tx: Tx, memberIds: readonly string[]): Promise<Map<string, readonly string[]>> {
    if (memberIds.length === 0) return new Map();
    const rows = await tx.$queryRaw<Array<{ member_id: string; types: string[] }>>`
      SELECT member_id, types FROM webhook_config WHERE member_id IN (${Prisma.join([...memberIds])}) FOR SHARE`;
    return new Map(rows.map((row) => [row.member_id, row.types]));
  },

  async insertDeliveries(tx: Tx, deliveries: readonly NewDelivery[]): Promise<void> {
    if (deliveries.length > 0) await tx.webhookDelivery.createMany({ data: [...deliveries], skipDuplicates: true });
  },

  async markRelayed(tx: Tx, ids: readonly string[], now: Date): Promise<void> {
    if (ids.length > 0) await tx.outboxEvent.updateMany({ where: { id: { in: [...ids] } }, data: { relayedAt: now } });
  },
};

/** A delivery claimed for one attempt, with the URL it goes to. */
export interface ClaimedDelivery {
  readonly id: string;
  readonly eventId: string;
  readonly memberId: string;
  readonly eventType: string;
  readonly body: string;
  readonly attemptCount: number;
  readonly round: number;
  readonly firstAttemptAt: Date | null;
  readonly leaseUntil: Date;
  readonly url: string;
}

export interface AttemptRecord {
  readonly deliveryId: string;
  readonly round: number;
  readonly attemptNo: number;
  readonly attemptedAt: Date;
  readonly url: string;
  readonly kid: string | null;
  readonly statusCode: number | null;
  readonly latencyMs: number;
  readonly error: string | null;
}

export type AttemptOutcome =
  | { readonly kind: 'delivered'; readonly at: Date }
  | { readonly kind: 'retry'; readonly at: Date; readonly nextAttemptAt: Date }
  | { readonly kind: 'dead'; readonly at: Date };

/** The worker's side of deliveries: claim one for an attempt, record how it went, find lost ones. */
export const webhookDeliveries = {
  /**
   * Takes the lease of a delivery that is pending, due by `dueBy`, not leased and whose member
   * is not paused; undefined when any of that is not so (another worker has it, it is done,
   * paused, or not yet due), which makes duplicate jobs harmless. `dueBy` is a little after
   * `now`, so a worker whose clock runs slightly behind the one that scheduled the attempt
   * still takes it.
   */
  async claim(
    db: Db,
    id: string,
    now: Date,
    leaseUntil: Date,
    dueBy: Date = now,
  ): Promise<ClaimedDelivery | undefined> {
    const rows = await db.$queryRaw<
      Array<{
        id: string;
        event_id: string;
        member_id: string;
        event_type: string;
        body: string;
        attempt_count: number;
        round: number;
        first_attempt_at: Date | null;
        url: string;
      }>
    >`
      UPDATE webhook_delivery d SET lease_until = ${leaseUntil}
      FROM webhook_config c
      WHERE d.id = ${id} AND d.status = 'PENDING' AND d.next_attempt_at <= ${dueBy}
        AND (d.lease_until IS NULL OR d.lease_until < ${now})
        AND c.member_id = d.member_id AND c.paused_at IS NULL
      RETURNING d.id, d.event_id, d.member_id, d.event_type, d.body, d.attempt_count, d.round, d.first_attempt_at, c.url`;
    const row = rows[0];
    if (row === undefined) return undefined;
    return {
      id: row.id,
      eventId: row.event_id,
      memberId: row.member_id,
      eventType: row.event_type,
      body: row.body,
      attemptCount: row.attempt_count,
      round: row.round,
      firstAttemptAt: row.first_attempt_at,
      leaseUntil,
      url: row.url,
    };
  },

  /**
   * Records an attempt and moves the delivery on, atomically (one statement): delivered; or the
   * next attempt's time with its timer row; or dead. A success counts even if the lease lapsed
   * meanwhile; a failure only moves a delivery whose lease is still this attempt's. The attempt
   * row is written either way. Returns false when the delivery had moved on without this attempt.
   */
  async record(db: Db, claimed: ClaimedDelivery, attempt: AttemptRecord, outcome: AttemptOutcome): Promise<boolean> {
    const status: WebhookDeliveryStatus =
      outcome.kind === 'delivered' ? 'DELIVERED' : outcome.kind === 'dead' ? 'DEAD' : 'PENDING';
    const next = outcome.kind === 'retry' ? outcome.nextAttemptAt : null;
    const leaseHeld = outcome.kind === 'delivered' ? Prisma.empty : Prisma.sql`AND lease_until = ${claimed.leaseUntil}`;
    let timer = Prisma.empty;
    if (outcome.kind === 'retry') {
      const payload = deliverJob(claimed.id);
      const timerId = deliveryTimerId(claimed.id, claimed.round, attempt.attemptNo + 1);
      timer = Prisma.sql`, timer AS (
        INSERT INTO scheduled_job (id, queue, job_name, payload, due_at)
        SELECT ${timerId}, ${JOB_QUEUE[payload.name]}, ${payload.name}, ${JSON.stringify(payload)}::jsonb, ${outcome.nextAttemptAt}::timestamptz FROM moved
        ON CONFLICT (id) DO UPDATE SET due_at = EXCLUDED.due_at, payload = EXCLUDED.payload
      )`;
    }
    const rows = await db.$queryRaw<Array<{ moved: number }>>`
      WITH moved AS (
        UPDATE webhook_delivery SET
          status = ${status}::"WebhookDeliveryStatus",
          attempt_count = ${attempt.attemptNo},
          first_attempt_at = COALESCE(first_attempt_at, ${attempt.attemptedAt}),
          last_attempt_at = ${attempt.attemptedAt},
          last_status_code = ${attempt.statusCode},
          last_error = ${attempt.error},
          lease_until = NULL,
          next_attempt_at = ${next},
          delivered_at = ${outcome.kind === 'delivered' ? outcome.at : null},
          dead_at = ${outcome.kind === 'dead' ? outcome.at : null}
        WHERE id = ${claimed.id} AND status = 'PENDING' AND round = ${claimed.round} ${leaseHeld}
        RETURNING id
      ), attempt AS (
        INSERT INTO webhook_attempt (delivery_id, round, attempt_no, attempted_at, url, kid, status_code, latency_ms, error)
        VALUES (${attempt.deliveryId}, ${attempt.round}, ${attempt.attemptNo}, ${attempt.attemptedAt}, ${attempt.url}, ${attempt.kid}, ${attempt.statusCode}, ${attempt.latencyMs}, ${attempt.error})
      )${timer}
      SELECT count(*)::int AS moved FROM moved`;
    return rows[0]?.moved === 1;
  },

  /** Gives a lease back without an attempt (the member was paused meanwhile, say). */
  async release(db: Db, claimed: ClaimedDelivery): Promise<void> {
    await db.webhookDelivery.updateMany({
      where: { id: claimed.id, leaseUntil: claimed.leaseUntil },
      data: { leaseUntil: null },
    });
  },

  /**
   * Pending deliveries that should have been attempted `overdueBefore` ago but hold no lease:
   * their job was lost (a worker killed between commit and enqueue, a stalled job). Members
   * that are paused are left alone.
   */
  async overdue(
    db: Db,
    now: Date,
    overdueBefore: Date,
    limit: number,
  ): Promise<Array<{ id: string; round: number; attemptCount: number }>> {
    const rows = await db.$queryRaw<Array<{ id: string; round: number; attempt_count: number }>>`
      SELECT d.id, d.round, d.attempt_count FROM webhook_delivery d
      JOIN webhook_config c ON c.member_id = d.member_id AND c.paused_at IS NULL
      WHERE d.status = 'PENDING' AND d.next_attempt_at <= ${overdueBefore}
        AND (d.lease_until IS NULL OR d.lease_until < ${now})
      ORDER BY d.next_attempt_at LIMIT ${limit}`;
    return rows.map((row) => ({ id: row.id, round: row.round, attemptCount: row.attempt_count }));
  },
};

export interface DeliveryFilter {
  readonly memberId?: string;
  readonly eventType?: string;
  readonly status?: WebhookDeliveryStatus;
}

export interface DeliveryPage {
  readonly deliveries: WebhookDelivery[];
  /** Continue after this one (the last of a full page). */
  readonly next: { readonly createdAt: Date; readonly id: string } | undefined;
}

/**
 * Deliveries for operators (the admin API): lists across members, filtered by member, event
 * type and status, and replays. Not for member-facing code.
 */
export class WebhookDeliveryRepository {
  constructor(private readonly prisma: PrismaService) {}

  async list(
    filter: DeliveryFilter,
    limit: number,
    after?: { readonly createdAt: Date; readonly id: string },
  ): Promise<DeliveryPage> {
    const where: Prisma.WebhookDeliveryWhereInput = {
      ...(filter.memberId === undefined ? {} : { memberId: filter.memberId }),
      ...(filter.eventType === undefined ? {} : { eventType: filter.eventType }),
      ...(filter.status === undefined ? {} : { status: filter.status }),
      ...(after === undefined
        ? {}
        : { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }] }),
    };
    const deliveries = await this.prisma.webhookDelivery.findMany({
      where,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: limit,
    });
    const last = deliveries.length === limit ? deliveries[deliveries.length - 1] : undefined;
    return { deliveries, next: last === undefined ? undefined : { createdAt: last.createdAt, id: last.id } };
  }

  find(id: string): Promise<(WebhookDelivery & { attempts: WebhookAttempt[] }) | null> {
    return this.prisma.webhookDelivery.findUnique({ where: { id }, include: { attempts: { orderBy: { id: 'asc' } } } });
  }

  /** Ids of deliveries matching `filter`, oldest first, at most `limit`. */
  async ids(filter: DeliveryFilter, limit: number): Promise<string[]> {
    const rows = await this.prisma.webhookDelivery.findMany({
      where: { memberId: filter.memberId, eventType: filter.eventType, status: filter.status },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      take: limit,
      select: { id: true },
    });
    return rows.map((row) => row.id);
  }

  /**
   * Starts a new round of attempts for a delivered or dead delivery (a pending one is left
   * as it is): same event id and body, attempts counted afresh, first attempt now. Returns
   * false when there is no such delivery, it is still pending, or its member has no
   * webhook configuration.
   */
  async replay(id: string, now: Date): Promise<boolean> {
    return this.prisma.$transaction(async (tx) => {
      const delivery = await tx.webhookDelivery.findUnique({
        where: { id },
        select: { memberId: true, round: true, status: true },
      });
      if (delivery === null || delivery.status === 'PENDING') return false;
      if ((await tx.webhookConfig.count({ where: { memberId: delivery.memberId } })) === 0) return false;
      const round = delivery.round + 1;
      const moved = await tx.webhookDelivery.updateMany({
        where: { id, round: delivery.round, status: { not: 'PENDING' } },
        data: {
          status: 'PENDING',
          round,
          attemptCount: 0,
          firstAttemptAt: null,
          nextAttemptAt: now,
          leaseUntil: null,
          deliveredAt: null,
          deadAt: null,
        },
      });
      if (moved.count !== 1) return false;
      await scheduleDeliveryAttempt(tx, deliveryTimerId(id, round, 1), id, now);
      return true;
    });
  }

  /** After a resume: a timer now for each of the member's pending deliveries already due. */
  async scheduleDue(memberId: string, now: Date): Promise<number> {
    const due = await this.prisma.webhookDelivery.findMany({
      where: { memberId, status: 'PENDING', nextAttemptAt: { lte: now } },
      select: { id: true, round: true, attemptCount: true },
    });
    for (const row of due) {
      await scheduleDeliveryAttempt(
        this.prisma,
        deliveryTimerId(row.id, row.round, row.attemptCount + 1, `resume${now.getTime()}`),
        row.id,
        now,
      );
    }
    return due.length;
  }
}
