import { createHash, randomBytes } from 'node:crypto';
import { appendFile, cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { MigrationChecksumError, applyMigrations } from '#libs/postgres';
import {
  SANDBOX_BOOKKEEPING,
  applySandboxMigrations,
  sandboxMigrationsDir,
} from '../../apps/sandbox-bank/src/store/sandbox-migrations.js';
import '../support/test-servers.js';

const MIGRATIONS = join(import.meta.dirname, '../../prisma/migrations');
const SCHEMA = join(import.meta.dirname, '../../prisma/schema.prisma');
const SANDBOX_SCHEMA = join(import.meta.dirname, '../../apps/sandbox-bank/prisma/schema.prisma');
const tempDirs: string[] = [];

afterAll(async () => {
  await Promise.all(tempDirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** A truly empty database (not a clone of the migrated template). */
async function emptyDatabase(): Promise<string> {
  const adminUrl = inject('postgresAdminUrl');
  const name = `m_${randomBytes(6).toString('hex')}`;
  await withClient(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function query<R extends pg.QueryResultRow>(url: string, sql: string, params: unknown[] = []): Promise<R[]> {
  return withClient(url, async (client) => (await client.query<R>(sql, params)).rows);
}

async function migrationNames(dir: string): Promise<string[]> {
  return (await readdir(dir, { withFileTypes: true }))
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

async function copyMigrations(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'migrations-'));
  tempDirs.push(dir);
  await cp(MIGRATIONS, dir, { recursive: true });
  return dir;
}

interface BookkeepingRow {
  migration_name: string;
  checksum: string;
  finished_at: Date | null;
  rolled_back_at: Date | null;
}

const bookkeeping = (url: string): Promise<BookkeepingRow[]> =>
  query<BookkeepingRow>(
    url,
    'SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations" ORDER BY migration_name, started_at',
  );

async function tableExists(url: string, table: string): Promise<boolean> {
  const rows = await query<{ n: number }>(
    url,
    "SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public' AND table_name = $1",
    [table],
  );
  return rows[0]?.n === 1;
}

/** Table name -> column names, as the Prisma schema maps them (relation fields left out). */
function prismaColumns(schema: string): Map<string, string[]> {
  const models = [...schema.matchAll(/^model (\w+) \{([\s\S]*?)^\}/gm)];
  const modelNames = new Set(models.map((model) => model[1]));
  const tables = new Map<string, string[]>();
  for (const [, name, body] of models) {
    const lines = (body ?? '').split('\n').map((line) => line.trim());
    const table = /@@map\("([^"]+)"\)/.exec(body ?? '')?.[1] ?? name ?? '';
    const columns: string[] = [];
    for (const line of lines) {
      const field = /^(\w+)\s+(\w+)(\[\]|\?)?/.exec(line);
      if (field === null || line.startsWith('//') || modelNames.has(field[2])) continue;
      columns.push(/@map\("([^"]+)"\)/.exec(line)?.[1] ?? field[1] ?? '');
    }
    tables.set(table, columns.sort());
  }
  return tables;
}

describe('applyMigrations', () => {
  it('applies every migration folder once on an empty database, with sha256 checksums, and nothing on a second run', async () => {
    const url = await emptyDatabase();
    const names = await migrationNames(MIGRATIONS);
    expect(names.length).toBeGreaterThan(0);

    const first = await applyMigrations(url, MIGRATIONS);
    expect(first).toEqual({ applied: names, alreadyApplied: 0 });
    const rows = await bookkeeping(url);
    expect(rows.map((row) => row.migration_name)).toEqual(names);
    for (const row of rows) {
      const sql = await readFile(join(MIGRATIONS, row.migration_name, 'migration.sql'));
      expect(row.checksum).toBe(createHash('sha256').update(sql).digest('hex'));
      expect(row.finished_at).toBeInstanceOf(Date);
      expect(row.rolled_back_at).toBeNull();
    }

    const second = await applyMigrations(url, MIGRATIONS);
    expect(second).toEqual({ applied: [], alreadyApplied: names.length });
    expect(await bookkeeping(url)).toHaveLength(names.length);
  });

  it('serialises concurrent runners on one empty database: each migration is applied exactly once', async () => {
    const url = await emptyDatabase();
    const names = await migrationNames(MIGRATIONS);
    const results = await Promise.all([
      applyMigrations(url, MIGRATIONS),
      applyMigrations(url, MIGRATIONS),
      applyMigrations(url, MIGRATIONS),
    ]);
    expect(results.flatMap((result) => result.applied).sort()).toEqual(names);
    expect(results.filter((result) => result.applied.length === names.length)).toHaveLength(1);
    expect((await bookkeeping(url)).map((row) => row.migration_name)).toEqual(names);
  });

  it('refuses to run when an applied migration was edited afterwards', async () => {
    const url = await emptyDatabase();
    const dir = await copyMigrations();
    const [firstName] = await migrationNames(dir);
    if (firstName === undefined) throw new Error('no migrations');
    await applyMigrations(url, dir);
    await appendFile(join(dir, firstName, 'migration.sql'), '\n-- edited after it was applied\n');
    const error = await applyMigrations(url, dir).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(MigrationChecksumError);
    expect(error).toMatchObject({ migration: firstName });
  });

  it('rolls back a migration with bad SQL: no table and no bookkeeping row are left', async () => {
    const url = await emptyDatabase();
    const dir = await copyMigrations();
    const names = await migrationNames(dir);
    const broken = '29991231000000_broken';
    await mkdir(join(dir, broken));
    const file = join(dir, broken, 'migration.sql');
    await writeFile(file, 'CREATE TABLE "broken_table" ("id" INTEGER);\nINSERT INTO "no_such_table" VALUES (1);\n');

    await expect(applyMigrations(url, dir)).rejects.toThrow(/no_such_table/);
    expect(await tableExists(url, 'broken_table')).toBe(false);
    expect((await bookkeeping(url)).map((row) => row.migration_name)).toEqual(names);

    // Fixed, the same migration then applies on its own.
    await writeFile(file, 'CREATE TABLE "broken_table" ("id" INTEGER);\n');
    expect(await applyMigrations(url, dir)).toEqual({ applied: [broken], alreadyApplied: names.length });
    expect(await tableExists(url, 'broken_table')).toBe(true);
  });

  it('creates the tables and columns that the Prisma schema maps', async () => {
    const url = await emptyDatabase();
    await applyMigrations(url, MIGRATIONS);
    const expected = prismaColumns(await readFile(SCHEMA, 'utf8'));
    expect([...expected.keys()]).toEqual(
      expect.arrayContaining(['api_key', 'clock_offset', 'member', 'scheduled_job']),
    );
    expect(expected.get('api_key')).toEqual([
      'created_at',
      'id',
      'key_hash',
      'label',
      'last_used_at',
      'member_id',
      'revoked_at',
    ]);

    await expectColumns(url, 'public', expected);
  });

  it('leaves no sandbox bank table in the gateway database: no sb_ table in any schema, no sandbox_bank schema', async () => {
    const url = await emptyDatabase();
    await applyMigrations(url, MIGRATIONS);
    const tables = await query<{ name: string }>(
      url,
      "SELECT table_schema || '.' || table_name AS name FROM information_schema.tables WHERE table_name LIKE 'sb\\_%'",
    );
    expect(tables).toEqual([]);
    const schemas = await query<{ schema_name: string }>(
      url,
      "SELECT schema_name FROM information_schema.schemata WHERE schema_name LIKE 'sandbox%'",
    );
    expect(schemas).toEqual([]);
    expect(
      [...prismaColumns(await readFile(SCHEMA, 'utf8')).keys()].filter((table) => table.startsWith('sb_')),
    ).toEqual([]);
  });

  it("creates the sandbox bank's tables in its own schema, recorded apart from the gateway's migrations", async () => {
    const url = await emptyDatabase();
    await applyMigrations(url, MIGRATIONS);
    const gatewayRecords = await bookkeeping(url);
    const names = await migrationNames(sandboxMigrationsDir());
    expect(await applySandboxMigrations(url)).toEqual({ applied: names, alreadyApplied: 0 });
    expect(await applySandboxMigrations(url)).toEqual({ applied: [], alreadyApplied: names.length });

    const expected = prismaColumns(await readFile(SANDBOX_SCHEMA, 'utf8'));
    expect([...expected.keys()].sort()).toEqual([
      'sb_account',
      'sb_bg_authorisation',
      'sb_consent',
      'sb_fault',
      'sb_grant',
      'sb_payment',
      'sb_settlement_account',
      'sb_settlement_credit',
      'sb_settlement_payout',
      'sb_transaction',
    ]);
    await expectColumns(url, SANDBOX_BOOKKEEPING.schema, expected);
    const sandboxTables = await query<{ name: string }>(
      url,
      "SELECT table_schema || '.' || table_name AS name FROM information_schema.tables WHERE table_schema <> 'public' AND table_schema NOT IN ('pg_catalog', 'information_schema') ORDER BY 1",
    );
    expect(sandboxTables.map((row) => row.name)).toEqual([
      'sandbox_bank._migrations',
      ...[...expected.keys()].sort().map((table) => `sandbox_bank.${table}`),
    ]);
    const records = await query<{ migration_name: string }>(
      url,
      'SELECT migration_name FROM sandbox_bank._migrations ORDER BY migration_name',
    );
    expect(records.map((row) => row.migration_name)).toEqual(names);
    expect(await bookkeeping(url)).toEqual(gatewayRecords);
    expect(await tableExists(url, 'sb_consent')).toBe(false);
  });
});

/** Every table of `expected` exists in `schema` with exactly these columns. */
async function expectColumns(url: string, schema: string, expected: Map<string, string[]>): Promise<void> {
  const rows = await query<{ table_name: string; column_name: string }>(
    url,
    'SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = $1 AND table_name = ANY($2)',
    [schema, [...expected.keys()]],
  );
  for (const [table, columns] of expected) {
    const actual = rows
      .filter((row) => row.table_name === table)
      .map((row) => row.column_name)
      .sort();
    expect({ table, columns: actual }).toEqual({ table, columns });
  }
}
