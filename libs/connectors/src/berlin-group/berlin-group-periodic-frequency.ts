import { GatewayError } from '#libs/common';
import type { StandingOrderFrequency } from '../capabilities/standing-orders.js';

/**
 * The NextGenPSD2 frequencyCode (EventFrequency7Code) of each ISO 20022 standing-order code:
 *
 * | ISO  | meaning        | frequency  | dayOfExecution        |
 * |------|----------------|------------|-----------------------|
 * | DAIL | every day      | Daily      | -                     |
 * | WEEK | every week     | Weekly     | -                     |
 * | MNTH | every month    | Monthly    | day of the start date |
 * | QUTR | every quarter  | Quarterly  | day of the start date |
 * | SEMI | every 6 months | SemiAnnual | day of the start date |
 * | YEAR | every year     | Annual     | day of the start date |
 * | TOWK | twice a week   | none       | (EveryTwoWeeks is every other week, a quarter as often) |
 * | TOMN | twice a month  | none       | (EveryTwoMonths is every other month, a quarter as often) |
 */
type PeriodicRule =
  | { readonly kind: 'code'; readonly frequency: string; readonly dayOfExecution: boolean }
  | { readonly kind: 'unsupported'; readonly why: string };

export const BERLIN_GROUP_FREQUENCY_RULES: Readonly<Record<StandingOrderFrequency, PeriodicRule>> = {
  DAIL: { kind: 'code', frequency: 'Daily', dayOfExecution: false },
  WEEK: { kind: 'code', frequency: 'Weekly', dayOfExecution: false },
  TOWK: { kind: 'unsupported', why: 'the standard has no twice-weekly frequency' },
  MNTH: { kind: 'code', frequency: 'Monthly', dayOfExecution: true },
  TOMN: { kind: 'unsupported', why: 'the standard has no twice-monthly frequency' },
  QUTR: { kind: 'code', frequency: 'Quarterly', dayOfExecution: true },
  SEMI: { kind: 'code', frequency: 'SemiAnnual', dayOfExecution: true },
  YEAR: { kind: 'code', frequency: 'Annual', dayOfExecution: true },
};

/** frequency (and dayOfExecution, "01" to "31", for monthly and longer) of a periodic payment, or a 400 naming `frequency`. */
export function berlinGroupFrequency(
  frequency: StandingOrderFrequency,
  startDate: string,
): { readonly frequency: string; readonly dayOfExecution?: string } {
  const rule = BERLIN_GROUP_FREQUENCY_RULES[frequency];
  if (rule.kind === 'unsupported')
    throw GatewayError.invalidField(
      'frequency',
      `A Berlin Group bank cannot set up a ${frequency} standing order: ${rule.why}.`,
    );
  return rule.dayOfExecution
    ? { frequency: rule.frequency, dayOfExecution: startDate.slice(8, 10) }
    : { frequency: rule.frequency };
}
