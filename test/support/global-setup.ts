import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { applySandboxMigrations } from '../../apps/sandbox-bank/src/store/sandbox-migrations.js';
import { applyMigrations } from '../../libs/postgres/src/migrations/apply-migrations.js';
import { startLocalPostgres } from '../../scripts/lib/embedded-postgres.js';
import { startLocalRedis } from '../../scripts/lib/local-redis.js';
import { freePort } from './free-port.js';
import './test-servers.js';

/**
 * Real servers for the whole run: a Postgres (embedded-postgres) holding a migrated template
 * database (the gateway's migrations and the sandbox bank's) that each test file clones, and the
 * OS redis-server. Both live in a temp folder.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(join(tmpdir(), 'gateway-test-'));
  await chmod(dir, 0o755); // Postgres runs as its own OS user and must reach its data folder
  const log = (line: string): void => void process.stderr.write(`[test-servers] ${line}\n`);
  // Files run at once (vitest.config.ts), each with its processes' pools (20 connections each,
  // five processes in the replicas file): room for three such files.
  const postgres = await startLocalPostgres(dir, await freePort(), log, 500);
  const redis = await startLocalRedis(dir, await freePort(), log);

  const template = 'gateway_template';
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${template}`);
  await admin.end();
  const templateUrl = new URL(postgres.url);
  templateUrl.pathname = `/${template}`;
  await applyMigrations(templateUrl.toString(), join(import.meta.dirname, '../../prisma/migrations'));
  // The tests run a sandbox bank beside the gateway: its own schema is in the template too.
  await applySandboxMigrations(templateUrl.toString());

  project.provide('postgresAdminUrl', postgres.url);
  project.provide('templateDatabase', template);
  project.provide('redisUrl', redis.url);

  return async () => {
    await redis.stop();
    await postgres.stop();
    await rm(dir, { recursive: true, force: true });
  };
}
