import { paymentStatusMachine, type PaymentStatus } from '#libs/domain';
import type { Payment as PaymentRow, Prisma } from '../generated/prisma/client.js';
import { statusColumn, type WithStatus } from '../status-column.js';

/** The `payment` table's status column: a PaymentStatus, checked as read. */
export const PAYMENT_STATUS = statusColumn(paymentStatusMachine);

/** A payment as stored, its status a PaymentStatus. */
export type Payment = WithStatus<PaymentRow, PaymentStatus>;

/** A payment about to be created: every column but those a new row always starts with. */
export type NewPayment = Omit<Prisma.PaymentUncheckedCreateInput, 'version' | 'pollCount' | 'status'> & {
  readonly status: PaymentStatus;
};

/** What a status change (or a step within one status) writes. Absent fields keep their value. */
export interface PaymentChange {
  readonly status: PaymentStatus;
  readonly updatedAt: Date;
  readonly bankId?: string;
  readonly localInstrument?: string;
  readonly initiation?: Prisma.InputJsonValue;
  readonly bankConsentId?: string | null;
  readonly bankPaymentId?: string | null;
  readonly bankContinuation?: Prisma.InputJsonValue | null;
  readonly bankPaymentStatus?: string | null;
  readonly statusReasonInformation?: string | null;
  readonly authentication?: Prisma.InputJsonValue | null;
  readonly refundAccount?: Prisma.InputJsonValue | null;
  readonly errorInfo?: Prisma.InputJsonValue | null;
  readonly expiresAt?: Date | null;
  readonly pollCount?: number;
  /** Set once, when the bank returns the debtor account of a payment asking for an Account on File. */
  readonly tokenizedAccountId?: string;
}

export interface PaymentListFilter {
  readonly ids?: readonly string[];
  readonly invertIds?: boolean;
  readonly statuses?: readonly string[];
  readonly invertStatuses?: boolean;
  readonly refIds?: readonly string[];
  readonly createdAfter?: Date;
  readonly createdBefore?: Date;
  readonly onBehalfOfId?: string;
  readonly externalPsuReference?: string;
  /** Only variable recurring payments (true), or only single payments (false). */
  readonly recurring?: boolean;
  /** Only the payments under this VRP consent. */
  readonly vrpConsentId?: string;
}

/** A page position: the last row's creation time and id (newest first). */
export interface PaymentCursor {
  readonly createdAt: Date;
  readonly id: string;
}
