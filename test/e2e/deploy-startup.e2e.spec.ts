import { randomBytes } from 'node:crypto';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { migrationsDir, projectRoot } from '#libs/common';
import { applyMigrations, shippedMigrations } from '#libs/postgres';
import { createApiProcess, type ApiProcess } from '../../apps/api/src/create-api-process.js';
import { freePort } from '../support/free-port.js';
import { SpawnedProcess, envWithout } from '../support/spawned-process.js';
import { baseUrl, freshDatabaseUrl, testConfig } from '../support/test-env.js';

// The processes as the image runs them: built entry points (npm run build first), spawned.
const API = 'dist/apps/api/src/main.js';
const WORKER = 'dist/apps/worker/src/main.js';
const WAIT_FOR_SCHEMA = 'dist/scripts/wait-for-schema.js';

const processes: SpawnedProcess[] = [];
const apis: ApiProcess[] = [];
const tempDirs: string[] = [];
afterAll(async () => {
  await Promise.all(processes.map((proc) => proc.stop('SIGTERM', 30_000).catch(() => proc.child.kill('SIGKILL'))));
  await Promise.all(apis.map((api) => api.close()));
  await Promise.all(tempDirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** What every process needs in production, but ADMIN_TOKEN (given where a test wants it). */
async function productionEnv(extra: Record<string, string> = {}): Promise<NodeJS.ProcessEnv> {
  return envWithout(['ADMIN_TOKEN', 'ALLOW_SANDBOX_BANKS', 'BANK_CATALOGUE_FILE', 'ENVIRONMENT'], {
    ENVIRONMENT: 'production',
    DATABASE_URL: await freshDatabaseUrl(),
    REDIS_URL: inject('redisUrl'),
    PUBLIC_BASE_URL: 'https://gateway.example.com',
    WEBHOOK_KEY_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    QUEUE_PREFIX: `deploy-${randomBytes(4).toString('hex')}`,
    HOST: '127.0.0.1',
    PORT: String(await freePort()),
    ADMIN_PORT: String(await freePort()),
    WORKER_PORT: String(await freePort()),
    LOG_LEVEL: 'warn',
    ...extra,
  });
}

function spawnNode(entry: string, env: NodeJS.ProcessEnv): SpawnedProcess {
  const proc = new SpawnedProcess(process.execPath, [entry], env, projectRoot());
  processes.push(proc);
  return proc;
}

async function exitCode(proc: SpawnedProcess, timeoutMs = 30_000): Promise<number | null> {
  const deadline = Date.now() + timeoutMs;
  while (proc.child.exitCode === null && Date.now() < deadline) await sleep(50);
  return proc.child.exitCode;
}

/** GET `url` until it answers `status` (or the process died, or time ran out); the last answer. */
async function answerOf(
  url: string,
  status: number,
  proc?: SpawnedProcess,
  timeoutMs = 90_000,
): Promise<{ status: number; text: string }> {
  const deadline = Date.now() + timeoutMs;
  let last = { status: 0, text: '' };
  while (Date.now() < deadline && proc?.child.exitCode == null) {
    last = await fetch(url).then(
      async (response) => ({ status: response.status, text: await response.text() }),
      () => ({ status: 0, text: '' }),
    );
    if (last.status === status) return last;
    await sleep(100);
  }
  return last;
}

async function emptyDatabase(): Promise<string> {
  const adminUrl = inject('postgresAdminUrl');
  const name = `w_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

describe('ADMIN_TOKEN is required only where the admin API is served', () => {
  it('the worker starts in production without ADMIN_TOKEN and is ready', async () => {
    const env = await productionEnv();
    const worker = spawnNode(WORKER, env);
    const ready = await answerOf(`http://127.0.0.1:${env['WORKER_PORT']}/readyz`, 200, worker);
    expect(ready.status, worker.output).toBe(200);
    expect(worker.output).not.toContain('ADMIN_TOKEN');
    await worker.stop('SIGTERM', 30_000);
  }, 120_000);

  it('the api in production refuses to start without ADMIN_TOKEN, naming it', async () => {
    const api = spawnNode(API, await productionEnv({ ALLOW_SANDBOX_BANKS: 'true' }));
    expect(await exitCode(api), api.output).not.toBe(0);
    expect(await exitCode(api)).not.toBeNull();
    expect(api.output).toMatch(/Invalid configuration: ADMIN_TOKEN is required when ENVIRONMENT=production/);
  }, 60_000);
});

