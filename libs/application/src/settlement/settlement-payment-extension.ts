import type { SettlementPaymentExtension } from '../payments/payment-extensions.js';
import type { TransferSettlementExtension } from '../transfers/transfer-extensions.js';
import { withSettlementCreditor } from './settlement-creditor.js';
import {
  openSettlementWindow,
  opensSettlementWindow,
  openTransferSettlementWindow,
} from './settlement-window-timer.js';

/** Settlement accounts in payments (their extension port): the creditor resolved, the window opened. */
export const SETTLEMENT_PAYMENT_EXTENSION: SettlementPaymentExtension = {
  withSettlementCreditor,
  opensSettlementWindow,
  openSettlementWindow,
};

/** Settlement accounts in transfers (their extension port): the window of a transfer's SUCCESS. */
export const SETTLEMENT_TRANSFER_EXTENSION: TransferSettlementExtension = { openTransferSettlementWindow };
