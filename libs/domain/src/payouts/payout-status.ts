import type { BankOutcomeName } from '../shared/bank-outcome.js';
import { defineStatusMachine, type TransitionTable, type MoveDecision } from '../status-machine/status-machine.js';

/** Every payout status, as the reference's PayoutStatus enum lists them. */
export const PAYOUT_STATUSES = [
  'INITIATION_PENDING',
  'INITIATION_PROCESSING',
  'INITIATION_COMPLETED',
  'INITIATION_REJECTED',
  'INITIATION_FAILED',
] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/**
 * The payout status machine. A payout is INITIATION_PENDING once validated and its amount
 * reserved; INITIATION_PROCESSING once the provider has it; then the provider's outcome
 * (COMPLETED, REJECTED, FAILED), each final. A provider that never answers leaves the payout
 * INITIATION_PROCESSING (the interface has no status for "no final status" on payouts).
 */
export const PAYOUT_TRANSITIONS: TransitionTable<PayoutStatus> = {
  INITIATION_PENDING: ['INITIATION_PROCESSING', 'INITIATION_COMPLETED', 'INITIATION_REJECTED', 'INITIATION_FAILED'],
  INITIATION_PROCESSING: ['INITIATION_COMPLETED', 'INITIATION_REJECTED', 'INITIATION_FAILED'],
  INITIATION_COMPLETED: [],
  INITIATION_REJECTED: [],
  INITIATION_FAILED: [],
};

export const payoutStatusMachine = defineStatusMachine('payout', PAYOUT_TRANSITIONS);

export function isPayoutStatus(value: string): value is PayoutStatus {
  return (PAYOUT_STATUSES as readonly string[]).includes(value);
}

/** What recording a proposed status does: move, stay (same status, new provider details), or refuse. */
export type PayoutMoveDecision = MoveDecision;

/** Final statuses refuse everything (also staying); other moves follow the table. */
export function decidePayoutMove(from: PayoutStatus, to: PayoutStatus): PayoutMoveDecision {
  return payoutStatusMachine.decide(from, to);
}

/** The ends that give the reserved amount back to the account (the money never left). */
export const PAYOUT_RELEASING_STATUSES: ReadonlySet<PayoutStatus> = new Set([
  'INITIATION_REJECTED',
  'INITIATION_FAILED',
]);

/** The payout status a provider outcome stands for (payouts are unattended: no authorisation step). */
export const PAYOUT_STATUS_FOR_OUTCOME: Readonly<Record<BankOutcomeName, PayoutStatus>> = {
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
