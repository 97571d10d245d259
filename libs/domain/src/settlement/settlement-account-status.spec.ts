import { describe, expect, it } from 'vitest';
import {
  SETTLEMENT_ACCOUNT_PROVIDER_STATUSES,
  SETTLEMENT_ACCOUNT_STATUSES,
  SETTLEMENT_ACCOUNT_TRANSITIONS,
  isSettlementAccountOpened,
  settlementAccountStatusMachine,
  type SettlementAccountStatus,
} from './settlement-account-status.js';

/** The table written out independently of SETTLEMENT_ACCOUNT_TRANSITIONS: every allowed (from, to) pair. */
const ALLOWED: Readonly<Record<SettlementAccountStatus, readonly SettlementAccountStatus[]>> = {
  OPENING: ['ACTIVE', 'CLOSED', 'BLOCKED', 'CLIENT_BLOCKED', 'REFUSED'],
  ACTIVE: [],
  CLOSED: [],
  BLOCKED: [],
  CLIENT_BLOCKED: [],
  REFUSED: [],
};

describe('the settlement account status machine', () => {
  it("covers OPENING, the reference's four VirtualAccount statuses and REFUSED", () => {
    expect(Object.keys(SETTLEMENT_ACCOUNT_TRANSITIONS).sort()).toEqual([...SETTLEMENT_ACCOUNT_STATUSES].sort());
    expect([...SETTLEMENT_ACCOUNT_PROVIDER_STATUSES]).toEqual(['ACTIVE', 'CLOSED', 'BLOCKED', 'CLIENT_BLOCKED']);
    expect(SETTLEMENT_ACCOUNT_STATUSES).toHaveLength(6);
  });

  for (const from of SETTLEMENT_ACCOUNT_STATUSES) {
    for (const to of SETTLEMENT_ACCOUNT_STATUSES) {
      const allowed = ALLOWED[from].includes(to);
      it(`${from} -> ${to}: ${allowed ? 'allowed' : 'refused'}`, () => {
        expect(settlementAccountStatusMachine.canMove(from, to)).toBe(allowed);
        const decision = settlementAccountStatusMachine.decide(from, to);
        if (settlementAccountStatusMachine.isFinal(from)) expect(decision).toBe('refuse');
        else if (from === to) expect(decision).toBe('stay');
        else expect(decision).toBe(allowed ? 'move' : 'refuse');
      });
    }
  }

  it('has every status final but OPENING', () => {
    expect(SETTLEMENT_ACCOUNT_STATUSES.filter((status) => !settlementAccountStatusMachine.isFinal(status))).toEqual([
      'OPENING',
    ]);
  });

  it("counts an account opened once it has its provider's status, never while OPENING or once REFUSED", () => {
    expect(SETTLEMENT_ACCOUNT_STATUSES.filter(isSettlementAccountOpened)).toEqual([
      ...SETTLEMENT_ACCOUNT_PROVIDER_STATUSES,
    ]);
  });
});
