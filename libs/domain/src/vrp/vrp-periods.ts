import { fromMinorUnits, toMinorUnits } from '../money/minor-units.js';
import {
  civilDateOf,
  dayNumberOf,
  daysInMonth,
  isoDateOf,
  isoWeekdayIndexOf,
  localDayNumber,
  startOfLocalDay,
} from './civil-time.js';
import type { VrpControls, VrpPeriodAlignment, VrpPeriodicLimit, VrpPeriodType } from './vrp-controls.js';

/**
 * The period of one periodic limit that contains a given instant, in the consent's time zone.
 *
 * CONSENT periods count from the consent's start date (the local date of `startDateTime`): a day
 * is a calendar day, a week the 7 days from the start date's weekday, a month runs from the start
 * date's day of the month to the same day in the next month, a year from the start date to the same
 * date in the next year. Where a month lacks that day, the period boundary falls on its last day (a
 * consent starting on 31 January has months from 31 Jan, 28 Feb (29 in a leap year), 31 Mar,
 * 30 Apr, 31 May, ...); a consent starting on 29 February has years from 28 February in common years.
 *
 * CALENDAR periods are the calendar day, the ISO week (Monday to Sunday), the calendar month and
 * the calendar year. In the calendar period holding the consent's start date, the limit is
 * pro-rated to the days left from the start date: maximumAmount x daysLeft / daysInPeriod, rounded
 * down to 0.0001.
 */
export interface VrpPeriod {
  /** The limit's position in the consent's periodicLimits. */
  readonly index: number;
  readonly periodType: VrpPeriodType;
  readonly periodAlignment: VrpPeriodAlignment;
  /** The period is [start, end). */
  readonly start: Date;
  readonly end: Date;
  /** The period's first and last local dates, YYYY-MM-DD. */
  readonly firstDate: string;
  readonly lastDate: string;
  /** The most payable in the period: the limit's maximumAmount, or less when pro-rated. */
  readonly maximumAmount: string;
  readonly proRated: boolean;
}

/** Day numbers of a period's first day and of the first day after it. */
interface PeriodDays {
  readonly first: number;
  readonly next: number;
}

/** The `offset`-th month (or year, with 12-month steps) anniversary of `startDay`, clamped to month ends. */
function anniversary(startDay: number, offsetMonths: number): number {
  const start = civilDateOf(startDay);
  const monthIndex = start.month - 1 + offsetMonths;
  const year = start.year + Math.floor(monthIndex / 12);
  const month = (((monthIndex % 12) + 12) % 12) + 1;
  return dayNumberOf(year, month, Math.min(start.day, daysInMonth(year, month)));
}

function anniversaryPeriod(startDay: number, day: number, stepMonths: number): PeriodDays {
  const start = civilDateOf(startDay);
  const date = civilDateOf(day);
  const monthsApart = (date.year - start.year) * 12 + (date.month - start.month);
  let steps = Math.floor(monthsApart / stepMonths);
  if (anniversary(startDay, steps * stepMonths) > day) steps -= 1;
  return { first: anniversary(startDay, steps * stepMonths), next: anniversary(startDay, (steps + 1) * stepMonths) };
}

function consentPeriod(periodType: VrpPeriodType, startDay: number, day: number): PeriodDays {
  switch (periodType) {
    case 'DAY':
      return { first: day, next: day + 1 };
    case 'WEEK': {
      const first = startDay + Math.floor((day - startDay) / 7) * 7;
      return { first, next: first + 7 };
    }
    case 'MONTH':
      return anniversaryPeriod(startDay, day, 1);
    case 'YEAR':
      return anniversaryPeriod(startDay, day, 12);
  }
}

function calendarPeriod(periodType: VrpPeriodType, day: number): PeriodDays {
  const date = civilDateOf(day);
  switch (periodType) {
    case 'DAY':
      return { first: day, next: day + 1 };
    case 'WEEK': {
      const first = day - isoWeekdayIndexOf(day);
      return { first, next: first + 7 };
    }
    case 'MONTH':
      return { first: dayNumberOf(date.year, date.month, 1), next: dayNumberOf(date.year, date.month + 1, 1) };
    case 'YEAR':
      return { first: dayNumberOf(date.year, 1, 1), next: dayNumberOf(date.year + 1, 1, 1) };
  }
}

/** The period of `limit` (at `index` in the consent's limits) that contains `at`. */
export function vrpPeriodAt(controls: VrpControls, index: number, at: Date): VrpPeriod {
  const limit: VrpPeriodicLimit | undefined = controls.periodicLimits[index];
  if (limit === undefined) throw new RangeError(`no periodic limit at index ${index}`);
  const startDay = localDayNumber(controls.startDateTime, controls.timeZone);
  const day = localDayNumber(at, controls.timeZone);
  const days =
    limit.periodAlignment === 'CONSENT'
      ? consentPeriod(limit.periodType, startDay, day)
      : calendarPeriod(limit.periodType, day);
  const proRated = limit.periodAlignment === 'CALENDAR' && days.first < startDay && startDay < days.next;
  const maximumAmount = proRated
    ? fromMinorUnits(
        (toMinorUnits(limit.maximumAmount) * BigInt(days.next - startDay)) / BigInt(days.next - days.first),
      )
    : fromMinorUnits(toMinorUnits(limit.maximumAmount));
  return {
    index,
    periodType: limit.periodType,
    periodAlignment: limit.periodAlignment,
    start: startOfLocalDay(days.first, controls.timeZone),
    end: startOfLocalDay(days.next, controls.timeZone),
    firstDate: isoDateOf(days.first),
    lastDate: isoDateOf(days.next - 1),
    maximumAmount,
    proRated,
  };
}

/** Each periodic limit's period containing `at`, in the order of the consent's limits. */
export function vrpPeriodsAt(controls: VrpControls, at: Date): VrpPeriod[] {
  return controls.periodicLimits.map((_, index) => vrpPeriodAt(controls, index, at));
}
