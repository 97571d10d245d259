export * from './bank-errors.js';
