import { describe, expect, it } from 'vitest';
import { ruleNeedsPayeeCheck, rulePayeeDecision } from './rule-payee-check.js';

const check = { id: 'avr-1', details: '' };

describe('the payee check of a rule run', () => {
  it('pays on MATCH and VERIFICATION_NOT_POSSIBLE, naming the check', () => {
    for (const status of ['MATCH', 'VERIFICATION_NOT_POSSIBLE'])
      expect(rulePayeeDecision({ ...check, status }, 'Jane Doe')).toEqual({
        kind: 'pay',
        accountVerificationId: 'avr-1',
      });
  });

  it('does not pay on CLOSE_MATCH, naming the holder and the name given', () => {
    const decision = rulePayeeDecision({ ...check, status: 'CLOSE_MATCH', matchedName: 'Jane Doe' }, 'J Doe');
    expect(decision).toEqual({
      kind: 'refuse',
      reason:
        'PAYEE_CLOSE_MATCH: the payee check found the account held by "Jane Doe", not "J Doe"; a rule pays only under the name it was given',
    });
  });

  it('does not pay on NO_MATCH or an outcome it does not know', () => {
    expect(rulePayeeDecision({ ...check, status: 'NO_MATCH' }, 'Someone')).toEqual({
      kind: 'refuse',
      reason: 'PAYEE_NO_MATCH: the payee check found that "Someone" does not hold the account',
    });
    expect(rulePayeeDecision({ ...check, status: 'MAYBE' }, 'Someone').kind).toBe('refuse');
  });

  it('is needed for EUR rules only', () => {
    expect(ruleNeedsPayeeCheck('EUR')).toBe(true);
    expect(ruleNeedsPayeeCheck('GBP')).toBe(false);
  });
});
