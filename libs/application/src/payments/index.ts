export * from './bank-initiation.js';
export * from './bank-failure.js';
export * from './payment-rules.js';
export * from './payment-view.js';
export * from './progress-change.js';
export * from './record-payment-change.js';
export * from './payment-progression.js';
export * from './payment-progression.providers.js';
export * from './payment-draft.js';
export * from './hosted-pages-url.js';
export * from './tpp-callback-url.js';
export * from './initiation-error.js';
export * from './initiate-payment.usecase.js';
export * from './payment-initiation-checks.js';
export * from './hosted-payment-preparation.js';
export * from './get-payment.usecase.js';
export * from './list-payments.usecase.js';
export * from './submit-embedded-auth.usecase.js';
export * from './poll-payment.usecase.js';
export * from './complete-payment-callback.usecase.js';
export * from './embedded-form-values.js';
export * from './hosted-step.js';
export * from './hosted-payments.js';
export * from './selectable-banks.js';
export * from './show-bank-selection.usecase.js';
export * from './select-bank.usecase.js';
export * from './submit-hosted-embedded-auth.usecase.js';
export * from './payments-application.module.js';
export * from './payment-order-grants.js';
export * from './payment-order-submission.js';
export { paymentLifecycle, paymentTimer, type PaymentLifecycle, type PaymentMoveContext } from './payment-lifecycle.js';
export {
  PaymentExtensions,
  type PaymentLinkExtension,
  type PaymentMoveHooks,
  type SettlementPaymentExtension,
  type VrpEventPayload,
  type VrpPaymentExtension,
} from './payment-extensions.js';
