import { Injectable } from '@nestjs/common';
import { JOB_QUEUE } from '#libs/common';
import type { MemberId } from '#libs/domain';
import {
  Prisma,
  type WebhookAttempt,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
} from '../generated/prisma/client.js';
import { Repository } from '../repository.js';
import { ScheduledJobRepository } from '../scheduler/scheduled-job.repository.js';
import { deliverJob, deliveryTimerId } from './delivery-jobs.js';

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

export interface DeliveryFilter {
  readonly memberId?: MemberId;
  readonly eventType?: string;
  readonly status?: WebhookDeliveryStatus;
}

export interface DeliveryPage {
  readonly deliveries: WebhookDelivery[];
  /** Continue after this one (the last of a full page). */
  readonly next: { readonly createdAt: Date; readonly id: string } | undefined;
}

/**
 * Webhook deliveries (not member-facing: the worker and operators use it). The worker claims one
 * for an attempt, records how it went and finds lost ones; operators (the admin API) list across
 * members, filtered by member, event type and status, and replay.
 */
@Injectable()
export class WebhookDeliveryRepository extends Repository {
  /**
   * Takes the lease of a delivery that is pending, due by `dueBy`, not leased and whose member
   * is not paused; undefined when any of that is not so (another worker has it, it is done,
   * paused, or not yet due), which makes duplicate jobs harmless. `dueBy` is a little after
   * `now`, so a worker whose clock runs slightly behind the one that scheduled the attempt
   * still takes it.
   */
  async claim(id: string, now: Date, leaseUntil: Date, dueBy: Date = now): Promise<ClaimedDelivery | undefined> {
    const rows = await this.db.$queryRaw<
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
  }

  /**
   * Records an attempt and moves the delivery on, atomically (one statement): delivered; or the
   * next attempt's time with its timer row; or dead. A success counts even if the lease lapsed
   * meanwhile; a failure only moves a delivery whose lease is still this attempt's. The attempt
   * row is written either way. Returns false when the delivery had moved on without this attempt.
   */
  async record(claimed: ClaimedDelivery, attempt: AttemptRecord, outcome: AttemptOutcome): Promise<boolean> {
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
    const rows = await this.db.$queryRaw<Array<{ moved: number }>>`
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
  }

  /** Gives a lease back without an attempt (the member was paused meanwhile, say). */
  async release(claimed: ClaimedDelivery): Promise<void> {
    await this.db.webhookDelivery.updateMany({
      where: { id: claimed.id, leaseUntil: claimed.leaseUntil },
      data: { leaseUntil: null },
    });
  }

  /**
   * Pending deliveries that should have been attempted `overdueBefore` ago but hold no lease:
   * their job was lost (a worker killed between commit and enqueue, a stalled job). Members
   * that are paused are left alone.
   */
  async overdue(
    now: Date,
    overdueBefore: Date,
    limit: number,
  ): Promise<Array<{ id: string; round: number; attemptCount: number }>> {
    const rows = await this.db.$queryRaw<Array<{ id: string; round: number; attempt_count: number }>>`
      SELECT d.id, d.round, d.attempt_count FROM webhook_delivery d
      JOIN webhook_config c ON c.member_id = d.member_id AND c.paused_at IS NULL
      WHERE d.status = 'PENDING' AND d.next_attempt_at <= ${overdueBefore}
        AND (d.lease_until IS NULL OR d.lease_until < ${now})
      ORDER BY d.next_attempt_at LIMIT ${limit}`;
    return rows.map((row) => ({ id: row.id, round: row.round, attemptCount: row.attempt_count }));
  }

  // Operators.

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
    const deliveries = await this.db.webhookDelivery.findMany({
      where,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: limit,
    });
    const last = deliveries.length === limit ? deliveries[deliveries.length - 1] : undefined;
    return { deliveries, next: last === undefined ? undefined : { createdAt: last.createdAt, id: last.id } };
  }

  find(id: string): Promise<(WebhookDelivery & { attempts: WebhookAttempt[] }) | null> {
    return this.db.webhookDelivery.findUnique({ where: { id }, include: { attempts: { orderBy: { id: 'asc' } } } });
  }

  /** Ids of deliveries matching `filter`, oldest first, at most `limit`. */
  async ids(filter: DeliveryFilter, limit: number): Promise<string[]> {
    const rows = await this.db.webhookDelivery.findMany({
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
    return this.transaction(async (tx) => {
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
      await this.in(tx).scheduleAttempt(deliveryTimerId(id, round, 1), id, now);
      return true;
    });
  }

  /** After a resume: a timer now for each of the member's pending deliveries already due. */
  async scheduleDue(memberId: MemberId, now: Date): Promise<number> {
    const due = await this.db.webhookDelivery.findMany({
      where: { memberId, status: 'PENDING', nextAttemptAt: { lte: now } },
      select: { id: true, round: true, attemptCount: true },
    });
    for (const row of due) {
      await this.scheduleAttempt(
        deliveryTimerId(row.id, row.round, row.attemptCount + 1, `resume${now.getTime()}`),
        row.id,
        now,
      );
    }
    return due.length;
  }

  /** Schedules an attempt of a delivery through the timer table. */
  private async scheduleAttempt(timerId: string, deliveryId: string, dueAt: Date): Promise<void> {
    const payload = deliverJob(deliveryId);
    await new ScheduledJobRepository(this.db).schedule(timerId, payload, dueAt, JOB_QUEUE[payload.name]);
  }
}
