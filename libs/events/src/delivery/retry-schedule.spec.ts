import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ATTEMPT_OFFSETS_MINUTES,
  MAX_ATTEMPTS,
  MIN_RETRY_GAP_MS,
  RETRY_WINDOW_MS,
  nextAttemptAt,
  parseRetryAfter,
} from './retry-schedule.js';

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 10, 22, 4, 0, 0);

/** Attempt times (minutes after the first) of a receiver that always fails at once. */
function alwaysFailing(attemptDurationMs = 0): number[] {
  const times = [T0];
  for (;;) {
    const last = times[times.length - 1] ?? T0;
    const next = nextAttemptAt({
      firstAttemptAt: new Date(T0),
      attemptsMade: times.length,
      now: new Date(last + attemptDurationMs),
    });
    if (next === undefined) return times.map((t) => (t - T0) / MINUTE);
    times.push(next.getTime());
  }
}

describe('retry schedule', () => {
  it('attempts at 0, 10, 30, 70, 150 ... minutes and last at 72 hours: ten attempts', () => {
    expect(alwaysFailing()).toEqual([0, 10, 30, 70, 150, 310, 630, 1270, 2550, 4320]);
    expect(MAX_ATTEMPTS).toBe(10);
    expect(ATTEMPT_OFFSETS_MINUTES[MAX_ATTEMPTS - 1]).toBe(72 * 60);
  });

  it('keeps to the plan when attempts take time (offsets are from the first attempt)', () => {
    expect(alwaysFailing(9_000)).toEqual([0, 10, 30, 70, 150, 310, 630, 1270, 2550, 4320]);
  });

  it('honours Retry-After beyond the planned time, and ignores a shorter one', () => {
    const first = new Date(T0);
    const late = nextAttemptAt({ firstAttemptAt: first, attemptsMade: 1, now: first, retryAfterMs: 45 * MINUTE });
    expect(late?.getTime()).toBe(T0 + 45 * MINUTE);
    const early = nextAttemptAt({ firstAttemptAt: first, attemptsMade: 1, now: first, retryAfterMs: 5_000 });
    expect(early?.getTime()).toBe(T0 + 10 * MINUTE);
  });

  it('never goes past the window: a Retry-After beyond it gives a last attempt at 72 hours', () => {
    const first = new Date(T0);
    const next = nextAttemptAt({
      firstAttemptAt: first,
      attemptsMade: 3,
      now: new Date(T0 + 30 * MINUTE),
      retryAfterMs: RETRY_WINDOW_MS,
    });
    expect(next?.getTime()).toBe(T0 + RETRY_WINDOW_MS);
    expect(
      nextAttemptAt({ firstAttemptAt: first, attemptsMade: 4, now: new Date(T0 + RETRY_WINDOW_MS) }),
    ).toBeUndefined();
  });

  it('property: at most ten attempts, increasing, at least a minute apart, within 72 h, and never before Retry-After unless at the window end', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            durationMs: fc.integer({ min: 0, max: 3 * 3600_000 }),
            retryAfterMs: fc.option(fc.integer({ min: 0, max: 100 * 3600_000 }), { nil: undefined }),
          }),
          {
            minLength: 12,
            maxLength: 12,
          },
        ),
        (steps) => {
          const times = [T0];
          for (const step of steps) {
            const now = (times[times.length - 1] ?? T0) + step.durationMs;
            const next = nextAttemptAt({
              firstAttemptAt: new Date(T0),
              attemptsMade: times.length,
              now: new Date(now),
              ...(step.retryAfterMs === undefined ? {} : { retryAfterMs: step.retryAfterMs }),
            });
            if (next === undefined) break;
            const at = next.getTime();
            expect(at).toBeGreaterThanOrEqual(Math.min(now + MIN_RETRY_GAP_MS, T0 + RETRY_WINDOW_MS));
            expect(at).toBeLessThanOrEqual(T0 + RETRY_WINDOW_MS);
            if (step.retryAfterMs !== undefined)
              expect(at === T0 + RETRY_WINDOW_MS || at >= now + step.retryAfterMs).toBe(true);
            times.push(at);
          }
          expect(times.length).toBeLessThanOrEqual(MAX_ATTEMPTS);
          for (let i = 1; i < times.length; i += 1) expect(times[i]).toBeGreaterThan(times[i - 1] ?? 0);
        },
      ),
    );
  });
});

describe('parseRetryAfter', () => {
  const now = Date.UTC(2026, 10, 22, 4, 0, 0);
  it.each([
    ['120', 120_000],
    ['0', 0],
    [' 30 ', 30_000],
    ['Sun, 22 Nov 2026 04:05:00 GMT', 300_000],
    ['Sun, 22 Nov 2026 03:00:00 GMT', 0],
    ['99999999', RETRY_WINDOW_MS],
  ])('%s -> %i ms', (value, expected) => {
    expect(parseRetryAfter(value, now)).toBe(expected);
  });
  it.each([undefined, '', 'soon', '-5', '1.5', 'next week'])('%s -> undefined', (value) => {
    expect(parseRetryAfter(value, now)).toBeUndefined();
  });
});
