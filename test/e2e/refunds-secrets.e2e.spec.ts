import { existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot, type ConnectedConfig } from '#libs/common';
import {
  createSandboxBankProcess,
  type SandboxBankProcess,
} from '../../apps/sandbox-bank/src/create-sandbox-bank-process.js';
import { decideOnConsentPage } from './obie/consent-form.js';
import { freePort } from '../support/free-port.js';
import { ADMIN_TOKEN, call, ukInitiation, type Answer } from '../support/payments-gateway.js';
import { SpawnedProcess, envWithout } from '../support/spawned-process.js';
import { TEST_KEY_ENCRYPTION_KEY, baseUrl, testConfig } from '../support/test-env.js';

/**
 * Refund registration credentials never reach a log line: the built api and worker run as their
 * own processes at the most verbose log level (every request line, every bank call with its
 * headers and body), their stdout and stderr captured. Credentials with distinctive values are
 * registered, refunds use them at the sandbox bank (one paid back, one the bank rejects), a
 * refused registration carries one too; then no line of either process, no answer and no column
 * of the gateway's tables holds any of them in clear.
 */

const root = projectRoot();
const API = join(root, 'dist/apps/api/src/main.js');
const WORKER = join(root, 'dist/apps/worker/src/main.js');

type Json = Record<string, unknown>;
interface RefundBody {
  readonly refund: Json & { readonly id: string; readonly status: string };
}

/** A value no log line, answer or column holds by chance. */
const distinctive = (what: string): string => `refund-${what}-secret-${randomBytes(12).toString('hex')}`;

let config: ConnectedConfig;
let bank: SandboxBankProcess;
let api: SpawnedProcess | undefined;
let worker: SpawnedProcess | undefined;
let apiUrl: string;
let adminUrl: string;
let auth: string;
/** Every answer the gateway gave in this file. */
const answers: string[] = [];
/** Every credential value of this file, to look for. */
const secrets: string[] = [];

async function gateway<T = Json>(method: string, path: string, body?: unknown): Promise<Answer<T>> {
  const answer = await call<T>(`${apiUrl}${path}`, method, auth, body);
  answers.push(JSON.stringify(answer.body), JSON.stringify([...answer.headers.entries()]));
  return answer;
}

async function eventually<T>(probe: () => Promise<T>, ok: (value: T) => boolean, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await sleep(100);
  }
}

/** A payment of `value` GBP by sandbox-success at ob-sandbox-gb, completed, with its refund account. */
async function completedPayment(value: string): Promise<string> {
  const created = await gateway<{ payment: { id: string; authentication: { redirectUrl: string } } }>(
    'POST',
    '/v2/payments',
    { initiation: ukInitiation({ amount: { value, currency: 'GBP' }, returnRefundAccount: true }) },
  );
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const back = await decideOnConsentPage(created.body.payment.authentication.redirectUrl, 'sandbox-success', 'approve');
  expect((await call(back.toString(), 'GET', undefined)).status).toBe(303);
  const done = await eventually(
    () => gateway<{ payment: { status: string } }>('GET', `/v2/payments/${created.body.payment.id}`),
    (answer) =>
      !['INITIATION_PENDING', 'INITIATION_PROCESSING', 'INITIATION_PENDING_REDIRECT_AUTH'].includes(
        answer.body.payment.status,
      ),
    `payment ${created.body.payment.id}`,
  );
  expect(done.body.payment.status).toBe('INITIATION_COMPLETED');
  return created.body.payment.id;
}

async function register(credentials: Record<string, string>, debtor: Json): Promise<string> {
  const registered = await gateway<{ registration: { id: string } }>('POST', '/refund/registrations', {
    bankId: 'ob-sandbox-gb',
    debtor,
    credentials,
  });
  expect(registered.status, JSON.stringify(registered.body)).toBe(200);
  return registered.body.registration.id;
}

