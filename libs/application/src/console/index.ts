export * from './console-application.module.js';
export * from './console-sessions.js';
export * from './find-resources.usecase.js';
export * from './read-console-resource.usecase.js';
export * from './console-resource-views.js';
export * from './payment-status-groups.js';
export * from './read-console-overview.usecase.js';
export * from './read-bank-call-health.usecase.js';
