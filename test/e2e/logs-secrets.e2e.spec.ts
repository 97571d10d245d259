import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot, type ConnectedConfig } from '#libs/common';
import { randomBase58 } from '#libs/domain';
import { decideOnConsentPage } from './obie/consent-form.js';
import { freePort } from '../support/free-port.js';
import { TPP_CALLBACK, call, ukInitiation } from '../support/payments-gateway.js';
import { SpawnedProcess, envWithout } from '../support/spawned-process.js';
import { TEST_KEY_ENCRYPTION_KEY, testConfig } from '../support/test-env.js';

/**
 * No secret reaches a log line: the built api (started without ADMIN_TOKEN, so it makes the
 * sandbox's), worker and sandbox bank run as their own processes at the most verbose log level,
 * their stdout and stderr captured. The test makes every kind of secret the gateway handles (the
 * admin token, API keys, a refused key, webhook secrets, hosted page and payment link tokens, a
 * bank's authorization code and callback state, a made-up state and code), uses them, including
 * in requests that fail, and then looks for each of them in every line of every process.
 */

const root = projectRoot();
const API = join(root, 'dist/apps/api/src/main.js');
const WORKER = join(root, 'dist/apps/worker/src/main.js');
const BANK = join(root, 'dist/apps/sandbox-bank/src/main.js');

let config: ConnectedConfig;
let processes: Record<'api' | 'worker' | 'bank', SpawnedProcess>;
let apiUrl: string;
let adminUrl: string;
let dataDir: string;
/** Every secret of this file, by what it is. */
const secrets = new Map<string, string>();

function keep(what: string, value: string | undefined | null): string {
  expect(value, what).toEqual(expect.stringMatching(/\S{8,}/));
  secrets.set(what, value ?? '');
  return value ?? '';
}

async function ready(url: string, what: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const status = await fetch(url).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return;
    if (Date.now() > deadline) throw new Error(`${what} not ready:\n${processes.api.output.slice(-2000)}`);
    await sleep(100);
  }
}

beforeAll(async () => {
  expect(
    [API, WORKER, BANK].every((file) => existsSync(file)),
    'run `npm run build` first: this test spawns the built processes',
  ).toBe(true);
  config = await testConfig();
  dataDir = mkdtempSync(join(tmpdir(), 'logs-secrets-'));
  const [port, adminPort, workerPort, bankPort] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  apiUrl = `http://127.0.0.1:${port}`;
  adminUrl = `http://127.0.0.1:${adminPort}`;
  const shared = envWithout(['ENVIRONMENT', 'OTEL_EXPORTER_OTLP_ENDPOINT', 'ADMIN_TOKEN'], {
    DATABASE_URL: config.databaseUrl,
    REDIS_URL: config.redisUrl,
    DATA_DIR: dataDir,
    SANDBOX_BANK_PORT: String(bankPort),
    SANDBOX_BANK_URL: `http://127.0.0.1:${bankPort}`,
    PUBLIC_BASE_URL: apiUrl,
    WEBHOOK_KEY_ENCRYPTION_KEY: TEST_KEY_ENCRYPTION_KEY,
    RATE_LIMIT_AUTH_FAILURES_PER_MINUTE: '100000',
    RATE_LIMIT_PUBLIC_PER_IP_PER_MINUTE: '100000',
    PAYMENT_POLL_SCHEDULE_SECONDS: '1',
    // The most verbose level: every line the processes can write.
    LOG_LEVEL: 'trace',
    SHUTDOWN_GRACE_MS: '1000',
  });
  processes = {
    bank: new SpawnedProcess(process.execPath, [BANK], shared, root),
    api: new SpawnedProcess(
      process.execPath,
      [API],
      { ...shared, PORT: String(port), ADMIN_PORT: String(adminPort) },
      root,
    ),
    worker: new SpawnedProcess(
      process.execPath,
      [WORKER],
      {
        ...shared,
        WORKER_PORT: String(workerPort),
        QUEUE_PREFIX: `logs-${randomBytes(4).toString('hex')}`,
        SCHEDULER_TICK_MS: '100',
      },
      root,
    ),
  };
  await ready(`http://127.0.0.1:${bankPort}/readyz`, 'sandbox bank');
  await ready(`${apiUrl}/readyz`, 'api');
  await processes.worker.waitForOutput(/worker started/, 60_000);
});

afterAll(async () => {
  await Promise.allSettled(Object.values(processes ?? {}).map((proc) => proc.stop('SIGTERM', 15_000)));
});

