export * from './payments/index.js';
export * from './transfers/index.js';
export * from './tokens/index.js';
