export * from './payee-account.js';
export * from './rule-description.js';
export * from './settlement-rule-amount.js';
export * from './settlement-rule-schedule.js';
export * from './settlement-rule-status.js';
export * from './rule-payee-check.js';
