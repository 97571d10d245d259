import type { PayoutStatus } from '#libs/domain';
import type { SettlementRulePayout as SettlementRulePayoutRow } from '../generated/prisma/client.js';
import type { WithStatus } from '../status-column.js';

/** A settlement rule's run as stored, its status its payout's when it made it (a PayoutStatus; see PAYOUT_STATUS). */
export type SettlementRulePayout = WithStatus<SettlementRulePayoutRow, PayoutStatus>;
