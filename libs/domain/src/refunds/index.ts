export * from './refund-status.js';
export * from './refund-amounts.js';
export * from './refund-initiation.js';
export * from './refund-registration.js';
