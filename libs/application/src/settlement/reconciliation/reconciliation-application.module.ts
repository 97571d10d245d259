import { Module } from '@nestjs/common';
import { PaymentsApplicationModule } from '../../payments/payments-application.module.js';
import { CreditReconciliation } from './credit-reconciliation.js';
import { GetCreditUseCase } from './get-credit.usecase.js';
import { GetPaymentSettlementUseCase } from './get-payment-settlement.usecase.js';
import { GetTransferSettlementUseCase } from './get-transfer-settlement.usecase.js';
import { ListCreditsUseCase } from './list-credits.usecase.js';
import { ListPaymentsAwaitingSettlementUseCase } from './list-payments-awaiting-settlement.usecase.js';
import { ListTransfersAwaitingSettlementUseCase } from './list-transfers-awaiting-settlement.usecase.js';
import { ListUnmatchedCreditsUseCase } from './list-unmatched-credits.usecase.js';
import { MatchCreditUseCase } from './match-credit.usecase.js';
import { ReconcileSettlementUseCase } from './reconcile-settlement.usecase.js';
import { SettlementWindowEnd } from './settlement-window-end.js';

const PROVIDERS = [
  CreditReconciliation,
  SettlementWindowEnd,
  MatchCreditUseCase,
  ListUnmatchedCreditsUseCase,
  ListCreditsUseCase,
  GetCreditUseCase,
  GetPaymentSettlementUseCase,
  GetTransferSettlementUseCase,
  ListPaymentsAwaitingSettlementUseCase,
  ListTransfersAwaitingSettlementUseCase,
  ReconcileSettlementUseCase,
];

/** Reconciliation of settlement-account credits with payments: the worker's batches and window ends, the admin's views and matches. */
@Module({ imports: [PaymentsApplicationModule], providers: PROVIDERS, exports: PROVIDERS })
export class ReconciliationApplicationModule {}
