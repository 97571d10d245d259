import { Injectable } from '@nestjs/common';
import type { Transfer, Tx } from '#libs/db';

/**
 * The extension port of transfers: what settlement accounts add to a transfer that pays one,
 * declared here and implemented in `settlement/`, so that transfers imports no settlement code.
 * `TransferExtensions` is a Nest provider, one per application (TransfersApplicationModule):
 * settlement's Nest module plugs its extension in when the application starts
 * (SettlementPaymentPlug), and the transfer's moves use the one they are given. A process that
 * does not import that module has none: a settlement-account transfer's SUCCESS fails there
 * rather than moving without its window.
 */
export interface TransferSettlementExtension {
  /** In the transaction that records a settlement-account transfer's SUCCESS: its window timer; answers its end. */
  openTransferSettlementWindow(tx: Tx, transfer: Transfer, now: Date): Promise<Date>;
}

/** The extensions of one application, plugged by their Nest modules when the application starts. */
@Injectable()
export class TransferExtensions implements TransferSettlementExtension {
  private settlement: TransferSettlementExtension | undefined;

  plugSettlement(extension: TransferSettlementExtension): void {
    this.settlement = extension;
  }

  /** In the transaction that records a settlement-account transfer's SUCCESS: its settlement window timer. */
  openTransferSettlementWindow(tx: Tx, transfer: Transfer, now: Date): Promise<Date> {
    if (this.settlement === undefined)
      throw new Error('transfers: no settlement extension in this process (SettlementApplicationModule)');
    return this.settlement.openTransferSettlementWindow(tx, transfer, now);
  }
}
