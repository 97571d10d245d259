/** The reference's TimeInterval values: how often a rule runs. */
export const SETTLEMENT_RULE_TIME_INTERVALS = [
  'INTRADAY',
  'DAILY',
  'WEEKLY',
  'MONTHLY',
  'QUARTERLY',
  'HALF_YEARLY',
  'YEARLY',
] as const;
export type SettlementRuleTimeInterval = (typeof SETTLEMENT_RULE_TIME_INTERVALS)[number];

export function isSettlementRuleTimeInterval(value: string): value is SettlementRuleTimeInterval {
  return (SETTLEMENT_RULE_TIME_INTERVALS as readonly string[]).includes(value);
}

/** The shortest INTRADAY interval (intradayIntervalHours * 60 + intradayIntervalMinutes). */
export const MIN_INTRADAY_INTERVAL_MINUTES = 5;
/** A rule behind by more runs than this (a worker stopped for long) runs once for the backlog. */
export const MAX_CATCH_UP_RUNS = 31;

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** The calendar intervals, in months. */
const MONTHS: Partial<Record<SettlementRuleTimeInterval, number>> = {
  MONTHLY: 1,
  QUARTERLY: 3,
  HALF_YEARLY: 6,
  YEARLY: 12,
};

/**
 * When a rule runs. Runs fall at the end of each period counted from `anchor` (effectiveFrom, or
 * the rule's creation when none was given): anchor + k intervals for k = 1, 2, ..., never after
 * `effectiveTo`. Calendar intervals add whole months in UTC to the anchor (a day past the end of
 * a shorter month is that month's last day, and the next run goes back to the anchor's day).
 */
export interface RuleSchedule {
  readonly timeInterval: SettlementRuleTimeInterval;
  /** INTRADAY only: the interval in minutes. */
  readonly intradayMinutes: number;
  readonly anchor: Date;
  readonly effectiveTo: Date | null;
}

/** The INTRADAY interval in minutes from the request's hours and minutes. */
export function intradayMinutesOf(hours: number, minutes: number): number {
  return hours * 60 + minutes;
}

/** intradayIntervalHours: a whole number of 0 to 24. */
export function checkIntradayHours(value: unknown): string | undefined {
  return Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 24
    ? undefined
    : 'must be a whole number from 0 to 24';
}

/** intradayIntervalMinutes: a whole number of 0 to 59. */
export function checkIntradayMinutes(value: unknown): string | undefined {
  return Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 59
    ? undefined
    : 'must be a whole number from 0 to 59';
}

/** An INTRADAY interval of hours and minutes is at least MIN_INTRADAY_INTERVAL_MINUTES. */
export function checkIntradayInterval(hours: number, minutes: number): string | undefined {
  return intradayMinutesOf(hours, minutes) >= MIN_INTRADAY_INTERVAL_MINUTES
    ? undefined
    : `with intradayIntervalMinutes must make an INTRADAY interval of at least ${MIN_INTRADAY_INTERVAL_MINUTES} minutes`;
}

function fixedStepMs(schedule: RuleSchedule): number | undefined {
  switch (schedule.timeInterval) {
    case 'INTRADAY':
      return schedule.intradayMinutes * MINUTE_MS;
    case 'DAILY':
      return DAY_MS;
    case 'WEEKLY':
      return 7 * DAY_MS;
    case 'MONTHLY':
    case 'QUARTERLY':
    case 'HALF_YEARLY':
    case 'YEARLY':
      return undefined;
  }
}

function addMonthsUtc(anchor: Date, months: number): Date {
  const year = anchor.getUTCFullYear();
  const month = anchor.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      year,
      month,
      Math.min(anchor.getUTCDate(), lastDay),
      anchor.getUTCHours(),
      anchor.getUTCMinutes(),
      anchor.getUTCSeconds(),
      anchor.getUTCMilliseconds(),
    ),
  );
}

/** The k-th run time of the schedule (k >= 1), effectiveTo aside. */
export function runTime(schedule: RuleSchedule, k: number): Date {
  const step = fixedStepMs(schedule);
  if (step !== undefined) return new Date(schedule.anchor.getTime() + k * step);
  return addMonthsUtc(schedule.anchor, k * (MONTHS[schedule.timeInterval] ?? 1));
}

/** The index of the first run strictly after `t` (at least 1). */
export function runIndexAfter(schedule: RuleSchedule, t: Date): number {
  const step = fixedStepMs(schedule);
  const elapsed = t.getTime() - schedule.anchor.getTime();
  if (elapsed < 0) return 1;
  if (step !== undefined) return Math.floor(elapsed / step) + 1;
  const months = MONTHS[schedule.timeInterval] ?? 1;
  const monthsApart =
    (t.getUTCFullYear() - schedule.anchor.getUTCFullYear()) * 12 + t.getUTCMonth() - schedule.anchor.getUTCMonth();
  let k = Math.max(1, Math.floor(monthsApart / months) - 1);
  while (k > 1 && runTime(schedule, k - 1).getTime() > t.getTime()) k -= 1;
  while (runTime(schedule, k).getTime() <= t.getTime()) k += 1;
  return k;
}

function withinEffectiveTo(schedule: RuleSchedule, at: Date): Date | null {
  return schedule.effectiveTo !== null && at.getTime() > schedule.effectiveTo.getTime() ? null : at;
}

/** The first run strictly after `t`, or null when it would fall after effectiveTo (the rule has ended). */
export function nextRunAfter(schedule: RuleSchedule, t: Date): Date | null {
  return withinEffectiveTo(schedule, runTime(schedule, runIndexAfter(schedule, t)));
}

/**
 * The run after the one scheduled at `ran`, seen at `now`: the next scheduled time, also when
 * it is already past (each period gets its run, as after a stopped worker or a clock moved
 * ahead); but a backlog of more than MAX_CATCH_UP_RUNS is run once, at the latest time due.
 * Null when the rule has no run left within effectiveTo.
 */
export function nextRunAfterRun(schedule: RuleSchedule, ran: Date, now: Date): Date | null {
  const next = runIndexAfter(schedule, ran);
  const latestDue = runIndexAfter(schedule, now) - 1;
  const k = latestDue - next + 1 > MAX_CATCH_UP_RUNS ? latestDue : next;
  return withinEffectiveTo(schedule, runTime(schedule, k));
}

/** effectiveFrom / effectiveTo as the reference shows them: a date, or a date and time for INTRADAY rules. */
export function formatEffectiveTime(timeInterval: SettlementRuleTimeInterval, at: Date): string {
  const iso = at.toISOString();
  return timeInterval === 'INTRADAY' ? `${iso.slice(0, 19)}Z` : iso.slice(0, 10);
}

/**
 * effectiveFrom / effectiveTo in a request: `YYYY-MM-DDTHH:MM:SSZ` (or with an offset or
 * fraction), or a plain date `YYYY-MM-DD` for its UTC midnight. Undefined for anything else.
 */
export function parseEffectiveTime(value: string): Date | undefined {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value)
    ? new Date(`${value}T00:00:00Z`)
    : /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})$/.test(value)
      ? new Date(value)
      : undefined;
  if (date === undefined || Number.isNaN(date.getTime())) return undefined;
  return date.toISOString().slice(0, 10) === value.slice(0, 10) || value.length > 10 ? date : undefined;
}
