import { settlementAccountStatusMachine, type SettlementAccountStatus } from '#libs/domain';
import type { SettlementAccount as SettlementAccountRow } from '../generated/prisma/client.js';
import { statusColumn, type WithStatus } from '../status-column.js';

/** The `settlement_account` table's status column: a SettlementAccountStatus, checked as read. */
export const SETTLEMENT_ACCOUNT_STATUS = statusColumn(settlementAccountStatusMachine);

/** A settlement account as stored, its status a SettlementAccountStatus. */
export type SettlementAccount = WithStatus<SettlementAccountRow, SettlementAccountStatus>;
