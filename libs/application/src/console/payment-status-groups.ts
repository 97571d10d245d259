import { isPaymentStatus, type PaymentStatus } from '#libs/domain';

/** The four kinds of payment status an operator's picture tells apart. */
export const PAYMENT_STATUS_GROUPS = ['In progress', 'Completed', 'Ended without payment', 'Outcome unknown'] as const;
export type PaymentStatusGroup = (typeof PAYMENT_STATUS_GROUPS)[number];

/** Every Payments v2 status in its group (exhaustive: a new status does not compile without one). */
const GROUP_OF: Readonly<Record<PaymentStatus, PaymentStatusGroup>> = {
  INITIATION_PENDING: 'In progress',
  INITIATION_PENDING_REDIRECT_AUTH: 'In progress',
  INITIATION_PENDING_REDIRECT_AUTH_VERIFICATION: 'In progress',
  INITIATION_PENDING_REDIRECT_HP: 'In progress',
  INITIATION_PENDING_REDIRECT_PBL: 'In progress',
  INITIATION_PENDING_EMBEDDED_AUTH: 'In progress',
  INITIATION_PENDING_EMBEDDED_AUTH_VERIFICATION: 'In progress',
  INITIATION_PENDING_DECOUPLED_AUTH: 'In progress',
  INITIATION_PENDING_REDEMPTION: 'In progress',
  INITIATION_PENDING_REDEMPTION_VERIFICATION: 'In progress',
  INITIATION_PROCESSING: 'In progress',
  SETTLEMENT_IN_PROGRESS: 'In progress',
  INITIATION_COMPLETED: 'Completed',
  SETTLEMENT_COMPLETED: 'Completed',
  INITIATION_REJECTED: 'Ended without payment',
  INITIATION_REJECTED_INSUFFICIENT_FUNDS: 'Ended without payment',
  INITIATION_FAILED: 'Ended without payment',
  INITIATION_DECLINED: 'Ended without payment',
  INITIATION_EXPIRED: 'Ended without payment',
  SETTLEMENT_INCOMPLETE: 'Ended without payment',
  CANCELED: 'Ended without payment',
  INITIATION_NO_FINAL_STATUS_AVAILABLE: 'Outcome unknown',
};

/** A stored status's group (a status the gateway does not know counts as in progress). */
export function paymentStatusGroup(status: string): PaymentStatusGroup {
  return isPaymentStatus(status) ? GROUP_OF[status] : 'In progress';
}
