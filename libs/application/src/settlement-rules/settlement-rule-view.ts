import type { Payout, SettlementRule, SettlementRulePayout } from '#libs/db';
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
  readonly bankTransactionId?: string;
  readonly memberId: string;
  readonly createdDateTime: string;
  readonly updatedDateTime: string;
  readonly status: string;
  readonly bankPaymentStatus?: string;
  readonly statusReasonInformation?: string;
  readonly initiation: {
    /** The reference requires paymentType on a payout initiation without defining it: PAYOUT, as payouts answer. */
    readonly paymentType: 'PAYOUT';
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

/**
 * A run as its payout stands now (status, bank status and reason, last change), or, for a run that
 * could not pay, as the run recorded it.
 */
export function renderSettlementRulePayout(
  run: SettlementRulePayout,
  payee: PayeeAccount,
  payout?: Payout,
): SettlementRulePayoutResource {
  const reason = payout === undefined ? run.failureReason : payout.statusReasonInformation;
  return {
    id: run.payoutId ?? run.id,
    ...(payout?.bankTransactionId == null ? {} : { bankTransactionId: payout.bankTransactionId }),
    memberId: run.memberId,
    createdDateTime: run.ranAt.toISOString(),
    updatedDateTime: (payout?.updatedAt ?? run.updatedAt).toISOString(),
    status: payout?.status ?? run.status,
    ...(payout?.bankPaymentStatus == null ? {} : { bankPaymentStatus: payout.bankPaymentStatus }),
    ...(reason === null ? {} : { statusReasonInformation: reason }),
    initiation: {
      paymentType: 'PAYOUT',
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
