import { describe, expect, it } from 'vitest';
import type { SettlementRule, SettlementRulePayout } from '#libs/db';
import { plannedChange, plannedCreation } from '../lifecycle/planned-change.js';
import { settlementRuleLifecycle } from './settlement-rule-lifecycle.js';
import { settlementRulePayoutLifecycle } from './settlement-rule-payout-lifecycle.js';

const NOW = new Date('2026-11-27T10:00:00.000Z');
const NEXT = new Date('2026-11-28T10:00:00.000Z');

function rule(over: Partial<SettlementRule> = {}): SettlementRule {
  return {
    id: 'rule-1',
    memberId: 'm-1',
    accountId: 'acc-1',
    status: 'ACTIVE',
    nextRunAt: NEXT,
    ...over,
  } as SettlementRule;
}

function run(over: Partial<SettlementRulePayout> = {}): SettlementRulePayout {
  return {
    id: 'srp:rule-1:1',
    ruleId: 'rule-1',
    accountId: 'acc-1',
    memberId: 'm-1',
    payoutId: null,
    status: 'INITIATION_FAILED',
    failureReason: 'nothing to pay',
    ranAt: NOW,
    ...over,
  } as SettlementRulePayout;
}

describe('settlement rule lifecycle', () => {
  it('a new ACTIVE rule sets its timer to its next run', () => {
    const planned = plannedCreation(settlementRuleLifecycle, rule(), NOW, undefined);
    expect(planned.events).toEqual([]);
    expect(planned.timer).toMatchObject({
      id: 'settlement-rules.run:rule-1',
      dueAt: NEXT,
      payload: { name: 'settlement-rules.run', settlementRuleId: 'rule-1', scheduledFor: NEXT.toISOString() },
    });
  });

  it('a run stays ACTIVE and moves the timer to the next run, without an event', () => {
    const later = new Date(NEXT.getTime() + 86_400_000);
    const planned = plannedChange(settlementRuleLifecycle, rule(), rule({ nextRunAt: later }), NOW, undefined);
    expect(planned).toMatchObject({ statusChanged: false, events: [], timer: { set: { dueAt: later } } });
  });

  it('ending (deleted, or past its last run) clears the timer; an INACTIVE rule refuses every change', () => {
    const ended = rule({ status: 'INACTIVE', nextRunAt: null });
    expect(plannedChange(settlementRuleLifecycle, rule(), ended, NOW, undefined)).toEqual({
      statusChanged: true,
      events: [],
      timer: { clear: 'settlement-rules.run:rule-1' },
    });
    expect(plannedChange(settlementRuleLifecycle, ended, rule(), NOW, undefined)).toBe('refused');
    expect(plannedChange(settlementRuleLifecycle, ended, ended, NOW, undefined)).toBe('refused');
  });
});

describe('settlement rule payout (run) lifecycle', () => {
  it('a run that made no payout writes SETTLEMENT_RULE_PAYOUT_EXECUTION_FAILED with its reason', () => {
    const planned = plannedCreation(settlementRulePayoutLifecycle, run(), NOW, undefined);
    expect(planned.timer).toBeNull();
    expect(planned.events).toHaveLength(1);
    expect(planned.events[0]).toMatchObject({
      memberId: 'm-1',
      eventType: 'SETTLEMENT_RULE_PAYOUT_EXECUTION_FAILED',
      createdAt: NOW,
    });
    expect(settlementRulePayoutLifecycle.events(run(), null)).toEqual([
      {
        memberId: 'm-1',
        type: 'SETTLEMENT_RULE_PAYOUT_EXECUTION_FAILED',
        payload: { payerAccountId: 'acc-1', settlementRuleId: 'rule-1', reasonOfFailure: 'nothing to pay' },
        createdAt: NOW,
      },
    ]);
  });

  it('a run that made a payout writes no event of its own (the payout announces itself)', () => {
    const made = run({ payoutId: 'po-1', status: 'INITIATION_PENDING', failureReason: null });
    expect(plannedCreation(settlementRulePayoutLifecycle, made, NOW, undefined)).toEqual({ events: [], timer: null });
  });

  it("a failed run's row never moves", () => {
    expect(
      plannedChange(settlementRulePayoutLifecycle, run(), run({ status: 'INITIATION_COMPLETED' }), NOW, undefined),
    ).toBe('refused');
  });
});
