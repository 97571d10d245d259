import type { PaymentStatus } from '../payments/payment-status.js';
import { transferStatusMachine, type TransferStatus } from '../transfers/transfer-status.js';

/**
 * Payments v1 transfers to a settlement account settle by the same matching rules as payments
 * (credit-matching.ts). The rules read a transfer's status as the payment status it stands for
 * in settlement: SUCCESS (the bank's final status) as INITIATION_COMPLETED, the settlement
 * statuses as themselves, a status before the bank's final one as INITIATION_PROCESSING (a
 * credit waits for it), and every other end as a final failure (a credit does not take it).
 */
export const TRANSFER_SETTLEMENT_STANDING: Readonly<Record<TransferStatus, PaymentStatus>> = {
  PENDING: 'INITIATION_PROCESSING',
  PENDING_EXTERNAL_AUTHORIZATION: 'INITIATION_PROCESSING',
  PROCESSING: 'INITIATION_PROCESSING',
  SUCCESS: 'INITIATION_COMPLETED',
  SETTLEMENT_IN_PROGRESS: 'SETTLEMENT_IN_PROGRESS',
  SETTLEMENT_COMPLETED: 'SETTLEMENT_COMPLETED',
  SETTLEMENT_INCOMPLETE: 'SETTLEMENT_INCOMPLETE',
  INITIATED: 'INITIATION_NO_FINAL_STATUS_AVAILABLE',
  FAILURE_GENERIC: 'INITIATION_FAILED',
  FAILURE_PERMISSION_DENIED: 'INITIATION_DECLINED',
  FAILURE_CANCELED: 'CANCELED',
  FAILURE_EXPIRED: 'INITIATION_EXPIRED',
  FAILURE_INSUFFICIENT_FUNDS: 'INITIATION_REJECTED_INSUFFICIENT_FUNDS',
  FAILURE_DECLINED: 'INITIATION_REJECTED',
};

/** The payment status a transfer status stands for in the settlement rules. */
export function transferSettlementStanding(status: TransferStatus): PaymentStatus {
  return TRANSFER_SETTLEMENT_STANDING[status];
}

/** The settlement statuses a transfer moves through, named as the transfer status machine names them. */
const SETTLEMENT_MOVE: Partial<Readonly<Record<PaymentStatus, TransferStatus>>> = {
  SETTLEMENT_IN_PROGRESS: 'SETTLEMENT_IN_PROGRESS',
  SETTLEMENT_COMPLETED: 'SETTLEMENT_COMPLETED',
  SETTLEMENT_INCOMPLETE: 'SETTLEMENT_INCOMPLETE',
};

/**
 * The moves the settlement rules decided (settlementMoves, in payment statuses) as transfer
 * moves from `from`, each checked against the transfer status machine; null when one is not allowed.
 */
export function transferSettlementMoves(
  from: TransferStatus,
  moves: readonly PaymentStatus[],
): readonly TransferStatus[] | null {
  const path: TransferStatus[] = [];
  let at = from;
  for (const move of moves) {
    const next = SETTLEMENT_MOVE[move];
    if (next === undefined || !transferStatusMachine.canMove(at, next)) return null;
    path.push(next);
    at = next;
  }
  return path;
}

/** Whether a transfer just reached the bank's final status paying a settlement account (its window opens). */
export function opensTransferSettlement(transfer: {
  readonly status: string;
  readonly virtualAccountId: string | null;
}): boolean {
  return transfer.status === 'SUCCESS' && transfer.virtualAccountId !== null;
}
