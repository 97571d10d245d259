import type { OutcomeRef, Refund, RefundChange, RefundRepository, Tx } from '#libs/db';
import { recordChange, writeTimer } from '../lifecycle/record-change.js';
import { refundLifecycle, refundTimer, refundTimerId } from './refund-lifecycle.js';

export { nextRefundTimer, refundTimerId } from './refund-lifecycle.js';

/** Sets (or clears) the refund's timer for its current state, in the caller's transaction. */
export async function scheduleRefundTimer(
  tx: Tx,
  refund: Refund,
  now: Date,
  scheduleSeconds: readonly number[],
): Promise<void> {
  const timer = refundTimer(refund, now, scheduleSeconds);
  await writeTimer(tx, timer === null ? { clear: refundTimerId(refund.id) } : { set: timer });
}

export type RefundChangeResult =
  | { readonly kind: 'changed'; readonly refund: Refund; readonly statusChanged: boolean }
  | { readonly kind: 'refused'; readonly refund: Refund }
  | { readonly kind: 'stale' };

/**
 * Moves a refund, in the caller's transaction (`refunds` bound to it), by its lifecycle
 * (recordChange): the original is locked first (as a new refund locks it), then the move is
 * checked against the status machine, the row updated only at the version read,
 * REFUND_STATUS_CHANGED written when the status changes, the original's sums updated (a rejected
 * or failed refund stops counting; a completed one is settled) and the timer reset. Final
 * statuses never change. With `answered`, that outcome check ends in the same transaction.
 */
export async function recordRefundChange(
  tx: Tx,
  refunds: RefundRepository,
  current: Refund,
  change: RefundChange,
  now: Date,
  scheduleSeconds: readonly number[],
  answered?: OutcomeRef,
): Promise<RefundChangeResult> {
  const recorded = await recordChange(
    refundLifecycle,
    tx,
    current,
    change,
    now,
    { refunds, scheduleSeconds },
    answered === undefined ? {} : { answered },
  );
  if (recorded.kind === 'stale') return recorded;
  if (recorded.kind === 'refused') return { kind: 'refused', refund: recorded.row };
  return { kind: 'changed', refund: recorded.row, statusChanged: recorded.statusChanged };
}
