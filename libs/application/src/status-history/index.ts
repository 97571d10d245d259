export * from './read-status-history.usecase.js';
export * from './status-history-application.module.js';
