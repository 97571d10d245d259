import { existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConnectedConfig } from '#libs/common';
import { createApiProcess, type ApiProcess } from '../../apps/api/src/create-api-process.js';
import {
  createSandboxBankProcess,
  type SandboxBankProcess,
} from '../../apps/sandbox-bank/src/create-sandbox-bank-process.js';
import { freePort } from '../support/free-port.js';
import { ADMIN_TOKEN, call } from '../support/payments-gateway.js';
import {
  BUILT_WORKER,
  type SpawnedProcess,
  envWithout,
  killAll,
  spawnBuilt,
  waitUntilReady,
} from '../support/spawned-process.js';
import { TEST_KEY_ENCRYPTION_KEY, baseUrl, testConfig } from '../support/test-env.js';

/** Credits booked at the provider: several pages of SETTLEMENT_CREDIT_PAGE_SIZE. */
const CREDITS = 300;
const PAGE_SIZE = 50;
/** The worker is killed once this many are booked: mid-page, after some pages' cursors were saved. */
const KILL_AFTER = 2 * PAGE_SIZE + 15;
/** SETTLEMENT_CREDIT_READ_SECONDS (the default): the reader runs once the clock is moved past it. */
const READ_SECONDS = 30;

/**
 * kill -9 of the worker while its credit reader is booking a settlement account's credits: the
 * restarted worker resumes at the stored cursor, and every credit the provider reported is booked
 * exactly once, with one ledger entry and one VIRTUAL_ACCOUNT_CREDIT_RECEIVED each, the balances
 * their sum. Runs the built worker (`npm run build` first); api and sandbox bank run in this process.
 */
