import { Module } from '@nestjs/common';
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
@Module({ providers: PROVIDERS, exports: PROVIDERS })
export class ReconciliationApplicationModule {}
