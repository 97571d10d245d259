export * from './bank-initiation.js';
export * from './bank-failure.js';
export * from './payment-rules.js';
export * from './payment-view.js';
export * from './progress-change.js';
export * from './record-payment-change.js';
export * from './payment-progression.js';
