import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot, type ConnectedConfig } from '#libs/common';
import { createApiProcess, type ApiProcess } from '../../apps/api/src/create-api-process.js';
import {
  createSandboxBankProcess,
  type SandboxBankProcess,
} from '../../apps/sandbox-bank/src/create-sandbox-bank-process.js';
import { PROBE_JOB } from '#libs/application';
import { createWorkerProcess, type WorkerProcess } from '../../apps/worker/src/create-worker-process.js';
import { freePort } from '../support/free-port.js';
import { SpawnedProcess, envWithout } from '../support/spawned-process.js';
import { TEST_KEY_ENCRYPTION_KEY, baseUrl, testConfig } from '../support/test-env.js';

const ADMIN_TOKEN = 'test-admin-token-0123456789abcdef0123';
const BANK = 'ob-sandbox-gb';
const BERLIN_GROUP_BANK = 'ob-sandbox-eu';
const WORKER_MAIN = join(projectRoot(), 'dist/apps/worker/src/main.js');
/** Reference schemas (tokenio-openapi.yml): responses may use only these properties. */
const BANKS_STATUS_ITEM = ['aisStatus', 'bankId', 'lastUpdatedAt', 'pisStatus'];
const BANK_STATUS = ['aisStatus', 'bankName', 'lastUpdatedAt', 'pisStatus'];

type Json = Record<string, unknown>;

let config: ConnectedConfig;
let bank: SandboxBankProcess;
let api: ApiProcess;
let worker: WorkerProcess | undefined;
let apiUrl: string;
let adminUrl: string;
let sandboxUrl: string;

async function call<T>(
  base: string,
  method: string,
  path: string,
  authorization: string | undefined,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(authorization === undefined ? {} : { authorization }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as T };
}

async function newMember(types: readonly string[]): Promise<{ id: string; auth: string }> {
  const created = await call<{ member: { id: string }; apiKey: string }>(
    adminUrl,
    'POST',
    '/admin/members',
    `Bearer ${ADMIN_TOKEN}`,
    { name: `TPP ${randomBytes(3).toString('hex')}` },
  );
  expect(created.status).toBe(200);
  const auth = `Basic ${created.body.apiKey}`;
  const put = await call(apiUrl, 'PUT', '/webhook/config', auth, {
    config: { type: types, url: 'http://127.0.0.1:9/hook' },
  });
  expect(put.status).toBe(200);
  return { id: created.body.member.id, auth };
}

async function waitFor(what: string, predicate: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await predicate())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

