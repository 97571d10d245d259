export * from './payments/index.js';
export * from './transfers/index.js';
export * from './tokens/index.js';
export * from './paging/page-offset.js';
export * from './sub-tpps/index.js';
export * from './tokenized-accounts/index.js';
export * from './payment-links/index.js';
export * from './account-information/index.js';
