export * from './flow-type.js';
export * from './local-instrument-selection.js';
export * from './initiation-context.js';
