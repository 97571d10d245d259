export * from './bank-types.js';
export * from './bank-errors.js';
export * from './bank-connector.js';
export * from './catalogue/bank-catalogue-entry.js';
