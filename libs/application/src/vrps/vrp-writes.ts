import { JOB_QUEUE, type PayloadOf } from '#libs/common';
import {
  paymentAfterChange,
  type NewPaymentEvent,
  type NewPaymentTimer,
  type Payment,
  type PaymentChange,
  type PaymentRepository,
  type PrismaService,
} from '#libs/db';
import { decidePaymentMove, nextPaymentTimer, type PaymentStatus } from '#libs/domain';
import { prepareOutboxEvent, wakeOutboxRelay } from '#libs/events';
import type { ChangeResult } from '../payments/record-payment-change.js';
import { paymentTimerId } from '../payments/record-payment-change.js';
import { paymentEventPayload } from '../payments/payment-view.js';
import { vrpEventPayload } from './vrp-view.js';

/**
 * What a VRP's status change writes beside its row, for the one-statement writes of its request
 * path: PAYMENT_STATUS_CHANGED and VRP_STATUS_CHANGED for the payment as it stands (the rows the
 * locked path's announcePayment writes), and the payment's timer for its state.
 */
export function vrpEvents(payment: Payment): readonly NewPaymentEvent[] {
  const payment_ = prepareOutboxEvent({
    memberId: payment.memberId,
    type: 'PAYMENT_STATUS_CHANGED',
    payload: paymentEventPayload(payment),
    createdAt: payment.updatedAt,
  });
  const vrp = prepareOutboxEvent({
    memberId: payment.memberId,
    type: 'VRP_STATUS_CHANGED',
    payload: vrpEventPayload(payment),
    createdAt: payment.updatedAt,
  });
  return [
    { ...payment_, eventType: 'PAYMENT_STATUS_CHANGED', createdAt: payment.updatedAt },
    { ...vrp, eventType: 'VRP_STATUS_CHANGED', createdAt: payment.updatedAt },
  ];
}

/** The payment's timer row for its current state (as the payments' recorder sets it), or null. */
export function vrpTimer(payment: Payment, now: Date, scheduleSeconds: readonly number[]): NewPaymentTimer | null {
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

/**
 * The bank's answer to a VRP the request has just stored, recorded as its change without a lock
 * or an interactive transaction: the move checked against the status machine, then one statement
 * changes the row if it is still at that status and version and nobody holds it, writes both
 * events (when the status changes), sets or removes the timer and ends the initiation's outcome
 * check. 'stale' when nothing was written: the caller takes the locked path. Only for a VRP
 * whose change needs nothing else in its transaction (no settlement window, no payment link, no
 * new Account on File): the caller sends the others the locked way.
 */
export async function recordKnownVrpChange(
  prisma: PrismaService,
  payments: PaymentRepository,
  current: Payment,
  change: Omit<PaymentChange, 'pollCount'>,
  now: Date,
  scheduleSeconds: readonly number[],
): Promise<ChangeResult> {
  const decision = decidePaymentMove(current.status as PaymentStatus, change.status as PaymentStatus);
  if (decision === 'refuse') return { kind: 'refused', payment: current };
  const statusChanged = decision === 'move';
  const changed = paymentAfterChange(current, change);
  const timer = vrpTimer(changed, now, scheduleSeconds);
  const updated = await payments.updateVrpWithEvents(
    current,
    changed,
    statusChanged ? vrpEvents(changed) : [],
    timer === null ? { clear: paymentTimerId(changed.id) } : { set: timer },
  );
  if (updated === null) return { kind: 'stale' };
  if (statusChanged) wakeOutboxRelay(prisma.pool);
  return { kind: 'changed', payment: updated, statusChanged };
}
