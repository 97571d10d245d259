export * from './refund-view.js';
export * from './refund-registration-vault.js';
export * from './refund-registrations.usecases.js';
export * from './initiate-refund.usecase.js';
export * from './refund-queries.usecases.js';
export * from './refund-progression.js';
export * from './record-refund-change.js';
export * from './refunds-application.module.js';
export { refundLifecycle, refundTimer, type RefundMoveContext } from './refund-lifecycle.js';
