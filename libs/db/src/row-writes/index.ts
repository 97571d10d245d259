export * from './row-shape.js';
export * from './write-statements.js';
export * from './written-alongside.js';
export * from './row-writers.js';
