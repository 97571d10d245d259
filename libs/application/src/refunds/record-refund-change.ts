import { JOB_QUEUE, type PayloadOf } from '#libs/common';
import {
  type RefundRepository,
  ScheduledJobRepository,
  type Refund,
  type RefundChange,
  type RefundOriginal,
  type Tx,
} from '#libs/db';
import {
  addRefund,
  decideRefundMove,
  paymentRefundStatus,
  refundStatusMachine,
  UNCOUNTED_REFUND_STATUSES,
  type RefundStatus,
} from '#libs/domain';
import { writeOutboxEvent } from '#libs/events';
import { refundEventPayload } from './refund-view.js';

/** The id of a refund's one timer row. */
export function refundTimerId(refundId: string): string {
  return `refunds.poll:${refundId}`;
}

/**
 * When the refund's timer fires next: at once while it waits to be sent to the bank, then by the
 * poll schedule while the bank has it; at its poll limit at the latest; none once final.
 */
export function nextRefundTimer(refund: Refund, now: Date, scheduleSeconds: readonly number[]): Date | null {
  if (refundStatusMachine.isFinal(refund.status as RefundStatus)) return null;
  if (refund.status === 'INITIATION_PENDING' && refund.bankTransactionId === null && refund.pollCount === 0) return now;
  const seconds = scheduleSeconds[Math.min(refund.pollCount, scheduleSeconds.length - 1)] ?? 60;
  const due = new Date(now.getTime() + seconds * 1000);
  return due > refund.pollUntil ? refund.pollUntil : due;
}

/** Sets (or clears) the refund's timer for its current state, in the caller's transaction. */
export async function scheduleRefundTimer(
  tx: Tx,
  refund: Refund,
  now: Date,
  scheduleSeconds: readonly number[],
): Promise<void> {
  const timers = new ScheduledJobRepository(tx);
  const due = nextRefundTimer(refund, now, scheduleSeconds);
  if (due === null) {
    await timers.remove([refundTimerId(refund.id)]);
    return;
  }
  const payload: PayloadOf<'refunds.poll'> = { name: 'refunds.poll', refundId: refund.id };
  await timers.schedule(refundTimerId(refund.id), payload, due, JOB_QUEUE['refunds.poll']);
}

async function announce(tx: Tx, refund: Refund): Promise<void> {
  await writeOutboxEvent(tx, {
    memberId: refund.memberId,
    type: 'REFUND_STATUS_CHANGED',
    payload: refundEventPayload(refund),
    createdAt: refund.updatedAt,
  });
}

/** The original's sums once `amount` is counted in (1) or out (-1), and whether it settled. */
function sumsAfter(
  original: RefundOriginal,
  amount: string,
  counted: 0 | 1 | -1,
  settled: boolean,
): { readonly refundedAmount: string; readonly settledRefundAmount: string; readonly refundStatus: string } {
  const refundedAmount = counted === 0 ? original.refundedAmount : addRefund(original.refundedAmount, amount, counted);
  return {
    refundedAmount,
    settledRefundAmount: settled
      ? addRefund(original.settledRefundAmount, amount, 1)
      : addRefund(original.settledRefundAmount, '0', 1),
    refundStatus: paymentRefundStatus(original.amount, refundedAmount),
  };
}

export type RefundChangeResult =
  | { readonly kind: 'changed'; readonly refund: Refund; readonly statusChanged: boolean }
  | { readonly kind: 'refused'; readonly refund: Refund }
  | { readonly kind: 'stale' };

/**
 * Moves a refund, in the caller's transaction (`refunds` bound to it): the original is locked first (as a new refund
 * locks it), then the move is checked against the status machine, the row updated only at the
 * version read, REFUND_STATUS_CHANGED written when the status changes, the original's sums
 * updated (a rejected or failed refund stops counting; a completed one is settled) and the
 * timer reset. Final statuses never change.
 */
export async function recordRefundChange(
  tx: Tx,
  refunds: RefundRepository,
  current: Refund,
  change: RefundChange,
  now: Date,
  scheduleSeconds: readonly number[],
): Promise<RefundChangeResult> {
  const from = current.status as RefundStatus;
  const to = change.status as RefundStatus;
  const decision = decideRefundMove(from, to);
  if (decision === 'refuse') return { kind: 'refused', refund: current };
  const statusChanged = decision === 'move';
  const original = statusChanged ? await refunds.lockOriginal(current.memberId, current.originalPaymentId) : null;
  const updated = await refunds.update(current, change);
  if (updated === null) return { kind: 'stale' };
  if (statusChanged) {
    const uncounted = UNCOUNTED_REFUND_STATUSES.has(to) && !UNCOUNTED_REFUND_STATUSES.has(from);
    const settled = to === 'INITIATION_COMPLETED';
    if (original !== null && (uncounted || settled))
      await refunds.setOriginalSums(
        original,
        sumsAfter(original, current.amount.toFixed(), uncounted ? -1 : 0, settled),
      );
    await announce(tx, updated);
  }
  await scheduleRefundTimer(tx, updated, now, scheduleSeconds);
  return { kind: 'changed', refund: updated, statusChanged };
}
