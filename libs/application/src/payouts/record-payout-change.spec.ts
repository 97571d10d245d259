import { describe, expect, it } from 'vitest';
import type { PayoutStatus } from '#libs/domain';
import { nextPayoutTimer } from './record-payout-change.js';

const pollUntil = new Date('2026-12-25T00:00:00Z');
const processing: { readonly status: PayoutStatus; readonly pollCount: number; readonly pollUntil: Date } = {
  status: 'INITIATION_PROCESSING',
  pollCount: 0,
  pollUntil,
};

describe('nextPayoutTimer', () => {
  it('follows the poll schedule, never past the polling period, and stops once final', () => {
    const now = new Date('2026-12-01T00:00:00Z');
    expect(nextPayoutTimer(processing, now, [5, 60])).toEqual(new Date('2026-12-01T00:00:05Z'));
    expect(nextPayoutTimer({ ...processing, pollCount: 3 }, now, [5, 60])).toEqual(new Date('2026-12-01T00:01:00Z'));
    expect(nextPayoutTimer(processing, new Date('2026-12-24T23:59:59Z'), [5])).toEqual(pollUntil);
    for (const status of ['INITIATION_COMPLETED', 'INITIATION_REJECTED', 'INITIATION_FAILED'] as const)
      expect(nextPayoutTimer({ ...processing, status }, now, [5])).toBeNull();
  });

  it('past the polling period is due at once, whatever the provider last said (its next firing hands it to an outcome check)', () => {
    const late = new Date('2026-12-26T00:00:00Z');
    expect(nextPayoutTimer(processing, late, [5])).toEqual(pollUntil);
    expect(nextPayoutTimer({ ...processing, status: 'INITIATION_PENDING', pollCount: 9 }, late, [5])).toEqual(
      pollUntil,
    );
    expect(nextPayoutTimer({ ...processing, status: 'INITIATION_FAILED' }, late, [5])).toBeNull();
  });
});
