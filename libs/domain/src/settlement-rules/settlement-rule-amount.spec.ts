import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromMinorUnits, toMinorUnits } from '../money/minor-units.js';
import {
  SETTLEMENT_RULE_AMOUNT_TYPES,
  checkRuleAmountValue,
  currencyStep,
  ruleRunAmount,
  type SettlementRuleAmountType,
} from './settlement-rule-amount.js';

const units = (value: string): bigint => toMinorUnits(value);
const run = (amountType: SettlementRuleAmountType, amountValue: string, available: string, currency = 'EUR') =>
  ruleRunAmount({ amountType, amountValue, currency }, units(available));

describe('settlement rule amounts', () => {
  it("are exactly the reference's AmountType values", () => {
    expect(SETTLEMENT_RULE_AMOUNT_TYPES).toEqual(['FIXED_VALUE', 'PERCENTAGE', 'BALANCE_TO_RETAIN']);
  });

  it('checks amountValue for each type', () => {
    expect(checkRuleAmountValue('FIXED_VALUE', '10.50', 'EUR')).toBeUndefined();
    expect(checkRuleAmountValue('FIXED_VALUE', '0', 'EUR')).toBe('must be greater than 0');
    expect(checkRuleAmountValue('FIXED_VALUE', '10.505', 'EUR')).toMatch(/at most 2 digits/);
    expect(checkRuleAmountValue('FIXED_VALUE', '-1', 'EUR')).toMatch(/decimal string/);
    expect(checkRuleAmountValue('PERCENTAGE', '12.5', 'EUR')).toBeUndefined();
    expect(checkRuleAmountValue('PERCENTAGE', '100', 'EUR')).toBeUndefined();
    expect(checkRuleAmountValue('PERCENTAGE', '100.01', 'EUR')).toBe('must be a percentage of at most 100');
    expect(checkRuleAmountValue('PERCENTAGE', '0', 'EUR')).toBe('must be greater than 0 (a percentage)');
    expect(checkRuleAmountValue('BALANCE_TO_RETAIN', '0', 'EUR')).toBeUndefined();
    expect(checkRuleAmountValue('BALANCE_TO_RETAIN', '0.00', 'GBP')).toBeUndefined();
    expect(checkRuleAmountValue('BALANCE_TO_RETAIN', '250.00', 'GBP')).toBeUndefined();
    expect(checkRuleAmountValue('BALANCE_TO_RETAIN', 'all', 'GBP')).toMatch(/decimal string/);
  });

  it('pays a fixed amount only when the available balance covers it', () => {
    expect(run('FIXED_VALUE', '10.00', '10.00')).toEqual({ kind: 'pay', amount: units('10.00') });
    expect(run('FIXED_VALUE', '10.00', '9.99')).toEqual({
      kind: 'cannot-pay',
      reason: 'INSUFFICIENT_FUNDS: the available balance is below the fixed amount',
    });
    expect(run('FIXED_VALUE', '10.00', '0')).toEqual({
      kind: 'cannot-pay',
      reason: 'INSUFFICIENT_FUNDS: the available balance is zero',
    });
  });

  it('pays a percentage rounded down to the minor unit', () => {
    expect(run('PERCENTAGE', '50', '100.01')).toEqual({ kind: 'pay', amount: units('50.00') });
    expect(run('PERCENTAGE', '12.5', '80.00')).toEqual({ kind: 'pay', amount: units('10.00') });
    expect(run('PERCENTAGE', '100', '0.0199')).toEqual({ kind: 'pay', amount: units('0.01') });
    expect(run('PERCENTAGE', '33', '1000', 'JPY')).toEqual({ kind: 'pay', amount: units('330') });
    expect(run('PERCENTAGE', '1', '0.99').kind).toBe('cannot-pay');
  });

  it('pays what is above the balance to retain', () => {
    expect(run('BALANCE_TO_RETAIN', '0', '123.45')).toEqual({ kind: 'pay', amount: units('123.45') });
    expect(run('BALANCE_TO_RETAIN', '100.00', '123.45')).toEqual({ kind: 'pay', amount: units('23.45') });
    expect(run('BALANCE_TO_RETAIN', '100.00', '100.00').kind).toBe('cannot-pay');
    expect(run('BALANCE_TO_RETAIN', '100.00', '50.00').kind).toBe('cannot-pay');
  });

  it('never pays more than the balance, never a negative or fractional-cent amount, and leaves the retained balance', () => {
    const cents = fc.bigInt({ min: 1n, max: 10n ** 12n }).map((c) => c * currencyStep('EUR'));
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 14n }),
        fc.constantFrom(...SETTLEMENT_RULE_AMOUNT_TYPES),
        cents,
        fc.integer({ min: 1, max: 1_000_000 }),
        (available, amountType, money, percentTimes10k) => {
          const amountValue =
            amountType === 'PERCENTAGE' ? fromMinorUnits(BigInt(percentTimes10k)) : fromMinorUnits(money);
          const decision = ruleRunAmount({ amountType, amountValue, currency: 'EUR' }, available);
          if (decision.kind === 'cannot-pay') {
            expect(decision.reason).toMatch(/^INSUFFICIENT_FUNDS: /);
            return;
          }
          expect(decision.amount > 0n).toBe(true);
          expect(decision.amount <= available).toBe(true);
          expect(decision.amount % currencyStep('EUR')).toBe(0n);
          if (amountType === 'FIXED_VALUE') expect(decision.amount).toBe(money);
          if (amountType === 'BALANCE_TO_RETAIN') {
            expect(available - decision.amount >= money).toBe(true);
            expect(available - decision.amount - money < currencyStep('EUR')).toBe(true);
          }
          if (amountType === 'PERCENTAGE') {
            const exact = (available * BigInt(percentTimes10k)) / 1_000_000n;
            expect(exact - decision.amount < currencyStep('EUR')).toBe(true);
            expect(decision.amount <= exact).toBe(true);
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});
