export * from './payments/index.js';
