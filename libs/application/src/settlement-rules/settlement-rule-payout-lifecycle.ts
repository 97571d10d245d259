import type { NewSettlementRulePayout, SettlementRulePayout, Tx } from '#libs/db';
import { SettlementRulePayoutRepository } from '#libs/db';
import { payoutStatusMachine, type PayoutStatus } from '#libs/domain';
import type { Lifecycle, LifecycleEvent } from '../lifecycle/lifecycle.js';

/**
 * A rule's run, declared as a lifecycle that only creates: the run's row is stored once, in the
 * status of the payout it made or INITIATION_FAILED when it made none, and never moves (a run that
 * made a payout shows its payout's status as that payout moves). A run that made no payout writes
 * SETTLEMENT_RULE_PAYOUT_EXECUTION_FAILED with its row. The rule's timer is the rule's: a run keeps
 * none of its own.
 */
export const settlementRulePayoutLifecycle: Lifecycle<
  SettlementRulePayout,
  never,
  PayoutStatus,
  void,
  void,
  NewSettlementRulePayout
> = {
  name: 'settlement rule payout',
  machine: payoutStatusMachine,
  statusOf: (row) => row.status,
  proposedStatusOf: (_change, current) => current.status,
  idOf: (row) => row.id,
  update: () => Promise.reject(new Error("settlement rule payout: a run's row never moves; it shows its payout's")),
  async insert(tx: Tx, row: NewSettlementRulePayout): Promise<SettlementRulePayout> {
    const stored = await new SettlementRulePayoutRepository(tx).insertOnce(row);
    if (stored === null)
      throw new Error(`settlement rule payout ${row.id}: the rule's run at this time is already recorded`);
    return stored;
  },
  events(after, before): readonly LifecycleEvent[] {
    if (before !== null || after.payoutId !== null) return [];
    return [
      {
        memberId: after.memberId,
        type: 'SETTLEMENT_RULE_PAYOUT_EXECUTION_FAILED',
        payload: {
          payerAccountId: after.accountId,
          settlementRuleId: after.ruleId,
          reasonOfFailure: after.failureReason ?? '',
        },
        createdAt: after.ranAt,
      },
    ];
  },
  timer: () => 'keep',
  timerId: (id) => `settlement-rule-payout:${id}`,
};
