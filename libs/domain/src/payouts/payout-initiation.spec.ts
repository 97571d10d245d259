import { describe, expect, it } from 'vitest';
import { newAccountVerificationId, newPayoutId } from './payout-initiation.js';

describe('ids', () => {
  it('gives payouts po: ids and verifications avr- ULIDs sorted by time', () => {
    expect(newPayoutId()).toMatch(/^po:[1-9A-HJ-NP-Za-km-z]{24}$/);
    const first = newAccountVerificationId(new Date('2026-01-01T00:00:00Z'));
    const later = newAccountVerificationId(new Date('2026-01-01T00:00:01Z'));
    expect(first).toMatch(/^avr-[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(first < later).toBe(true);
  });
});
