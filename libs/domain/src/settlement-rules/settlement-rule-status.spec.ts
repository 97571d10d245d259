import { describe, expect, it } from 'vitest';
import {
  SETTLEMENT_RULE_STATUSES,
  SETTLEMENT_RULE_TRANSITIONS,
  decideSettlementRuleMove,
  isSettlementRuleStatus,
  refusalToDelete,
  settlementRuleStatusMachine,
  type SettlementRuleStatus,
} from './settlement-rule-status.js';

const FINAL: readonly SettlementRuleStatus[] = ['INACTIVE'];

/** The table written out independently of SETTLEMENT_RULE_TRANSITIONS: every allowed (from, to) pair. */
const ALLOWED: Readonly<Record<SettlementRuleStatus, readonly SettlementRuleStatus[]>> = {
  ACTIVE: ['INACTIVE'],
  INACTIVE: [],
};

describe('the settlement rule status machine', () => {
  it("covers exactly the reference's 2 SettlementRuleStatus values", () => {
    expect(SETTLEMENT_RULE_STATUSES).toEqual(['ACTIVE', 'INACTIVE']);
    expect(Object.keys(SETTLEMENT_RULE_TRANSITIONS).sort()).toEqual([...SETTLEMENT_RULE_STATUSES].sort());
    for (const status of SETTLEMENT_RULE_STATUSES) expect(isSettlementRuleStatus(status)).toBe(true);
    expect(isSettlementRuleStatus('active')).toBe(false);
    expect(isSettlementRuleStatus('DELETED')).toBe(false);
  });

  it('has exactly the expected final statuses', () => {
    expect(SETTLEMENT_RULE_STATUSES.filter((s) => settlementRuleStatusMachine.isFinal(s))).toEqual(FINAL);
  });

  it('decides every one of the 2x2 pairs: final refuses all, same status stays, others follow the table', () => {
    let pairs = 0;
    for (const from of SETTLEMENT_RULE_STATUSES) {
      for (const to of SETTLEMENT_RULE_STATUSES) {
        pairs += 1;
        const expected = FINAL.includes(from)
          ? 'refuse'
          : from === to
            ? 'stay'
            : ALLOWED[from].includes(to)
              ? 'move'
              : 'refuse';
        expect(decideSettlementRuleMove(from, to), `${from} -> ${to}`).toBe(expected);
        expect(settlementRuleStatusMachine.canMove(from, to), `${from} -> ${to}`).toBe(ALLOWED[from].includes(to));
      }
    }
    expect(pairs).toBe(4);
  });

  it('lets only an ACTIVE rule be deleted, naming why otherwise', () => {
    expect(refusalToDelete('ACTIVE')).toBeUndefined();
    expect(refusalToDelete('INACTIVE')).toBe('only an ACTIVE settlement rule can be deleted; this rule is INACTIVE');
  });
});
