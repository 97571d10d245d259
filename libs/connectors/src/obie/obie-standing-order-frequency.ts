import { GatewayError } from '#libs/common';
import type { StandingOrderFrequency } from '../capabilities/standing-orders.js';

/**
 * How each ISO 20022 frequency code is written in the OBIE Frequency grammar
 * (OBDomesticStandingOrder3.Frequency), anchored on the first payment's date:
 *
 * | ISO  | meaning        | OBIE Frequency                         |
 * |------|----------------|----------------------------------------|
 * | DAIL | every day      | EvryDay                                |
 * | WEEK | every week     | IntrvlWkDay:01:<weekday of the start>  |
 * | MNTH | every month    | IntrvlMnthDay:01:<day of the start>    |
 * | QUTR | every quarter  | IntrvlMnthDay:03:<day of the start>    |
 * | SEMI | every 6 months | IntrvlMnthDay:06:<day of the start>    |
 * | YEAR | every year     | IntrvlMnthDay:12:<day of the start>    |
 * | TOWK | twice a week   | none: one order names one weekday      |
 * | TOMN | twice a month  | none: one order names one day of month |
 *
 * Weekdays are 01 (Monday) to 07 (Sunday); days of the month 01 to 31 (a bank pays a 29th to
 * 31st on the month's last day where the month is shorter).
 */
type FrequencyRule =
  | { readonly kind: 'every-day' }
  | { readonly kind: 'weekday'; readonly intervalWeeks: number }
  | { readonly kind: 'month-day'; readonly intervalMonths: number }
  | { readonly kind: 'unsupported'; readonly why: string };

export const OBIE_FREQUENCY_RULES: Readonly<Record<StandingOrderFrequency, FrequencyRule>> = {
  DAIL: { kind: 'every-day' },
  WEEK: { kind: 'weekday', intervalWeeks: 1 },
  TOWK: { kind: 'unsupported', why: 'an OBIE standing order pays on one weekday' },
  MNTH: { kind: 'month-day', intervalMonths: 1 },
  TOMN: { kind: 'unsupported', why: 'an OBIE standing order pays on one day of the month' },
  QUTR: { kind: 'month-day', intervalMonths: 3 },
  SEMI: { kind: 'month-day', intervalMonths: 6 },
  YEAR: { kind: 'month-day', intervalMonths: 12 },
};

const twoDigits = (value: number): string => String(value).padStart(2, '0');

/** The OBIE Frequency for an ISO code and the first payment's ISO date, or a 400 naming `frequency`. */
export function obieFrequency(frequency: StandingOrderFrequency, startDate: string): string {
  const rule = OBIE_FREQUENCY_RULES[frequency];
  const start = new Date(`${startDate.slice(0, 10)}T00:00:00Z`);
  switch (rule.kind) {
    case 'every-day':
      return 'EvryDay';
    case 'weekday':
      return `IntrvlWkDay:${twoDigits(rule.intervalWeeks)}:${twoDigits(start.getUTCDay() === 0 ? 7 : start.getUTCDay())}`;
    case 'month-day':
      return `IntrvlMnthDay:${twoDigits(rule.intervalMonths)}:${twoDigits(start.getUTCDate())}`;
    case 'unsupported':
      throw GatewayError.invalidField(
        'frequency',
        `A UK Open Banking bank cannot set up a ${frequency} standing order: ${rule.why}.`,
      );
  }
}
