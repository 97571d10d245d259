export * from './migrations/apply-migrations.js';
export * from './batching/statement-batcher.js';
export * from './migrations/pending-migrations.js';
