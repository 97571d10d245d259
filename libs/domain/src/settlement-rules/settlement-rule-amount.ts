import { checkAmountValue, currencyMinorUnits } from '../shared/amount.js';
import { MINOR_UNIT_SCALE, toMinorUnits } from '../money/minor-units.js';

/** The reference's AmountType values: how a run sizes its payout. */
export const SETTLEMENT_RULE_AMOUNT_TYPES = ['FIXED_VALUE', 'PERCENTAGE', 'BALANCE_TO_RETAIN'] as const;
export type SettlementRuleAmountType = (typeof SETTLEMENT_RULE_AMOUNT_TYPES)[number];

export function isSettlementRuleAmountType(value: string): value is SettlementRuleAmountType {
  return (SETTLEMENT_RULE_AMOUNT_TYPES as readonly string[]).includes(value);
}

const HUNDRED_PERCENT = 100n * 10n ** BigInt(MINOR_UNIT_SCALE);

/**
 * amountValue for its amountType, for an account in `currency`: FIXED_VALUE an amount above zero
 * in the currency's minor unit; PERCENTAGE a share of the available balance above 0 and at most
 * 100 (up to 4 fraction digits); BALANCE_TO_RETAIN the amount left on the account after each
 * run, zero (sweep everything) or more, in the currency's minor unit.
 */
export function checkRuleAmountValue(
  amountType: SettlementRuleAmountType,
  value: string,
  currency: string,
): string | undefined {
  switch (amountType) {
    case 'FIXED_VALUE':
      return checkAmountValue(value, currency);
    case 'PERCENTAGE': {
      const problem = checkAmountValue(value);
      if (problem !== undefined) return `${problem} (a percentage)`;
      return toMinorUnits(value) > HUNDRED_PERCENT ? 'must be a percentage of at most 100' : undefined;
    }
    case 'BALANCE_TO_RETAIN':
      return /^0(?:\.0+)?$/.test(value) ? undefined : checkAmountValue(value, currency);
  }
}

/** What a run pays, in 1/10^4 units, or why it cannot pay. */
export type RuleAmountDecision =
  { readonly kind: 'pay'; readonly amount: bigint } | { readonly kind: 'cannot-pay'; readonly reason: string };

/** The smallest amount the currency moves, in 1/10^4 units (a cent for EUR and GBP, 1 for JPY). */
export function currencyStep(currency: string): bigint {
  const digits = Math.min(currencyMinorUnits(currency) ?? 2, MINOR_UNIT_SCALE);
  return 10n ** BigInt(MINOR_UNIT_SCALE - digits);
}

/**
 * The payout of one run from the account's available balance (1/10^4 units): FIXED_VALUE pays
 * amountValue when the balance covers it; PERCENTAGE pays that share of the balance; BALANCE_TO_RETAIN
 * pays everything above amountValue. Computed shares are rounded down to the currency's minor unit,
 * so a run never pays more than the rule says. Nothing to pay (a zero result) or a balance short
 * of a fixed amount is a run that cannot pay, with the reason.
 */
export function ruleRunAmount(
  rule: { readonly amountType: SettlementRuleAmountType; readonly amountValue: string; readonly currency: string },
  available: bigint,
): RuleAmountDecision {
  const value = toMinorUnits(rule.amountValue);
  const step = currencyStep(rule.currency);
  if (available <= 0n) return { kind: 'cannot-pay', reason: 'INSUFFICIENT_FUNDS: the available balance is zero' };
  switch (rule.amountType) {
    case 'FIXED_VALUE':
      return available >= value
        ? { kind: 'pay', amount: value }
        : { kind: 'cannot-pay', reason: 'INSUFFICIENT_FUNDS: the available balance is below the fixed amount' };
    case 'PERCENTAGE': {
      const share = ((available * value) / HUNDRED_PERCENT / step) * step;
      return share > 0n
        ? { kind: 'pay', amount: share }
        : {
            kind: 'cannot-pay',
            reason: 'INSUFFICIENT_FUNDS: the percentage of the available balance rounds down to nothing',
          };
    }
    case 'BALANCE_TO_RETAIN': {
      const above = ((available - value) / step) * step;
      return above > 0n
        ? { kind: 'pay', amount: above }
        : {
            kind: 'cannot-pay',
            reason: 'INSUFFICIENT_FUNDS: the available balance is not above the balance to retain',
          };
    }
  }
}