describe('settlement credit intake survives kill -9 of the worker mid-batch', () => {
  let config: ConnectedConfig;
  let bank: SandboxBankProcess;
  let api: ApiProcess;
  let db: pg.Client;
  let worker: SpawnedProcess | undefined;
  let workerEnv: NodeJS.ProcessEnv;
  let workerUrl: string;
  let apiUrl: string;
  let adminUrl: string;
  let sandboxUrl: string;
  let auth: string;

  const startWorker = async (): Promise<SpawnedProcess> => {
    const started = spawnBuilt(BUILT_WORKER, workerEnv);
    await waitUntilReady(started, workerUrl, 60_000);
    return started;
  };

  const advanceClock = async (seconds: number): Promise<void> => {
    const answer = await call(`${adminUrl}/admin/clock/advance`, 'POST', `Bearer ${ADMIN_TOKEN}`, { seconds });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  };

  const count = async (sql: string, values: unknown[]): Promise<number> => {
    const { rows } = await db.query<{ n: number }>(sql, values);
    return rows[0]?.n ?? 0;
  };

  const bookedRows = (accountId: string): Promise<number> =>
    count(
      "SELECT count(*)::int AS n FROM settlement_transaction WHERE account_id = $1 AND transaction_type = 'CREDIT'",
      [accountId],
    );

  beforeAll(async () => {
    expect(existsSync(BUILT_WORKER), 'run `npm run build` first: this test spawns the built worker').toBe(true);
    config = await testConfig({ ADMIN_TOKEN, SCHEDULER_TICK_MS: '50' });
    bank = await createSandboxBankProcess(config);
    await bank.app.listen(0, '127.0.0.1');
    sandboxUrl = baseUrl(bank.app);
    const apiConfig = await testConfig({
      ADMIN_TOKEN,
      DATABASE_URL: config.databaseUrl,
      SANDBOX_BANK_URL: sandboxUrl,
      RATE_LIMIT_WRITE_PER_MINUTE: '1000000',
      RATE_LIMIT_READ_PER_MINUTE: '1000000',
    });
    api = await createApiProcess(apiConfig);
    await api.api.listen(0, '127.0.0.1');
    await api.admin.listen(0, '127.0.0.1');
    apiUrl = baseUrl(api.api);
    adminUrl = baseUrl(api.admin);
    db = new pg.Client({ connectionString: config.databaseUrl });
    await db.connect();
    const workerPort = await freePort();
    workerUrl = `http://127.0.0.1:${workerPort}`;
    workerEnv = envWithout(['ENVIRONMENT', 'OTEL_EXPORTER_OTLP_ENDPOINT'], {
      DATABASE_URL: config.databaseUrl,
      REDIS_URL: config.redisUrl,
      ADMIN_TOKEN,
      SANDBOX_BANK_URL: sandboxUrl,
      PUBLIC_BASE_URL: apiUrl,
      WEBHOOK_KEY_ENCRYPTION_KEY: TEST_KEY_ENCRYPTION_KEY,
      WORKER_PORT: String(workerPort),
      QUEUE_PREFIX: `intake-crash-${randomBytes(4).toString('hex')}`,
      SCHEDULER_TICK_MS: '50',
      SETTLEMENT_CREDIT_PAGE_SIZE: String(PAGE_SIZE),
      LOG_LEVEL: 'error',
      SHUTDOWN_GRACE_MS: '1000',
    });
    const created = await call<{ member: { id: string }; apiKey: string }>(
      `${adminUrl}/admin/members`,
      'POST',
      `Bearer ${ADMIN_TOKEN}`,
      { name: 'Intake crash TPP' },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    auth = `Basic ${created.body.apiKey}`;
    worker = await startWorker();
  }, 120_000);

  afterAll(async () => {
    await killAll([worker]);
    await db?.end().catch(() => undefined);
    await api?.close();
    await bank?.close();
  });

  it('books every credit exactly once across the crash: rows, ledger entries, events and balances', async () => {
    const opened = await call<{ virtualAccount: { accountId: string } }>(`${apiUrl}/virtual-accounts`, 'POST', auth, {
      currency: 'EUR',
      country: 'DE',
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    const accountId = opened.body.virtualAccount.accountId;
    const { rows } = await db.query<{ provider_account_id: string }>(
      'SELECT provider_account_id FROM settlement_account WHERE id = $1',
      [accountId],
    );
    const providerAccountId = rows[0]?.provider_account_id ?? '';

    // Amounts 1.01 .. 3.00: the sum tells a credit booked twice or lost from any other.
    let sumCents = 0;
    const amounts = Array.from({ length: CREDITS }, (_, index) => 101 + index);
    for (let start = 0; start < CREDITS; start += 25) {
      await Promise.all(
        amounts.slice(start, start + 25).map(async (cents) => {
          sumCents += cents;
          const answer = await call(
            `${sandboxUrl}/sandbox/settlement/accounts/${encodeURIComponent(providerAccountId)}/credits`,
            'POST',
            `Bearer ${ADMIN_TOKEN}`,
            {
              amount: { value: (cents / 100).toFixed(2), currency: 'EUR' },
              refId: `crash-${cents}`,
              debtor: { name: `Payer ${cents}`, iban: 'NL91ABNA0417164300' },
            },
          );
          expect(answer.status, JSON.stringify(answer.body)).toBe(201);
        }),
      );
    }
    const sum = (sumCents / 100).toFixed(2);
    expect(await bookedRows(accountId)).toBe(0);

    // The reader starts; the worker dies while it is booking the third page (two cursors saved).
    await advanceClock(READ_SECONDS + 1);
    let seen = 0;
    const deadline = Date.now() + 20_000;
    while (seen < KILL_AFTER && Date.now() < deadline) {
      seen = await bookedRows(accountId);
      if (seen < KILL_AFTER) await sleep(5);
    }
    expect(await worker?.stop('SIGKILL', 5000)).toBe('SIGKILL');
    worker = undefined;
    const atKill = await bookedRows(accountId);
    expect(atKill, 'killed before it booked anything').toBeGreaterThan(0);
    expect(atKill, 'killed after it booked everything').toBeLessThan(CREDITS);
    // The cursor stored before the crash is at a page's end, never past a credit not booked.
    const cursorAtKill = await db.query<{ credit_cursor: string | null }>(
      'SELECT credit_cursor FROM settlement_account WHERE id = $1',
      [accountId],
    );
    expect(cursorAtKill.rows[0]?.credit_cursor).not.toBeNull();

    worker = await startWorker();
    await advanceClock(READ_SECONDS + 1);
    const end = Date.now() + 30_000;
    while ((await bookedRows(accountId)) < CREDITS && Date.now() < end) await sleep(100);

    expect(await bookedRows(accountId), worker.output.slice(-2000)).toBe(CREDITS);
    expect(
      await count(
        'SELECT count(DISTINCT provider_payment_id)::int AS n FROM settlement_transaction WHERE account_id = $1',
        [accountId],
      ),
    ).toBe(CREDITS);
    expect(
      await count("SELECT count(*)::int AS n FROM settlement_ledger_entry WHERE account_id = $1 AND kind = 'CREDIT'", [
        accountId,
      ]),
    ).toBe(CREDITS);
    expect(
      await count(
        "SELECT count(*)::int AS n FROM outbox_event WHERE event_type = 'VIRTUAL_ACCOUNT_CREDIT_RECEIVED' AND body::jsonb #>> '{virtualAccountCreditReceived,providerAccountId}' = $1",
        [accountId],
      ),
    ).toBe(CREDITS);
    expect(
      await count(
        "SELECT count(DISTINCT body::jsonb #>> '{virtualAccountCreditReceived,providerPaymentId}')::int AS n FROM outbox_event WHERE event_type = 'VIRTUAL_ACCOUNT_CREDIT_RECEIVED' AND body::jsonb #>> '{virtualAccountCreditReceived,providerAccountId}' = $1",
        [accountId],
      ),
    ).toBe(CREDITS);
    const sumAtProvider = await db.query<{ total: string; n: number }>(
      'SELECT sum(amount)::text AS total, count(*)::int AS n FROM sandbox_bank.sb_settlement_credit WHERE account_id = $1',
      [providerAccountId],
    );
    expect(sumAtProvider.rows[0]?.n).toBe(CREDITS);
    const account = await call<{ virtualAccount: Record<string, string> }>(
      `${apiUrl}/virtual-accounts/${encodeURIComponent(accountId)}`,
      'GET',
      auth,
    );
    expect(account.body.virtualAccount).toMatchObject({
      bookedBalance: sum,
      clearedBalance: sum,
      availableBalance: sum,
    });
    expect(Number(sumAtProvider.rows[0]?.total).toFixed(2)).toBe(sum);
  }, 60_000);
});
