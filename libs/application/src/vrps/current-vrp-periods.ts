import { vrpPeriodsAt, type VrpControls, type VrpPeriod } from '#libs/domain';

/** Consents whose periods a process keeps at most; all are forgotten when it is full. */
const MAX_CONSENTS = 10_000;

/**
 * The current period of each of a consent's periodic limits, kept per consent while they stay
 * current: the periods are a pure function of the consent's controls (which never change) and the
 * instant, and the same for every instant from the latest period start to the earliest period end,
 * so a VRP computes them (in the bank's time zone, through `Intl`) once per consent and period
 * rather than twice per payment.
 */
export class CurrentVrpPeriods {
  private readonly kept = new Map<
    string,
    { readonly periods: readonly VrpPeriod[]; readonly from: number; readonly until: number }
  >();

  at(consentId: string, controls: VrpControls, now: Date): readonly VrpPeriod[] {
    const at = now.getTime();
    const entry = this.kept.get(consentId);
    if (entry !== undefined && entry.from <= at && at < entry.until) return entry.periods;
    const periods = vrpPeriodsAt(controls, now);
    if (this.kept.size >= MAX_CONSENTS) this.kept.clear();
    this.kept.set(consentId, {
      periods,
      from: Math.max(Number.NEGATIVE_INFINITY, ...periods.map((period) => period.start.getTime())),
      until: Math.min(Number.POSITIVE_INFINITY, ...periods.map((period) => period.end.getTime())),
    });
    return periods;
  }
}
