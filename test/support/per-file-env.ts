import { randomBytes } from 'node:crypto';

/**
 * Runs before each test file of the medium and e2e layers. Files run two at once on one Redis:
 * each gets its own BullMQ key prefix, so one file's workers never take another's jobs. The
 * in-process config (testConfig) reads it here, and processes a file spawns inherit it.
 */
process.env['QUEUE_PREFIX'] = `t-${randomBytes(6).toString('hex')}`;
