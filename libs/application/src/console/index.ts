export * from './console-application.module.js';
export * from './console-sessions.js';
export * from './read-payment-fields.usecase.js';
