import { JOB_QUEUE, type PayloadOf } from '#libs/common';
import {
  ScheduledJobRepository,
  TransferRepository,
  type NewTransfer,
  type Transfer,
  type TransferChange,
  type Tx,
} from '#libs/db';
import { decideTransferMove, nextTransferTimer, opensTransferSettlement, type TransferStatus } from '#libs/domain';
import { writeOutboxEvent } from '#libs/events';
import { openTransferSettlementWindow } from './transfer-extensions.js';
import { transferEventPayload } from './transfer-view.js';

/** The id of a transfer's one timer row. */
export function transferTimerId(transferId: string): string {
  return `transfers.poll:${transferId}`;
}

/** Whether the user's step at the bank is a decoupled approval (stored in `authorization`). */
export function isDecoupledStep(transfer: Pick<Transfer, 'authorization'>): boolean {
  const step = transfer.authorization as { readonly decoupled?: boolean } | null;
  return step?.decoupled === true;
}

/** Sets (or clears) the transfer's timer for its current state, in the caller's transaction. */
export async function scheduleTransferTimer(
  tx: Tx,
  transfer: Transfer,
  now: Date,
  scheduleSeconds: readonly number[],
): Promise<Date | null> {
  const due = nextTransferTimer({
    status: transfer.status as TransferStatus,
    now,
    expiresAt: transfer.expiresAt,
    pollUntil: transfer.pollUntil,
    pollCount: transfer.pollCount,
    scheduleSeconds,
    atBank: transfer.bankPaymentId !== null || transfer.bankConsentId !== null,
    decoupled: isDecoupledStep(transfer),
  });
  const timers = new ScheduledJobRepository(tx);
  if (due === null) {
    await timers.remove([transferTimerId(transfer.id)]);
    return null;
  }
  const payload: PayloadOf<'transfers.poll'> = { name: 'transfers.poll', transferId: transfer.id };
  await timers.schedule(transferTimerId(transfer.id), payload, due, JOB_QUEUE['transfers.poll']);
  return due;
}

async function announce(tx: Tx, transfer: Transfer): Promise<void> {
  await writeOutboxEvent(tx, {
    memberId: transfer.memberId,
    type: 'TRANSFER_STATUS_CHANGED',
    payload: transferEventPayload(transfer),
    createdAt: transfer.updatedAt,
  });
}

/** Stores a new transfer with its TRANSFER_STATUS_CHANGED creation event and its first timer, in the caller's transaction. */
export async function storeNewTransfer(
  tx: Tx,
  row: NewTransfer,
  now: Date,
  scheduleSeconds: readonly number[],
): Promise<Transfer> {
  const transfer = await new TransferRepository(tx).insert(row);
  await announce(tx, transfer);
  await scheduleTransferTimer(tx, transfer, now, scheduleSeconds);
  return transfer;
}

export type TransferChangeResult =
  | { readonly kind: 'changed'; readonly transfer: Transfer; readonly statusChanged: boolean }
  /** The status machine does not allow the move (e.g. the transfer is already final). */
  | { readonly kind: 'refused'; readonly transfer: Transfer }
  /** Someone else changed the transfer first; nothing was written. */
  | { readonly kind: 'stale' };

/**
 * Moves a transfer, in the caller's transaction: checks the move against the status machine,
 * updates the row only if it is still at the version read, writes TRANSFER_STATUS_CHANGED when
 * the status changes, and resets the timer for the new state. Staying in a status (new bank
 * details) updates the row without an event. Final statuses never change.
 */
export async function recordTransferChange(
  tx: Tx,
  current: Transfer,
  change: TransferChange,
  now: Date,
  scheduleSeconds: readonly number[],
): Promise<TransferChangeResult> {
  const decision = decideTransferMove(current.status as TransferStatus, change.status as TransferStatus);
  if (decision === 'refuse') return { kind: 'refused', transfer: current };
  const statusChanged = decision === 'move';
  const updated = await new TransferRepository(tx).update(current, change);
  if (updated === null) return { kind: 'stale' };
  if (statusChanged) await announce(tx, updated);
  await scheduleTransferTimer(tx, updated, now, scheduleSeconds);
  if (statusChanged && opensTransferSettlement(updated)) return startSettlement(tx, updated, now);
  return { kind: 'changed', transfer: updated, statusChanged };
}

/**
 * A transfer to a settlement account the bank has completed (SUCCESS, announced) opens its
 * settlement window and moves on to SETTLEMENT_IN_PROGRESS with its own event, in the same
 * transaction: it is never left at SUCCESS without its window. The reconciliation worker (or the
 * window's end) decides what follows.
 */
async function startSettlement(tx: Tx, succeeded: Transfer, now: Date): Promise<TransferChangeResult> {
  await openTransferSettlementWindow(tx, succeeded, now);
  const started = await new TransferRepository(tx).update(succeeded, {
    status: 'SETTLEMENT_IN_PROGRESS',
    updatedAt: now,
  });
  if (started === null) throw new Error(`transfer ${succeeded.id} moved under its lock`);
  await announce(tx, started);
  return { kind: 'changed', transfer: started, statusChanged: true };
}
