import {
  ScheduledJobRepository,
  type OutcomeRef,
  type Payout,
  type PayoutChange,
  type PayoutRepository,
  type Tx,
} from '#libs/db';
import { recordChange, writeTimer } from '../lifecycle/record-change.js';
import { payoutLifecycle, payoutTimer, payoutTimerId } from './payout-lifecycle.js';

export { nextPayoutTimer, payoutTimerId } from './payout-lifecycle.js';

/** Removes the payout's timer, in the caller's transaction (its outcome check asks instead, or it is final). */
export async function removePayoutTimer(tx: Tx, payoutId: string): Promise<void> {
  await new ScheduledJobRepository(tx).remove([payoutTimerId(payoutId)]);
}

/** Sets (or clears) the payout's timer for its current state, in the caller's transaction. */
export async function schedulePayoutTimer(
  tx: Tx,
  payout: Payout,
  now: Date,
  scheduleSeconds: readonly number[],
): Promise<void> {
  const timer = payoutTimer(payout, now, scheduleSeconds);
  await writeTimer(tx, timer === null ? { clear: payoutTimerId(payout.id) } : { set: timer });
}

export type PayoutChangeResult =
  | { readonly kind: 'changed'; readonly payout: Payout; readonly statusChanged: boolean }
  | { readonly kind: 'refused'; readonly payout: Payout }
  | { readonly kind: 'stale' };

/**
 * Moves a payout, in the caller's transaction (`payouts` bound to it), by its lifecycle
 * (recordChange): the move is checked against the status machine, the row updated only at the
 * version read; when the status changes, PAYOUT_STATUS_CHANGED is written (and
 * SETTLEMENT_RULE_PAYOUT_EXECUTION_FAILED for a settlement rule's payout rejected or failed), a
 * rejection or failure releases the reserved amount (RELEASE), a completion debits it
 * (PAYOUT_DEBIT) and lists it as a DEBIT of the account's transactions. The timer is reset.
 * Final statuses never change. With `answered`, that outcome check ends in the same transaction.
 */
export async function recordPayoutChange(
  tx: Tx,
  payouts: PayoutRepository,
  current: Payout,
  change: PayoutChange,
  now: Date,
  scheduleSeconds: readonly number[],
  answered?: OutcomeRef,
): Promise<PayoutChangeResult> {
  const recorded = await recordChange(
    payoutLifecycle,
    tx,
    current,
    change,
    now,
    { payouts, scheduleSeconds },
    answered === undefined ? {} : { answered },
  );
  if (recorded.kind === 'stale') return recorded;
  if (recorded.kind === 'refused') return { kind: 'refused', payout: recorded.row };
  return { kind: 'changed', payout: recorded.row, statusChanged: recorded.statusChanged };
}
