export * from './idempotency-keys.js';
export * from './idempotency-application.module.js';
