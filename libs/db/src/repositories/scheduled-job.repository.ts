import type { JobPayload } from '#libs/common';
import type { ScheduledJob } from '../generated/prisma/client.js';
import type { PrismaService, Tx } from '../prisma.service.js';

type Db = PrismaService | Tx;

/** Timers kept as rows. Domains schedule inside their own transaction; the scheduler tick claims. */
export const scheduledJobs = {
  /** Schedules `payload` to run at `dueAt`; an existing timer with the same id is moved. */
  async schedule(db: Db, id: string, payload: JobPayload, dueAt: Date, queue: string): Promise<void> {
    await db.scheduledJob.upsert({
      where: { id },
      create: { id, queue, jobName: payload.name, payload: { ...payload }, dueAt },
      update: { dueAt, payload: { ...payload } },
    });
  },

  /**
   * Locks up to `limit` due rows that no other tick holds (FOR UPDATE SKIP LOCKED).
   * Call inside a transaction and delete what was enqueued before it commits.
   */
  async lockDue(tx: Tx, now: Date, limit: number): Promise<ScheduledJob[]> {
    const rows = await tx.$queryRaw<
      Array<{ id: string; queue: string; job_name: string; payload: unknown; due_at: Date; created_at: Date }>
    >`
      SELECT id, queue, job_name, payload, due_at, created_at FROM scheduled_job
      WHERE due_at <= ${now} ORDER BY due_at LIMIT ${limit} FOR UPDATE SKIP LOCKED`;
    return rows.map((row) => ({
      id: row.id,
      queue: row.queue,
      jobName: row.job_name,
      payload: row.payload as ScheduledJob['payload'],
      dueAt: row.due_at,
      createdAt: row.created_at,
    }));
  },

  async deleteMany(tx: Tx, ids: readonly string[]): Promise<void> {
    if (ids.length > 0) await tx.scheduledJob.deleteMany({ where: { id: { in: [...ids] } } });
  },

  async postpone(tx: Tx, ids: readonly string[], dueAt: Date): Promise<void> {
    if (ids.length > 0) await tx.scheduledJob.updateMany({ where: { id: { in: [...ids] } }, data: { dueAt } });
  },

  async countByName(db: Db, jobName: string): Promise<number> {
    return db.scheduledJob.count({ where: { jobName } });
  },
};
