import { describe, expect, it } from 'vitest';
import { berlinGroupFrequency } from './berlin-group-periodic-frequency.js';
import { PERIODIC_PAYMENT_STATUS_OUTCOMES, mapPeriodicPaymentStatus } from './berlin-group.mappers.js';

describe('berlinGroupFrequency', () => {
  it("names the XS2A frequencyCode, with the start date's day for monthly and longer", () => {
    expect(berlinGroupFrequency('DAIL', '2030-03-31')).toEqual({ frequency: 'Daily' });
    expect(berlinGroupFrequency('WEEK', '2030-03-31')).toEqual({ frequency: 'Weekly' });
    expect(berlinGroupFrequency('MNTH', '2030-03-31')).toEqual({ frequency: 'Monthly', dayOfExecution: '31' });
    expect(berlinGroupFrequency('QUTR', '2030-01-05')).toEqual({ frequency: 'Quarterly', dayOfExecution: '05' });
    expect(berlinGroupFrequency('SEMI', '2030-01-15')).toEqual({ frequency: 'SemiAnnual', dayOfExecution: '15' });
    expect(berlinGroupFrequency('YEAR', '2030-02-28')).toEqual({ frequency: 'Annual', dayOfExecution: '28' });
  });

  it('twice weekly and twice monthly have no XS2A code: a 400 naming frequency', () => {
    for (const code of ['TOWK', 'TOMN'] as const)
      expect(() => berlinGroupFrequency(code, '2030-01-01')).toThrow(
        expect.objectContaining({ status: 400, paths: ['frequency'] }),
      );
  });
});

describe('mapPeriodicPaymentStatus', () => {
  it('reads a periodic payment accepted on the customer profile as set up, not pending as a single payment would be', () => {
    expect(mapPeriodicPaymentStatus('ACCP')).toEqual({ status: 'ACCP', outcome: 'COMPLETED' });
    expect(mapPeriodicPaymentStatus('PDNG')).toEqual({ status: 'PDNG', outcome: 'PENDING' });
    expect(mapPeriodicPaymentStatus('RCVD')).toEqual({ status: 'RCVD', outcome: 'AWAITING_AUTHORISATION' });
    expect(mapPeriodicPaymentStatus('CANC')).toEqual({ status: 'CANC', outcome: 'CANCELED' });
    expect(Object.keys(PERIODIC_PAYMENT_STATUS_OUTCOMES)).toHaveLength(15);
    expect(() => mapPeriodicPaymentStatus('XXXX')).toThrow();
  });
});
