export * from './lifecycle.js';
export * from './planned-change.js';
export * from './record-change.js';
