import { defineStatusMachine, type TransitionTable, type MoveDecision } from '../status-machine/status-machine.js';

/** The reference's SettlementRuleStatus values. */
export const SETTLEMENT_RULE_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export type SettlementRuleStatus = (typeof SETTLEMENT_RULE_STATUSES)[number];

/**
 * The settlement rule status machine: a rule is ACTIVE from its creation (also while its
 * effectiveFrom is still ahead) and becomes INACTIVE when it is deleted or when its last run
 * within effectiveTo is behind it. INACTIVE is final: a rule is never switched back on (a new
 * rule is created instead).
 */
export const SETTLEMENT_RULE_TRANSITIONS: TransitionTable<SettlementRuleStatus> = {
  ACTIVE: ['INACTIVE'],
  INACTIVE: [],
};

export const settlementRuleStatusMachine = defineStatusMachine('settlement rule', SETTLEMENT_RULE_TRANSITIONS);

/** Why a rule became INACTIVE (kept with the rule; not part of the reference's shape). */
export const SETTLEMENT_RULE_END_REASONS = ['DELETED', 'ENDED'] as const;
export type SettlementRuleEndReason = (typeof SETTLEMENT_RULE_END_REASONS)[number];

export function isSettlementRuleStatus(value: string): value is SettlementRuleStatus {
  return (SETTLEMENT_RULE_STATUSES as readonly string[]).includes(value);
}

/** What a proposed status does to a rule: move, stay (same status), or refuse. */
export type SettlementRuleMoveDecision = MoveDecision;

/** Final statuses refuse everything (also staying); other moves follow the table. */
export function decideSettlementRuleMove(
  from: SettlementRuleStatus,
  to: SettlementRuleStatus,
): SettlementRuleMoveDecision {
  return settlementRuleStatusMachine.decide(from, to);
}

/**
 * DELETE of a rule: only an ACTIVE rule can be deleted. Answers the reason a rule in `status`
 * cannot be, or undefined when it can.
 */
export function refusalToDelete(status: SettlementRuleStatus): string | undefined {
  return decideSettlementRuleMove(status, 'INACTIVE') === 'move'
    ? undefined
    : `only an ACTIVE settlement rule can be deleted; this rule is ${status}`;
}
