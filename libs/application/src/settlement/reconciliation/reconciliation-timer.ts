import type { ScheduledJobRepository } from '#libs/db';

/** The one timer row of the settlement.reconcile runs: each run moves it to the next. */
export const RECONCILE_SETTLEMENT_TIMER_ID = 'settlement.reconcile';

/**
 * Brings the next reconciliation run forward to `now`: called when there is something to match
 * (credits booked, a payment's credits woken by its final status), so a credit settles its payment
 * at the scheduler's next tick rather than at the run interval. A hint only: without a timer row
 * (a run is under way and writes its own) nothing is written, and the interval's runs sweep up
 * whatever a hint missed. Once the timer is due, further hints write nothing, so a burst of them
 * does not queue on the row.
 */
export function wakeReconciliation(timers: ScheduledJobRepository, now: Date): Promise<boolean> {
  return timers.hasten(RECONCILE_SETTLEMENT_TIMER_ID, now);
}
