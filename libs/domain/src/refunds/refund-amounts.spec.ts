import { describe, expect, it } from 'vitest';
import { addRefund, paymentRefundStatus, refundFits, remainingRefundAmount } from './refund-amounts.js';

describe('refund amounts', () => {
  it.each([
    ['10.50', '0', 'NONE'],
    ['10.50', '0.01', 'PARTIAL'],
    ['10.50', '10.49', 'PARTIAL'],
    ['10.50', '10.5', 'FULL'],
    ['10.50', '10.5000', 'FULL'],
  ] as const)('paid %s, refunded %s: %s', (paid, refunded, status) => {
    expect(paymentRefundStatus(paid, refunded)).toBe(status);
  });

  it('fits a refund only up to the amount paid, in decimals', () => {
    expect(refundFits('10.50', '10.00', '0.50')).toBe(true);
    expect(refundFits('10.50', '10.00', '0.51')).toBe(false);
    expect(refundFits('0.3', '0.1', '0.2')).toBe(true);
  });

  it('keeps the remaining amount and the counted sum exact and never negative', () => {
    expect(remainingRefundAmount('10.50', '0.1')).toBe('10.4');
    expect(remainingRefundAmount('10.50', '11')).toBe('0');
    expect(addRefund('0.1', '0.2', 1)).toBe('0.3');
    expect(addRefund('0.3', '0.2', -1)).toBe('0.1');
    expect(addRefund('0.1', '0.2', -1)).toBe('0');
  });
});
