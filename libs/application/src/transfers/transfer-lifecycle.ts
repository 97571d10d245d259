import { JOB_QUEUE, type PayloadOf } from '#libs/common';
import { TransferRepository, type NewTransfer, type Transfer, type TransferChange } from '#libs/db';
import { nextTransferTimer, opensTransferSettlement, transferStatusMachine, type TransferStatus } from '#libs/domain';
import type { Lifecycle, LifecycleEvent } from '../lifecycle/lifecycle.js';
import { writeLifecycleEvents } from '../lifecycle/record-change.js';
import type { TransferSettlementExtension } from './transfer-extensions.js';
import { transferEventPayload } from './transfer-view.js';

/**
 * What a transfer's move needs beyond its row: the poll schedule of its bank, and for a move that
 * may follow (recordTransferChange) the process's extensions (TransferExtensions).
 */
export interface TransferMoveContext {
  readonly scheduleSeconds: readonly number[];
  readonly extensions?: TransferSettlementExtension;
}

/** The id of a transfer's one timer row. */
export function transferTimerId(transferId: string): string {
  return `transfers.poll:${transferId}`;
}

/** Whether the user's step at the bank is a decoupled approval (stored in `authorization`). */
export function isDecoupledStep(transfer: Pick<Transfer, 'authorization'>): boolean {
  const step = transfer.authorization as { readonly decoupled?: boolean } | null;
  return step?.decoupled === true;
}

function transferEvents(transfer: Transfer): LifecycleEvent[] {
  return [
    {
      memberId: transfer.memberId,
      type: 'TRANSFER_STATUS_CHANGED',
      payload: transferEventPayload(transfer),
      createdAt: transfer.updatedAt,
    },
  ];
}

/**
 * The lifecycle of a Payments v1 transfer: the transfer status machine; a move writes
 * TRANSFER_STATUS_CHANGED and resets the `transfers.poll` timer. What follows a move: a transfer
 * to a settlement account the bank has completed (SUCCESS, announced) opens its settlement window
 * and moves on to SETTLEMENT_IN_PROGRESS with its own event, in the same transaction, so it is
 * never left at SUCCESS without its window; the reconciliation worker (or the window's end)
 * decides what follows.
 */
export const transferLifecycle: Lifecycle<
  Transfer,
  TransferChange,
  TransferStatus,
  TransferMoveContext,
  void,
  NewTransfer
> = {
  name: 'transfer',
  machine: transferStatusMachine,
  statusOf: (transfer) => transfer.status,
  proposedStatusOf: (change) => change.status,
  idOf: (transfer) => transfer.id,
  update: (tx, current, change) => new TransferRepository(tx).update(current, change),
  insert: (tx, row) => new TransferRepository(tx).insert(row),
  events: (after) => transferEvents(after),
  timer(transfer, now, { scheduleSeconds }) {
    const due = nextTransferTimer({
      status: transfer.status,
      now,
      expiresAt: transfer.expiresAt,
      pollUntil: transfer.pollUntil,
      pollCount: transfer.pollCount,
      scheduleSeconds,
      atBank: transfer.bankPaymentId !== null || transfer.bankConsentId !== null,
      decoupled: isDecoupledStep(transfer),
    });
    if (due === null) return null;
    const payload: PayloadOf<'transfers.poll'> = { name: 'transfers.poll', transferId: transfer.id };
    return { id: transferTimerId(transfer.id), queue: JOB_QUEUE['transfers.poll'], payload, dueAt: due };
  },
  timerId: transferTimerId,
  async follow(tx, { after, now, context }) {
    if (!opensTransferSettlement(after)) return undefined;
    if (context.extensions === undefined) throw new Error('transfers: a move that may follow needs the extensions');
    await context.extensions.openTransferSettlementWindow(tx, after, now);
    const started = await new TransferRepository(tx).update(after, {
      status: 'SETTLEMENT_IN_PROGRESS',
      updatedAt: now,
    });
    if (started === null) throw new Error(`transfer ${after.id} moved under its lock`);
    await writeLifecycleEvents(transferLifecycle, tx, started, after);
    return started;
  },
};
