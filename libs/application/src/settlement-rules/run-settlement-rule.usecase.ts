import { Injectable } from '@nestjs/common';
import { Clock } from '#libs/common';
import {
  SettlementAccountRepository,
  SettlementRulePayoutRepository,
  SettlementRuleRepository,
  Transactions,
  type SettlementAccount,
  type SettlementRule,
  type Tx,
} from '#libs/db';
import {
  DEFAULT_RULE_PAYOUT_DESCRIPTION,
  fromMinorUnits,
  nextRunAfterRun,
  ruleNeedsPayeeCheck,
  rulePayeeDecision,
  ruleRunAmount,
  toMinorUnits,
  type PayeeAccount,
  type RulePayeeDecision,
  type RuleAmountDecision,
  type SettlementRuleAmountType,
} from '#libs/domain';
import { RulePayeeCheck } from './rule-payee-check.js';
import { RulePayouts, rulePayoutRefId, type RulePayoutOutcome } from './rule-payouts.js';
import { recordChange, resetTimer, storeNew } from '../lifecycle/record-change.js';
import { settlementRuleLifecycle } from './settlement-rule-lifecycle.js';
import { settlementRulePayoutLifecycle } from './settlement-rule-payout-lifecycle.js';
import { scheduleOf } from './settlement-rule-timer.js';

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

/** What a run would do with the account as it stands: pay an amount, or not pay and why. */
function runDecision(rule: SettlementRule, account: SettlementAccount | null): RuleAmountDecision {
  if (account === null) return { kind: 'cannot-pay', reason: 'ACCOUNT_NOT_FOUND: the settlement account is gone' };
  if (account.status !== 'ACTIVE')
    return { kind: 'cannot-pay', reason: `ACCOUNT_NOT_ACTIVE: the settlement account is ${account.status}` };
  return ruleRunAmount(
    {
      amountType: rule.amountType as SettlementRuleAmountType,
      amountValue: rule.amountValue,
      currency: rule.currency,
    },
    toMinorUnits(account.availableBalance.toString()),
  );
}

/** The `settlement-rules.run` job: the rule and the run its timer names. */
export interface RunSettlementRuleCommand {
  readonly settlementRuleId: string;
  readonly scheduledFor: Date;
}

/**
 * settlement-rules.run: one scheduled run of an ACTIVE rule, in one transaction under the rule's
 * lock. An EUR run that will pay first asks the provider's payee check for the rule's payee,
 * before the lock is taken (no row lock is held across the provider call), and pays only on the
 * outcomes the rule allows (rulePayeeDecision), naming the check as the payout's
 * accountVerificationId. The run computes the payout from the account's available balance and makes it through
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
    private readonly payeeCheck: RulePayeeCheck,
    private readonly clock: Clock,
  ) {}

  async execute({ settlementRuleId, scheduledFor }: RunSettlementRuleCommand): Promise<RuleRunResult> {
    const payee = await this.checkPayee(settlementRuleId, scheduledFor);
    return this.transactions.run(async (tx) => {
      const rule = await this.rules.in(tx).lock(settlementRuleId);
      if (rule === null || rule.status !== 'ACTIVE') return 'stale';
      if (await this.runs.in(tx).findByRuleAndTime(rule.id, scheduledFor)) return 'already-run';
      if (rule.nextRunAt?.getTime() !== scheduledFor.getTime()) return 'stale';
      const now = this.clock.now();
      if (scheduledFor.getTime() > now.getTime()) {
        await resetTimer(settlementRuleLifecycle, tx, rule, now, undefined);
        return 'not-due';
      }
      const result = await this.runOnce(tx, rule, scheduledFor, now, payee);
      const next = nextRunAfterRun(scheduleOf(rule), scheduledFor, now);
      const change =
        next === null
          ? ({ status: 'INACTIVE', endReason: 'ENDED', nextRunAt: null, updatedAt: now } as const)
          : { nextRunAt: next, updatedAt: now };
      const moved = await recordChange(settlementRuleLifecycle, tx, rule, change, now, undefined);
      if (moved.kind !== 'changed')
        throw new Error(`settlement rule ${rule.id}: the locked rule did not move (${moved.kind})`);
      return result;
    });
  }

  /**
   * The payee check of an EUR run that is due and will pay, made before the run takes its rule's
   * lock: the run's payout must name a fresh check. Nothing is asked for a run already recorded, a
   * run whose payout its refId already names (repeated after a crash: it is taken, not paid
   * again), or a run that would not pay; the locked run checks all of it again. Concurrent
   * repetitions of one run may each ask (and keep a check); only one of them pays.
   */
  private async checkPayee(settlementRuleId: string, scheduledFor: Date): Promise<RulePayeeDecision | undefined> {
    const rule = await this.rules.findById(settlementRuleId);
    if (rule === null || rule.status !== 'ACTIVE' || !ruleNeedsPayeeCheck(rule.currency)) return undefined;
    if (rule.nextRunAt?.getTime() !== scheduledFor.getTime()) return undefined;
    if (scheduledFor.getTime() > this.clock.now().getTime()) return undefined;
    if ((await this.runs.findByRuleAndTime(rule.id, scheduledFor)) !== null) return undefined;
    const account = await this.accounts.findById(rule.accountId);
    if (account === null || runDecision(rule, account).kind !== 'pay') return undefined;
    const key = { accountId: rule.accountId, settlementRuleId: rule.id, refId: this.refIdOf(rule, scheduledFor) };
    if ((await this.payouts.find(key)) !== null) return undefined;
    const payee = rule.payee as PayeeAccount;
    const answer = await this.payeeCheck.check(account, payee);
    return answer.kind === 'failed'
      ? { kind: 'refuse', reason: answer.reason }
      : rulePayeeDecision(answer.result, payee.name ?? '');
  }

  private refIdOf(rule: SettlementRule, scheduledFor: Date): string {
    return rulePayoutRefId(ruleRunId(rule.id, scheduledFor));
  }

  private async runOnce(
    tx: Tx,
    rule: SettlementRule,
    scheduledFor: Date,
    now: Date,
    payee: RulePayeeDecision | undefined,
  ): Promise<'paid' | 'failed'> {
    const id = ruleRunId(rule.id, scheduledFor);
    const refId = rulePayoutRefId(id);
    const description = rule.description ?? DEFAULT_RULE_PAYOUT_DESCRIPTION;
    const account = await this.accounts.in(tx).findById(rule.accountId);
    const decision = runDecision(rule, account);
    const amount = decision.kind === 'pay' ? fromMinorUnits(decision.amount) : null;
    const outcome: RulePayoutOutcome =
      decision.kind === 'pay' && amount !== null
        ? payee?.kind === 'refuse'
          ? ((await this.payouts.find({ accountId: rule.accountId, settlementRuleId: rule.id, refId }, tx)) ?? {
              kind: 'refused',
              reason: payee.reason,
            })
          : await this.payouts.initiate(tx, {
              memberId: rule.memberId,
              onBehalfOfId: account?.onBehalfOfId ?? null,
              accountId: rule.accountId,
              settlementRuleId: rule.id,
              amount: { value: amount, currency: rule.currency },
              creditor: rule.payee as PayeeAccount,
              description,
              refId,
              ...(payee?.kind === 'pay' ? { accountVerificationId: payee.accountVerificationId } : {}),
            })
        : { kind: 'refused', reason: decision.kind === 'cannot-pay' ? decision.reason : 'nothing to pay' };
    await storeNew(
      settlementRulePayoutLifecycle,
      tx,
      {
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
      },
      now,
      undefined,
    );
    return outcome.kind === 'initiated' ? 'paid' : 'failed';
  }
}
