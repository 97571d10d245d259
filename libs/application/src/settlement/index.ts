export * from './reconciliation/credit-reconciliation.js';
export * from './reconciliation/match-credit.usecase.js';
export * from './reconciliation/reconciliation-application.module.js';
export * from './reconciliation/reconciliation-queries.js';
export * from './reconciliation/settlement-window-end.js';
export * from './settlement-window-timer.js';
