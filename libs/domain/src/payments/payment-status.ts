import { defineStatusMachine, type TransitionTable, type MoveDecision } from '../status-machine/status-machine.js';

/** Every Payments v2 status, as the reference spec's PaymentStatus enum lists them. */
export const PAYMENT_STATUSES = [
  'INITIATION_PENDING',
  'INITIATION_PENDING_REDIRECT_AUTH',
  'INITIATION_PENDING_REDIRECT_AUTH_VERIFICATION',
  'INITIATION_PENDING_REDIRECT_HP',
  'INITIATION_PENDING_REDIRECT_PBL',
  'INITIATION_PENDING_EMBEDDED_AUTH',
  'INITIATION_PENDING_EMBEDDED_AUTH_VERIFICATION',
  'INITIATION_PENDING_DECOUPLED_AUTH',
  'INITIATION_PENDING_REDEMPTION',
  'INITIATION_PENDING_REDEMPTION_VERIFICATION',
  'INITIATION_PROCESSING',
  'INITIATION_COMPLETED',
  'INITIATION_REJECTED',
  'INITIATION_REJECTED_INSUFFICIENT_FUNDS',
  'INITIATION_FAILED',
  'INITIATION_DECLINED',
  'INITIATION_EXPIRED',
  'INITIATION_NO_FINAL_STATUS_AVAILABLE',
  'SETTLEMENT_IN_PROGRESS',
  'SETTLEMENT_COMPLETED',
  'SETTLEMENT_INCOMPLETE',
  'CANCELED',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Where an initiation can end without the money moving (each final). */
const UNSUCCESSFUL_ENDS = [
  'INITIATION_REJECTED',
  'INITIATION_REJECTED_INSUFFICIENT_FUNDS',
  'INITIATION_FAILED',
  'INITIATION_DECLINED',
  'INITIATION_EXPIRED',
  'INITIATION_NO_FINAL_STATUS_AVAILABLE',
  'CANCELED',
] as const satisfies readonly PaymentStatus[];

/**
 * The ends that mean the money did not move (an initiation the bank rejected, failed, declined or
 * let expire, or a cancellation); INITIATION_NO_FINAL_STATUS_AVAILABLE is not one: the money may
 * have moved. A VRP in one of them does not count against its consent's limits; a payment link
 * gets the use back.
 */
export const ENDS_WITHOUT_MONEY_MOVED = [
  'INITIATION_REJECTED',
  'INITIATION_REJECTED_INSUFFICIENT_FUNDS',
  'INITIATION_FAILED',
  'INITIATION_DECLINED',
  'INITIATION_EXPIRED',
  'CANCELED',
] as const satisfies readonly PaymentStatus[];

/** Whether a payment in `status` ended without the money moving. */
export function endedWithoutMoneyMoved(status: string): boolean {
  return (ENDS_WITHOUT_MONEY_MOVED as readonly string[]).includes(status);
}

/** The steps a user may be at before the bank has the authorised payment. */
const AUTH_STEPS = [
  'INITIATION_PENDING_REDIRECT_AUTH',
  'INITIATION_PENDING_REDIRECT_AUTH_VERIFICATION',
  'INITIATION_PENDING_EMBEDDED_AUTH',
  'INITIATION_PENDING_EMBEDDED_AUTH_VERIFICATION',
  'INITIATION_PENDING_DECOUPLED_AUTH',
] as const satisfies readonly PaymentStatus[];

/** Once the bank has the payment: processing, done, or one of the unsuccessful ends. */
const AFTER_AUTH = [
  'INITIATION_PROCESSING',
  'INITIATION_COMPLETED',
  ...UNSUCCESSFUL_ENDS,
] as const satisfies readonly PaymentStatus[];

/**
 * The Payments v2 status machine. Pending statuses may move to any later step (a bank may skip
 * steps); an embedded step may repeat itself (the bank asks again for new or corrected fields);
 * INITIATION_COMPLETED moves on only to settlement (the gateway's own reconciliation of a
 * settlement-account credit); every other end is final and absorbing.
 */
export const PAYMENT_TRANSITIONS: TransitionTable<PaymentStatus> = {
  INITIATION_PENDING: [...AUTH_STEPS, ...AFTER_AUTH],
  INITIATION_PENDING_REDIRECT_HP: ['INITIATION_PENDING', ...AUTH_STEPS, ...AFTER_AUTH],
  INITIATION_PENDING_REDIRECT_PBL: [
    'INITIATION_PENDING',
    'INITIATION_PENDING_REDIRECT_HP',
    ...AUTH_STEPS,
    ...AFTER_AUTH,
  ],
  INITIATION_PENDING_REDIRECT_AUTH: [
    'INITIATION_PENDING_REDIRECT_AUTH_VERIFICATION',
    'INITIATION_PENDING_REDEMPTION',
    ...AFTER_AUTH,
  ],
  INITIATION_PENDING_REDIRECT_AUTH_VERIFICATION: ['INITIATION_PENDING_REDEMPTION', ...AFTER_AUTH],
  INITIATION_PENDING_EMBEDDED_AUTH: [
    'INITIATION_PENDING_EMBEDDED_AUTH',
    'INITIATION_PENDING_EMBEDDED_AUTH_VERIFICATION',
    'INITIATION_PENDING_DECOUPLED_AUTH',
    'INITIATION_PENDING_REDIRECT_AUTH',
    'INITIATION_PENDING_REDEMPTION',
    ...AFTER_AUTH,
  ],
  INITIATION_PENDING_EMBEDDED_AUTH_VERIFICATION: [
    'INITIATION_PENDING_EMBEDDED_AUTH',
    'INITIATION_PENDING_DECOUPLED_AUTH',
    'INITIATION_PENDING_REDEMPTION',
    ...AFTER_AUTH,
  ],
  INITIATION_PENDING_DECOUPLED_AUTH: ['INITIATION_PENDING_REDEMPTION', ...AFTER_AUTH],
  INITIATION_PENDING_REDEMPTION: ['INITIATION_PENDING_REDEMPTION_VERIFICATION', ...AFTER_AUTH],
  INITIATION_PENDING_REDEMPTION_VERIFICATION: [...AFTER_AUTH],
  INITIATION_PROCESSING: ['INITIATION_COMPLETED', ...UNSUCCESSFUL_ENDS],
  INITIATION_COMPLETED: ['SETTLEMENT_IN_PROGRESS'],
  SETTLEMENT_IN_PROGRESS: ['SETTLEMENT_COMPLETED', 'SETTLEMENT_INCOMPLETE'],
  SETTLEMENT_COMPLETED: [],
  SETTLEMENT_INCOMPLETE: [],
  INITIATION_REJECTED: [],
  INITIATION_REJECTED_INSUFFICIENT_FUNDS: [],
  INITIATION_FAILED: [],
  INITIATION_DECLINED: [],
  INITIATION_EXPIRED: [],
  INITIATION_NO_FINAL_STATUS_AVAILABLE: [],
  CANCELED: [],
};

export const paymentStatusMachine = defineStatusMachine('payment', PAYMENT_TRANSITIONS);

/**
 * Statuses after which the gateway stops asking the bank: the machine's final statuses, and
 * INITIATION_COMPLETED (the bank's part is done; settlement moves are the gateway's own).
 */
export function isBankFinalPaymentStatus(status: PaymentStatus): boolean {
  return (
    paymentStatusMachine.isFinal(status) || status === 'INITIATION_COMPLETED' || status === 'SETTLEMENT_IN_PROGRESS'
  );
}

/** Statuses in which the user still has to act (the expiry timer applies). */
export const AWAITING_USER_STATUSES: ReadonlySet<PaymentStatus> = new Set([
  'INITIATION_PENDING_REDIRECT_HP',
  'INITIATION_PENDING_REDIRECT_PBL',
  'INITIATION_PENDING_REDIRECT_AUTH',
  'INITIATION_PENDING_EMBEDDED_AUTH',
  'INITIATION_PENDING_DECOUPLED_AUTH',
]);

export function isPaymentStatus(value: string): value is PaymentStatus {
  return (PAYMENT_STATUSES as readonly string[]).includes(value);
}

/** What recording a proposed status does: move, stay (same status; details may change), or refuse. */
export type PaymentMoveDecision = MoveDecision;

/** Final statuses refuse everything (also staying); other moves follow the table. */
export function decidePaymentMove(from: PaymentStatus, to: PaymentStatus): PaymentMoveDecision {
  return paymentStatusMachine.decide(from, to);
}
