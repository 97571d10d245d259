import type { Payment, PaymentChange } from './payment-records.js';

/**
 * The row a change makes of `current` when it applies (the version one more, absent fields
 * kept): what the database holds after `PaymentRepository.updateWithEvents` wrote it, so its
 * event and timer can be built before the statement that writes them together.
 */
export function paymentAfterChange(current: Payment, change: PaymentChange): Payment {
  const next: Record<string, unknown> = { ...current, version: current.version + 1 };
  for (const [field, value] of Object.entries(change)) if (value !== undefined) next[field] = value;
  return next as unknown as Payment;
}
