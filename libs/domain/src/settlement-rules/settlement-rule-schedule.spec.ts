import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_CATCH_UP_RUNS,
  SETTLEMENT_RULE_TIME_INTERVALS,
  checkIntradayInterval,
  formatEffectiveTime,
  nextRunAfter,
  nextRunAfterRun,
  parseEffectiveTime,
  runIndexAfter,
  runTime,
  type RuleSchedule,
  type SettlementRuleTimeInterval,
} from './settlement-rule-schedule.js';

const at = (iso: string): Date => new Date(iso);
const schedule = (
  timeInterval: SettlementRuleTimeInterval,
  anchor: string,
  effectiveTo: string | null = null,
  intradayMinutes = 0,
): RuleSchedule => ({
  timeInterval,
  intradayMinutes,
  anchor: at(anchor),
  effectiveTo: effectiveTo === null ? null : at(effectiveTo),
});

describe('settlement rule schedules', () => {
  it("cover exactly the reference's TimeInterval values", () => {
    expect(SETTLEMENT_RULE_TIME_INTERVALS).toEqual([
      'INTRADAY',
      'DAILY',
      'WEEKLY',
      'MONTHLY',
      'QUARTERLY',
      'HALF_YEARLY',
      'YEARLY',
    ]);
  });

  it('run one interval after the anchor, then each interval', () => {
    const daily = schedule('DAILY', '2026-03-01T10:00:00Z');
    expect(nextRunAfter(daily, at('2026-03-01T10:00:00Z'))).toEqual(at('2026-03-02T10:00:00Z'));
    expect(nextRunAfter(daily, at('2026-03-02T09:59:59Z'))).toEqual(at('2026-03-02T10:00:00Z'));
    expect(nextRunAfter(daily, at('2026-03-02T10:00:00Z'))).toEqual(at('2026-03-03T10:00:00Z'));
    expect(nextRunAfter(daily, at('2026-01-01T00:00:00Z'))).toEqual(at('2026-03-02T10:00:00Z'));
    const weekly = schedule('WEEKLY', '2026-03-01T10:00:00Z');
    expect(nextRunAfter(weekly, at('2026-03-09T00:00:00Z'))).toEqual(at('2026-03-15T10:00:00Z'));
    const intraday = schedule('INTRADAY', '2026-03-01T10:00:00Z', null, 130);
    expect(nextRunAfter(intraday, at('2026-03-01T10:00:00Z'))).toEqual(at('2026-03-01T12:10:00Z'));
    expect(nextRunAfter(intraday, at('2026-03-01T12:10:00Z'))).toEqual(at('2026-03-01T14:20:00Z'));
  });

  it('add calendar months from the anchor, keeping its day where the month has it', () => {
    const monthly = schedule('MONTHLY', '2026-01-31T08:00:00Z');
    expect([1, 2, 3, 4].map((k) => runTime(monthly, k).toISOString())).toEqual([
      '2026-02-28T08:00:00.000Z',
      '2026-03-31T08:00:00.000Z',
      '2026-04-30T08:00:00.000Z',
      '2026-05-31T08:00:00.000Z',
    ]);
    expect(runTime(schedule('QUARTERLY', '2026-11-30T00:00:00Z'), 1).toISOString()).toBe('2027-02-28T00:00:00.000Z');
    expect(runTime(schedule('HALF_YEARLY', '2026-08-31T00:00:00Z'), 1).toISOString()).toBe('2027-02-28T00:00:00.000Z');
    expect(runTime(schedule('YEARLY', '2028-02-29T00:00:00Z'), 1).toISOString()).toBe('2029-02-28T00:00:00.000Z');
    expect(runTime(schedule('YEARLY', '2028-02-29T00:00:00Z'), 4).toISOString()).toBe('2032-02-29T00:00:00.000Z');
    expect(nextRunAfter(monthly, at('2026-03-15T00:00:00Z'))).toEqual(at('2026-03-31T08:00:00Z'));
  });

  it('end at effectiveTo: no run after it', () => {
    const daily = schedule('DAILY', '2026-03-01T10:00:00Z', '2026-03-03T10:00:00Z');
    expect(nextRunAfter(daily, at('2026-03-02T10:00:00Z'))).toEqual(at('2026-03-03T10:00:00Z'));
    expect(nextRunAfter(daily, at('2026-03-03T10:00:00Z'))).toBeNull();
    expect(
      nextRunAfter(schedule('DAILY', '2026-03-01T10:00:00Z', '2026-03-02T09:00:00Z'), at('2026-03-01T10:00:00Z')),
    ).toBeNull();
  });

  it('catch up run by run after a pause, but run a long backlog once', () => {
    const daily = schedule('DAILY', '2026-03-01T10:00:00Z');
    expect(nextRunAfterRun(daily, at('2026-03-02T10:00:00Z'), at('2026-03-08T10:00:00Z'))).toEqual(
      at('2026-03-03T10:00:00Z'),
    );
    const longAfter = new Date(at('2026-03-02T10:00:00Z').getTime() + (MAX_CATCH_UP_RUNS + 5) * 86_400_000 + 1);
    expect(nextRunAfterRun(daily, at('2026-03-02T10:00:00Z'), longAfter)).toEqual(
      runTime(daily, runIndexAfter(daily, longAfter) - 1),
    );
    expect(
      nextRunAfterRun(
        schedule('DAILY', '2026-03-01T10:00:00Z', '2026-03-02T10:00:00Z'),
        at('2026-03-02T10:00:00Z'),
        at('2026-03-02T10:00:00Z'),
      ),
    ).toBeNull();
  });

  it('for any interval, anchor and time: the next run is the first run time after it', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SETTLEMENT_RULE_TIME_INTERVALS),
        fc.integer({ min: 5, max: 24 * 60 + 59 }),
        fc.date({ min: at('2020-01-01T00:00:00Z'), max: at('2030-12-31T00:00:00Z'), noInvalidDate: true }),
        fc.integer({ min: -100 * 86_400_000, max: 2000 * 86_400_000 }),
        (timeInterval, intradayMinutes, anchor, offsetMs) => {
          const rule: RuleSchedule = { timeInterval, intradayMinutes, anchor, effectiveTo: null };
          const t = new Date(anchor.getTime() + offsetMs);
          const k = runIndexAfter(rule, t);
          expect(k).toBeGreaterThanOrEqual(1);
          expect(runTime(rule, k).getTime()).toBeGreaterThan(t.getTime());
          expect(runTime(rule, k).getTime()).toBeGreaterThan(anchor.getTime());
          if (k > 1) expect(runTime(rule, k - 1).getTime()).toBeLessThanOrEqual(t.getTime());
          expect(runTime(rule, k + 1).getTime()).toBeGreaterThan(runTime(rule, k).getTime());
          expect(nextRunAfter(rule, t)).toEqual(runTime(rule, k));
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('checks the INTRADAY interval', () => {
    expect(checkIntradayInterval(0, 5)).toBeUndefined();
    expect(checkIntradayInterval(2, 0)).toBeUndefined();
    expect(checkIntradayInterval(0, 4)).toMatch(/at least 5 minutes/);
  });

  it('formats and parses effective times as the reference writes them', () => {
    expect(formatEffectiveTime('DAILY', at('2026-03-01T10:00:00.123Z'))).toBe('2026-03-01');
    expect(formatEffectiveTime('INTRADAY', at('2026-03-01T10:00:00.123Z'))).toBe('2026-03-01T10:00:00Z');
    expect(parseEffectiveTime('2026-03-01T10:00:00Z')).toEqual(at('2026-03-01T10:00:00Z'));
    expect(parseEffectiveTime('2026-03-01T12:00:00+02:00')).toEqual(at('2026-03-01T10:00:00Z'));
    expect(parseEffectiveTime('2026-03-01')).toEqual(at('2026-03-01T00:00:00Z'));
    expect(parseEffectiveTime('2026-02-30')).toBeUndefined();
    expect(parseEffectiveTime('01/03/2026')).toBeUndefined();
    expect(parseEffectiveTime('2026-03-01T10:00')).toBeUndefined();
  });
});
