import { createHash, randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';

/**
 * Where a chain of migrations records what it applied: a table with the columns of Prisma's
 * `_prisma_migrations`, in a schema the runner creates when missing.
 */
export interface MigrationBookkeeping {
  readonly schema: string;
  readonly table: string;
}

/** The gateway's chain (prisma/migrations): Prisma's own table, so `prisma migrate deploy` elsewhere agrees with this runner. */
export const GATEWAY_BOOKKEEPING: MigrationBookkeeping = { schema: 'public', table: '_prisma_migrations' };

/** Any constant; serialises concurrent runners (api replicas, a migration Job, a sandbox bank) on one database. */
const ADVISORY_LOCK_KEY = 724_310_001;

export interface MigrationResult {
  readonly applied: readonly string[];
  readonly alreadyApplied: number;
}

export class MigrationChecksumError extends Error {
  constructor(readonly migration: string) {
    super(`Migration ${migration} was changed after it was applied (checksum differs).`);
  }
}

function createBookkeeping(table: string): string {
  return `CREATE TABLE IF NOT EXISTS ${table} (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;
}

/**
 * Applies `<dir>/<name>/migration.sql` in name order, each in its own transaction, and records
 * it the way Prisma does, in `bookkeeping` (the gateway's `_prisma_migrations` unless told). An
 * applied migration whose file changed stops the run.
 */
export async function applyMigrations(
  databaseUrl: string,
  dir: string,
  bookkeeping: MigrationBookkeeping = GATEWAY_BOOKKEEPING,
): Promise<MigrationResult> {
  const names = (await readdir(dir, { withFileTypes: true }))
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const schema = client.escapeIdentifier(bookkeeping.schema);
  const table = `${schema}.${client.escapeIdentifier(bookkeeping.table)}`;
  try {
    await client.query('SELECT pg_advisory_lock($1)', [ADVISORY_LOCK_KEY]);
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    await client.query(createBookkeeping(table));
    const done = await client.query<{ migration_name: string; checksum: string }>(
      `SELECT migration_name, checksum FROM ${table} WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
    );
    const applied = new Map(done.rows.map((row) => [row.migration_name, row.checksum]));
    const appliedNow: string[] = [];
    for (const name of names) {
      const sql = await readFile(join(dir, name, 'migration.sql'), 'utf8');
      const checksum = createHash('sha256').update(sql).digest('hex');
      const previous = applied.get(name);
      if (previous !== undefined) {
        if (previous !== checksum) throw new MigrationChecksumError(name);
        continue;
      }
      await client.query('BEGIN');
      try {
        await client.query(sql);
        await client.query(
          `INSERT INTO ${table} (id, checksum, finished_at, migration_name, applied_steps_count, started_at)
           VALUES ($1, $2, now(), $3, 1, now())`,
          [randomUUID(), checksum, name],
        );
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      }
      appliedNow.push(name);
    }
    return { applied: appliedNow, alreadyApplied: names.length - appliedNow.length };
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [ADVISORY_LOCK_KEY]).catch(() => undefined);
    await client.end();
  }
}
