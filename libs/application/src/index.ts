export * from './bank-connectors.js';
export * from './payments/index.js';