describe('production and the sandbox bank catalogue', () => {
  const adminToken = `deploy-admin-token-${randomBytes(16).toString('hex')}`;

  it('the api in production exits non-zero on the sandbox catalogue, naming ALLOW_SANDBOX_BANKS', async () => {
    const env = await productionEnv({ ADMIN_TOKEN: adminToken });
    const api = spawnNode(API, env);
    const code = await exitCode(api);
    expect(code, api.output).not.toBeNull();
    expect(code).not.toBe(0);
    expect(api.output).toContain('Invalid configuration: ALLOW_SANDBOX_BANKS is not true');
    expect(api.output).toContain('ob-sandbox-gb');
    // Nothing was loaded from the refused catalogue.
    const client = new pg.Client({ connectionString: env['DATABASE_URL'] });
    await client.connect();
    try {
      expect((await client.query('SELECT count(*)::int AS n FROM bank')).rows[0]).toEqual({ n: 0 });
    } finally {
      await client.end();
    }
  }, 60_000);

  it('with ALLOW_SANDBOX_BANKS=true the api starts on it, ready, and says so', async () => {
    const env = await productionEnv({ ADMIN_TOKEN: adminToken, ALLOW_SANDBOX_BANKS: 'true' });
    const api = spawnNode(API, env);
    const ready = await answerOf(`http://127.0.0.1:${env['PORT']}/readyz`, 200, api);
    expect(ready.status, api.output).toBe(200);
    expect(api.output).toContain('production runs with sandbox banks (ALLOW_SANDBOX_BANKS=true)');
    await api.stop('SIGTERM', 30_000);
  }, 120_000);

  it('a production catalogue whose banks do not reach the sandbox bank needs no flag', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'catalogue-'));
    tempDirs.push(dir);
    const shipped = await readFile(join(projectRoot(), 'config/banks/sandbox.yaml'), 'utf8');
    const file = join(dir, 'banks.yaml');
    await writeFile(file, shipped.replaceAll('${SANDBOX_BANK_URL}', 'https://bank.example.com'));
    const env = await productionEnv({ ADMIN_TOKEN: adminToken, BANK_CATALOGUE_FILE: file });
    const api = spawnNode(API, env);
    const ready = await answerOf(`http://127.0.0.1:${env['PORT']}/readyz`, 200, api);
    expect(ready.status, api.output).toBe(200);
    await api.stop('SIGTERM', 30_000);
  }, 120_000);
});

describe('processes and the schema their image ships', () => {
  it("wait-for-schema (the pods' init container) waits on an empty database, naming what is missing, and ends 0 once migrated", async () => {
    const databaseUrl = await emptyDatabase();
    const shipped = await shippedMigrations(migrationsDir());
    const waiter = spawnNode(WAIT_FOR_SCHEMA, envWithout(['ENVIRONMENT'], { DATABASE_URL: databaseUrl }));
    await waiter.waitForOutput(
      new RegExp(
        `waiting for migrations: ${shipped.length} of ${shipped.length} migrations not applied \\(${shipped[0]}`,
      ),
      20_000,
    );
    await sleep(2500);
    expect(waiter.child.exitCode, waiter.output).toBeNull();
    await applyMigrations(databaseUrl, migrationsDir());
    expect(await exitCode(waiter, 20_000), waiter.output).toBe(0);
    expect(waiter.output).toContain('schema ready: every migration is applied');
  }, 60_000);

  it('/readyz answers 503 naming a migration the database lacks, and 200 once it is applied', async () => {
    // The image's migrations plus one more: a database migrated by an older image.
    const dir = await mkdtemp(join(tmpdir(), 'migrations-'));
    tempDirs.push(dir);
    await cp(migrationsDir(), dir, { recursive: true });
    const extra = '99991231235959_readiness_probe';
    await mkdir(join(dir, extra));
    await writeFile(join(dir, extra, 'migration.sql'), 'CREATE TABLE readiness_probe (id int PRIMARY KEY);\n');
    const total = (await shippedMigrations(dir)).length;

    const config = await testConfig();
    const api = await createApiProcess(config, { migrationsDir: dir });
    apis.push(api);
    await api.api.listen(0, '127.0.0.1');
    const readyz = async (): Promise<{ status: number; body: { error?: { message: string }; status?: string } }> => {
      const response = await fetch(`${baseUrl(api.api)}/readyz`);
      return { status: response.status, body: (await response.json()) as never };
    };
    const before = await readyz();
    expect(before.status).toBe(503);
    expect(before.body.error?.message).toBe(`Not ready: schema: 1 of ${total} migrations not applied (${extra}).`);
    expect((await readyz()).status).toBe(503);

    expect((await applyMigrations(config.databaseUrl, dir)).applied).toEqual([extra]);
    const after = await readyz();
    expect(after.status).toBe(200);
    expect(after.body).toMatchObject({ status: 'ok', checks: { postgres: 'ok', redis: 'ok', schema: 'ok' } });
  }, 60_000);
});
