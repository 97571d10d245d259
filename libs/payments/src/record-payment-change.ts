import { JOB_QUEUE, type PayloadOf } from '#libs/common';
import { payments, scheduledJobs, type NewPayment, type Payment, type PaymentChange, type Tx } from '#libs/db';
import { decidePaymentMove, nextPaymentTimer, type PaymentStatus } from '#libs/domain';
import { writeOutboxEvent } from '#libs/events';
import type { PaymentRules } from './payment-rules.js';
import { paymentEventPayload } from './payment-view.js';

/** The id of a payment's one timer row. */
export function paymentTimerId(paymentId: string): string {
  return `payments.poll:${paymentId}`;
}

/** Sets (or clears) the payment's timer for its current state, in the caller's transaction. */
export async function schedulePaymentTimer(tx: Tx, payment: Payment, now: Date, scheduleSeconds: readonly number[]): Promise<Date | null> {
  const due = nextPaymentTimer({
    status: payment.status as PaymentStatus,
    now,
    expiresAt: payment.expiresAt,
    pollUntil: payment.pollUntil,
    pollCount: payment.pollCount,
    scheduleSeconds,
    atBank: payment.bankConsentId !== null || payment.bankPaymentId !== null,
  });
  const id = paymentTimerId(payment.id);
  if (due === null) {
    await scheduledJobs.deleteMany(tx, [id]);
    return null;
  }
  const payload: PayloadOf<'payments.poll'> = { name: 'payments.poll', paymentId: payment.id };
  await scheduledJobs.schedule(tx, id, payload, due, JOB_QUEUE['payments.poll']);
  return due;
}

async function announce(tx: Tx, payment: Payment): Promise<void> {
  await writeOutboxEvent(tx, { memberId: payment.memberId, type: 'PAYMENT_STATUS_CHANGED', payload: paymentEventPayload(payment), createdAt: payment.updatedAt });
}

/** Stores a new payment with its creation event and its first timer: one transaction. */
export async function recordNewPayment(tx: Tx, row: NewPayment, now: Date, rules: PaymentRules, scheduleSeconds: readonly number[]): Promise<Payment> {
  const payment = await payments.insert(tx, row);
  await announce(tx, payment);
  await schedulePaymentTimer(tx, payment, now, scheduleSeconds.length > 0 ? scheduleSeconds : rules.defaultScheduleSeconds);
  return payment;
}

export type ChangeResult =
  | { readonly kind: 'changed'; readonly payment: Payment; readonly statusChanged: boolean }
  /** The status machine does not allow the move (e.g. the payment is already final). */
  | { readonly kind: 'refused'; readonly payment: Payment }
  /** Someone else changed the payment first; nothing was written. */
  | { readonly kind: 'stale' };

/**
 * Moves a payment, as one transaction: checks the move against the status machine, updates the
 * row only if it is still at the version read, writes PAYMENT_STATUS_CHANGED when the status
 * changes, and resets the timer for the new state. Staying in a status (new bank details, a
 * repeated embedded step) updates the row without an event. Final statuses never change.
 */
export async function recordPaymentChange(
  tx: Tx,
  current: Payment,
  change: PaymentChange,
  now: Date,
  rules: PaymentRules,
  scheduleSeconds: readonly number[],
): Promise<ChangeResult> {
  const decision = decidePaymentMove(current.status as PaymentStatus, change.status as PaymentStatus);
  if (decision === 'refuse') return { kind: 'refused', payment: current };
  const statusChanged = decision === 'move';
  const updated = await payments.update(tx, current, change);
  if (updated === null) return { kind: 'stale' };
  if (statusChanged) await announce(tx, updated);
  await schedulePaymentTimer(tx, updated, now, scheduleSeconds.length > 0 ? scheduleSeconds : rules.defaultScheduleSeconds);
  return { kind: 'changed', payment: updated, statusChanged };
}
