export * from './key-encryption-service.js';
export * from './secret-open-error.js';
export * from './local-kms.js';
export * from './sealed-value.js';
export * from './secret-box.js';
export * from './secret-box-from-config.js';
export * from './secrets.module.js';
