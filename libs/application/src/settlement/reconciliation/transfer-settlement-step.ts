import type { SettlementTransferWrite, Transfer } from '#libs/db';
import type { SettlementCandidate, TransferStatus } from '#libs/domain';
import { transferSettlementStanding } from '#libs/domain';
import { transferLifecycle } from '../../transfers/transfer-lifecycle.js';
import { plannedSettlementMoves } from './settlement-step.js';

/** A transfer's settlement moves as written together: the row's change with its events and timers. */
export interface TransferSettlementStep {
  readonly write: SettlementTransferWrite;
  /** The transfer as it ends. */
  readonly transfer: Transfer;
}

/** A stored transfer as the matching rules read it (its status as the payment status it stands for). */
export function transferCandidateOf(transfer: Transfer): SettlementCandidate {
  return {
    id: transfer.id,
    status: transferSettlementStanding(transfer.status),
    amount: transfer.amount.toFixed(),
    currency: transfer.currency,
    createdAt: transfer.createdAt,
  };
}

/**
 * The moves `moves` (each allowed by the transfer status machine; see transferSettlementMoves)
 * of a transfer locked at `current`, at `now`, as the transfer's lifecycle plans them: a
 * TRANSFER_STATUS_CHANGED event per move, the timers it ends, the last move carrying `reason` as
 * statusReasonInformation when given. A settlement status keeps no poll timer, so no schedule is read.
 */
export function transferSettlementStep(
  current: Transfer,
  moves: readonly TransferStatus[],
  now: Date,
  reason?: string,
): TransferSettlementStep {
  const write = plannedSettlementMoves(transferLifecycle, { scheduleSeconds: [] }, current, moves, now, reason);
  return { write, transfer: write.changed };
}
