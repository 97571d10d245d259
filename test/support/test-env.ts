import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { loadConfig, type ConnectedConfig } from '#libs/common';
import './test-servers.js';

/**
 * A fresh database cloned from the migrated template, and a config pointing at it and at the
 * shared Redis. Each call isolates one test file (or test) from the others.
 */
export async function freshDatabaseUrl(): Promise<string> {
  const adminUrl = inject('postgresAdminUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name} TEMPLATE ${inject('templateDatabase')}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The key-encryption key of this test file's signing keys (random per file). */
export const TEST_KEY_ENCRYPTION_KEY = randomBytes(32).toString('base64');

export async function testConfig(env: Record<string, string> = {}): Promise<ConnectedConfig> {
  const databaseUrl = env['DATABASE_URL'] ?? (await freshDatabaseUrl());
  return loadConfig({
    LOG_LEVEL: 'silent',
    DATABASE_URL: databaseUrl,
    REDIS_URL: inject('redisUrl'),
    ADMIN_TOKEN: 'test-admin-token-0123456789abcdef0123',
    // Test files share one Redis: a per-IP failed-authentication counter on 127.0.0.1 would let
    // one file's deliberate 401s turn another's into 429s. Files that test the limit set it.
    RATE_LIMIT_AUTH_FAILURES_PER_MINUTE: '100000',
    // The same for the public pages' per-address counter (and a page polled all through a test).
    RATE_LIMIT_PUBLIC_PER_IP_PER_MINUTE: '100000',
    RATE_LIMIT_PUBLIC_PER_RESOURCE_PER_MINUTE: '100000',
    // Production requires one; in sandbox it makes the tests store signing keys as production does.
    WEBHOOK_KEY_ENCRYPTION_KEY: TEST_KEY_ENCRYPTION_KEY,
    // This file's own BullMQ keys (per-file-env.ts): files running at once share one Redis.
    ...(process.env['QUEUE_PREFIX'] === undefined ? {} : { QUEUE_PREFIX: process.env['QUEUE_PREFIX'] }),
    ...env,
  }) as ConnectedConfig;
}

/** Base URL of a listening Nest/Fastify app. */
export function baseUrl(app: { getHttpServer(): { address(): unknown } }): string {
  const address = app.getHttpServer().address() as { port: number };
  return `http://127.0.0.1:${address.port}`;
}
