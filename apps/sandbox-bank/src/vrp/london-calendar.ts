/**
 * Civil dates in Europe/London, the calendar a UK bank counts VRP periods in. A date is a day
 * number (days since 1970-01-01 on that calendar), so date arithmetic is integer arithmetic and
 * daylight saving only matters when a date is turned back into an instant (its local midnight).
 */

const DAY_MS = 86_400_000;
const ZONE = 'Europe/London';

const PARTS = new Intl.DateTimeFormat('en-GB', {
  timeZone: ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

export interface CivilDate {
  readonly year: number;
  /** 1 to 12. */
  readonly month: number;
  readonly day: number;
}

/** The wall clock in London at `instant`, read as if it were UTC (milliseconds). */
function londonWallClockMs(instant: Date): number {
  const parts: Record<string, number> = {};
  for (const part of PARTS.formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return Date.UTC(
    parts['year'] ?? 1970,
    (parts['month'] ?? 1) - 1,
    parts['day'] ?? 1,
    parts['hour'] ?? 0,
    parts['minute'] ?? 0,
    parts['second'] ?? 0,
  );
}

/** The London date `instant` falls on, as a day number. */
export function londonDay(instant: Date): number {
  return Math.floor(londonWallClockMs(instant) / DAY_MS);
}

/**
 * The instant London's day `day` begins. UK clocks change at 01:00 UTC, so local midnight always
 * exists and is unique; its offset is the one in force at 00:00 UTC of the same date.
 */
export function londonMidnight(day: number): Date {
  const utcMidnight = new Date(day * DAY_MS);
  const offsetMs = londonWallClockMs(utcMidnight) - utcMidnight.getTime();
  return new Date(utcMidnight.getTime() - offsetMs);
}

export function civilDate(day: number): CivilDate {
  const date = new Date(day * DAY_MS);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * The day number of a civil date; `month` may run past 12 (or below 1) and carries into the
 * year; a day past the month's end is the month's last day (31 January + 1 month = 28 or 29
 * February).
 */
export function dayOf(year: number, month: number, day: number): number {
  const carried = new Date(Date.UTC(year, month - 1, 1));
  const y = carried.getUTCFullYear();
  const m = carried.getUTCMonth() + 1;
  return Math.floor(Date.UTC(y, m - 1, Math.min(day, daysInMonth(y, m))) / DAY_MS);
}

/** ISO 8601 weekday: 1 = Monday ... 7 = Sunday. */
export function isoWeekday(day: number): number {
  return ((((day + 3) % 7) + 7) % 7) + 1;
}
