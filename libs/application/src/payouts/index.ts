export * from './payout-view.js';
export * from './initiate-payout.usecase.js';
export * from './payout-queries.usecases.js';
export * from './payout-progression.js';
export * from './record-payout-change.js';
export * from './payouts-application.module.js';
export * from './settlement-account-owner-id.js';
export * from './verify-account.usecase.js';
export { payoutLifecycle, payoutTimer, type PayoutMoveContext } from './payout-lifecycle.js';
