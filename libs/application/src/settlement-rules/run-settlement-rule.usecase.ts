import { Injectable } from '@nestjs/common';
import { Clock } from '#libs/common';
import {
  SettlementAccountRepository,
  SettlementRulePayoutRepository,
  SettlementRuleRepository,
  Transactions,
  type SettlementRule,
  type Tx,
} from '#libs/db';
import {
  DEFAULT_RULE_PAYOUT_DESCRIPTION,
  fromMinorUnits,
  nextRunAfterRun,
  ruleRunAmount,
  toMinorUnits,
  type PayeeAccount,
  type SettlementRuleAmountType,
} from '#libs/domain';
import { writeOutboxEvent } from '#libs/events';
import { RulePayouts, rulePayoutRefId, type RulePayoutOutcome } from './rule-payouts.js';
import { resetSettlementRuleTimer, scheduleOf } from './settlement-rule-timer.js';

/** What one firing of a rule's timer did. */
export type RuleRunResult =
  | 'paid'
  | 'failed'
  /** The rule's run at this time is already recorded (a repeated job): nothing was done again. */
  | 'already-run'
  /** The timer fired before its time (a clock set back): set again. */
  | 'not-due'
  /** The job is not the rule's scheduled run (the rule moved on, ended, or is gone). */
  | 'stale';

/** The id of a rule's run at one scheduled time: one run per rule and time. */
export function ruleRunId(settlementRuleId: string, scheduledFor: Date): string {
  return `srp:${settlementRuleId}:${scheduledFor.getTime()}`;
}

/**
 * settlement-rules.run: one scheduled run of an ACTIVE rule, in one transaction under the rule's
 * lock. The run computes the payout from the account's available balance and makes it through
 * the payout path; a run that cannot pay (nothing to pay, or the payout path refused) is recorded
 * as failed with SETTLEMENT_RULE_PAYOUT_EXECUTION_FAILED. The run's row (unique per rule and
 * scheduled time), its payout, its event and the rule's next timer commit together, so a run
 * repeated after a crash either finds its row and does nothing, or runs as if for the first time.
 * After its last run within effectiveTo the rule ends (INACTIVE).
 */
@Injectable()
export class RunSettlementRuleUseCase {
  constructor(
    private readonly transactions: Transactions,
    private readonly rules: SettlementRuleRepository,
    private readonly runs: SettlementRulePayoutRepository,
    private readonly accounts: SettlementAccountRepository,
    private readonly payouts: RulePayouts,
    private readonly clock: Clock,
  ) {}

  execute(settlementRuleId: string, scheduledFor: Date): Promise<RuleRunResult> {
    return this.transactions.run(async (tx) => {
      const rule = await this.rules.in(tx).lock(settlementRuleId);
      if (rule === null || rule.status !== 'ACTIVE') return 'stale';
      if (await this.runs.in(tx).findByRuleAndTime(rule.id, scheduledFor)) return 'already-run';
      if (rule.nextRunAt?.getTime() !== scheduledFor.getTime()) return 'stale';
      const now = this.clock.now();
      if (scheduledFor.getTime() > now.getTime()) {
        await resetSettlementRuleTimer(tx, rule);
        return 'not-due';
      }
      const result = await this.runOnce(tx, rule, scheduledFor, now);
      const next = nextRunAfterRun(scheduleOf(rule), scheduledFor, now);
      const moved = await this.rules
        .in(tx)
        .update(
          rule.id,
          next === null
            ? { status: 'INACTIVE', endReason: 'ENDED', nextRunAt: null, updatedAt: now }
            : { nextRunAt: next, updatedAt: now },
        );
      await resetSettlementRuleTimer(tx, moved);
      return result;
    });
  }

  private async runOnce(tx: Tx, rule: SettlementRule, scheduledFor: Date, now: Date): Promise<'paid' | 'failed'> {
    const id = ruleRunId(rule.id, scheduledFor);
    const refId = rulePayoutRefId(id);
    const description = rule.description ?? DEFAULT_RULE_PAYOUT_DESCRIPTION;
    const account = await this.accounts.in(tx).findById(rule.accountId);
    const decision =
      account === null
        ? ({ kind: 'cannot-pay', reason: 'ACCOUNT_NOT_FOUND: the settlement account is gone' } as const)
        : account.status !== 'ACTIVE'
          ? ({ kind: 'cannot-pay', reason: `ACCOUNT_NOT_ACTIVE: the settlement account is ${account.status}` } as const)
          : ruleRunAmount(
              {
                amountType: rule.amountType as SettlementRuleAmountType,
                amountValue: rule.amountValue,
                currency: rule.currency,
              },
              toMinorUnits(account.availableBalance.toString()),
            );
    const amount = decision.kind === 'pay' ? fromMinorUnits(decision.amount) : null;
    const outcome: RulePayoutOutcome =
      decision.kind === 'pay' && amount !== null
        ? await this.payouts.initiate(tx, {
            memberId: rule.memberId,
            onBehalfOfId: account?.onBehalfOfId ?? null,
            accountId: rule.accountId,
            settlementRuleId: rule.id,
            amount: { value: amount, currency: rule.currency },
            creditor: rule.payee as PayeeAccount,
            description,
            refId,
          })
        : { kind: 'refused', reason: decision.kind === 'cannot-pay' ? decision.reason : 'nothing to pay' };
    await this.runs.in(tx).insertOnce({
      id,
      ruleId: rule.id,
      accountId: rule.accountId,
      memberId: rule.memberId,
      scheduledFor,
      payoutId: outcome.kind === 'initiated' ? outcome.payoutId : null,
      amount: amount ?? (rule.amountType === 'FIXED_VALUE' ? rule.amountValue : null),
      currency: rule.currency,
      refId,
      description,
      status: outcome.kind === 'initiated' ? outcome.status : 'INITIATION_FAILED',
      failureReason: outcome.kind === 'refused' ? outcome.reason : null,
      ranAt: now,
      updatedAt: now,
    });
    if (outcome.kind === 'initiated') return 'paid';
    await writeOutboxEvent(tx, {
      memberId: rule.memberId,
      type: 'SETTLEMENT_RULE_PAYOUT_EXECUTION_FAILED',
      payload: { payerAccountId: rule.accountId, settlementRuleId: rule.id, reasonOfFailure: outcome.reason },
      createdAt: now,
    });
    return 'failed';
  }
}
