import { transferStatusMachine, type TransferStatus } from '#libs/domain';
import type { Transfer as TransferRow } from '../generated/prisma/client.js';
import { statusColumn, type WithStatus } from '../status-column.js';

/** The `transfer` table's status column: a TransferStatus, checked as read. */
export const TRANSFER_STATUS = statusColumn(transferStatusMachine);

/** A Payments v1 transfer as stored, its status a TransferStatus. */
export type Transfer = WithStatus<TransferRow, TransferStatus>;
