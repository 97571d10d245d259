export * from './payout-status.js';
export * from './payout-description.js';
export * from './payout-initiation.js';
export * from './account-verification.js';
export * from './account-verification-request.js';
