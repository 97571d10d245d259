import { defineStatusMachine, type TransitionTable, type MoveDecision } from '../status-machine/status-machine.js';

/** The reference's PaymentLinkStatusFilter values: the statuses a payment link can be in. */
export const PAYMENT_LINK_STATUSES = [
  'LINK_ACTIVE',
  'LINK_EXPIRED',
  'LINK_CANCELED',
  'USAGE_LIMIT_REACHED',
  'AMOUNT_LIMIT_REACHED',
] as const;
export type PaymentLinkStatus = (typeof PAYMENT_LINK_STATUSES)[number];

/**
 * The payment link status machine: an active link expires (its expiresAt passed), is canceled
 * (DELETE), or is used up (its maximum number of uses or its total amount reached). A used-up
 * link is given uses back when payments made through it end without the money moving: it is
 * active again (or used up by the other limit, or expired if its expiresAt passed meanwhile),
 * and it can be canceled. Expired and canceled are final.
 */
export const PAYMENT_LINK_TRANSITIONS: TransitionTable<PaymentLinkStatus> = {
  LINK_ACTIVE: ['LINK_EXPIRED', 'LINK_CANCELED', 'USAGE_LIMIT_REACHED', 'AMOUNT_LIMIT_REACHED'],
  LINK_EXPIRED: [],
  LINK_CANCELED: [],
  USAGE_LIMIT_REACHED: ['LINK_ACTIVE', 'AMOUNT_LIMIT_REACHED', 'LINK_EXPIRED', 'LINK_CANCELED'],
  AMOUNT_LIMIT_REACHED: ['LINK_ACTIVE', 'USAGE_LIMIT_REACHED', 'LINK_EXPIRED', 'LINK_CANCELED'],
};

export const paymentLinkStatusMachine = defineStatusMachine('payment link', PAYMENT_LINK_TRANSITIONS);

export function isPaymentLinkStatus(value: string): value is PaymentLinkStatus {
  return (PAYMENT_LINK_STATUSES as readonly string[]).includes(value);
}

/** What recording a proposed status does: move, stay (same status), or refuse. */
export type PaymentLinkMoveDecision = MoveDecision;

/** Final statuses refuse everything (also staying); other moves follow the table. */
export function decidePaymentLinkMove(from: PaymentLinkStatus, to: PaymentLinkStatus): PaymentLinkMoveDecision {
  return paymentLinkStatusMachine.decide(from, to);
}

/**
 * The reference's PaymentLinkStatus, as a payment made through a link shows its link: the link's
 * own status, a used-up link (its maximum uses or total amount reached) being LINK_REDEEMED.
 */
export const PAYMENT_LINK_STATUS_ON_PAYMENT = {
  LINK_ACTIVE: 'LINK_ACTIVE',
  LINK_EXPIRED: 'LINK_EXPIRED',
  LINK_CANCELED: 'LINK_CANCELED',
  USAGE_LIMIT_REACHED: 'LINK_REDEEMED',
  AMOUNT_LIMIT_REACHED: 'LINK_REDEEMED',
} as const satisfies Record<PaymentLinkStatus, string>;
export type PaymentLinkStatusOnPayment = (typeof PAYMENT_LINK_STATUS_ON_PAYMENT)[PaymentLinkStatus];