describe('secrets in logs', () => {
  it('writes none of the secrets it handles to any log line of api, worker or sandbox bank', async () => {
    // The admin token the api made for itself: in its data folder, not in its output.
    const adminToken = keep('admin token', readFileSync(join(dataDir, 'admin-token'), 'utf8').trim());
    const admin = `Bearer ${adminToken}`;
    const created = await call<{ member: { id: string }; apiKey: string }>(`${adminUrl}/admin/members`, 'POST', admin, {
      name: 'Log secrets TPP',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const auth = `Basic ${keep('API key', created.body.apiKey)}`;
    const extra = await call<{ apiKey: string }>(
      `${adminUrl}/admin/members/${created.body.member.id}/api-keys`,
      'POST',
      admin,
      { label: 'second' },
    );
    keep('second API key', extra.body.apiKey);
    const refused = keep('refused API key', `not-a-key-${randomBytes(16).toString('hex')}`);
    expect((await call(`${apiUrl}/v2/payments`, 'GET', `Basic ${refused}`)).status).toBe(401);
    expect((await call(`${adminUrl}/admin/members`, 'GET', `Bearer ${refused}`)).status).toBe(401);

    const webhook = await call<{ secret?: string }>(`${apiUrl}/webhook/config`, 'PUT', auth, {
      config: { type: ['PAYMENT_STATUS_CHANGED'], url: 'http://127.0.0.1:9/webhooks' },
    });
    expect(webhook.status, JSON.stringify(webhook.body)).toBe(200);
    keep('webhook secret', webhook.body.secret);
    const rotated = await call<{ secret: string }>(`${apiUrl}/webhook/config/secret/rotate`, 'POST', auth, {});
    expect(rotated.status, JSON.stringify(rotated.body)).toBe(200);
    keep('rotated webhook secret', rotated.body.secret);

    // A redirect payment at the bank: its authorization code and state come back on the callback.
    const payment = await call<{ payment: { id: string; authentication: { redirectUrl: string } } }>(
      `${apiUrl}/v2/payments`,
      'POST',
      auth,
      { initiation: ukInitiation() },
    );
    expect(payment.status, JSON.stringify(payment.body)).toBe(200);
    const back = await decideOnConsentPage(
      payment.body.payment.authentication.redirectUrl,
      'sandbox-success',
      'approve',
    );
    keep('authorization code', back.searchParams.get('code'));
    keep('callback state', back.searchParams.get('state'));
    expect((await call(back.toString(), 'GET', undefined)).status).toBe(303);

    // A payment without a bank: its hosted pages, the token in their path.
    const hosted = await call<{ payment: { authentication: { redirectUrl: string } } }>(
      `${apiUrl}/v2/payments`,
      'POST',
      auth,
      { initiation: { ...ukInitiation(), bankId: undefined } },
    );
    expect(hosted.status, JSON.stringify(hosted.body)).toBe(200);
    const hostedUrl = hosted.body.payment.authentication.redirectUrl;
    keep('hosted page token', new URL(hostedUrl).pathname.split('/')[3]);
    await hostilePageRequests(hostedUrl);

    const link = await call<{ paymentLink: { url: string } }>(`${apiUrl}/v2/payment-links`, 'POST', auth, {
      paymentTemplate: {
        amount: { value: '10.50', currency: 'GBP' },
        localInstrument: 'FASTER_PAYMENTS',
        creditor: { name: 'Merchant Ltd', sortCode: '040004', accountNumber: '12345678' },
        refId: 'ORDER-4711',
        remittanceInformationPrimary: 'ORDER 4711',
        callbackUrl: TPP_CALLBACK,
      },
    });
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    keep('payment link token', new URL(link.body.paymentLink.url).pathname.split('/')[3]);
    await hostilePageRequests(link.body.paymentLink.url);

    // A made-up callback: its state and code are logged no more than real ones.
    const state = keep('made-up state', randomBase58(32));
    const code = keep('made-up code', `code-${randomBytes(12).toString('hex')}`);
    expect((await call(`${apiUrl}/bank-callback?state=${state}&code=${code}`, 'GET', undefined)).status).toBe(400);
    expect(
      (
        await fetch(`${apiUrl}/bank-callback?code=${code}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"state":',
        })
      ).status,
    ).toBe(400);

    // Let the worker poll and deliver (to nowhere) with what it holds.
    await sleep(3000);
    for (const [name, proc] of Object.entries(processes)) await proc.stop('SIGTERM', 15_000).then(() => name);

    const lines = Object.entries(processes).flatMap(([name, proc]) =>
      proc.output.split('\n').map((line) => ({ name, line })),
    );
    // The processes did log at trace level: requests, bank calls, Nest's own lines.
    expect(lines.filter(({ name }) => name === 'api').length).toBeGreaterThan(50);
    expect(lines.some(({ line }) => line.includes('"level":"trace"') || line.includes('"level":"debug"'))).toBe(true);
    expect(lines.some(({ line }) => line.includes('admin-token'))).toBe(true);
    const leaks = [...secrets].flatMap(([what, secret]) =>
      lines
        .filter(({ line }) => line.includes(secret))
        .map(({ name, line }) => `${what} in ${name}: ${line.slice(0, 400)}`),
    );
    expect(leaks).toEqual([]);
  });
});

/** A page's GET, a JSON post it refuses, a path under it that does not exist, and its status page. */
async function hostilePageRequests(pageUrl: string): Promise<void> {
  expect((await fetch(pageUrl)).status).toBe(200);
  const json = await fetch(pageUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' });
  expect(json.status).toBeGreaterThanOrEqual(400);
  expect((await fetch(`${pageUrl}/nowhere/${randomBytes(2).toString('hex')}`)).status).toBe(404);
  expect((await fetch(`${pageUrl}/status`, { redirect: 'manual' })).status).toBeLessThan(500);
}
