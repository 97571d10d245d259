import { Prisma } from '../store/sandbox-db.js';
import { ObieError } from '../http/obie-error.js';
import type { ControlParameters, PeriodAlignment, PeriodType } from './vrp-consent-request.js';

const DAY_MS = 86_400_000;
const FIXED_DAYS: Partial<Record<PeriodType, number>> = { Day: 1, Week: 7, Fortnight: 14 };
const MONTHS: Partial<Record<PeriodType, number>> = { Month: 1, 'Half-year': 6, Year: 12 };

function utcDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

function addMonths(date: Date, months: number): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, date.getUTCDate()));
}

function calendarStart(type: PeriodType, now: Date): Date {
  const day = utcDay(now);
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  switch (type) {
    case 'Day':
      return day;
    case 'Week':
      return new Date(day.getTime() - sinceMonday * DAY_MS);
    case 'Fortnight': {
      // Fortnights counted from the first Monday of the Unix epoch (1970-01-05).
      const monday = day.getTime() - sinceMonday * DAY_MS;
      const weeks = Math.floor((monday - 4 * DAY_MS) / (7 * DAY_MS));
      return new Date(monday - (weeks % 2) * 7 * DAY_MS);
    }
    case 'Month':
      return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    case 'Half-year':
      return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() < 6 ? 0 : 6, 1));
    case 'Year':
      return new Date(Date.UTC(now.getUTCFullYear(), 0, 1));
  }
}

/** Start of the period `now` falls in; Consent-aligned periods run from the consent's start day. */
export function periodStart(type: PeriodType, alignment: PeriodAlignment, anchor: Date, now: Date): Date {
  if (alignment === 'Calendar') return calendarStart(type, now);
  const start = utcDay(anchor);
  const days = FIXED_DAYS[type];
  if (days !== undefined) {
    const periods = Math.max(0, Math.floor((now.getTime() - start.getTime()) / (days * DAY_MS)));
    return new Date(start.getTime() + periods * days * DAY_MS);
  }
  const step = MONTHS[type] ?? 1;
  let current = start;
  for (let next = addMonths(start, step); next.getTime() <= now.getTime(); next = addMonths(next, step)) current = next;
  return current;
}

function fails(path: string, message: string): ObieError {
  return ObieError.badRequest('UK.OBIE.Rules.FailsControlParameters', message, path);
}

/**
 * Checks one VRP against its consent's control parameters. `spentSince(start)` is what earlier
 * payments under the consent used since `start`.
 */
export async function checkControlParameters(
  control: ControlParameters,
  payment: { readonly amount: string; readonly currency: string },
  consentStart: Date,
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
    const start = periodStart(limit.PeriodType, limit.PeriodAlignment, control.ValidFromDateTime ?? consentStart, now);
    const spent = new Prisma.Decimal(await spentSince(start));
    if (payment.currency !== limit.Currency || spent.plus(amount).gt(limit.Amount)) {
      throw fails(`${base}.PeriodicLimits[${index}]`, `The payment exceeds the ${limit.PeriodType} limit.`);
    }
  }
}
