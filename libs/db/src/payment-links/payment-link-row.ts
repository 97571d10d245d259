import { paymentLinkStatusMachine, type PaymentLinkStatus } from '#libs/domain';
import type { PaymentLink as PaymentLinkRow } from '../generated/prisma/client.js';
import { statusColumn, type WithStatus } from '../status-column.js';

/** The `payment_link` table's status column: a PaymentLinkStatus, checked as read. */
export const PAYMENT_LINK_STATUS = statusColumn(paymentLinkStatusMachine);

/** A payment link as stored, its status a PaymentLinkStatus. */
export type PaymentLink = WithStatus<PaymentLinkRow, PaymentLinkStatus>;
