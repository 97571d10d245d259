import { refundStatusMachine, type RefundStatus } from '#libs/domain';
import type { Refund as RefundRow } from '../generated/prisma/client.js';
import { statusColumn, type WithStatus } from '../status-column.js';

/** The `refund` table's status column: a RefundStatus, checked as read. */
export const REFUND_STATUS = statusColumn(refundStatusMachine);

/** A refund as stored, its status a RefundStatus. */
export type Refund = WithStatus<RefundRow, RefundStatus>;
