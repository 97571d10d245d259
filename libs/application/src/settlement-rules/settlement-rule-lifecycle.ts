import { JOB_QUEUE, type PayloadOf } from '#libs/common';
import {
  SettlementRuleRepository,
  type NewSettlementRule,
  type SettlementRule,
  type SettlementRuleChange,
  type Tx,
} from '#libs/db';
import { settlementRuleStatusMachine, type SettlementRuleStatus } from '#libs/domain';
import type { Lifecycle, LifecycleTimer } from '../lifecycle/lifecycle.js';
import { settlementRuleTimerId } from './settlement-rule-timer.js';

/** The rule's timer row: its next run while ACTIVE with one ahead, else none. */
export function settlementRuleTimer(rule: SettlementRule): LifecycleTimer | null {
  if (rule.status !== 'ACTIVE' || rule.nextRunAt === null) return null;
  const payload: PayloadOf<'settlement-rules.run'> = {
    name: 'settlement-rules.run',
    settlementRuleId: rule.id,
    scheduledFor: rule.nextRunAt.toISOString(),
  };
  return {
    id: settlementRuleTimerId(rule.id),
    queue: JOB_QUEUE['settlement-rules.run'],
    payload,
    dueAt: rule.nextRunAt,
  };
}

/**
 * A settlement rule's lifecycle: ACTIVE until deleted or past its last run (INACTIVE, final). A run
 * stays ACTIVE and moves its next run on; the rule's one timer follows its nextRunAt and is removed
 * once it is INACTIVE. Rules write no events of their own (a run that cannot pay writes its event
 * with its run: `settlementRulePayoutLifecycle`).
 */
export const settlementRuleLifecycle: Lifecycle<
  SettlementRule,
  SettlementRuleChange,
  SettlementRuleStatus,
  void,
  void,
  NewSettlementRule
> = {
  name: 'settlement rule',
  machine: settlementRuleStatusMachine,
  statusOf: (rule) => rule.status,
  proposedStatusOf: (change, current) => change.status ?? current.status,
  idOf: (rule) => rule.id,
  update: (tx: Tx, current, change) => new SettlementRuleRepository(tx).updateAtVersion(current, change),
  insert: (tx: Tx, row: NewSettlementRule) => new SettlementRuleRepository(tx).insert(row),
  events: () => [],
  timer: (rule) => settlementRuleTimer(rule),
  timerId: settlementRuleTimerId,
};