async function setFaults(errorRate: number, bankId = BANK): Promise<void> {
  const response = await fetch(`${sandboxUrl}/sandbox/faults/${bankId}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ latencyMs: 0, errorRate }),
  });
  expect(response.status).toBe(200);
}

beforeAll(async () => {
  const base = await testConfig({ ADMIN_TOKEN });
  bank = await createSandboxBankProcess(base);
  await bank.app.listen(0, '127.0.0.1');
  sandboxUrl = baseUrl(bank.app);
  config = await testConfig({
    ADMIN_TOKEN,
    DATABASE_URL: base.databaseUrl,
    SANDBOX_BANK_URL: sandboxUrl,
    SCHEDULER_TICK_MS: '50',
    BANK_STATUS_PROBE_SECONDS: '1',
  });
  api = await createApiProcess(config);
  await api.api.listen(0, '127.0.0.1');
  await api.admin.listen(0, '127.0.0.1');
  apiUrl = baseUrl(api.api);
  adminUrl = baseUrl(api.admin);
});

afterAll(async () => {
  await worker?.close();
  await api?.close();
  await bank?.close();
});

describe('bank status probe and reports', () => {
  let subscribed: { id: string; auth: string };
  let unsubscribed: { id: string; auth: string };

  it('answers 401 without authentication', async () => {
    expect((await call(apiUrl, 'GET', '/reports/banks/status', undefined)).status).toBe(401);
    expect((await call(apiUrl, 'GET', `/reports/banks/${BANK}/status`, undefined)).status).toBe(401);
  });

  it('reports a bank never probed as LIVE with lastUpdatedAt "0"', async () => {
    subscribed = await newMember(['BANK_AIS_OUTAGE_STATUS_CHANGED', 'BANK_SIP_OUTAGE_STATUS_CHANGED']);
    unsubscribed = await newMember(['PAYMENT_STATUS_CHANGED']);
    const one = await call<{ bankStatus: Json }>(apiUrl, 'GET', `/reports/banks/${BANK}/status`, subscribed.auth);
    expect(one.status).toBe(200);
    expect(one.body.bankStatus).toMatchObject({ aisStatus: 'LIVE', pisStatus: 'LIVE', lastUpdatedAt: '0' });
  });

  it('the worker probes the sandbox bank: LIVE, first observation writes no event', async () => {
    const started = await createWorkerProcess(config, { queuePrefix: `test-${randomBytes(4).toString('hex')}` });
    worker = started;
    await started.start();
    const prisma = api.stores.prisma;
    await waitFor('first probe', async () => (await prisma.bankStatus.count({ where: { bankId: BANK } })) === 1);
    const row = await prisma.bankStatus.findUniqueOrThrow({ where: { bankId: BANK } });
    expect(row).toMatchObject({ aisStatus: 'UP', pisStatus: 'UP' });
    // Berlin Group banks are probed through their own connector against the sandbox's XS2A interface.
    await waitFor(
      'Berlin Group probe',
      async () => (await prisma.bankStatus.count({ where: { bankId: 'ob-sandbox-eu' } })) === 1,
    );
    expect(await prisma.bankStatus.findUniqueOrThrow({ where: { bankId: 'ob-sandbox-eu' } })).toMatchObject({
      aisStatus: 'UP',
      pisStatus: 'UP',
    });
    // The next probe is a timer row; with a 1 s probe interval the tick may be claiming it right now.
    await waitFor(
      'the next probe scheduled',
      async () => (await prisma.scheduledJob.count({ where: { jobName: PROBE_JOB } })) === 1,
    );
    expect(await prisma.outboxEvent.count({ where: { eventType: { startsWith: 'BANK_' } } })).toBe(0);

    const list = await call<{ banksStatus: Json[] }>(apiUrl, 'GET', '/reports/banks/status', subscribed.auth);
    expect(list.status).toBe(200);
    const gb = list.body.banksStatus.find((entry) => entry['bankId'] === BANK);
    expect(gb).toMatchObject({ aisStatus: 'LIVE', pisStatus: 'LIVE' });
    for (const entry of list.body.banksStatus) {
      expect(Object.keys(entry).sort()).toEqual(BANKS_STATUS_ITEM);
      expect(entry['lastUpdatedAt']).toMatch(/^\d+$/);
    }
    const one = await call<{ bankStatus: Json }>(apiUrl, 'GET', `/reports/banks/${BANK}/status`, subscribed.auth);
    expect(Object.keys(one.body).sort()).toEqual(['bankStatus']);
    expect(Object.keys(one.body.bankStatus).sort()).toEqual(BANK_STATUS);
    expect(one.body.bankStatus).toMatchObject({ aisStatus: 'LIVE', pisStatus: 'LIVE' });
    expect(one.body.bankStatus['lastUpdatedAt']).toMatch(/^\d+$/);
  });

  it('a faulty bank is DOWN at the next probe, with outage events for subscribed members only', async () => {
    await setFaults(1);
    const prisma = api.stores.prisma;
    try {
      await waitFor(
        'DOWN',
        async () => (await prisma.bankStatus.findUnique({ where: { bankId: BANK } }))?.aisStatus === 'DOWN',
      );
    } finally {
      await setFaults(0);
    }
    const row = await prisma.bankStatus.findUniqueOrThrow({ where: { bankId: BANK } });
    expect(row).toMatchObject({ aisStatus: 'DOWN', pisStatus: 'DOWN' });
    const events = await prisma.outboxEvent.findMany({ where: { eventType: { startsWith: 'BANK_' } } });
    expect(events.filter((event) => event.memberId === unsubscribed.id)).toEqual([]);
    const mine = events.filter((event) => event.memberId === subscribed.id);
    expect(mine.map((event) => event.eventType).sort()).toEqual([
      'BANK_AIS_OUTAGE_STATUS_CHANGED',
      'BANK_SIP_OUTAGE_STATUS_CHANGED',
    ]);
    const body = JSON.parse(mine[0]?.body ?? '{}') as { bankOutageStatusChanged?: Json };
    expect(body.bankOutageStatusChanged).toMatchObject({
      bankId: BANK,
      previousOutageStatus: 'LIVE',
      outageStatus: 'DOWN',
    });
    expect(Object.keys(body.bankOutageStatusChanged ?? {}).sort()).toEqual([
      'bankId',
      'bankName',
      'outageStatus',
      'previousOutageStatus',
    ]);

    const one = await call<{ bankStatus: Json }>(apiUrl, 'GET', `/reports/banks/${BANK}/status`, subscribed.auth);
    expect(one.body.bankStatus).toMatchObject({ aisStatus: 'DOWN', pisStatus: 'DOWN' });
    const filtered = await call<{ banksStatus: Json[] }>(
      apiUrl,
      'GET',
      `/reports/banks/status?bankIds=${BANK},OB-SANDBOX-PL,nope`,
      subscribed.auth,
    );
    expect(filtered.body.banksStatus.map((entry) => entry['bankId'])).toEqual(['ob-sandbox-gb', 'ob-sandbox-pl']);
    expect(filtered.body.banksStatus[0]).toMatchObject({ aisStatus: 'DOWN', pisStatus: 'DOWN' });
  });

  it('an unknown bank is 404 with paymentId = the bank id', async () => {
    const response = await call<{ error: Json }>(apiUrl, 'GET', '/reports/banks/ob-nope/status', subscribed.auth);
    expect(response.status).toBe(404);
    expect(response.body.error).toMatchObject({ errorCode: 'NOT_FOUND', paymentId: 'ob-nope' });
  });
});

/** The JSON log lines of a process's output (other output, such as Node's own notices, is skipped). */
interface LogLine {
  readonly level?: string;
  readonly msg?: string;
  readonly bankId?: string;
}

function logLines(output: string): LogLine[] {
  return output.split('\n').flatMap<LogLine>((line) => {
    try {
      const parsed: unknown = JSON.parse(line);
      return typeof parsed === 'object' && parsed !== null ? [parsed] : [];
    } catch {
      return [];
    }
  });
}

describe('the probe against the healthy sandbox, in the built worker', () => {
  let probe: SpawnedProcess | undefined;

  afterAll(async () => {
    // SIGTERM drains and closes the worker, which then exits 0 (a clean stop, not a second signal).
    if (probe !== undefined) expect(await probe.stop('SIGTERM', 20_000)).toBe(0);
  });

  it('logs no warning while every bank is LIVE; a faulted Berlin Group bank is still DOWN', async () => {
    expect(existsSync(WORKER_MAIN), 'run `npm run build` first: this test spawns the built worker').toBe(true);
    // The in-process worker stops, so the spawned one runs every probe.
    await worker?.close();
    worker = undefined;
    probe = new SpawnedProcess(
      process.execPath,
      [WORKER_MAIN],
      envWithout(['ENVIRONMENT', 'OTEL_EXPORTER_OTLP_ENDPOINT'], {
        DATABASE_URL: config.databaseUrl,
        REDIS_URL: config.redisUrl,
        QUEUE_PREFIX: `probe-${randomBytes(4).toString('hex')}`,
        // The probe's routine lines are written at debug (an idle gateway's info log stays quiet).
        LOG_LEVEL: 'debug',
        SCHEDULER_TICK_MS: '50',
        BANK_STATUS_PROBE_SECONDS: '1',
        WORKER_PORT: String(await freePort()),
        WEBHOOK_KEY_ENCRYPTION_KEY: TEST_KEY_ENCRYPTION_KEY,
        ADMIN_TOKEN,
      }),
      projectRoot(),
    );
    const spawned = probe;
    const probes = (): number => logLines(spawned.output).filter((line) => line.msg === 'probed bank status').length;
    await waitFor('three probe runs', () => Promise.resolve(probes() >= 3), 30_000);

    const lines = logLines(spawned.output);
    expect(lines.filter((line) => line.level === 'warn' || line.level === 'error' || line.level === 'fatal')).toEqual(
      [],
    );
    // Both standards were asked, and answered normally.
    const bankCalls = lines.filter((line) => line.msg === 'bank call');
    expect(bankCalls.some((line) => line.bankId === BERLIN_GROUP_BANK)).toBe(true);
    expect(bankCalls.some((line) => line.bankId === BANK)).toBe(true);
    expect(new Set(bankCalls.map((line) => line.level))).toEqual(new Set(['debug']));
    expect(lines.filter((line) => line.msg === 'probed bank status').every((line) => line.level === 'debug')).toBe(
      true,
    );
    const prisma = api.stores.prisma;
    const statuses = await prisma.bankStatus.findMany();
    expect(statuses.length).toBeGreaterThanOrEqual(2);
    for (const status of statuses) expect(status, status.bankId).toMatchObject({ aisStatus: 'UP', pisStatus: 'UP' });

    await setFaults(1, BERLIN_GROUP_BANK);
    try {
      await waitFor(
        'the Berlin Group bank DOWN',
        async () =>
          (await prisma.bankStatus.findUnique({ where: { bankId: BERLIN_GROUP_BANK } }))?.pisStatus === 'DOWN',
      );
    } finally {
      await setFaults(0, BERLIN_GROUP_BANK);
    }
    expect(await prisma.bankStatus.findUniqueOrThrow({ where: { bankId: BERLIN_GROUP_BANK } })).toMatchObject({
      aisStatus: 'DOWN',
      pisStatus: 'DOWN',
    });
    // A fault is worth a warning: the failed calls are logged, naming the bank.
    expect(logLines(spawned.output).some((line) => line.level === 'warn' && line.bankId === BERLIN_GROUP_BANK)).toBe(
      true,
    );
  });
});
