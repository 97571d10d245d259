import { describe, expect, it } from 'vitest';
import {
  PAYOUT_RELEASING_STATUSES,
  PAYOUT_STATUSES,
  PAYOUT_TRANSITIONS,
  decidePayoutMove,
  payoutStatusMachine,
  type PayoutStatus,
} from './payout-status.js';

/** The table written out independently of PAYOUT_TRANSITIONS: every allowed (from, to) pair. */
const ENDS: readonly PayoutStatus[] = ['INITIATION_COMPLETED', 'INITIATION_REJECTED', 'INITIATION_FAILED'];
const ALLOWED: Readonly<Record<PayoutStatus, readonly PayoutStatus[]>> = {
  INITIATION_PENDING: ['INITIATION_PROCESSING', ...ENDS],
  INITIATION_PROCESSING: ENDS,
  INITIATION_COMPLETED: [],
  INITIATION_REJECTED: [],
  INITIATION_FAILED: [],
};

describe('the payout status machine', () => {
  it("covers exactly the reference's five PayoutStatus values", () => {
    expect(Object.keys(PAYOUT_TRANSITIONS).sort()).toEqual([...PAYOUT_STATUSES].sort());
    expect(PAYOUT_STATUSES).toHaveLength(5);
  });

  for (const from of PAYOUT_STATUSES) {
    for (const to of PAYOUT_STATUSES) {
      const allowed = ALLOWED[from].includes(to);
      it(`${from} -> ${to}: ${allowed ? 'allowed' : 'refused'}`, () => {
        expect(payoutStatusMachine.canMove(from, to)).toBe(allowed);
        const decision = decidePayoutMove(from, to);
        if (payoutStatusMachine.isFinal(from)) expect(decision).toBe('refuse');
        else if (from === to) expect(decision).toBe('stay');
        else expect(decision).toBe(allowed ? 'move' : 'refuse');
      });
    }
  }

  it('has the three ends final and the two waiting statuses not', () => {
    expect(PAYOUT_STATUSES.filter((status) => payoutStatusMachine.isFinal(status))).toEqual(ENDS);
  });

  it('releases the reservation on a rejection or failure only', () => {
    expect([...PAYOUT_RELEASING_STATUSES].sort()).toEqual(['INITIATION_FAILED', 'INITIATION_REJECTED']);
  });
});
