import { JOB_QUEUE, type JobName, type PayloadOf } from '#libs/common';
import type { ScheduledJobRepository } from '#libs/db';

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
/** When a run that left work behind (out of time, or out of batches) continues. */
export const FOLLOW_UP_AFTER_MS = MINUTE_MS;

/**
 * The id of a periodic job's timer due at the period boundary `dueAt`. Periods are counted from
 * the epoch on the service clock (a day ends at midnight UTC), so every run within one period (the
 * periodic run, a follow-up, a retry after a crash, a late run) names the same next timer: one
 * job never has two periodic timers, whenever its runs happen.
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

/** Writes (or moves onto itself) the timer of the period after `now`. `timers` may be bound to a transaction. */
export async function scheduleNextPeriod<N extends JobName>(
  timers: ScheduledJobRepository,
  payload: PayloadOf<N>,
  periodMs: number,
  now: Date,
): Promise<void> {
  const dueAt = nextPeriodBoundary(now, periodMs);
  await timers.schedule(periodicTimerId(payload.name, dueAt), payload, dueAt, JOB_QUEUE[payload.name]);
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
 * Makes sure a periodic job has a timer (first start, or after its job was lost): one due now,
 * written only when the job has none, in one conditional insert serialised per job, so workers
 * starting at once never start two chains.
 */
export async function ensurePeriodicTimer<N extends JobName>(
  timers: ScheduledJobRepository,
  payload: PayloadOf<N>,
  now: Date,
): Promise<void> {
  await timers.scheduleFirst(periodicTimerId(payload.name, now), payload, now, JOB_QUEUE[payload.name]);
}
