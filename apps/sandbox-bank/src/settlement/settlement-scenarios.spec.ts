import { describe, expect, it } from 'vitest';
import { creditScenarioOf, garbled } from './settlement-scenarios.js';

describe('creditScenarioOf', () => {
  it.each([
    ['INV-1 thanks', { kind: 'immediate' }],
    ['INV-1 settle-after-336h', { kind: 'after', hours: 336 }],
    ['settle-after-24h', { kind: 'after', hours: 24 }],
    ['INV-1 SETTLE-NEVER', { kind: 'never' }],
    ['INV-1 settle-amount-9.99', { kind: 'amount', amount: '9.99' }],
    ['settle-amount-12', { kind: 'amount', amount: '12' }],
    ['INV-1 settle-garbled-ref', { kind: 'garbled-ref' }],
    // Not markers: a marker must end where the word ends.
    ['settle-after-24hours', { kind: 'immediate' }],
    ['settle-amount-1.2.3', { kind: 'immediate' }],
    ['settle-later', { kind: 'immediate' }],
  ])('%s', (remittance, scenario) => {
    expect(creditScenarioOf(remittance)).toEqual(scenario);
  });

  it('garbles a reference into one that no longer contains it', () => {
    expect(garbled('ref-123')).toBe('GARBLED-321-fer');
    expect(garbled('ref-123')).not.toContain('ref-123');
  });
});
