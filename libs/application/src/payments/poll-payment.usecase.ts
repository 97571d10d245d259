import type { PayloadOf } from '#libs/common';
import type { JobContext } from '../jobs/job-context.js';

/**
 * A payment's timer fired: poll the bank, or apply the expiry / 30-day / lost-initiation rule
 * (PaymentProgression.poll). Safe to run twice: every move is checked against the current row.
 */
export async function pollPayment(payload: PayloadOf<'payments.poll'>, context: JobContext): Promise<string> {
  const result = await context.payments.poll(payload.paymentId);
  if (result === undefined) return 'unchanged';
  if (result.kind === 'changed') return result.payment.status;
  return result.kind;
}
