import { describe, expect, it } from 'vitest';
import type { ScheduledJob } from '../generated/prisma/client.js';
import {
  DAY_MS,
  HOUR_MS,
  followUpTimerId,
  nextPeriodBoundary,
  nextPeriodicTimer,
  periodicTimerId,
} from './periodic-timers.js';

const JOB = 'maintenance.purge-webhook-history';

describe('periodic timers', () => {
  it('the next boundary is the first multiple of the period after now', () => {
    expect(nextPeriodBoundary(new Date('2026-11-25T13:45:10.000Z'), DAY_MS)).toEqual(new Date('2026-11-26T00:00:00Z'));
    expect(nextPeriodBoundary(new Date('2026-11-25T13:45:10.000Z'), HOUR_MS)).toEqual(new Date('2026-11-25T14:00:00Z'));
    // A run at the boundary itself (the timer it fires) schedules the next one, never itself.
    expect(nextPeriodBoundary(new Date('2026-11-26T00:00:00.000Z'), DAY_MS)).toEqual(new Date('2026-11-27T00:00:00Z'));
    expect(nextPeriodBoundary(new Date('2026-11-25T23:59:59.999Z'), DAY_MS)).toEqual(new Date('2026-11-26T00:00:00Z'));
    expect(nextPeriodBoundary(new Date('2026-11-25T13:45:10.000Z'), 30_000)).toEqual(new Date('2026-11-25T13:45:30Z'));
  });

  it('every run within one period names the same next timer, wherever midnight falls among them', () => {
    // A daily run, its follow-ups a minute apart across midnight, a retry and a late run.
    const runs = [
      '2026-11-25T00:00:00.000Z',
      '2026-11-25T00:01:00.000Z',
      '2026-11-25T23:58:30.000Z',
      '2026-11-25T23:59:30.000Z',
    ].map((at) => new Date(at));
    const ids = new Set(runs.map((now) => periodicTimerId(JOB, nextPeriodBoundary(now, DAY_MS))));
    expect([...ids]).toEqual([`${JOB}@2026-11-26T00:00:00.000Z`]);
    // Past midnight the next period's run (due then) names the day after: still one timer ahead.
    const after = new Date('2026-11-26T00:00:30.000Z');
    expect(periodicTimerId(JOB, nextPeriodBoundary(after, DAY_MS))).toBe(`${JOB}@2026-11-27T00:00:00.000Z`);
  });

  it('a follow-up never takes a periodic timer id, even when it falls on a boundary', () => {
    const boundary = new Date('2026-11-26T00:00:00.000Z');
    expect(followUpTimerId(JOB, boundary)).not.toBe(periodicTimerId(JOB, boundary));
  });

  it('firing a periodic timer gives the timer of the first boundary after the firing; a one-off gives none', () => {
    const boundary = new Date('2026-11-26T00:00:00.000Z');
    const fired: ScheduledJob = {
      id: periodicTimerId(JOB, boundary),
      queue: 'timers',
      jobName: JOB,
      payload: { name: JOB },
      dueAt: boundary,
      createdAt: boundary,
      periodMs: BigInt(DAY_MS),
    };
    const onTime = new Date('2026-11-26T00:00:00.050Z');
    expect(nextPeriodicTimer(fired, onTime)).toEqual({
      id: `${JOB}@2026-11-27T00:00:00.000Z`,
      payload: { name: JOB },
      dueAt: new Date('2026-11-27T00:00:00.000Z'),
      queue: 'timers',
      periodMs: DAY_MS,
    });
    // Fired three days late: the next period after the firing, not the missed ones.
    expect(nextPeriodicTimer(fired, new Date('2026-11-29T10:00:00.000Z'))?.dueAt).toEqual(
      new Date('2026-11-30T00:00:00.000Z'),
    );
    const followUp = { ...fired, id: followUpTimerId(JOB, onTime), dueAt: onTime, periodMs: null };
    expect(nextPeriodicTimer(followUp, onTime)).toBeUndefined();
  });
});
