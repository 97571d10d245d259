import { JOB_QUEUE, type JobName, type JobPayload, type PayloadOf } from '#libs/common';
import type { ScheduledJob } from '../generated/prisma/client.js';
import type { ScheduledJobRepository, TimerRow } from './scheduled-job.repository.js';

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
/** When a run that left work behind (out of time, or out of batches) continues. */
export const FOLLOW_UP_AFTER_MS = MINUTE_MS;

/**
 * The id of a periodic job's timer due at the period boundary `dueAt`. Periods are counted from
 * the epoch on the service clock (a day ends at midnight UTC), so a timer names the period it
 * runs in.
 */
export function periodicTimerId(job: JobName, dueAt: Date): string {
  return `${job}@${dueAt.toISOString()}`;
}

/** The id of a follow-up run due at `dueAt`; never one of the periodic ids. */
export function followUpTimerId(job: JobName, dueAt: Date): string {
  return `${job}+follow-up@${dueAt.toISOString()}`;
}

/** The first period boundary after `now`. */
export function nextPeriodBoundary(now: Date, periodMs: number): Date {
  return new Date((Math.floor(now.getTime() / periodMs) + 1) * periodMs);
}

/**
 * The timer of the period after `now` for a periodic timer being fired (one that carries a
 * period), or undefined for a one-off timer. The scheduler writes it in the transaction that takes
 * the fired row, so a periodic job is never without its timer: not while its run is queued or
 * running, nor after a worker dies with it. Every period runs once however late the firing.
 */
export function nextPeriodicTimer(fired: ScheduledJob, now: Date): TimerRow | undefined {
  if (fired.periodMs === null) return undefined;
  const periodMs = Number(fired.periodMs);
  const dueAt = nextPeriodBoundary(now, periodMs);
  const payload = fired.payload as unknown as JobPayload;
  return { id: periodicTimerId(payload.name, dueAt), payload, dueAt, queue: fired.queue, periodMs };
}

/** Writes a follow-up run a minute after `now`, beside the periodic timer. */
export async function scheduleFollowUp<N extends JobName>(
  timers: ScheduledJobRepository,
  payload: PayloadOf<N>,
  now: Date,
): Promise<void> {
  const dueAt = new Date(now.getTime() + FOLLOW_UP_AFTER_MS);
  await timers.schedule(followUpTimerId(payload.name, dueAt), payload, dueAt, JOB_QUEUE[payload.name]);
}

/**
 * Makes sure a periodic job has a timer (first start): one due now, carrying the period, written
 * only when the job has none, in one conditional insert serialised per job, so workers starting
 * at once never start two chains. Once started the chain never lapses (each firing writes the next
 * period's timer), so a worker starting while a run is queued or running adds none.
 */
export async function ensurePeriodicTimer<N extends JobName>(
  timers: ScheduledJobRepository,
  payload: PayloadOf<N>,
  periodMs: number,
  now: Date,
): Promise<void> {
  await timers.scheduleFirst({
    id: periodicTimerId(payload.name, now),
    payload,
    dueAt: now,
    queue: JOB_QUEUE[payload.name],
    periodMs,
  });
}
