export * from './token-request-initiation.js';
export * from './token-request-timer.js';
