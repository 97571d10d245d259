import { fromMinorUnits, toMinorUnits } from '../money/minor-units.js';
import type { CountedVrp, VrpControls } from './vrp-controls.js';
import { vrpPeriodsAt, type VrpPeriod } from './vrp-periods.js';

/** A periodic limit's period with what has been paid in it and what is left (never below 0). */
export interface VrpPeriodUsage extends VrpPeriod {
  readonly used: string;
  readonly remaining: string;
}

/** Why a proposed payment does not fit the consent's controls. */
export type VrpLimitRefusal =
  | { readonly kind: 'refused'; readonly reason: 'before-start'; readonly startDateTime: Date }
  | { readonly kind: 'refused'; readonly reason: 'after-end'; readonly endDateTime: Date }
  | { readonly kind: 'refused'; readonly reason: 'below-minimum'; readonly minimumIndividualAmount: string }
  | { readonly kind: 'refused'; readonly reason: 'above-maximum'; readonly maximumIndividualAmount: string }
  /** The first periodic limit (by index) the payment would pass, with its usage before the payment. */
  | { readonly kind: 'refused'; readonly reason: 'periodic-limit'; readonly period: VrpPeriodUsage }
  | {
      readonly kind: 'refused';
      readonly reason: 'occurrences-exhausted';
      readonly maximumOccurrences: number;
      readonly used: number;
    };

export type VrpLimitReason = VrpLimitRefusal['reason'];

/** The payment fits: every periodic limit's usage, and the occurrences, counting the payment. */
export interface VrpLimitFit {
  readonly kind: 'fits';
  readonly periods: readonly VrpPeriodUsage[];
  readonly occurrences: { readonly used: number; readonly remaining: number | null };
}

export type VrpLimitDecision = VrpLimitFit | VrpLimitRefusal;

function usageOf(period: VrpPeriod, used: bigint): VrpPeriodUsage {
  const left = toMinorUnits(period.maximumAmount) - used;
  return { ...period, used: fromMinorUnits(used), remaining: fromMinorUnits(left > 0n ? left : 0n) };
}

/**
 * Whether a payment of `amount` at `now` fits the consent's controls, given the payments already
 * made under it that count. The rules are checked in this order and the first that fails is the
 * answer: the consent has started (now >= startDateTime) and not ended (now < endDateTime); the
 * amount is at least the individual minimum and at most the individual maximum; for each periodic
 * limit in turn, the payments made in the period containing `now` (by their `at`) plus the amount
 * stay within the period's maximum; fewer payments than maximumOccurrences (0 or absent: no limit)
 * have been made. Amounts are compared exactly, in 0.0001 units.
 *
 * `made` needs only the payments of the current periods (from the earliest start vrpPeriodsAt
 * gives for `now`); the ones before count for occurrences only, and `earlier.count` says how many
 * there were, so a caller reads a consent's recent payments and a count rather than its whole history.
 * `periods` are the periods containing `now` (vrpPeriodsAt), when the caller already has them.
 */
export function decideVrpLimits(
  controls: VrpControls,
  made: readonly CountedVrp[],
  amount: string,
  now: Date,
  earlier: { readonly count: number } = { count: 0 },
  periods: readonly VrpPeriod[] = vrpPeriodsAt(controls, now),
): VrpLimitDecision {
  if (now.getTime() < controls.startDateTime.getTime())
    return { kind: 'refused', reason: 'before-start', startDateTime: controls.startDateTime };
  if (controls.endDateTime !== undefined && now.getTime() >= controls.endDateTime.getTime())
    return { kind: 'refused', reason: 'after-end', endDateTime: controls.endDateTime };
  const units = toMinorUnits(amount);
  if (controls.minimumIndividualAmount !== undefined && units < toMinorUnits(controls.minimumIndividualAmount))
    return { kind: 'refused', reason: 'below-minimum', minimumIndividualAmount: controls.minimumIndividualAmount };
  if (units > toMinorUnits(controls.maximumIndividualAmount))
    return { kind: 'refused', reason: 'above-maximum', maximumIndividualAmount: controls.maximumIndividualAmount };

  const madeUnits = made.map((vrp) => ({ at: vrp.at.getTime(), units: toMinorUnits(vrp.amount) }));
  const after: VrpPeriodUsage[] = [];
  for (const period of periods) {
    const start = period.start.getTime();
    const end = period.end.getTime();
    const used = madeUnits.reduce((sum, vrp) => (vrp.at >= start && vrp.at < end ? sum + vrp.units : sum), 0n);
    if (used + units > toMinorUnits(period.maximumAmount))
      return { kind: 'refused', reason: 'periodic-limit', period: usageOf(period, used) };
    after.push(usageOf(period, used + units));
  }

  const maximumOccurrences = controls.maximumOccurrences ?? 0;
  const used = made.length + earlier.count;
  if (maximumOccurrences > 0 && used >= maximumOccurrences)
    return { kind: 'refused', reason: 'occurrences-exhausted', maximumOccurrences, used };
  return {
    kind: 'fits',
    periods: after,
    occurrences: {
      used: used + 1,
      remaining: maximumOccurrences > 0 ? maximumOccurrences - used - 1 : null,
    },
  };
}
