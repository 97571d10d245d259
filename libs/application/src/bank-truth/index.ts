export * from './clear-refusal.js';
export * from './outcome-checks.js';
export * from './bank-truth-application.module.js';
export * from './outcome-resolution.js';