async function refundToFinal(paymentId: string, registrationId: string, value: string): Promise<RefundBody['refund']> {
  const created = await gateway<RefundBody>('POST', '/refunds', {
    initiation: {
      refId: `rf-${randomBytes(4).toString('hex')}`,
      amount: { value, currency: 'GBP' },
      originalPaymentId: paymentId,
      registrationId,
      localInstrument: 'FASTER_PAYMENTS',
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const done = await eventually(
    () => gateway<RefundBody>('GET', `/refunds/${encodeURIComponent(created.body.refund.id)}`),
    (answer) => !['INITIATION_PENDING', 'INITIATION_PROCESSING'].includes(answer.body.refund.status),
    `refund ${created.body.refund.id}`,
  );
  return done.body.refund;
}

/** Every row of every table of the gateway's schema, as text. */
async function gatewayRows(): Promise<string> {
  const db = new pg.Client({ connectionString: config.databaseUrl });
  await db.connect();
  try {
    const tables = await db.query<{ name: string }>(
      `SELECT quote_ident(table_name) AS name FROM information_schema.tables
        WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
    );
    expect(tables.rows.map((t) => t.name)).toEqual(expect.arrayContaining(['refund', 'refund_registration']));
    const texts: string[] = [];
    for (const { name } of tables.rows) {
      const rows = await db.query<{ row: string }>(`SELECT t::text AS row FROM public.${name} t`);
      texts.push(...rows.rows.map((r) => r.row));
    }
    return texts.join('\n');
  } finally {
    await db.end();
  }
}

beforeAll(async () => {
  expect(
    existsSync(API) && existsSync(WORKER),
    'run `npm run build` first: this test spawns the built api and worker',
  ).toBe(true);
  config = await testConfig({ ADMIN_TOKEN });
  bank = await createSandboxBankProcess(config);
  await bank.app.listen(0, '127.0.0.1');
  const [port, adminPort, workerPort] = [await freePort(), await freePort(), await freePort()];
  apiUrl = `http://127.0.0.1:${port}`;
  adminUrl = `http://127.0.0.1:${adminPort}`;
  const shared = envWithout(['ENVIRONMENT', 'OTEL_EXPORTER_OTLP_ENDPOINT'], {
    DATABASE_URL: config.databaseUrl,
    REDIS_URL: config.redisUrl,
    ADMIN_TOKEN,
    SANDBOX_BANK_URL: baseUrl(bank.app),
    PUBLIC_BASE_URL: apiUrl,
    WEBHOOK_KEY_ENCRYPTION_KEY: TEST_KEY_ENCRYPTION_KEY,
    RATE_LIMIT_AUTH_FAILURES_PER_MINUTE: '100000',
    RATE_LIMIT_PUBLIC_PER_IP_PER_MINUTE: '100000',
    RATE_LIMIT_WRITE_PER_MINUTE: '1000000',
    RATE_LIMIT_READ_PER_MINUTE: '1000000',
    PAYMENT_POLL_SCHEDULE_SECONDS: '1',
    // The most verbose level: every line the processes can write.
    LOG_LEVEL: 'trace',
    SHUTDOWN_GRACE_MS: '1000',
  });
  api = new SpawnedProcess(
    process.execPath,
    [API],
    { ...shared, PORT: String(port), ADMIN_PORT: String(adminPort) },
    root,
  );
  worker = new SpawnedProcess(
    process.execPath,
    [WORKER],
    {
      ...shared,
      WORKER_PORT: String(workerPort),
      QUEUE_PREFIX: `secrets-${randomBytes(4).toString('hex')}`,
      SCHEDULER_TICK_MS: '100',
    },
    root,
  );
  const ready = await eventually(
    () =>
      fetch(`${apiUrl}/readyz`).then(
        (r) => r.status,
        () => 0,
      ),
    (status) => status === 200,
    'api readiness',
    60_000,
  );
  expect(ready, api.output.slice(-2000)).toBe(200);
  await worker.waitForOutput(/worker started/, 60_000);
  const created = await call<{ member: { id: string }; apiKey: string }>(
    `${adminUrl}/admin/members`,
    'POST',
    `Bearer ${ADMIN_TOKEN}`,
    { name: 'Refund secrets TPP' },
  );
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  auth = `Basic ${created.body.apiKey}`;
}, 120_000);

afterAll(async () => {
  await api?.stop('SIGTERM', 10_000).catch(() => undefined);
  await worker?.stop('SIGTERM', 10_000).catch(() => undefined);
  await bank?.close();
});

describe('refund registration credentials in the logs of the api and the worker', () => {
  let paidBack: RefundBody['refund'];
  let rejected: RefundBody['refund'];

  it('uses the credentials at the sandbox bank: one refund paid back, one with a credential the bank refuses', async () => {
    const issued = await call<{ credential: string; account: { identification: string; name: string } }>(
      `${baseUrl(bank.app)}/sandbox/registered-credentials/ob-sandbox-gb`,
      'POST',
      `Bearer ${ADMIN_TOKEN}`,
      { clientId: 'gateway-sandbox', username: 'refund-secrets-merchant' },
    );
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    const { identification, name } = issued.body.account;
    const debtor = { sortCode: identification.slice(0, 6), accountNumber: identification.slice(6), name };
    const extra = distinctive('extra');
    const forged = distinctive('forged');
    const refused = distinctive('refused');
    secrets.push(issued.body.credential, extra, forged, refused);

    // A registration the gateway refuses still carried a credential in its body.
    const bad = await gateway<{ error: { paths?: string[] } }>('POST', '/refund/registrations', {
      bankId: 'no-such-bank',
      debtor,
      credentials: { grant: refused },
    });
    expect(bad.status, JSON.stringify(bad.body)).toBe(400);
    expect(bad.body.error.paths).toContain('bankId');

    const good = await register({ grant: issued.body.credential, apiSecret: extra }, debtor);
    const bogus = await register({ grant: forged }, debtor);
    const paymentId = await completedPayment('6.00');
    paidBack = await refundToFinal(paymentId, good, '2.50');
    expect(paidBack.status, JSON.stringify(paidBack)).toBe('INITIATION_COMPLETED');
    rejected = await refundToFinal(paymentId, bogus, '1.00');
    expect(['INITIATION_REJECTED', 'INITIATION_FAILED'], JSON.stringify(rejected)).toContain(rejected.status);
    for (const id of [good, bogus]) expect((await gateway('GET', `/refund/registrations/${id}`)).status).toBe(200);
  }, 90_000);

  it('the captured logs hold the requests and the bank calls of those refunds', () => {
    const apiLines = api?.output ?? '';
    const workerLines = worker?.output ?? '';
    // The api's access log: the registrations and the refunds went through it.
    expect(apiLines).toMatch(/"method":"POST","route":"\/refund\/registrations","status":200/);
    expect(apiLines).toMatch(/"method":"POST","route":"\/refund\/registrations","status":400/);
    expect(apiLines).toMatch(/"method":"POST","route":"\/refunds","status":200/);
    // The worker's bank calls at the debug level: the token request carrying the credential, redacted.
    expect(workerLines).toMatch(/"msg":"bank call request"/);
    // The token request carrying the credential, once for each refund, its value redacted.
    expect(workerLines.split('registered_credential=%5Bredacted%5D').length - 1).toBeGreaterThanOrEqual(2);
    // The paid-back refund's payment at the bank (its refId the payment's identification).
    expect(workerLines).toContain((paidBack['initiation'] as { refId: string }).refId);
    // The bank's refusal of the forged credential.
    expect(workerLines).toMatch(/"operation":"obie.token.registered-account","status":400/);
  });

  it('no line of the api or the worker holds a credential value', () => {
    expect(secrets).toHaveLength(4);
    const lines = `${api?.output ?? ''}\n${worker?.output ?? ''}`.split('\n');
    expect(lines.length).toBeGreaterThan(50);
    for (const secret of secrets) {
      const leaking = lines.filter((line) => line.includes(secret));
      expect(leaking, `log lines with a credential value:\n${leaking.join('\n')}`).toEqual([]);
      // Nor encoded as a client might send it.
      const encoded = [Buffer.from(secret).toString('base64'), encodeURIComponent(secret)];
      for (const form of encoded) expect(lines.some((line) => line.includes(form))).toBe(false);
    }
  });

  it('no answer and no column of the gateway holds a credential value in clear', async () => {
    expect(answers.length).toBeGreaterThan(10);
    const rows = await gatewayRows();
    expect(rows).toContain(paidBack.id);
    for (const secret of secrets) {
      for (const body of answers) expect(body).not.toContain(secret);
      expect(rows.includes(secret), 'a gateway table holds a credential value in clear').toBe(false);
      expect(rows.includes(Buffer.from(secret).toString('base64'))).toBe(false);
    }
  });
});
