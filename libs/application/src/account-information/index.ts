export * from './account-information-reads.js';
export * from './account-information-application.module.js';
export * from './account-views.js';
