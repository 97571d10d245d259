import { Injectable, type OnModuleInit } from '@nestjs/common';
import { PaymentExtensions } from '../payments/payment-extensions.js';
import { TransferExtensions } from '../transfers/transfer-extensions.js';
import { withSettlementCreditor } from './settlement-creditor.js';
import {
  openSettlementWindow,
  opensSettlementWindow,
  openTransferSettlementWindow,
} from './settlement-window-timer.js';

/**
 * Plugs settlement accounts into payments and transfers (their extension ports) when the
 * application starts: a payment's `creditor.virtualAccountId` resolved, and the settlement window
 * of a completed payment or a transfer's SUCCESS opened in the transaction of that move.
 */
@Injectable()
export class SettlementPaymentPlug implements OnModuleInit {
  constructor(
    private readonly payments: PaymentExtensions,
    private readonly transfers: TransferExtensions,
  ) {}

  onModuleInit(): void {
    this.payments.plugSettlement({ withSettlementCreditor, opensSettlementWindow, openSettlementWindow });
    this.transfers.plugSettlement({ openTransferSettlementWindow });
  }
}
