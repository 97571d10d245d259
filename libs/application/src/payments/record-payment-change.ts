import { JOB_QUEUE, type PayloadOf } from '#libs/common';
import {
  paymentAfterChange,
  paymentFromNew,
  ScheduledJobRepository,
  type PaymentRepository,
  type NewPayment,
  type NewPaymentEvent,
  type NewPaymentTimer,
  type Payment,
  type PaymentChange,
  type PrismaService,
  type Tx,
} from '#libs/db';
import { decidePaymentMove, nextPaymentTimer, type PaymentStatus } from '#libs/domain';
import { prepareOutboxEvent, wakeOutboxRelay, writeOutboxEvent } from '#libs/events';
import { giveBackLinkUse, openSettlementWindow, opensSettlementWindow, vrpEventPayload } from './payment-extensions.js';
import type { PaymentRules } from './payment-rules.js';
import { paymentEventPayload } from './payment-view.js';

/** The id of a payment's one timer row. */
export function paymentTimerId(paymentId: string): string {
  return `payments.poll:${paymentId}`;
}

/** The payment's timer row for its current state, or null when the state needs none. */
function paymentTimer(payment: Payment, now: Date, scheduleSeconds: readonly number[]): NewPaymentTimer | null {
  const due = nextPaymentTimer({
    status: payment.status as PaymentStatus,
    now,
    expiresAt: payment.expiresAt,
    pollUntil: payment.pollUntil,
    pollCount: payment.pollCount,
    scheduleSeconds,
    atBank: payment.bankConsentId !== null || payment.bankPaymentId !== null,
  });
  if (due === null) return null;
  const payload: PayloadOf<'payments.poll'> = { name: 'payments.poll', paymentId: payment.id };
  return {
    id: paymentTimerId(payment.id),
    queue: JOB_QUEUE['payments.poll'],
    jobName: payload.name,
    payload: { ...payload },
    dueAt: due,
  };
}

/** Sets (or clears) the payment's timer for its current state, in the caller's transaction. */
export async function schedulePaymentTimer(
  tx: Tx,
  payment: Payment,
  now: Date,
  scheduleSeconds: readonly number[],
): Promise<Date | null> {
  const timer = paymentTimer(payment, now, scheduleSeconds);
  if (timer === null) {
    await new ScheduledJobRepository(tx).remove([paymentTimerId(payment.id)]);
    return null;
  }
  await new ScheduledJobRepository(tx).schedule(
    timer.id,
    { name: 'payments.poll', paymentId: payment.id },
    timer.dueAt,
    timer.queue,
  );
  return timer.dueAt;
}

function creationEvent(payment: Payment) {
  return {
    memberId: payment.memberId,
    type: 'PAYMENT_STATUS_CHANGED',
    payload: paymentEventPayload(payment),
    createdAt: payment.updatedAt,
  } as const;
}

/**
 * PAYMENT_STATUS_CHANGED for the payment as it now stands, and for a variable recurring payment
 * (made under a VRP consent) VRP_STATUS_CHANGED too, in the caller's transaction.
 */
export async function announcePayment(tx: Tx, payment: Payment): Promise<void> {
  await writeOutboxEvent(tx, creationEvent(payment));
  if (payment.vrpConsentId !== null)
    await writeOutboxEvent(tx, {
      memberId: payment.memberId,
      type: 'VRP_STATUS_CHANGED',
      payload: vrpEventPayload(payment),
      createdAt: payment.updatedAt,
    });
}

/** The PAYMENT_STATUS_CHANGED row announcing `payment` as it stands, for a statement of its own. */
function preparedEvent(payment: Payment): NewPaymentEvent {
  const { id, body } = prepareOutboxEvent(creationEvent(payment));
  return { id, body, eventType: 'PAYMENT_STATUS_CHANGED', createdAt: payment.updatedAt };
}

/**
 * Stores a new payment with its creation event and its first timer in one statement on the
 * shared pool (one round trip; the request path of POST /v2/payments). Writes exactly what
 * a status change writes: the row, its PAYMENT_STATUS_CHANGED event and its timer; the relay
 * is woken after the commit, one NOTIFY for the creations of a few milliseconds.
 */
export async function storeNewPayment(
  prisma: PrismaService,
  payments: PaymentRepository,
  row: NewPayment,
  now: Date,
  rules: PaymentRules,
  scheduleSeconds: readonly number[],
): Promise<Payment> {
  const payment = paymentFromNew(row);
  const timer = paymentTimer(payment, now, scheduleSeconds.length > 0 ? scheduleSeconds : rules.defaultScheduleSeconds);
  const stored = await payments.insertWithEvent(payment, preparedEvent(payment), timer);
  wakeOutboxRelay(prisma.pool);
  return stored;
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
 * changes, and resets the timer for the new state (a payment to a settlement account reaching
 * INITIATION_COMPLETED also gets its settlement window timer). Staying in a status (new bank details, a
 * repeated embedded step) updates the row without an event. Final statuses never change.
 */
export async function recordPaymentChange(
  payments: PaymentRepository,
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
  const updated = await payments.in(tx).update(current, change);
  if (updated === null) return { kind: 'stale' };
  if (statusChanged) await announcePayment(tx, updated);
  await schedulePaymentTimer(
    tx,
    updated,
    now,
    scheduleSeconds.length > 0 ? scheduleSeconds : rules.defaultScheduleSeconds,
  );
  if (statusChanged && opensSettlementWindow(updated)) await openSettlementWindow(tx, updated, now);
  if (statusChanged) await giveBackLinkUse(tx, updated, now);
  return { kind: 'changed', payment: updated, statusChanged };
}

/**
 * The same move as recordPaymentChange for a row the caller knows as it stands (the payment the
 * request has just stored), without a lock or an interactive transaction: checks the move
 * against the status machine, then one statement on the shared pool updates the row if it is
 * still at that status and version and nobody holds it, and with it writes the event (when the
 * status changes) and sets or removes the timer; the relay is woken after the commit. 'stale'
 * when nothing was written (the row moved on, or another transaction is moving it): the caller
 * reads it again, locked (PaymentProgression.change).
 */
export async function recordKnownPaymentChange(
  prisma: PrismaService,
  payments: PaymentRepository,
  current: Payment,
  change: Omit<PaymentChange, 'pollCount'>,
  now: Date,
  rules: PaymentRules,
  scheduleSeconds: readonly number[],
): Promise<ChangeResult> {
  const decision = decidePaymentMove(current.status as PaymentStatus, change.status as PaymentStatus);
  if (decision === 'refuse') return { kind: 'refused', payment: current };
  const statusChanged = decision === 'move';
  const changed = paymentAfterChange(current, change);
  const timer = paymentTimer(changed, now, scheduleSeconds.length > 0 ? scheduleSeconds : rules.defaultScheduleSeconds);
  const updated = await payments.updateWithEvent(
    current,
    changed,
    statusChanged ? preparedEvent(changed) : null,
    timer === null ? { clear: paymentTimerId(changed.id) } : { set: timer },
  );
  if (updated === null) return { kind: 'stale' };
  if (statusChanged) wakeOutboxRelay(prisma.pool);
  return { kind: 'changed', payment: updated, statusChanged };
}
