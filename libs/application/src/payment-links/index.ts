export * from './create-payment-link.usecase.js';
export * from './deactivate-payment-link.usecase.js';
export * from './get-payment-link.usecase.js';
export * from './list-payment-links.usecase.js';
export * from './payment-link-view.js';
export * from './payment-links-application.module.js';
export * from './expire-payment-link.usecase.js';
export * from './payment-link-timer.js';
