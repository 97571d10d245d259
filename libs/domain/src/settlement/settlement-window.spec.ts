import { describe, expect, it } from 'vitest';
import { PAYMENT_LOCAL_INSTRUMENTS } from '../shared/payment-fields.js';
import { settlementWindowDays, settlementWindowEnd, windowEndedReason } from './settlement-window.js';

describe('settlement window', () => {
  it('is 15 days for SEPA and SEPA_INSTANT and 1 day for every other rail', () => {
    for (const rail of PAYMENT_LOCAL_INSTRUMENTS)
      expect(settlementWindowDays(rail)).toBe(rail === 'SEPA' || rail === 'SEPA_INSTANT' ? 15 : 1);
    expect(settlementWindowDays('SOMETHING_ELSE')).toBe(1);
  });

  it('ends that many days after the bank\u2019s final status', () => {
    const from = new Date('2026-11-27T10:00:00.000Z');
    expect(settlementWindowEnd('SEPA', from).toISOString()).toBe('2026-12-12T10:00:00.000Z');
    expect(settlementWindowEnd('FASTER_PAYMENTS', from).toISOString()).toBe('2026-11-28T10:00:00.000Z');
  });

  it('says why the payment is incomplete, within 256 characters', () => {
    expect(windowEndedReason('SEPA')).toContain('15 days');
    expect(windowEndedReason('FASTER_PAYMENTS')).toContain('(1 day)');
    expect(windowEndedReason('SEPA').length).toBeLessThanOrEqual(256);
  });
});
