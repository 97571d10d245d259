import type { SettlementRule, SettlementRulePayout } from '#libs/db';
import {
  formatEffectiveTime,
  fromMinorUnits,
  toMinorUnits,
  type PayeeAccount,
  type SettlementRuleTimeInterval,
} from '#libs/domain';

/** The reference's SettlementRule. */
export interface SettlementRuleResource {
  readonly settlementRuleId: string;
  readonly payerAccountId: string;
  readonly payeeAccountDetails: PayeeAccount;
  readonly amountType: string;
  readonly amountValue: string;
  readonly effectiveFrom?: string;
  readonly effectiveTo?: string;
  readonly timeInterval: string;
  readonly description?: string;
  readonly status: string;
}

export function renderSettlementRule(rule: SettlementRule): SettlementRuleResource {
  const interval = rule.timeInterval as SettlementRuleTimeInterval;
  return {
    settlementRuleId: rule.id,
    payerAccountId: rule.accountId,
    payeeAccountDetails: rule.payee as PayeeAccount,
    amountType: rule.amountType,
    amountValue: rule.amountValue,
    ...(rule.effectiveFrom === null ? {} : { effectiveFrom: formatEffectiveTime(interval, rule.effectiveFrom) }),
    ...(rule.effectiveTo === null ? {} : { effectiveTo: formatEffectiveTime(interval, rule.effectiveTo) }),
    timeInterval: rule.timeInterval,
    ...(rule.description === null ? {} : { description: rule.description }),
    status: rule.status,
  };
}

/** The reference's SettlementRulePayout: a run of a rule as the payout it made (or failed to make). */
export interface SettlementRulePayoutResource {
  readonly id: string;
  readonly memberId: string;
  readonly createdDateTime: string;
  readonly updatedDateTime: string;
  readonly status: string;
  readonly statusReasonInformation?: string;
  readonly initiation: {
    readonly description: string;
    readonly refId: string;
    readonly amount: { readonly value: string; readonly currency: string };
    readonly debtor: { readonly accountId: string };
    readonly creditor: PayeeAccount;
  };
  readonly reference: string;
  readonly description: string;
  readonly settlementRuleId: string;
}

export function renderSettlementRulePayout(
  run: SettlementRulePayout,
  payee: PayeeAccount,
): SettlementRulePayoutResource {
  return {
    id: run.payoutId ?? run.id,
    memberId: run.memberId,
    createdDateTime: run.ranAt.toISOString(),
    updatedDateTime: run.updatedAt.toISOString(),
    status: run.status,
    ...(run.failureReason === null ? {} : { statusReasonInformation: run.failureReason }),
    initiation: {
      description: run.description,
      refId: run.refId,
      amount: {
        value: fromMinorUnits(run.amount === null ? 0n : toMinorUnits(run.amount.toString())),
        currency: run.currency,
      },
      debtor: { accountId: run.accountId },
      creditor: payee,
    },
    reference: run.refId,
    description: run.description,
    settlementRuleId: run.ruleId,
  };
}
