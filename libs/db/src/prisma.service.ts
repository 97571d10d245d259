import { PrismaPg } from '@prisma/adapter-pg';
import type pg from 'pg';
import { BoundedPool } from './bounded-pool.js';
import { PrismaClient } from './generated/prisma/client.js';

/** How long a statement waits for a connection when the caller names no bound. */
const DEFAULT_ACQUIRE_TIMEOUT_MS = 3000;

/**
 * The Prisma client, on the pg driver adapter (no native engine). Its `pool` is the same
 * connection pool Prisma uses: the few hot-path statements that are measured to pay for it
 * (see `hot-queries`) run on it directly, as named prepared statements. A statement that finds
 * no connection free within `acquireTimeoutMs` fails with 503 UNAVAILABLE (BoundedPool); an
 * interactive transaction waits as long for its connection before Prisma gives up on it.
 */
export class PrismaService extends PrismaClient {
  readonly pool: pg.Pool;

  constructor(connectionString: string, poolSize = 10, acquireTimeoutMs = DEFAULT_ACQUIRE_TIMEOUT_MS) {
    const pool = new BoundedPool(connectionString, poolSize, acquireTimeoutMs);
    // An idle client that loses its connection is dropped by the pool; without a listener
    // the error would crash the process.
    pool.on('error', () => undefined);
    super({
      adapter: new PrismaPg(pool, { disposeExternalPool: true }),
      transactionOptions: { maxWait: acquireTimeoutMs + 1000 },
    });
    this.pool = pool;
  }
}

export type Tx = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0];
