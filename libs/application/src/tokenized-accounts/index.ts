export * from './tokenized-account-vault.js';
export * from './create-tokenized-account.usecase.js';
export * from './get-tokenized-account.usecase.js';
export * from './delete-tokenized-account.usecase.js';
export * from './tokenized-accounts-application.module.js';
export * from './debtor-account-resolution.js';
