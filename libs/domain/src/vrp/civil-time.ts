/**
 * Calendar dates and their instants in an IANA time zone, with the built-in Intl API.
 *
 * A civil date is held as a day number: whole days since 1970-01-01 in the proleptic Gregorian
 * calendar (no zone). A zone's day begins at the first instant whose local date is that date:
 * usually local midnight; when a daylight-saving gap swallows midnight, the end of the gap. Days
 * are not all 24 hours long (Europe/London has a 23-hour day in March and a 25-hour one in October).
 */

const MS_PER_DAY = 86_400_000;

export interface CivilDate {
  readonly year: number;
  /** 1 to 12. */
  readonly month: number;
  readonly day: number;
}

/** The day number of a date; a day or month past the end rolls over (31 April is 1 May). */
export function dayNumberOf(year: number, month: number, day: number): number {
  return Date.UTC(year, month - 1, day) / MS_PER_DAY;
}

export function civilDateOf(dayNumber: number): CivilDate {
  const date = new Date(dayNumber * MS_PER_DAY);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/** YYYY-MM-DD. */
export function isoDateOf(dayNumber: number): string {
  return new Date(dayNumber * MS_PER_DAY).toISOString().slice(0, 10);
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** 0 for Monday ... 6 for Sunday (1970-01-01 was a Thursday). */
export function isoWeekdayIndexOf(dayNumber: number): number {
  return (((dayNumber + 3) % 7) + 7) % 7;
}

const wallClockFormats = new Map<string, Intl.DateTimeFormat>();

function wallClockFormat(timeZone: string): Intl.DateTimeFormat {
  let format = wallClockFormats.get(timeZone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    wallClockFormats.set(timeZone, format);
  }
  return format;
}

/** The local wall-clock reading at `instantMs`, as milliseconds since 1970-01-01T00:00 read as UTC. */
function wallClockMs(instantMs: number, timeZone: string): number {
  const fields = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of wallClockFormat(timeZone).formatToParts(instantMs)) {
    if (part.type in fields) fields[part.type as keyof typeof fields] = Number(part.value);
  }
  const millis = ((instantMs % 1000) + 1000) % 1000;
  return Date.UTC(fields.year, fields.month - 1, fields.day, fields.hour, fields.minute, fields.second) + millis;
}

function localDayNumberMs(instantMs: number, timeZone: string): number {
  return Math.floor(wallClockMs(instantMs, timeZone) / MS_PER_DAY);
}

/** The day number of the local date at `instant` in `timeZone`. */
export function localDayNumber(instant: Date, timeZone: string): number {
  return localDayNumberMs(instant.getTime(), timeZone);
}

/** The first instant of the local date `dayNumber` in `timeZone`. */
export function startOfLocalDay(dayNumber: number, timeZone: string): Date {
  const midnight = dayNumber * MS_PER_DAY;
  const isStart = (instantMs: number): boolean =>
    localDayNumberMs(instantMs, timeZone) === dayNumber && localDayNumberMs(instantMs - 1, timeZone) < dayNumber;
  // Local midnight under the offset in force a day before, at, or a day after: one of them is the
  // day's start, unless two offset changes fall within two days of each other.
  for (const probe of [midnight - MS_PER_DAY, midnight, midnight + MS_PER_DAY]) {
    const candidate = midnight - (wallClockMs(probe, timeZone) - probe);
    if (isStart(candidate)) return new Date(candidate);
  }
  // Otherwise bisect: before `low` the date is earlier, from `high` it is this date or later.
  let low = midnight - 2 * MS_PER_DAY;
  let high = midnight + 2 * MS_PER_DAY;
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (localDayNumberMs(middle, timeZone) >= dayNumber) high = middle;
    else low = middle;
  }
  return new Date(high);
}
