import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CountedVrp, VrpControls, VrpPeriodAlignment, VrpPeriodicLimit, VrpPeriodType } from './vrp-controls.js';
import { decideVrpLimits, type VrpLimitDecision, type VrpPeriodUsage } from './vrp-limits.js';
import { vrpPeriodsAt, type VrpPeriod } from './vrp-periods.js';

/*
 * A brute-force oracle, written apart from the engine: dates are YYYY-MM-DD strings stepped one
 * day at a time with a hand-written calendar, local dates come from Intl's en-CA formatting, and a
 * payment counts when its local date falls within the period's first and last dates. The engine's
 * period instants are checked against the oracle's dates: the local date changes exactly there.
 */

const MINUTE = 60_000;
const DAY = 86_400_000;

function isLeap(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

function monthLength(year: number, month: number): number {
  return [31, isLeap(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
}

function parts(date: string): [number, number, number] {
  return [Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10))];
}

function format(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function nextDate(date: string): string {
  const [year, month, day] = parts(date);
  if (day < monthLength(year, month)) return format(year, month, day + 1);
  return month < 12 ? format(year, month + 1, 1) : format(year + 1, 1, 1);
}

function previousDate(date: string): string {
  const [year, month, day] = parts(date);
  if (day > 1) return format(year, month, day - 1);
  return month > 1 ? format(year, month - 1, monthLength(year, month - 1)) : format(year - 1, 12, 31);
}

/** Zeller's congruence: 0 = Saturday, 1 = Sunday, 2 = Monday, ... */
function zeller(date: string): number {
  const [year, month, day] = parts(date);
  const m = month < 3 ? month + 12 : month;
  const y = month < 3 ? year - 1 : year;
  const k = y % 100;
  const j = Math.floor(y / 100);
  return (day + Math.floor((13 * (m + 1)) / 5) + k + Math.floor(k / 4) + Math.floor(j / 4) + 5 * j) % 7;
}

/** The month-anniversary of `start` `months` months on, on the last day of a shorter month. */
function monthsOn(start: string, months: number): string {
  const [year, month, day] = parts(start);
  const index = month - 1 + months;
  const y = year + Math.floor(index / 12);
  const m = (index % 12) + 1;
  return format(y, m, Math.min(day, monthLength(y, m)));
}

function units(amount: string): bigint {
  const [whole = '', fraction = ''] = amount.split('.');
  return BigInt(`${whole || '0'}${fraction.padEnd(4, '0')}`);
}

class Oracle {
  private readonly format: Intl.DateTimeFormat;
  private readonly dates = new Map<number, string>();
  /** Consecutive dates around the start, and each one's position. */
  private readonly calendar: string[] = [];
  private readonly position = new Map<string, number>();
  readonly startDate: string;

  constructor(private readonly controls: VrpControls) {
    this.format = new Intl.DateTimeFormat('en-CA', {
      timeZone: controls.timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    this.startDate = this.localDate(controls.startDateTime.getTime());
    let date = this.startDate;
    for (let i = 0; i < 400; i += 1) date = previousDate(date);
    for (let i = 0; i < 2200; i += 1) {
      this.position.set(date, i);
      this.calendar.push(date);
      date = nextDate(date);
    }
  }

  localDate(instant: number): string {
    let date = this.dates.get(instant);
    if (date === undefined) {
      date = this.format.format(instant);
      expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      this.dates.set(instant, date);
    }
    return date;
  }

  private at(date: string): number {
    const position = this.position.get(date);
    if (position === undefined) throw new Error(`${date} is outside the oracle's calendar`);
    return position;
  }

  /** First and last dates of the limit's period holding `date`. */
  period(limit: VrpPeriodicLimit, date: string): { first: string; last: string } {
    const start = this.startDate;
    if (limit.periodAlignment === 'CONSENT') expect(date >= start).toBe(true);
    if (limit.periodType === 'DAY') return { first: date, last: date };
    if (limit.periodType === 'WEEK') {
      let first = date;
      if (limit.periodAlignment === 'CALENDAR') {
        while (zeller(first) !== 2) first = previousDate(first);
      } else {
        first = start;
        while (this.calendar[this.at(first) + 7] <= date) first = this.calendar[this.at(first) + 7]!;
      }
      return { first, last: this.calendar[this.at(first) + 6] };
    }
    const step = limit.periodType === 'MONTH' ? 1 : 12;
    if (limit.periodAlignment === 'CALENDAR') {
      const [year, month] = parts(date);
      return step === 1
        ? { first: format(year, month, 1), last: format(year, month, monthLength(year, month)) }
        : { first: format(year, 1, 1), last: format(year, 12, 31) };
    }
    let k = 0;
    while (monthsOn(start, (k + 1) * step) <= date) k += 1;
    return { first: monthsOn(start, k * step), last: previousDate(monthsOn(start, (k + 1) * step)) };
  }

  maximum(limit: VrpPeriodicLimit, period: { first: string; last: string }): { units: bigint; proRated: boolean } {
    const whole = units(limit.maximumAmount);
    const start = this.startDate;
    if (limit.periodAlignment === 'CONSENT' || start <= period.first || start > period.last)
      return { units: whole, proRated: false };
    const left = this.at(period.last) - this.at(start) + 1;
    const all = this.at(period.last) - this.at(period.first) + 1;
    return { units: (whole * BigInt(left)) / BigInt(all), proRated: true };
  }

  /** What is left in the periodic limit with least left at `now`. */
  leastLeft(made: readonly CountedVrp[], now: number): bigint {
    if (now < this.controls.startDateTime.getTime()) return 10_000n; // before the start any amount is refused
    const today = this.localDate(now);
    const left = this.controls.periodicLimits.map((limit) => {
      const period = this.period(limit, today);
      let used = 0n;
      for (const vrp of made) {
        const date = this.localDate(vrp.at.getTime());
        if (date >= period.first && date <= period.last) used += units(vrp.amount);
      }
      return this.maximum(limit, period).units - used;
    });
    return left.reduce((least, each) => (each < least ? each : least));
  }

  decide(made: readonly CountedVrp[], amount: string, now: number): Outcome {
    const c = this.controls;
    if (now < c.startDateTime.getTime()) return { reason: 'before-start' };
    if (c.endDateTime !== undefined && now >= c.endDateTime.getTime()) return { reason: 'after-end' };
    const asked = units(amount);
    if (c.minimumIndividualAmount !== undefined && asked < units(c.minimumIndividualAmount))
      return { reason: 'below-minimum' };
    if (asked > units(c.maximumIndividualAmount)) return { reason: 'above-maximum' };
    const today = this.localDate(now);
    const periods: PeriodOutcome[] = [];
    for (const [index, limit] of c.periodicLimits.entries()) {
      const period = this.period(limit, today);
      const maximum = this.maximum(limit, period);
      let used = 0n;
      for (const vrp of made) {
        const date = this.localDate(vrp.at.getTime());
        if (date >= period.first && date <= period.last) used += units(vrp.amount);
      }
      const outcome = (total: bigint): PeriodOutcome => ({
        index,
        ...period,
        maximum: maximum.units,
        proRated: maximum.proRated,
        used: total,
        remaining: maximum.units > total ? maximum.units - total : 0n,
      });
      if (used + asked > maximum.units) return { reason: 'periodic-limit', period: outcome(used) };
      periods.push(outcome(used + asked));
    }
    const most = c.maximumOccurrences ?? 0;
    if (most > 0 && made.length >= most) return { reason: 'occurrences-exhausted', used: made.length };
    return { reason: 'fits', periods, occurrences: made.length + 1, left: most > 0 ? most - made.length - 1 : null };
  }

  /** The engine's period instants are where the local date turns to its first date and past its last. */
  expectBounds(period: VrpPeriod): void {
    const start = period.start.getTime();
    const end = period.end.getTime();
    expect(this.localDate(start)).toBe(period.firstDate);
    expect(this.localDate(start - 1)).toBe(previousDate(period.firstDate));
    expect(this.localDate(end - 1)).toBe(period.lastDate);
    expect(this.localDate(end)).toBe(nextDate(period.lastDate));
  }

  /** The first instant after `instant` on the next local date (stepping, then bisecting). */
  nextMidnight(instant: number): number {
    const date = this.localDate(instant);
    let low = instant;
    let high = instant + 15 * MINUTE;
    while (this.localDate(high) === date) {
      low = high;
      high += 15 * MINUTE;
    }
    while (high - low > 1) {
      const middle = Math.floor((low + high) / 2);
      if (this.localDate(middle) === date) low = middle;
      else high = middle;
    }
    return high;
  }
}

interface PeriodOutcome {
  index: number;
  first: string;
  last: string;
  maximum: bigint;
  proRated: boolean;
  used: bigint;
  remaining: bigint;
}

type Outcome =
  | { reason: 'before-start' | 'after-end' | 'below-minimum' | 'above-maximum' }
  | { reason: 'periodic-limit'; period: PeriodOutcome }
  | { reason: 'occurrences-exhausted'; used: number }
  | { reason: 'fits'; periods: PeriodOutcome[]; occurrences: number; left: number | null };

function outcomeOfPeriod(period: VrpPeriodUsage): PeriodOutcome {
  return {
    index: period.index,
    first: period.firstDate,
    last: period.lastDate,
    maximum: units(period.maximumAmount),
    proRated: period.proRated,
    used: units(period.used),
    remaining: units(period.remaining),
  };
}

function outcomeOf(decision: VrpLimitDecision): Outcome {
  if (decision.kind === 'fits')
    return {
      reason: 'fits',
      periods: decision.periods.map(outcomeOfPeriod),
      occurrences: decision.occurrences.used,
      left: decision.occurrences.remaining,
    };
  switch (decision.reason) {
    case 'periodic-limit':
      return { reason: decision.reason, period: outcomeOfPeriod(decision.period) };
    case 'occurrences-exhausted':
      return { reason: decision.reason, used: decision.used };
    case 'before-start':
    case 'after-end':
    case 'below-minimum':
    case 'above-maximum':
      return { reason: decision.reason };
  }
}

const ZONES = ['Europe/London', 'Europe/London', 'Europe/London', 'America/Santiago', 'Australia/Lord_Howe'];

/** A decimal string of 0.0001 to `most` units of 0.0001, with or without trailing zeros. */
function amountText(most: number): fc.Arbitrary<string> {
  return fc.record({ count: fc.integer({ min: 1, max: most }), trim: fc.boolean() }).map(({ count, trim }) => {
    const text = `${Math.floor(count / 10_000)}.${String(count % 10_000).padStart(4, '0')}`;
    return trim ? text.replace(/\.?0+$/, '') : text;
  });
}

const limitArbitrary: fc.Arbitrary<VrpPeriodicLimit> = fc.record({
  maximumAmount: fc.oneof(
    amountText(5_000_000),
    fc.integer({ min: 1, max: 3000 }).map((count) => `${count}.00`),
  ),
  periodType: fc.constantFrom<VrpPeriodType>('DAY', 'WEEK', 'MONTH', 'YEAR'),
  periodAlignment: fc.constantFrom<VrpPeriodAlignment>('CONSENT', 'CALENDAR'),
});

const startArbitrary = fc
  .record({
    year: fc.integer({ min: 2023, max: 2026 }),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.oneof(fc.integer({ min: 1, max: 31 }), fc.constantFrom(28, 29, 30, 31)),
    minute: fc.integer({ min: 0, max: 1439 }),
    leapDay: fc.boolean(),
  })
  .map(({ year, month, day, minute, leapDay }) =>
    leapDay && minute % 4 === 0
      ? new Date(Date.UTC(2024, 1, 29, 0, minute))
      : new Date(Date.UTC(year, month - 1, Math.min(day, monthLength(year, month)), 0, minute)),
  );

const controlsArbitrary: fc.Arbitrary<VrpControls> = fc
  .record({
    timeZone: fc.constantFrom(...ZONES),
    startDateTime: startArbitrary,
    periodicLimits: fc.array(limitArbitrary, { minLength: 1, maxLength: 4 }),
    maximumIndividualAmount: fc.oneof(amountText(2_000_000), fc.constant('10000.00')),
    minimumIndividualAmount: fc.option(amountText(50_000), { nil: undefined }),
    maximumOccurrences: fc.option(fc.integer({ min: 0, max: 40 }), { nil: undefined }),
    endAfterDays: fc.oneof(
      { arbitrary: fc.constant(undefined), weight: 2 },
      { arbitrary: fc.integer({ min: 1, max: 1200 }), weight: 1 },
    ),
  })
  .map(({ endAfterDays, minimumIndividualAmount, maximumOccurrences, ...rest }) => ({
    currency: 'GBP',
    ...rest,
    ...(minimumIndividualAmount === undefined ? {} : { minimumIndividualAmount }),
    ...(maximumOccurrences === undefined ? {} : { maximumOccurrences }),
    ...(endAfterDays === undefined
      ? {}
      : { endDateTime: new Date(rest.startDateTime.getTime() + endAfterDays * DAY + 7 * MINUTE) }),
  }));

/** How far after the previous attempt the next one comes. */
type Gap =
  | { kind: 'minutes'; minutes: number }
  | { kind: 'past-midnight'; offset: -1 | 0 | 1 }
  | { kind: 'to-end'; offset: -1 | 0 | 1 };

const gapArbitrary: fc.Arbitrary<Gap> = fc.oneof(
  fc.record({ kind: fc.constant('minutes' as const), minutes: fc.integer({ min: 0, max: 180 }) }),
  fc.record({ kind: fc.constant('minutes' as const), minutes: fc.integer({ min: 0, max: 3 * 1440 }) }),
  fc.record({ kind: fc.constant('minutes' as const), minutes: fc.integer({ min: 0, max: 40 * 1440 }) }),
  fc.record({ kind: fc.constant('minutes' as const), minutes: fc.integer({ min: 0, max: 200 * 1440 }) }),
  fc.record({ kind: fc.constant('past-midnight' as const), offset: fc.constantFrom<-1 | 0 | 1>(-1, 0, 1) }),
  fc.record({ kind: fc.constant('to-end' as const), offset: fc.constantFrom<-1 | 0 | 1>(-1, 0, 1) }),
);

const attemptsArbitrary = fc.record({
  firstOffsetMinutes: fc.integer({ min: -2 * 1440, max: 2 * 1440 }),
  attempts: fc.array(
    fc.record({
      gap: gapArbitrary,
      amount: fc.oneof(
        amountText(1_000_000),
        amountText(100_000),
        amountText(3_000_000),
        fc.constantFrom<Rest>({ rest: 0n }, { rest: 1n }),
      ),
    }),
    { minLength: 1, maxLength: 50 },
  ),
});

/** The least left in any periodic limit, plus `rest` units: to land exactly on a limit, or one unit past. */
type Rest = { rest: bigint };

function amountFor(oracle: Oracle, made: readonly CountedVrp[], now: number, amount: string | Rest): string {
  if (typeof amount === 'string') return amount;
  const count = oracle.leastLeft(made, now) + amount.rest;
  if (count <= 0n) return '0.0001';
  return `${count / 10_000n}.${String(count % 10_000n).padStart(4, '0')}`;
}

function next(oracle: Oracle, controls: VrpControls, now: number, gap: Gap): number {
  switch (gap.kind) {
    case 'minutes':
      return now + gap.minutes * MINUTE;
    case 'past-midnight':
      return oracle.nextMidnight(now) + gap.offset;
    case 'to-end':
      return (controls.endDateTime?.getTime() ?? now) + gap.offset;
  }
}

/** Attempts stop about 3.5 years after the start, within the oracle's calendar. */
const HORIZON = 1280 * DAY;

describe('decideVrpLimits against a brute-force oracle', () => {
  it('decides every attempt of a payment sequence as the oracle does', () => {
    fc.assert(
      fc.property(controlsArbitrary, attemptsArbitrary, (controls, { firstOffsetMinutes, attempts }) => {
        const oracle = new Oracle(controls);
        const start = controls.startDateTime.getTime();
        const made: CountedVrp[] = [];
        let now = start + firstOffsetMinutes * MINUTE;
        for (const attempt of attempts) {
          now = Math.max(now, next(oracle, controls, now, attempt.gap));
          if (now > start + HORIZON) break;
          const amount = amountFor(oracle, made, now, attempt.amount);
          const decision = decideVrpLimits(controls, made, amount, new Date(now));
          expect(outcomeOf(decision)).toEqual(oracle.decide(made, amount, now));
          if (decision.kind === 'fits') {
            decision.periods.forEach((period) => oracle.expectBounds(period));
            made.push({ amount, at: new Date(now) });
          } else if (decision.reason === 'periodic-limit') {
            oracle.expectBounds(decision.period);
          }
        }
        // The engine is also asked with payments after `now` in the list: just before each one.
        for (const { at, amount } of made) {
          const before = at.getTime() - 1;
          expect(outcomeOf(decideVrpLimits(controls, made, amount, new Date(before)))).toEqual(
            oracle.decide(made, amount, before),
          );
        }
      }),
      { numRuns: 200 },
    );
  });

  it("gives each limit the period the oracle finds, at any instant in the consent's first years", () => {
    fc.assert(
      fc.property(controlsArbitrary, fc.integer({ min: 0, max: 1200 * 1440 }), (controls, minutes) => {
        const oracle = new Oracle(controls);
        const at = controls.startDateTime.getTime() + minutes * MINUTE;
        const date = oracle.localDate(at);
        for (const period of vrpPeriodsAt(controls, new Date(at))) {
          const limit = controls.periodicLimits[period.index];
          const expected = oracle.period(limit, date);
          expect([period.firstDate, period.lastDate]).toEqual([expected.first, expected.last]);
          const maximum = oracle.maximum(limit, expected);
          expect([units(period.maximumAmount), period.proRated]).toEqual([maximum.units, maximum.proRated]);
          oracle.expectBounds(period);
        }
      }),
      { numRuns: 200 },
    );
  });
});
