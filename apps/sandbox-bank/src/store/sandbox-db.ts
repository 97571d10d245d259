import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from '../generated/prisma/client.js';

export { Prisma } from '../generated/prisma/client.js';

/**
 * The sandbox bank's own Prisma client (apps/sandbox-bank/prisma/schema.prisma: the tables of
 * the `sandbox_bank` schema), on the pg driver adapter. Its `pool` is the one Prisma uses: the
 * hot consent statements and the clock read run on it directly.
 */
export class SandboxDb extends PrismaClient {
  readonly pool: pg.Pool;

  constructor(connectionString: string, poolSize: number) {
    const pool = new pg.Pool({ connectionString, max: poolSize });
    // An idle client that loses its connection is dropped by the pool; without a listener
    // the error would crash the process.
    pool.on('error', () => undefined);
    super({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) });
    this.pool = pool;
  }
}
