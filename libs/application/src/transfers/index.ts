export * from './transfer-view.js';
export * from './transfer-source.js';
export * from './record-transfer-change.js';
export * from './transfer-progression.js';
export * from './transfer-redemption.js';
export * from './transfers-application.module.js';
export * from './poll-transfer.js';
