import type { BankOutcomeName } from '../shared/bank-outcome.js';
import { defineStatusMachine, type TransitionTable, type MoveDecision } from '../status-machine/status-machine.js';

/** Every refund status, as the reference's StatusRefund enum lists them. */
export const REFUND_STATUSES = [
  'INITIATION_PENDING',
  'INITIATION_PROCESSING',
  'INITIATION_COMPLETED',
  'INITIATION_REJECTED',
  'INITIATION_FAILED',
  'INITIATION_NO_FINAL_STATUS_AVAILABLE',
] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/**
 * The refund status machine. A refund is INITIATION_PENDING once validated and counted against
 * its payment; it moves to INITIATION_PROCESSING when the bank has it, and from either to the
 * bank's outcome (COMPLETED, REJECTED, FAILED) or, after the polling period without one, to
 * INITIATION_NO_FINAL_STATUS_AVAILABLE. Every end is final.
 */
export const REFUND_TRANSITIONS: TransitionTable<RefundStatus> = {
  INITIATION_PENDING: [
    'INITIATION_PROCESSING',
    'INITIATION_COMPLETED',
    'INITIATION_REJECTED',
    'INITIATION_FAILED',
    'INITIATION_NO_FINAL_STATUS_AVAILABLE',
  ],
  INITIATION_PROCESSING: [
    'INITIATION_COMPLETED',
    'INITIATION_REJECTED',
    'INITIATION_FAILED',
    'INITIATION_NO_FINAL_STATUS_AVAILABLE',
  ],
  INITIATION_COMPLETED: [],
  INITIATION_REJECTED: [],
  INITIATION_FAILED: [],
  INITIATION_NO_FINAL_STATUS_AVAILABLE: [],
};

export const refundStatusMachine = defineStatusMachine('refund', REFUND_TRANSITIONS);

export function isRefundStatus(value: string): value is RefundStatus {
  return (REFUND_STATUSES as readonly string[]).includes(value);
}

/** What recording a proposed status does: move, stay (same status, new bank details), or refuse. */
export type RefundMoveDecision = MoveDecision;

/** Final statuses refuse everything (also staying); other moves follow the table. */
export function decideRefundMove(from: RefundStatus, to: RefundStatus): RefundMoveDecision {
  return refundStatusMachine.decide(from, to);
}

/**
 * Refunds that no longer count against their payment's amount: the bank refused them or they
 * could not be made. Every other status counts (a refund without a final answer may have paid).
 */
export const UNCOUNTED_REFUND_STATUSES: ReadonlySet<RefundStatus> = new Set([
  'INITIATION_REJECTED',
  'INITIATION_FAILED',
]);

/** The refund status a bank outcome stands for (an authorisation step cannot happen: refunds are unattended). */
export const REFUND_STATUS_FOR_OUTCOME: Readonly<Record<BankOutcomeName, RefundStatus>> = {
  AWAITING_AUTHORISATION: 'INITIATION_PROCESSING',
  PENDING: 'INITIATION_PROCESSING',
  PROCESSING: 'INITIATION_PROCESSING',
  COMPLETED: 'INITIATION_COMPLETED',
  REJECTED: 'INITIATION_REJECTED',
  REJECTED_INSUFFICIENT_FUNDS: 'INITIATION_REJECTED',
  FAILED: 'INITIATION_FAILED',
  DECLINED: 'INITIATION_REJECTED',
  CANCELED: 'INITIATION_REJECTED',
};
