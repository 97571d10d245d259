/**
 * Benchmark (not a test): how long a booked credit waits before the payment it settles is
 * SETTLEMENT_COMPLETED.
 *
 *   npm run bench:settlement-latency [samples-per-way]
 *
 * One embedded Postgres (migrated) and Redis, and one worker process as deployed: its scheduler
 * ticking every SCHEDULER_TICK_MS (1 s by default) and its settlement.reconcile timer moved on
 * every SETTLEMENT_RECONCILE_INTERVAL_SECONDS (5 by default). Each sample is a payment to a
 * settlement account at SETTLEMENT_IN_PROGRESS, then its credit booked through the intake's
 * booking (SettlementCreditBooking); the time runs from the credit's commit until the payment reads
 * SETTLEMENT_COMPLETED. Two ways, in turns in the same run: the baseline leaves the credit to the
 * interval's runs (as before the wake); the other then brings the run forward as
 * settlement.read-credits does after a page that booked credits (wakeReconciliation). Samples
 * start at random moments, so neither way is lined up with the tick or the interval. Printed:
 * the median and p95 of each way, and the ratio of the medians.
 */
import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import pino from 'pino';
import { SettlementCreditBooking, wakeReconciliation } from '#libs/application';
import { loadConfig, requireConnections } from '#libs/common';
import { closeDataStores, openDataStores, type SettlementAccount } from '#libs/db';
import { createWorkerProcess } from '../apps/worker/src/create-worker-process.js';
import { freePortOnLoopback } from './free-port.js';
import { startBenchServers } from './lib/local-servers.js';

const samples = Number(process.argv.slice(2).find((arg) => /^\d+$/.test(arg)) ?? '15');
const MEMBER = 'm:bench-latency';
const ACCOUNT = 'pa:bench-latency';

const percentile = (values: readonly number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
};

const servers = await startBenchServers(await freePortOnLoopback(), await freePortOnLoopback());
const config = requireConnections(
  loadConfig({
    DATABASE_URL: servers.databaseUrl,
    REDIS_URL: servers.redisUrl,
    LOG_LEVEL: 'error',
    QUEUE_PREFIX: `bench-${randomBytes(4).toString('hex')}`,
  }),
);
const client = new pg.Client({ connectionString: servers.databaseUrl });
await client.connect();
const stores = await openDataStores(config, { service: 'bench-settlement-latency', poolSize: 2 });
const worker = await createWorkerProcess(config);
try {
  await client.query(`INSERT INTO member (id, name, updated_date_time) VALUES ('${MEMBER}', 'Bench TPP', now())`);
  const now = new Date();
  const account: SettlementAccount = await stores.repositories.settlementAccounts.insert({
    id: ACCOUNT,
    memberId: MEMBER,
    providerId: 'bench',
    providerAccountId: 'bench-latency',
    status: 'ACTIVE',
    currency: 'EUR',
    country: 'DE',
    accountName: 'Bench',
    iban: 'DE89370400440532013000',
    createdAt: now,
    updatedAt: now,
  });
  const booking = new SettlementCreditBooking(
    stores.repositories.transactions,
    stores.repositories.settlementAccounts,
    stores.repositories.settlementTransactions,
    stores.repositories.settlementLedger,
    stores.clock,
    pino({ level: 'silent' }),
  );
  await worker.start();

  /** One sample: the payment, its credit committed, then (woken or not) the wait for its settlement. */
  const sample = async (n: number, wake: boolean): Promise<number> => {
    const refId = `latency-${n}`;
    await client.query(
      `INSERT INTO payment (id, member_id, ref_id, status, initiation, amount, currency, local_instrument,
         callback_token, nonce, poll_until, created_at, updated_at, virtual_account_id, bank_payment_status)
       VALUES ($1, $2, $3, 'SETTLEMENT_IN_PROGRESS', $4, 10.25, 'EUR', 'SEPA', $5, 'n', now() + interval '30 days',
         now(), now(), $6, 'ACSC')`,
      [
        `pm2:${refId}`,
        MEMBER,
        refId,
        JSON.stringify({
          refId,
          remittanceInformationPrimary: 'Order',
          amount: { value: '10.25', currency: 'EUR' },
          localInstrument: 'SEPA',
          callbackUrl: 'https://tpp.example/cb',
          creditor: { name: 'Bench', virtualAccountId: ACCOUNT },
        }),
        `cb-${refId}`,
        ACCOUNT,
      ],
    );
    // A random moment within one interval and tick, so the credit falls anywhere in the run cycle.
    await sleep(Math.random() * (config.reconciliation.intervalSeconds * 1000 + config.worker.schedulerTickMs));
    const booked = await booking.book(account, {
      providerPaymentId: `pp-${refId}`,
      amount: { value: '10.25', currency: 'EUR' },
      createdDateTime: new Date().toISOString(),
      localInstrument: 'SEPA',
      refId,
    });
    const started = performance.now();
    if (booked !== 'booked') throw new Error(`credit ${refId}: ${booked}`);
    if (wake) await wakeReconciliation(stores.repositories.scheduledJobs, stores.clock.now());
    for (;;) {
      const { rows } = await client.query<{ status: string }>('SELECT status FROM payment WHERE id = $1', [
        `pm2:${refId}`,
      ]);
      if (rows[0]?.status === 'SETTLEMENT_COMPLETED') return performance.now() - started;
      if (performance.now() - started > 60_000) throw new Error(`payment ${refId} not settled in a minute`);
      await sleep(5);
    }
  };

  const interval: number[] = [];
  const woken: number[] = [];
  for (let n = 0; n < samples; n += 1) {
    interval.push(await sample(2 * n, false));
    woken.push(await sample(2 * n + 1, true));
  }
  const line = (label: string, values: readonly number[]): string =>
    `${label.padEnd(46)} median ${percentile(values, 0.5).toFixed(0).padStart(5)} ms   p95 ${percentile(values, 0.95).toFixed(0).padStart(5)} ms`;
  process.stdout.write(
    [
      `settlement latency, credit committed -> payment SETTLEMENT_COMPLETED (${samples} samples each; tick ${config.worker.schedulerTickMs} ms, interval ${config.reconciliation.intervalSeconds} s)`,
      line('baseline: the interval runs only', interval),
      line('the intake wakes the run (wakeReconciliation)', woken),
      `ratio of the medians (baseline / woken): ${(percentile(interval, 0.5) / percentile(woken, 0.5)).toFixed(1)}x`,
      '',
    ].join('\n'),
  );
} finally {
  await worker.close();
  await closeDataStores(stores);
  await client.end();
  await servers.stop();
}
