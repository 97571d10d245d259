import { JOB_QUEUE, type PayloadOf } from '#libs/common';
import type { Refund, RefundChange, RefundOriginal, RefundRepository } from '#libs/db';
import {
  addRefund,
  paymentRefundStatus,
  refundStatusMachine,
  UNCOUNTED_REFUND_STATUSES,
  type RefundStatus,
} from '#libs/domain';
import type { Lifecycle, LifecycleTimer } from '../lifecycle/lifecycle.js';
import { refundEventPayload } from './refund-view.js';

/** What a refund's move needs beyond its row: its repository (bound to the transaction) and the bank's poll schedule. */
export interface RefundMoveContext {
  readonly refunds: RefundRepository;
  readonly scheduleSeconds: readonly number[];
}

/** The id of a refund's one timer row. */
export function refundTimerId(refundId: string): string {
  return `refunds.poll:${refundId}`;
}

/**
 * When the refund's timer fires next: at once while it waits to be sent to the bank, then by the
 * poll schedule while the bank has it; at its poll limit at the latest; none once final.
 */
export function nextRefundTimer(refund: Refund, now: Date, scheduleSeconds: readonly number[]): Date | null {
  if (refundStatusMachine.isFinal(refund.status)) return null;
  if (refund.status === 'INITIATION_PENDING' && refund.bankTransactionId === null && refund.pollCount === 0) return now;
  const seconds = scheduleSeconds[Math.min(refund.pollCount, scheduleSeconds.length - 1)] ?? 60;
  const due = new Date(now.getTime() + seconds * 1000);
  return due > refund.pollUntil ? refund.pollUntil : due;
}

/** The refund's timer row for its current state, or null once final. */
export function refundTimer(refund: Refund, now: Date, scheduleSeconds: readonly number[]): LifecycleTimer | null {
  const due = nextRefundTimer(refund, now, scheduleSeconds);
  if (due === null) return null;
  const payload: PayloadOf<'refunds.poll'> = { name: 'refunds.poll', refundId: refund.id };
  return { id: refundTimerId(refund.id), queue: JOB_QUEUE['refunds.poll'], payload, dueAt: due };
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

/**
 * The lifecycle of a refund: the refund status machine; a status move first locks the original
 * payment (or transfer), as a new refund locks it; a move writes REFUND_STATUS_CHANGED and resets
 * the `refunds.poll` timer; what follows: the original's sums (a rejected or failed refund stops
 * counting; a completed one is settled).
 */
export const refundLifecycle: Lifecycle<Refund, RefundChange, RefundStatus, RefundMoveContext, RefundOriginal | null> =
  {
    name: 'refund',
    machine: refundStatusMachine,
    statusOf: (refund) => refund.status,
    proposedStatusOf: (change) => change.status,
    idOf: (refund) => refund.id,
    prepare: (_tx, current, _to, { refunds }) => refunds.lockOriginal(current.memberId, current.originalPaymentId),
    update: (tx, current, change, { refunds }) => refunds.in(tx).update(current, change),
    events: (refund) => [
      {
        memberId: refund.memberId,
        type: 'REFUND_STATUS_CHANGED',
        payload: refundEventPayload(refund),
        createdAt: refund.updatedAt,
      },
    ],
    timer: (refund, now, { scheduleSeconds }) => refundTimer(refund, now, scheduleSeconds),
    timerId: refundTimerId,
    async follow(tx, { before, after, context, prepared: original }) {
      const from = before.status;
      const to = after.status;
      const uncounted = UNCOUNTED_REFUND_STATUSES.has(to) && !UNCOUNTED_REFUND_STATUSES.has(from);
      const settled = to === 'INITIATION_COMPLETED';
      if (original !== null && (uncounted || settled))
        await context.refunds
          .in(tx)
          .setOriginalSums(original, sumsAfter(original, before.amount.toFixed(), uncounted ? -1 : 0, settled));
      return undefined;
    },
  };
