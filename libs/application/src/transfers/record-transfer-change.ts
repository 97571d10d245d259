import type { NewTransfer, Transfer, TransferChange, Tx } from '#libs/db';
import { recordChange, resetTimer, storeNew } from '../lifecycle/record-change.js';
import type { TransferSettlementExtension } from './transfer-extensions.js';
import { transferLifecycle } from './transfer-lifecycle.js';

export { isDecoupledStep, transferTimerId } from './transfer-lifecycle.js';

/** Sets (or clears) the transfer's timer for its current state, in the caller's transaction. */
export function scheduleTransferTimer(
  tx: Tx,
  transfer: Transfer,
  now: Date,
  scheduleSeconds: readonly number[],
): Promise<Date | null> {
  return resetTimer(transferLifecycle, tx, transfer, now, { scheduleSeconds });
}

/** Stores a new transfer with its TRANSFER_STATUS_CHANGED creation event and its first timer, in the caller's transaction. */
export function storeNewTransfer(
  tx: Tx,
  row: NewTransfer,
  now: Date,
  scheduleSeconds: readonly number[],
): Promise<Transfer> {
  return storeNew(transferLifecycle, tx, row, now, { scheduleSeconds });
}

export type TransferChangeResult =
  | { readonly kind: 'changed'; readonly transfer: Transfer; readonly statusChanged: boolean }
  /** The status machine does not allow the move (e.g. the transfer is already final). */
  | { readonly kind: 'refused'; readonly transfer: Transfer }
  /** Someone else changed the transfer first; nothing was written. */
  | { readonly kind: 'stale' };

/**
 * Moves a transfer, in the caller's transaction, by its lifecycle (recordChange): checks the move
 * against the status machine, updates the row only if it is still at the version read, writes
 * TRANSFER_STATUS_CHANGED when the status changes, and resets the timer for the new state (a
 * settlement-account transfer's SUCCESS goes on to SETTLEMENT_IN_PROGRESS). Staying in a status
 * (new bank details) updates the row without an event. Final statuses never change.
 */
export async function recordTransferChange(
  tx: Tx,
  current: Transfer,
  change: TransferChange,
  now: Date,
  scheduleSeconds: readonly number[],
  extensions: TransferSettlementExtension,
): Promise<TransferChangeResult> {
  const recorded = await recordChange(transferLifecycle, tx, current, change, now, { scheduleSeconds, extensions });
  if (recorded.kind === 'stale') return recorded;
  if (recorded.kind === 'refused') return { kind: 'refused', transfer: recorded.row };
  return { kind: 'changed', transfer: recorded.row, statusChanged: recorded.statusChanged };
}
