export * from './ledger.js';
export * from './settlement-account-rules.js';
