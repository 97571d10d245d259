export * from './clear-refusal.js';
export * from './outcome-checks.js';
export * from './bank-truth-application.module.js';
export * from './outcome-resolution.js';
export { operatorEventView } from './outcome-check-views.js';
export * from './list-outcome-checks.usecase.js';
export * from './list-operator-events.usecase.js';
