import { Module } from '@nestjs/common';
import { PaymentsApplicationModule } from '../../payments/payments-application.module.js';
import { CreditReconciliation } from './credit-reconciliation.js';
import { MatchCreditUseCase } from './match-credit.usecase.js';
import { ReconciliationQueries } from './reconciliation-queries.js';
import { ReconcileSettlementUseCase } from './reconcile-settlement.usecase.js';
import { SettlementWindowEnd } from './settlement-window-end.js';

const PROVIDERS = [
  CreditReconciliation,
  SettlementWindowEnd,
  MatchCreditUseCase,
  ReconciliationQueries,
  ReconcileSettlementUseCase,
];

/** Reconciliation of settlement-account credits with payments: the worker's batches and window ends, the admin's views and matches. */
@Module({ imports: [PaymentsApplicationModule], providers: PROVIDERS, exports: PROVIDERS })
export class ReconciliationApplicationModule {}
