export * from './resolve-outcome-check.usecase.js';
export * from './outcome-resolution-application.module.js';
