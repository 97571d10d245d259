import { readdir } from 'node:fs/promises';
import pg from 'pg';
import { GATEWAY_BOOKKEEPING, type MigrationBookkeeping } from './apply-migrations.js';

/** The migrations a folder ships (`<dir>/<name>/migration.sql`), in the order the runner applies them. */
export async function shippedMigrations(dir: string): Promise<string[]> {
  return (await readdir(dir, { withFileTypes: true }))
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/** Runs one statement with positional parameters and answers its rows (a pg client, Prisma's raw query). */
export type RowQuery = <R>(sql: string, ...params: unknown[]) => Promise<R[]>;

const quote = (name: string): string => `"${name.replaceAll('"', '""')}"`;

/**
 * The migrations the bookkeeping records as applied (finished, not rolled back); none while its
 * table does not exist yet (an empty database).
 */
export async function appliedMigrations(
  query: RowQuery,
  bookkeeping: MigrationBookkeeping = GATEWAY_BOOKKEEPING,
): Promise<string[]> {
  const table = `${quote(bookkeeping.schema)}.${quote(bookkeeping.table)}`;
  const [found] = await query<{ present: boolean }>('SELECT to_regclass($1) IS NOT NULL AS present', table);
  if (found?.present !== true) return [];
  const rows = await query<{ migration_name: string }>(
    `SELECT migration_name FROM ${table} WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
  );
  return rows.map((row) => row.migration_name);
}

/** The shipped migrations not in `applied`, in order. Migrations applied but not shipped (a newer image's) do not count. */
export function missingMigrations(shipped: readonly string[], applied: Iterable<string>): string[] {
  const done = new Set(applied);
  return shipped.filter((name) => !done.has(name));
}

/** One line saying which shipped migrations a database lacks, for logs and readiness answers. */
export function describePending(pending: readonly string[], shipped: number): string {
  if (pending.length === 0) return 'every migration is applied';
  const listed = pending.slice(0, 3).join(', ');
  const more = pending.length > 3 ? `, and ${pending.length - 3} more` : '';
  return `${pending.length} of ${shipped} migrations not applied (${listed}${more})`;
}

/** The migrations of `dir` that the database at `databaseUrl` has not applied, in order. */
export async function pendingMigrations(
  databaseUrl: string,
  dir: string,
  bookkeeping: MigrationBookkeeping = GATEWAY_BOOKKEEPING,
): Promise<{ shipped: string[]; pending: string[] }> {
  const shipped = await shippedMigrations(dir);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const query: RowQuery = async <R>(sql: string, ...params: unknown[]) =>
      (await client.query(sql, params)).rows as R[];
    return { shipped, pending: missingMigrations(shipped, await appliedMigrations(query, bookkeeping)) };
  } finally {
    await client.end();
  }
}
