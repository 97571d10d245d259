import type { NewPaymentEvent, NewPaymentTimer, Payment } from '#libs/db';
import { plannedEvents } from '../lifecycle/planned-change.js';
import type { PaymentMoveHooks } from '../payments/payment-extensions.js';
import { paymentLifecycle, paymentTimer } from '../payments/payment-lifecycle.js';
import { statementEvents, statementTimer } from '../payments/record-payment-change.js';

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
