import {
  paymentAfterChange,
  type NewPaymentEvent,
  type NewPaymentTimer,
  type Payment,
  type PaymentChange,
  type PaymentRepository,
  type PrismaService,
} from '#libs/db';
import { wakeOutboxRelay } from '#libs/events';
import { plannedChange, plannedEvents } from '../lifecycle/planned-change.js';
import type { PaymentMoveHooks } from '../payments/payment-extensions.js';
import { paymentLifecycle, paymentTimer } from '../payments/payment-lifecycle.js';
import {
  statementEvents,
  statementTimer,
  statementTimerChange,
  type ChangeResult,
} from '../payments/record-payment-change.js';

/**
 * What a VRP's creation writes beside its row, for the one statement of its request path, as the
 * payment's lifecycle declares it: PAYMENT_STATUS_CHANGED and VRP_STATUS_CHANGED for the payment
 * as it stands.
 */
export function vrpEvents(payment: Payment, hooks: PaymentMoveHooks): readonly NewPaymentEvent[] {
  return statementEvents(plannedEvents(paymentLifecycle(hooks).events(payment, null)));
}

/** The payment's timer row for its current state, as the payment's lifecycle declares it, or null. */
export function vrpTimer(payment: Payment, now: Date, scheduleSeconds: readonly number[]): NewPaymentTimer | null {
  const timer = paymentTimer(payment, now, scheduleSeconds);
  return timer === null ? null : statementTimer(timer);
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
  hooks: PaymentMoveHooks,
): Promise<ChangeResult> {
  const changed = paymentAfterChange(current, change);
  const planned = plannedChange(paymentLifecycle(hooks), current, changed, now, { payments, scheduleSeconds });
  if (planned === 'refused') return { kind: 'refused', payment: current };
  const statusChanged = planned.statusChanged;
  const updated = await payments.updateVrpWithEvents(
    current,
    changed,
    statementEvents(planned.events),
    statementTimerChange(planned.timer),
  );
  if (updated === null) return { kind: 'stale' };
  if (statusChanged) wakeOutboxRelay(prisma.pool);
  return { kind: 'changed', payment: updated, statusChanged };
}
