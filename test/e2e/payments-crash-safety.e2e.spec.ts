import { existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConnectedConfig } from '#libs/common';
import { PAYMENT_STATUS, PrismaService, type Payment } from '#libs/db';
import {
  createSandboxBankProcess,
  type SandboxBankProcess,
} from '../../apps/sandbox-bank/src/create-sandbox-bank-process.js';
import { decideOnConsentPage } from './obie/consent-form.js';
import { freePort } from '../support/free-port.js';
import { ADMIN_TOKEN, call, ukInitiation } from '../support/payments-gateway.js';
import {
  BUILT_API,
  BUILT_WORKER,
  type SpawnedProcess,
  envWithout,
  killAll,
  spawnBuilt,
  waitUntilReady,
} from '../support/spawned-process.js';
import { TEST_KEY_ENCRYPTION_KEY, baseUrl, testConfig } from '../support/test-env.js';

const BANK_ID = 'ob-sandbox-gb';
/** PAYMENT_BANK_DEADLINE_MS of the spawned processes. */
const BANK_DEADLINE_MS = 10_000;
/** The unanswered initiation's timer: bank deadline + the 60 s grace (LOST_INITIATION_GRACE_MS), and a little more. */
const PAST_LOST_INITIATION_S = BANK_DEADLINE_MS / 1000 + 60 + 5;

async function eventually<T>(probe: () => Promise<T>, ok: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await probe();
  while (!ok(value) && Date.now() < deadline) {
    await sleep(25);
    value = await probe();
  }
  return value;
}

/**
 * kill -9 of the api at each point of POST /v2/payments: after the payment's row is written
 * while the bank still holds the call, and after the bank has answered but before the answer is
 * recorded. Each time the row survives with its creation event and its timer, and the worker (a
 * separate process) ends it once its bank deadline has passed: INITIATION_FAILED, announced.
 * Runs the built api and worker (`npm run build` first); the sandbox bank runs in this process.
 */
