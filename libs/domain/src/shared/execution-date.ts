/**
 * executionDate: an ISO 8601 calendar date `YYYY-MM-DD` (no time, no week or ordinal forms) that
 * exists (2026-02-30 does not), is not before today and is at most one year ahead: on or before
 * the same day of the next year (29 February counts to 28 February). "Today" is the gateway's UTC
 * date, passed in so the check stays pure.
 */
export const EXECUTION_DATE_HORIZON_YEARS = 1;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The date as [year, month, day] if it is a real calendar date. */
export function parseCalendarDate(value: string): readonly [number, number, number] | undefined {
  const match = ISO_DATE.exec(value);
  if (match === null) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  date.setUTCFullYear(year);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return [year, month, day];
}

function format([year, month, day]: readonly [number, number, number]): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The last date the horizon allows after `today` (a valid YYYY-MM-DD). */
export function latestExecutionDate(today: string): string {
  const parsed = parseCalendarDate(today);
  if (parsed === undefined) throw new Error(`today is not a calendar date: ${today}`);
  const [year, month, day] = parsed;
  const next = year + EXECUTION_DATE_HORIZON_YEARS;
  const lastDay = new Date(Date.UTC(next, month, 0)).getUTCDate();
  return format([next, month, Math.min(day, lastDay)]);
}

/** Without `today`, only the form and the calendar are checked. */
export function checkExecutionDate(value: string, today?: string): string | undefined {
  if (!ISO_DATE.test(value)) return 'must be a date in the form YYYY-MM-DD';
  if (parseCalendarDate(value) === undefined) return `must be a calendar date; ${value} does not exist`;
  if (today === undefined) return undefined;
  // YYYY-MM-DD strings of the same length compare as dates.
  if (value < today) return `must not be in the past (today is ${today})`;
  const latest = latestExecutionDate(today);
  if (value > latest) return `must be at most ${EXECUTION_DATE_HORIZON_YEARS} year ahead (on or before ${latest})`;
  return undefined;
}
