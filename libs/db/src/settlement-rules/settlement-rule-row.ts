import { settlementRuleStatusMachine, type SettlementRuleStatus } from '#libs/domain';
import type { SettlementRule as SettlementRuleRow } from '../generated/prisma/client.js';
import { statusColumn, type WithStatus } from '../status-column.js';

/** The `settlement_rule` table's status column: a SettlementRuleStatus, checked as read. */
export const SETTLEMENT_RULE_STATUS = statusColumn(settlementRuleStatusMachine);

/** A settlement rule as stored, its status a SettlementRuleStatus. */
export type SettlementRule = WithStatus<SettlementRuleRow, SettlementRuleStatus>;
