export * from './settlement-account-view.js';
export * from './settlement-credit-timer.js';
export * from './create-settlement-account.usecase.js';
export * from './settlement-account-queries.usecases.js';
export * from './book-settlement-credits.usecase.js';
export * from './read-settlement-credits.usecase.js';
export * from './settlement-application.module.js';
