export * from './purge-idempotency-keys.usecase.js';
export * from './purge-revoked-api-keys.usecase.js';
export * from './purge-account-information.usecase.js';
export * from './advance-clock.usecase.js';
export * from './read-clock.usecase.js';
export * from './sandbox-clock.js';
export * from './maintenance-application.module.js';
export * from './due-timers.js';
