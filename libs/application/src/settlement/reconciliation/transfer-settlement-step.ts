import type { SettlementEventRow, SettlementTransferWrite, Transfer } from '#libs/db';
import type { SettlementCandidate, TransferStatus } from '#libs/domain';
import { transferSettlementStanding } from '#libs/domain';
import { transferEventPayload } from '../../transfers/transfer-view.js';
import { movesOf } from './settlement-step.js';

/** A transfer's settlement moves as written together: the row's change and one event per move. */
export interface TransferSettlementStep {
  readonly write: SettlementTransferWrite;
  readonly events: readonly SettlementEventRow[];
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
 * of a transfer locked at `current`, at `now`: a version and a TRANSFER_STATUS_CHANGED event per
 * move, the last carrying `reason` as statusReasonInformation when given.
 */
export function transferSettlementStep(
  current: Transfer,
  moves: readonly TransferStatus[],
  now: Date,
  reason?: string,
): TransferSettlementStep {
  const { row: transfer, events } = movesOf(
    current,
    moves,
    now,
    { type: 'TRANSFER_STATUS_CHANGED', payload: transferEventPayload },
    reason,
  );
  return {
    write: { expected: { id: current.id, status: current.status, version: current.version }, changed: transfer },
    events,
    transfer,
  };
}
