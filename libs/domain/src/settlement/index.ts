export * from './ledger.js';
export * from './credit-matching.js';
export * from './settlement-window.js';
export * from './settlement-creditor.js';
export * from './settlement-account-rules.js';
export * from './transfer-settlement.js';
export * from './settlement-account-status.js';
