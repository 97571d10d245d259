import type { BankOutcomeName, NextStepKind } from '../shared/bank-outcome.js';
import { defineStatusMachine, type TransitionTable, type MoveDecision } from '../status-machine/status-machine.js';

/** Every Payments v1 transfer status, as the reference's TransactionStatus enum lists them. */
export const TRANSFER_STATUSES = [
  'PROCESSING',
  'SUCCESS',
  'INITIATED',
  'PENDING',
  'PENDING_EXTERNAL_AUTHORIZATION',
  'FAILURE_GENERIC',
  'FAILURE_PERMISSION_DENIED',
  'FAILURE_CANCELED',
  'FAILURE_EXPIRED',
  'FAILURE_INSUFFICIENT_FUNDS',
  'FAILURE_DECLINED',
  'SETTLEMENT_IN_PROGRESS',
  'SETTLEMENT_COMPLETED',
  'SETTLEMENT_INCOMPLETE',
] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

/** Where a transfer ends without the money moving (each final). */
const FAILURES = [
  'FAILURE_GENERIC',
  'FAILURE_PERMISSION_DENIED',
  'FAILURE_CANCELED',
  'FAILURE_EXPIRED',
  'FAILURE_INSUFFICIENT_FUNDS',
  'FAILURE_DECLINED',
] as const satisfies readonly TransferStatus[];

/** The settlement statuses that replace SUCCESS once a settlement account's credit is matched (or not). */
const SETTLEMENT = ['SETTLEMENT_IN_PROGRESS', 'SETTLEMENT_COMPLETED', 'SETTLEMENT_INCOMPLETE'] as const;

/**
 * The transfer status machine. Before the bank has a final answer a transfer may move to any
 * later step (a bank may skip steps); PROCESSING lasting 30 days ends INITIATED (result unknown);
 * SUCCESS moves on only to settlement (the gateway's reconciliation of a settlement-account
 * credit); every other end is final and absorbing.
 */
export const TRANSFER_TRANSITIONS: TransitionTable<TransferStatus> = {
  PENDING: ['PENDING_EXTERNAL_AUTHORIZATION', 'PROCESSING', 'SUCCESS', 'INITIATED', ...FAILURES, ...SETTLEMENT],
  PENDING_EXTERNAL_AUTHORIZATION: ['PENDING', 'PROCESSING', 'SUCCESS', 'INITIATED', ...FAILURES, ...SETTLEMENT],
  PROCESSING: ['SUCCESS', 'INITIATED', ...FAILURES, ...SETTLEMENT],
  SUCCESS: [...SETTLEMENT],
  SETTLEMENT_IN_PROGRESS: ['SETTLEMENT_COMPLETED', 'SETTLEMENT_INCOMPLETE'],
  SETTLEMENT_COMPLETED: [],
  SETTLEMENT_INCOMPLETE: [],
  INITIATED: [],
  FAILURE_GENERIC: [],
  FAILURE_PERMISSION_DENIED: [],
  FAILURE_CANCELED: [],
  FAILURE_EXPIRED: [],
  FAILURE_INSUFFICIENT_FUNDS: [],
  FAILURE_DECLINED: [],
};

export const transferStatusMachine = defineStatusMachine('transfer', TRANSFER_TRANSITIONS);

export function isTransferStatus(value: string): value is TransferStatus {
  return (TRANSFER_STATUSES as readonly string[]).includes(value);
}

/**
 * Statuses after which the gateway stops asking the bank: the final ones, SUCCESS (the bank's
 * part is done) and SETTLEMENT_IN_PROGRESS (the gateway's reconciliation decides what follows).
 */
export function isBankFinalTransferStatus(status: TransferStatus): boolean {
  return transferStatusMachine.isFinal(status) || status === 'SUCCESS' || status === 'SETTLEMENT_IN_PROGRESS';
}

/** What recording a proposed status does: move, stay (same status; details may change), or refuse. */
export type TransferMoveDecision = MoveDecision;

/** Final statuses refuse everything (also staying); other moves follow the table. */
export function decideTransferMove(from: TransferStatus, to: TransferStatus): TransferMoveDecision {
  return transferStatusMachine.decide(from, to);
}

const AFTER_AUTHORISING: Readonly<Record<Exclude<BankOutcomeName, 'AWAITING_AUTHORISATION'>, TransferStatus>> = {
  PENDING: 'PROCESSING',
  PROCESSING: 'PROCESSING',
  COMPLETED: 'SUCCESS',
  REJECTED: 'FAILURE_DECLINED',
  REJECTED_INSUFFICIENT_FUNDS: 'FAILURE_INSUFFICIENT_FUNDS',
  FAILED: 'FAILURE_GENERIC',
  DECLINED: 'FAILURE_PERMISSION_DENIED',
  CANCELED: 'FAILURE_CANCELED',
};

/**
 * The transfer status a bank reading stands for: a transfer the user still has to authorise at
 * the bank (a redirect, embedded or decoupled step) is PENDING_EXTERNAL_AUTHORIZATION, one the
 * bank holds without a step is PENDING; after authorisation, the outcome decides.
 */
export function transferStatusFor(outcome: BankOutcomeName, next: NextStepKind): TransferStatus {
  if (outcome === 'AWAITING_AUTHORISATION') return next === 'none' ? 'PENDING' : 'PENDING_EXTERNAL_AUTHORIZATION';
  return AFTER_AUTHORISING[outcome];
}
