import { Decimal } from 'decimal.js';

/** A payment's refund status (the reference's paymentRefundStatus / transferRefundStatus). */
export const PAYMENT_REFUND_STATUSES = ['NONE', 'PARTIAL', 'FULL'] as const;
export type PaymentRefundStatus = (typeof PAYMENT_REFUND_STATUSES)[number];

/** Counted refunds (not rejected or failed) against the amount paid: none, part of it, or all. */
export function paymentRefundStatus(paid: string, refunded: string): PaymentRefundStatus {
  const sum = new Decimal(refunded);
  if (sum.lessThanOrEqualTo(0)) return 'NONE';
  return sum.greaterThanOrEqualTo(paid) ? 'FULL' : 'PARTIAL';
}

/** What may still be refunded: the amount paid less the refunds that count, never below zero. */
export function remainingRefundAmount(paid: string, refunded: string): string {
  return Decimal.max(new Decimal(paid).minus(refunded), 0).toFixed();
}

/** Whether a refund of `amount` fits beside the refunds already counted. */
export function refundFits(paid: string, refunded: string, amount: string): boolean {
  return new Decimal(refunded).plus(amount).lessThanOrEqualTo(paid);
}

/** The counted sum after a refund is added (`sign` 1) or stops counting (`sign` -1). */
export function addRefund(refunded: string, amount: string, sign: 1 | -1): string {
  return Decimal.max(new Decimal(refunded).plus(new Decimal(amount).times(sign)), 0).toFixed();
}
