import { paymentFromNew, type NewPayment, type Payment, type PaymentRepository, type Tx } from '#libs/db';
import type { PaymentMoveHooks } from './payment-extensions.js';
import type { PaymentRules } from './payment-rules.js';
import { announcePayment, schedulePaymentTimer } from './record-payment-change.js';

/**
 * Stores a new payment in the caller's transaction, with what storeNewPayment writes beside it
 * on the shared pool: the row, its PAYMENT_STATUS_CHANGED creation event and its timer. For a
 * caller that writes another aggregate with it (a payment link's count), so that the two commit
 * together, on the transaction's own connection.
 */
export async function storePaymentInTransaction(
  tx: Tx,
  payments: PaymentRepository,
  row: NewPayment,
  now: Date,
  rules: PaymentRules,
  hooks: PaymentMoveHooks,
): Promise<Payment> {
  const payment = paymentFromNew(row);
  await payments.in(tx).insert(payment);
  await announcePayment(tx, payment, hooks);
  await schedulePaymentTimer(tx, payment, now, rules.defaultScheduleSeconds);
  return payment;
}
