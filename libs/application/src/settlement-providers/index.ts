export * from './settlement-provider-registry.factory.js';
export * from './settlement-providers.module.js';
