import { paymentFromNew, type NewPayment, type Payment, type PaymentRepository, type Tx } from '#libs/db';
import { storeNew } from '../lifecycle/record-change.js';
import type { PaymentMoveHooks } from './payment-extensions.js';
import { paymentLifecycle } from './payment-lifecycle.js';
import type { PaymentRules } from './payment-rules.js';

/**
 * Stores a new payment in the caller's transaction, with what storeNewPayment writes beside it
 * on the shared pool: the row, its PAYMENT_STATUS_CHANGED creation event and its timer, as the
 * payment's lifecycle declares them (storeNew). For a caller that writes another aggregate with
 * it (a payment link's count), so that the two commit together, on the transaction's own
 * connection.
 */
export function storePaymentInTransaction(
  tx: Tx,
  payments: PaymentRepository,
  row: NewPayment,
  now: Date,
  rules: PaymentRules,
  hooks: PaymentMoveHooks,
): Promise<Payment> {
  return storeNew(paymentLifecycle(hooks), tx, paymentFromNew(row), now, {
    payments,
    scheduleSeconds: rules.defaultScheduleSeconds,
  });
}
