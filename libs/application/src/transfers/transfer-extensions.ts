import type { Transfer, Tx } from '#libs/db';

/**
 * The extension port of transfers: what settlement accounts add to a transfer that pays one,
 * declared here and implemented in `settlement/`, so that transfers imports no settlement code.
 * A function of the caller's transaction, with no state: the composition root of the application
 * layer (`libs/application/src/payment-extensions.ts`) plugs it once, when the layer is imported.
 */
export interface TransferSettlementExtension {
  /** In the transaction that records a settlement-account transfer's SUCCESS: its window timer; answers its end. */
  openTransferSettlementWindow(tx: Tx, transfer: Transfer, now: Date): Promise<Date>;
}

let plugged: TransferSettlementExtension | undefined;

/** Plugs the settlement extension (the application layer's composition root, once). */
export function plugTransferSettlementExtension(extension: TransferSettlementExtension): void {
  plugged = extension;
}

/** In the transaction that records a settlement-account transfer's SUCCESS: its settlement window timer. */
export function openTransferSettlementWindow(tx: Tx, transfer: Transfer, now: Date): Promise<Date> {
  if (plugged === undefined)
    throw new Error(
      'transfers: no settlement extension plugged; import the application layer through #libs/application',
    );
  return plugged.openTransferSettlementWindow(tx, transfer, now);
}
