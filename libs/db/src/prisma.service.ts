import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from './generated/prisma/client.js';

/**
 * The Prisma client, on the pg driver adapter (no native engine). Its `pool` is the same
 * connection pool Prisma uses: the few hot-path statements that are measured to pay for it
 * (see `hot-queries`) run on it directly, as named prepared statements.
 */
export class PrismaService extends PrismaClient {
  readonly pool: pg.Pool;

  constructor(connectionString: string, poolSize = 10) {
    const pool = new pg.Pool({ connectionString, max: poolSize });
    // An idle client that loses its connection is dropped by the pool; without a listener
    // the error would crash the process.
    pool.on('error', () => undefined);
    super({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) });
    this.pool = pool;
  }
}

export type Tx = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0];