describe('payment initiation survives kill -9 of the api', () => {
  let config: ConnectedConfig;
  let bank: SandboxBankProcess;
  let prisma: PrismaService;
  let db: pg.Client;
  let api: SpawnedProcess | undefined;
  let worker: SpawnedProcess | undefined;
  let apiUrl: string;
  let adminUrl: string;
  let apiEnv: NodeJS.ProcessEnv;
  let member: { readonly id: string; readonly auth: string };

  const startApi = async (): Promise<SpawnedProcess> => {
    const started = spawnBuilt(BUILT_API, apiEnv);
    await waitUntilReady(started, apiUrl, 60_000);
    return started;
  };

  const killApi = async (): Promise<void> => {
    const victim = api;
    api = undefined;
    expect(await victim?.stop('SIGKILL', 5000)).toBe('SIGKILL');
  };

  const setLatency = async (latencyMs: number): Promise<void> => {
    const answer = await call(`${baseUrl(bank.app)}/sandbox/faults/${BANK_ID}`, 'PUT', `Bearer ${ADMIN_TOKEN}`, {
      latencyMs,
      errorRate: 0,
    });
    expect(answer.status).toBe(200);
  };

  const advanceClock = async (seconds: number): Promise<void> => {
    const answer = await call(`${adminUrl}/admin/clock/advance`, 'POST', `Bearer ${ADMIN_TOKEN}`, { seconds });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  };

  /** Sends the initiation without waiting for its answer (the api may die before it answers). */
  const postInBackground = (initiation: Record<string, unknown>): Promise<unknown> =>
    call(`${apiUrl}/v2/payments`, 'POST', member.auth, { initiation }).catch((error: unknown) => error);

  const rowOf = (refId: string): Promise<Payment | null> =>
    prisma.payment.findFirst({ where: { memberId: member.id, refId } }).then(PAYMENT_STATUS.rowOrNull);

  const eventStatuses = async (paymentId: string): Promise<string[]> => {
    const rows = await prisma.outboxEvent.findMany({
      where: { memberId: member.id, eventType: 'PAYMENT_STATUS_CHANGED' },
      orderBy: { createdAt: 'asc' },
    });
    return rows
      .map((row) => JSON.parse(row.body) as { payment: { id: string; status: string } })
      .filter((body) => body.payment.id === paymentId)
      .map((body) => body.payment.status);
  };

  /** Starts an initiation without waiting for its answer, and returns once its row is stored. */
  const initiationInFlight = async (): Promise<{ answer: Promise<unknown>; payment: Payment }> => {
    const initiation = ukInitiation();
    const answer = postInBackground(initiation);
    const row = await eventually(
      () => rowOf(initiation['refId'] as string),
      (found) => found !== null,
      4000,
    );
    expect(row, api?.output.slice(-2000)).not.toBeNull();
    return { answer, payment: row as Payment };
  };

  /**
   * The consents the bank holds for the payment with this refId (its InstructionIdentification):
   * counted per payment, so that a consent a killed api's call leaves the bank to finish later
   * (an earlier test's) is not counted here.
   */
  const consentsAtBank = async (refId: string): Promise<number> => {
    const [row] = await prisma.$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n FROM sandbox_bank.sb_consent
      WHERE bank_id = ${BANK_ID} AND request #>> '{Data,Initiation,InstructionIdentification}' = ${refId}`;
    return row?.n ?? 0;
  };

  /** After a restart: the member sees the payment, and the worker fails it once its bank deadline has passed. */
  const expectFailedByTheWorker = async (payment: Payment): Promise<void> => {
    api = await startApi();
    const seen = await call<{ payment: { status: string } }>(`${apiUrl}/v2/payments/${payment.id}`, 'GET', member.auth);
    expect(seen.status).toBe(200);
    expect(seen.body.payment.status).toBe('INITIATION_PENDING');
    await advanceClock(PAST_LOST_INITIATION_S);
    const ended = await eventually(
      () => prisma.payment.findUnique({ where: { id: payment.id } }),
      (row) => row?.status === 'INITIATION_FAILED',
      30_000,
    );
    expect(ended?.status, worker?.output.slice(-2000)).toBe('INITIATION_FAILED');
    expect(ended?.statusReasonInformation).toBe('The bank did not answer the initiation.');
    expect(await prisma.scheduledJob.count({ where: { id: `payments.poll:${payment.id}` } })).toBe(0);
    const events = await eventually(
      () => eventStatuses(payment.id),
      (statuses) => statuses.length >= 2,
      5000,
    );
    expect(events).toEqual(['INITIATION_PENDING', 'INITIATION_FAILED']);
  };

  beforeAll(async () => {
    expect(
      existsSync(BUILT_API) && existsSync(BUILT_WORKER),
      'run `npm run build` first: this test spawns the built api and worker',
    ).toBe(true);
    config = await testConfig({ ADMIN_TOKEN });
    bank = await createSandboxBankProcess(config);
    await bank.app.listen(0, '127.0.0.1');
    prisma = new PrismaService(config.databaseUrl, 3);
    db = new pg.Client({ connectionString: config.databaseUrl });
    await db.connect();
    const [port, adminPort, workerPort] = [await freePort(), await freePort(), await freePort()];
    apiUrl = `http://127.0.0.1:${port}`;
    adminUrl = `http://127.0.0.1:${adminPort}`;
    const shared = envWithout(['ENVIRONMENT', 'OTEL_EXPORTER_OTLP_ENDPOINT'], {
      DATABASE_URL: config.databaseUrl,
      REDIS_URL: config.redisUrl,
      ADMIN_TOKEN,
      SANDBOX_BANK_URL: baseUrl(bank.app),
      PUBLIC_BASE_URL: apiUrl,
      PAYMENT_BANK_DEADLINE_MS: String(BANK_DEADLINE_MS),
      WEBHOOK_KEY_ENCRYPTION_KEY: TEST_KEY_ENCRYPTION_KEY,
      RATE_LIMIT_AUTH_FAILURES_PER_MINUTE: '100000',
      RATE_LIMIT_WRITE_PER_MINUTE: '1000000',
      RATE_LIMIT_READ_PER_MINUTE: '1000000',
      LOG_LEVEL: 'error',
      SHUTDOWN_GRACE_MS: '1000',
    });
    apiEnv = { ...shared, PORT: String(port), ADMIN_PORT: String(adminPort) };
    api = await startApi();
    worker = spawnBuilt(BUILT_WORKER, {
      ...shared,
      WORKER_PORT: String(workerPort),
      QUEUE_PREFIX: `crash-${randomBytes(4).toString('hex')}`,
      SCHEDULER_TICK_MS: '100',
    });
    const created = await call<{ member: { id: string }; apiKey: string }>(
      `${adminUrl}/admin/members`,
      'POST',
      `Bearer ${ADMIN_TOKEN}`,
      { name: 'Crash-safety TPP' },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    member = { id: created.body.member.id, auth: `Basic ${created.body.apiKey}` };
  }, 120_000);

  afterAll(async () => {
    await killAll([api, worker]);
    await db?.end().catch(() => undefined);
    await prisma?.$disconnect();
    await bank?.close();
  });

  it('without a crash: the row is announced INITIATION_PENDING, then the bank answer as a status change', async () => {
    const initiation = ukInitiation();
    const key = `crash-safety-${randomBytes(4).toString('hex')}`;
    const first = await call<{ payment: { id: string; status: string } }>(
      `${apiUrl}/v2/payments`,
      'POST',
      member.auth,
      { initiation },
      { 'Idempotency-Key': key },
    );
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.payment.status).toBe('INITIATION_PENDING_REDIRECT_AUTH');
    const again = await call<{ payment: { id: string } }>(
      `${apiUrl}/v2/payments`,
      'POST',
      member.auth,
      { initiation },
      { 'Idempotency-Key': key },
    );
    expect(again.status).toBe(200);
    expect(again.body.payment.id).toBe(first.body.payment.id);
    expect(await prisma.payment.count({ where: { refId: initiation['refId'] as string } })).toBe(1);
    expect(await eventStatuses(first.body.payment.id)).toEqual([
      'INITIATION_PENDING',
      'INITIATION_PENDING_REDIRECT_AUTH',
    ]);
  });

  it('killed after the row is written, while the bank still holds the call: the worker fails the payment at its timer', async () => {
    await setLatency(5000);
    try {
      const { answer, payment } = await initiationInFlight();
      expect(payment.status).toBe('INITIATION_PENDING');
      expect(payment.bankConsentId).toBeNull();
      expect(await consentsAtBank(payment.refId)).toBe(0);
      expect(await prisma.scheduledJob.count({ where: { id: `payments.poll:${payment.id}` } })).toBe(1);
      expect(await eventStatuses(payment.id)).toEqual(['INITIATION_PENDING']);

      await killApi();
      expect(await answer).toBeInstanceOf(Error);
      const after = await prisma.payment.findUnique({ where: { id: payment.id } });
      expect(after?.status).toBe('INITIATION_PENDING');
      await setLatency(0);
      await expectFailedByTheWorker(payment);
    } finally {
      await setLatency(0);
    }
  }, 120_000);

  it('killed after the bank answered, before the answer is recorded: the worker fails the payment at its timer', async () => {
    await setLatency(1500);
    try {
      const { answer, payment } = await initiationInFlight();
      // Hold the row: the api's recording of the bank's answer waits for this lock.
      await db.query('BEGIN');
      await db.query('SELECT id FROM payment WHERE id = $1 FOR UPDATE', [payment.id]);
      const consents = await eventually(
        () => consentsAtBank(payment.refId),
        (count) => count > 0,
        10_000,
      );
      expect(consents).toBe(1);
      const waiting = await eventually(
        async () =>
          (
            await db.query<{ waiting: number }>(
              `SELECT count(*)::int AS waiting FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
               WHERE NOT l.granted AND a.datname = current_database()`,
            )
          ).rows[0]?.waiting ?? 0,
        (count) => count > 0,
        10_000,
      );
      expect(waiting, 'the api is waiting to record the bank answer').toBeGreaterThan(0);

      await killApi();
      await db.query('ROLLBACK');
      expect(await answer).toBeInstanceOf(Error);
      const after = await prisma.payment.findUnique({ where: { id: payment.id } });
      expect(after?.status).toBe('INITIATION_PENDING');
      expect(after?.bankConsentId).toBeNull();
      expect(await eventStatuses(payment.id)).toEqual(['INITIATION_PENDING']);
      await setLatency(0);
      await expectFailedByTheWorker(payment);
    } finally {
      await db.query('ROLLBACK').catch(() => undefined);
      await setLatency(0);
    }
  }, 120_000);

  it('killed while the payment order is at the bank after the user came back: the worker asks again under the same key: completed, one order', async () => {
    const faults = `${baseUrl(bank.app)}/sandbox/faults/${BANK_ID}`;
    const created = await call<{ payment: { id: string; authentication: { redirectUrl: string } } }>(
      `${apiUrl}/v2/payments`,
      'POST',
      member.auth,
      { initiation: ukInitiation() },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const paymentId = created.body.payment.id;
    const back = await decideOnConsentPage(
      created.body.payment.authentication.redirectUrl,
      'sandbox-success',
      'approve',
    );
    // The bank makes the order at once and holds its answer back.
    const late = await call(faults, 'PUT', `Bearer ${ADMIN_TOKEN}`, {
      latencyMs: 0,
      errorRate: 0,
      lateAnswerMs: 20_000,
      only: ['domestic-payments'],
    });
    expect(late.status, JSON.stringify(late.body)).toBe(200);
    const ordersAtBank = async (): Promise<number> => {
      const row = await prisma.payment.findUnique({ where: { id: paymentId } });
      const [count] = await prisma.$queryRaw<{ n: number }[]>`
        SELECT count(*)::int AS n FROM sandbox_bank.sb_payment WHERE consent_id = ${row?.bankConsentId ?? ''}`;
      return count?.n ?? 0;
    };
    try {
      const landing = call(back.toString(), 'GET', undefined).catch((error: unknown) => error);
      expect(await eventually(ordersAtBank, (n) => n > 0, 15_000), 'the bank made the order').toBe(1);
      const check = await prisma.outcomeCheck.findUnique({
        where: { kind_resourceId: { kind: 'payment', resourceId: paymentId } },
      });
      expect(check).toMatchObject({ operation: 'payment-order' });
      expect(check?.sealedGrant).toEqual(expect.any(String));
      await killApi();
      expect(await landing).toBeInstanceOf(Error);
    } finally {
      await call(faults, 'PUT', `Bearer ${ADMIN_TOKEN}`, { latencyMs: 0, errorRate: 0 });
    }
    expect((await prisma.payment.findUnique({ where: { id: paymentId } }))?.status).toBe(
      'INITIATION_PENDING_REDIRECT_AUTH_VERIFICATION',
    );
    api = await startApi();
    await advanceClock(PAST_LOST_INITIATION_S);
    const ended = await eventually(
      () => prisma.payment.findUnique({ where: { id: paymentId } }),
      (row) => row?.status === 'INITIATION_COMPLETED',
      30_000,
    );
    expect(ended?.status, worker?.output.slice(-2000)).toBe('INITIATION_COMPLETED');
    expect(ended?.bankPaymentId).toEqual(expect.any(String));
    expect(await ordersAtBank()).toBe(1);
    expect(
      await prisma.outcomeCheck.count({ where: { kind: 'payment', resourceId: paymentId } }),
      'the check ended with the answer',
    ).toBe(0);
  }, 120_000);
});
