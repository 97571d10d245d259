import { describe, expect, it } from 'vitest';
import { SUB_TPP_STATUS_MACHINE, SUB_TPP_STATUSES, initialSubTppStatus, isSubTppActive } from './sub-tpp-status.js';

describe('sub-TPP status', () => {
  it('starts ACTIVATED in the old flow and AWAITING_APPROVAL in the new one', () => {
    expect(initialSubTppStatus(false)).toBe('ACTIVATED');
    expect(initialSubTppStatus(true)).toBe('AWAITING_APPROVAL');
  });

  it.each([
    ['AWAITING_APPROVAL', ['ACTIVATED', 'REJECTED', 'DEACTIVATED']],
    ['ACTIVATED', ['DEACTIVATED']],
    ['REJECTED', ['DEACTIVATED']],
    ['DEACTIVATED', []],
    ['INVALID_STATUS', []],
  ] as const)('%s moves only to %j', (from, allowed) => {
    for (const to of SUB_TPP_STATUSES)
      expect(SUB_TPP_STATUS_MACHINE.canMove(from, to), `${from} -> ${to}`).toBe(
        (allowed as readonly string[]).includes(to),
      );
  });

  it('only an ACTIVATED sub-TPP may be named by a payment', () => {
    expect(SUB_TPP_STATUSES.filter(isSubTppActive)).toEqual(['ACTIVATED']);
  });
});
