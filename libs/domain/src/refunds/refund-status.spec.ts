import { describe, expect, it } from 'vitest';
import {
  REFUND_STATUSES,
  REFUND_TRANSITIONS,
  decideRefundMove,
  refundStatusMachine,
  type RefundStatus,
} from './refund-status.js';

/** The table written out independently of REFUND_TRANSITIONS: every allowed (from, to) pair. */
const ENDS: readonly RefundStatus[] = [
  'INITIATION_COMPLETED',
  'INITIATION_REJECTED',
  'INITIATION_FAILED',
  'INITIATION_NO_FINAL_STATUS_AVAILABLE',
];
const ALLOWED: Readonly<Record<RefundStatus, readonly RefundStatus[]>> = {
  INITIATION_PENDING: ['INITIATION_PROCESSING', ...ENDS],
  INITIATION_PROCESSING: ENDS,
  INITIATION_COMPLETED: [],
  INITIATION_REJECTED: [],
  INITIATION_FAILED: [],
  INITIATION_NO_FINAL_STATUS_AVAILABLE: [],
};

describe('the refund status machine', () => {
  it("covers exactly the reference's six StatusRefund values", () => {
    expect(Object.keys(REFUND_TRANSITIONS).sort()).toEqual([...REFUND_STATUSES].sort());
    expect(REFUND_STATUSES).toHaveLength(6);
  });

  for (const from of REFUND_STATUSES) {
    for (const to of REFUND_STATUSES) {
      const allowed = ALLOWED[from].includes(to);
      it(`${from} -> ${to}: ${allowed ? 'allowed' : 'refused'}`, () => {
        expect(refundStatusMachine.canMove(from, to)).toBe(allowed);
        const decision = decideRefundMove(from, to);
        if (refundStatusMachine.isFinal(from)) expect(decision).toBe('refuse');
        else if (from === to) expect(decision).toBe('stay');
        else expect(decision).toBe(allowed ? 'move' : 'refuse');
      });
    }
  }

  it('has the four ends final and the two waiting statuses not', () => {
    expect(REFUND_STATUSES.filter((status) => refundStatusMachine.isFinal(status))).toEqual(ENDS);
  });
});
