import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { loadConfig, migrationsDir, projectRoot } from '#libs/common';
import { applyMigrations } from '#libs/postgres';
import { startService, stopService, waitUntilReady, type RunningService } from './lib/child-services.js';
import { startLocalPostgres, type LocalPostgres } from './lib/embedded-postgres.js';
import { startLocalRedis, type LocalRedis } from './lib/local-redis.js';
import { seedSandboxMember, type SandboxCredentials } from './lib/seed-sandbox.js';

/**
 * `npm start`: the whole gateway on this machine. Without DATABASE_URL / REDIS_URL it runs a
 * real Postgres (embedded-postgres) and the OS redis-server with data under DATA_DIR, applies
 * migrations, seeds the sandbox, starts api, worker and sandbox bank, and prints where they are.
 * Ctrl-C (or SIGTERM) stops everything it started.
 */
const log = (line: string): void => void process.stdout.write(`[start] ${line}\n`);

async function readOrCreateSecret(file: string): Promise<string> {
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  const secret = randomBytes(32).toString('base64url');
  await writeFile(file, secret, { mode: 0o600 });
  return secret;
}

function banner(
  urls: Record<string, string>,
  credentials: SandboxCredentials | undefined,
  adminToken: string | undefined,
): string {
  const lines = [
    '',
    'Open Banking Payments Gateway is running.',
    ...Object.entries(urls).map(([name, url]) => `  ${name.padEnd(14)} ${url}`),
  ];
  if (credentials !== undefined) {
    lines.push(
      '',
      'Sandbox member:',
      `  member id      ${credentials.memberId}`,
      `  API key        ${credentials.apiKey}`,
    );
    lines.push(`  try            curl -H "Authorization: Basic ${credentials.apiKey}" ${urls['API']}/readyz`);
  }
  if (adminToken !== undefined) lines.push('', `Admin token      ${adminToken}`);
  lines.push('', 'Press Ctrl-C to stop.', '');
  return lines.join('\n');
}

async function main(): Promise<void> {
  const config = loadConfig();
  const root = projectRoot();
  const dataDir = resolve(root, config.embedded.dataDir);
  await mkdir(dataDir, { recursive: true });

  let postgres: LocalPostgres | undefined;
  let redis: LocalRedis | undefined;
  const services: RunningService[] = [];
  let stopping = false;

  const stopAll = async (code: number): Promise<never> => {
    if (stopping) process.exit(code);
    stopping = true;
    log('stopping');
    await Promise.all(services.map((service) => stopService(service, config.worker.shutdownGraceMs + 5000)));
    await redis?.stop().catch(() => undefined);
    await postgres?.stop().catch(() => undefined);
    log('stopped');
    process.exit(code);
  };
  // embedded-postgres installs exit hooks that stop Postgres at the first signal; the order here is
  // ours: services drain first, then Redis and Postgres stop.
  process.removeAllListeners('SIGINT');
  process.removeAllListeners('SIGTERM');
  process.on('SIGINT', () => void stopAll(0));
  process.on('SIGTERM', () => void stopAll(0));

  try {
    let databaseUrl = config.databaseUrl;
    if (databaseUrl === undefined) {
      postgres = await startLocalPostgres(dataDir, config.embedded.postgresPort, log);
      databaseUrl = postgres.url;
      log(`Postgres on 127.0.0.1:${config.embedded.postgresPort} (data in ${join(dataDir, 'postgres')})`);
    }
    let redisUrl = config.redisUrl;
    if (redisUrl === undefined) {
      redis = await startLocalRedis(dataDir, config.embedded.redisPort, log);
      redisUrl = redis.url;
      log(`Redis on 127.0.0.1:${config.embedded.redisPort} (data in ${join(dataDir, 'redis')})`);
    }

    const migrations = await applyMigrations(databaseUrl, migrationsDir());
    log(`migrations: ${migrations.applied.length} applied, ${migrations.alreadyApplied} already in place`);

    const sandbox = config.environment === 'sandbox';
    const credentials = sandbox ? await seedSandboxMember(databaseUrl, dataDir) : undefined;
    const adminToken =
      config.adminToken ?? (sandbox ? await readOrCreateSecret(join(dataDir, 'admin-token')) : undefined);
    // Seals the webhook signing keys at rest; when none is set, the sandbox generates one under DATA_DIR, like the admin token.
    const keyEncryptionKey =
      config.webhooks.keyEncryption.current === undefined && sandbox
        ? await readOrCreateSecret(join(dataDir, 'webhook-key-encryption-key'))
        : undefined;

    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      ...(adminToken === undefined ? {} : { ADMIN_TOKEN: adminToken }),
      ...(keyEncryptionKey === undefined ? {} : { WEBHOOK_KEY_ENCRYPTION_KEY: keyEncryptionKey }),
    };
    const local = (port: number): string => `http://127.0.0.1:${port}`;
    const specs = [
      { name: 'api', entry: 'dist/apps/api/src/main.js', readyUrl: `${local(config.http.port)}/readyz` },
      { name: 'worker', entry: 'dist/apps/worker/src/main.js', readyUrl: `${local(config.http.workerPort)}/readyz` },
      ...(sandbox
        ? [
            {
              name: 'sandbox-bank',
              entry: 'dist/apps/sandbox-bank/src/main.js',
              readyUrl: `${local(config.http.sandboxBankPort)}/readyz`,
            },
          ]
        : []),
    ];
    for (const spec of specs) {
      const service = startService(root, spec, env);
      service.child.once('exit', (code, signal) => {
        if (!stopping) {
          log(`${spec.name} exited (${signal ?? `code ${code}`}); stopping everything`);
          void stopAll(1);
        }
      });
      services.push(service);
    }
    await Promise.all(services.map((service) => waitUntilReady(service, 60_000)));

    const base = config.http.publicBaseUrl;
    process.stdout.write(
      banner(
        {
          API: base,
          'API docs': `${base}/docs`,
          OpenAPI: `${base}/openapi.json`,
          Admin: `${local(config.http.adminPort)}/admin/docs`,
          Worker: `${local(config.http.workerPort)}/metrics`,
          ...(sandbox ? { 'Sandbox bank': config.sandboxBankUrl } : {}),
        },
        credentials,
        config.adminToken === undefined ? adminToken : undefined,
      ),
    );
  } catch (error) {
    log(`failed: ${error instanceof Error ? error.message : String(error)}`);
    await stopAll(1);
  }
}

void main();
