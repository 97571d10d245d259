import { randomBytes } from 'node:crypto';

/**
 * Runs before each test file of the medium and e2e layers. Files run at once on one Redis: each
 * gets its own QUEUE_PREFIX, the prefix of every Redis key of its deployment (queues, rate limits,
 * credentials generation, caches), so one file never takes another's jobs nor counts on its
 * counters. The in-process config (testConfig) reads it here, and processes a file spawns inherit it.
 */
process.env['QUEUE_PREFIX'] = `t-${randomBytes(6).toString('hex')}`;
