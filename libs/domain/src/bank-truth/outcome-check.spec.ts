import { describe, expect, it } from 'vitest';
import { OPERATOR_FLAG_AFTER_MS, askAgainDelaySeconds, isDueForOperator, nextAskAt } from './outcome-check.js';

describe('asking the bank again', () => {
  it('backs off from 30 seconds to an hour, and stays at an hour', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 50].map(askAgainDelaySeconds)).toEqual([
      30, 60, 120, 300, 600, 1_800, 3_600, 3_600, 3_600,
    ]);
    expect(nextAskAt(new Date('2026-01-01T00:00:00Z'), 1).toISOString()).toBe('2026-01-01T00:01:00.000Z');
  });

  it('flags a check for an operator once, 24 hours after the call', () => {
    const since = new Date('2026-01-01T00:00:00Z');
    const at = (ms: number): Date => new Date(since.getTime() + ms);
    expect(isDueForOperator({ since, flaggedAt: null }, at(OPERATOR_FLAG_AFTER_MS - 1))).toBe(false);
    expect(isDueForOperator({ since, flaggedAt: null }, at(OPERATOR_FLAG_AFTER_MS))).toBe(true);
    expect(isDueForOperator({ since, flaggedAt: at(OPERATOR_FLAG_AFTER_MS) }, at(2 * OPERATOR_FLAG_AFTER_MS))).toBe(
      false,
    );
  });
});
