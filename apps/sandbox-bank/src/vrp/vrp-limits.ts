import { Prisma } from '../store/sandbox-db.js';
import { ObieError } from '../http/obie-error.js';
import type { ControlParameters, PeriodicLimit, PeriodType } from './vrp-consent-request.js';
import { civilDate, dayOf, isoWeekday, londonDay, londonMidnight } from './london-calendar.js';

/**
 * The bank's own enforcement of a VRP consent's ControlParameters (OBIE VRP v3.1.10,
 * OBDomesticVRPControlParameters). Periods are counted in Europe/London civil dates, the time
 * element of the consent's start disregarded:
 *
 * - `Consent` alignment: periods run from the consent's start date (ValidFromDateTime, or the
 *   day the consent was created): a Month from 5 June runs 5 June to 4 July; from 31 January, the
 *   next starts on the last day of February, then 31 March.
 * - `Calendar` alignment: days, ISO weeks (Monday to Sunday), months, half-years (January, July)
 *   and years; the first period, the one holding the start date, allows the limit pro-rated to
 *   its remaining days (created 6 June, 300.00 a month: 250.00 in June), rounded down to the
 *   penny. A Fortnight has no calendar, so it is always consent-aligned.
 */

const FIXED_DAYS: Partial<Record<PeriodType, number>> = { Day: 1, Week: 7, Fortnight: 14 };
const MONTHS: Partial<Record<PeriodType, number>> = { Month: 1, 'Half-year': 6, Year: 12 };

/** A period as day numbers: its first day and the first day of the next one. */
interface DayRange {
  readonly first: number;
  readonly next: number;
}

function calendarRange(type: Exclude<PeriodType, 'Fortnight'>, day: number): DayRange {
  const { year, month } = civilDate(day);
  switch (type) {
    case 'Day':
      return { first: day, next: day + 1 };
    case 'Week': {
      const monday = day - (isoWeekday(day) - 1);
      return { first: monday, next: monday + 7 };
    }
    case 'Month':
      return { first: dayOf(year, month, 1), next: dayOf(year, month + 1, 1) };
    case 'Half-year': {
      const opening = month <= 6 ? 1 : 7;
      return { first: dayOf(year, opening, 1), next: dayOf(year, opening + 6, 1) };
    }
    case 'Year':
      return { first: dayOf(year, 1, 1), next: dayOf(year + 1, 1, 1) };
  }
}

function consentRange(type: PeriodType, anchorDay: number, day: number): DayRange {
  const days = FIXED_DAYS[type];
  if (days !== undefined) {
    const index = Math.max(0, Math.floor((day - anchorDay) / days));
    return { first: anchorDay + index * days, next: anchorDay + (index + 1) * days };
  }
  const step = MONTHS[type] ?? 1;
  const anchor = civilDate(anchorDay);
  const today = civilDate(day);
  const start = (index: number): number => dayOf(anchor.year, anchor.month + index * step, anchor.day);
  const monthsApart = (today.year - anchor.year) * 12 + (today.month - anchor.month);
  let index = Math.max(0, Math.floor(monthsApart / step));
  while (index > 0 && start(index) > day) index -= 1;
  return { first: start(index), next: start(index + 1) };
}

export interface LimitPeriod {
  /** The instant the period began (London midnight of its first day). */
  readonly start: Date;
  /** What payments in the period may add up to. */
  readonly allowed: Prisma.Decimal;
}

/** The period of `limit` that `now` falls in, for a consent starting at `consentStart`. */
export function limitPeriod(limit: PeriodicLimit, consentStart: Date, now: Date): LimitPeriod {
  const anchorDay = londonDay(consentStart);
  const today = londonDay(now);
  const amount = new Prisma.Decimal(limit.Amount);
  if (limit.PeriodAlignment === 'Consent' || limit.PeriodType === 'Fortnight') {
    return { start: londonMidnight(consentRange(limit.PeriodType, anchorDay, today).first), allowed: amount };
  }
  const range = calendarRange(limit.PeriodType, today);
  const firstPeriod = calendarRange(limit.PeriodType, anchorDay);
  const prorated = range.first === firstPeriod.first && anchorDay > range.first;
  const allowed = prorated
    ? amount
        .times(range.next - anchorDay)
        .dividedBy(range.next - range.first)
        .toDecimalPlaces(2, Prisma.Decimal.ROUND_DOWN)
    : amount;
  return { start: londonMidnight(range.first), allowed };
}

function fails(path: string, message: string): ObieError {
  return ObieError.badRequest('UK.OBIE.Rules.FailsControlParameters', message, path);
}

/**
 * Checks one VRP against its consent's validity window, MaximumIndividualAmount and every
 * PeriodicLimit, refusing with UK.OBIE.Rules.FailsControlParameters naming the parameter.
 * Periods start from ValidFromDateTime when given, else from `consentCreated`; `spentSince(start)`
 * is what the consent's earlier payments (not rejected) add up to since `start`.
 */
export async function checkControlParameters(
  control: ControlParameters,
  payment: { readonly amount: string; readonly currency: string },
  consentCreated: Date,
  now: Date,
  spentSince: (start: Date) => Promise<string>,
): Promise<void> {
  const base = 'Data.ControlParameters';
  if (control.ValidFromDateTime !== undefined && now < control.ValidFromDateTime)
    throw fails(`${base}.ValidFromDateTime`, 'The consent is not valid yet.');
  if (control.ValidToDateTime !== undefined && now > control.ValidToDateTime)
    throw fails(`${base}.ValidToDateTime`, 'The consent has expired.');
  const amount = new Prisma.Decimal(payment.amount);
  if (
    payment.currency !== control.MaximumIndividualAmount.Currency ||
    amount.gt(control.MaximumIndividualAmount.Amount)
  ) {
    throw fails(`${base}.MaximumIndividualAmount`, 'The payment exceeds MaximumIndividualAmount.');
  }
  for (const [index, limit] of control.PeriodicLimits.entries()) {
    const period = limitPeriod(limit, control.ValidFromDateTime ?? consentCreated, now);
    const spent = new Prisma.Decimal(await spentSince(period.start));
    if (payment.currency !== limit.Currency || spent.plus(amount).gt(period.allowed)) {
      throw fails(
        `${base}.PeriodicLimits[${index}]`,
        `The payment exceeds the ${limit.PeriodType} limit (${period.allowed.toFixed(2)} ${limit.Currency} in this period, ${spent.toFixed(2)} used).`,
      );
    }
  }
}
