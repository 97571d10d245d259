import { payoutStatusMachine, type PayoutStatus } from '#libs/domain';
import type { Payout as PayoutRow } from '../generated/prisma/client.js';
import { statusColumn, type WithStatus } from '../status-column.js';

/** The `payout` table's status column (and a rule run's copy of it): a PayoutStatus, checked as read. */
export const PAYOUT_STATUS = statusColumn(payoutStatusMachine);

/** A payout as stored, its status a PayoutStatus. */
export type Payout = WithStatus<PayoutRow, PayoutStatus>;
