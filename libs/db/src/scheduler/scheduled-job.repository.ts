import { Injectable } from '@nestjs/common';
import type { JobPayload } from '#libs/common';
import type { ScheduledJob } from '../generated/prisma/client.js';
import { Repository } from '../repository.js';

/** The Postgres channel a timer brought forward notifies; the worker's scheduler LISTENs on it and ticks at once. */
export const SCHEDULER_CHANNEL = 'scheduled_job_due';

/** What the scheduler did with the due rows it was handed. */
export interface FiredTimers {
  /** Enqueued: their rows are deleted. */
  readonly fired: readonly string[];
  /** Left for later (a job name this process does not know): their rows move to `postponeTo`. */
  readonly postponed: readonly string[];
}

/**
 * Timers kept as rows (not member data). Domains schedule inside their own transaction (a
 * repository bound with `in(tx)`); the scheduler tick fires what is due.
 */
@Injectable()
export class ScheduledJobRepository extends Repository {
  /** Schedules `payload` to run at `dueAt`; an existing timer with the same id is moved. */
  async schedule(id: string, payload: JobPayload, dueAt: Date, queue: string): Promise<void> {
    await this.db.scheduledJob.upsert({
      where: { id },
      create: { id, queue, jobName: payload.name, payload: { ...payload }, dueAt },
      update: { dueAt, payload: { ...payload } },
    });
  }

  /**
   * Schedules `payload` at `dueAt` under `id` only when no timer of its job exists (whatever its
   * id), and answers whether it did. Callers are serialised per job name by a transaction-scoped
   * advisory lock, and the insert runs after it was granted, so it sees a timer another caller has
   * just committed: workers starting at once write one timer, never one each.
   */
  scheduleFirst(id: string, payload: JobPayload, dueAt: Date, queue: string): Promise<boolean> {
    return this.transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`scheduled_job:${payload.name}`}))`;
      const written = await tx.$executeRaw`
        INSERT INTO scheduled_job (id, queue, job_name, payload, due_at)
        SELECT ${id}, ${queue}, ${payload.name}, ${JSON.stringify(payload)}::jsonb, ${dueAt}
        WHERE NOT EXISTS (SELECT 1 FROM scheduled_job WHERE job_name = ${payload.name})
        ON CONFLICT (id) DO NOTHING`;
      return written > 0;
    });
  }

  /**
   * In one transaction: locks up to `limit` rows due at `now` that no other tick holds (FOR
   * UPDATE SKIP LOCKED), hands them to `fire`, then deletes the rows it fired and moves those it
   * postponed to `postponeTo`. Answers how many rows were due.
   */
  fireDue(
    now: Date,
    limit: number,
    postponeTo: Date,
    fire: (due: readonly ScheduledJob[]) => Promise<FiredTimers>,
  ): Promise<number> {
    return this.transaction(async (tx) => {
      const rows = await tx.$queryRaw<
        Array<{ id: string; queue: string; job_name: string; payload: unknown; due_at: Date; created_at: Date }>
      >`
        SELECT id, queue, job_name, payload, due_at, created_at FROM scheduled_job
        WHERE due_at <= ${now} ORDER BY due_at LIMIT ${limit} FOR UPDATE SKIP LOCKED`;
      const due = rows.map((row) => ({
        id: row.id,
        queue: row.queue,
        jobName: row.job_name,
        payload: row.payload as ScheduledJob['payload'],
        dueAt: row.due_at,
        createdAt: row.created_at,
      }));
      const { fired, postponed } = await fire(due);
      const timers = this.in(tx);
      await timers.remove(fired);
      if (postponed.length > 0)
        await tx.scheduledJob.updateMany({ where: { id: { in: [...postponed] } }, data: { dueAt: postponeTo } });
      return due.length;
    });
  }

  /**
   * Moves an existing timer forward to `dueAt` when it is due later, and notifies SCHEDULER_CHANNEL
   * (at the commit) so the scheduler ticks at once rather than at its next tick; answers whether
   * it moved. One statement.
   */
  async hasten(id: string, dueAt: Date): Promise<boolean> {
    // One row (the id is the key) when the timer moved: the SELECT's row count answers.
    const moved = await this.db.$executeRaw`
      WITH moved AS (
        UPDATE scheduled_job SET due_at = ${dueAt} WHERE id = ${id} AND due_at > ${dueAt} RETURNING id
      )
      SELECT pg_notify(${SCHEDULER_CHANNEL}, '') FROM moved`;
    return moved > 0;
  }

  async remove(ids: readonly string[]): Promise<void> {
    if (ids.length > 0) await this.db.scheduledJob.deleteMany({ where: { id: { in: [...ids] } } });
  }

  countByName(jobName: string): Promise<number> {
    return this.db.scheduledJob.count({ where: { jobName } });
  }
}
