/**
 * Benchmark (not a test): settlement-account credits matched per second by one reconciliation
 * worker, against the least Postgres can do with as many rows.
 *
 *   npm run bench:settlement-reconciliation [credits] [--payments=N] [--batch=N]
 *
 * One embedded Postgres, migrated. Seeded with fast SQL (generate_series): a member, 100
 * settlement accounts, `payments` (100,000) payments to them at SETTLEMENT_IN_PROGRESS each with
 * its window timer, and `credits` (20,000) booked credits with the references and amounts of as
 * many of those payments, spread over the accounts. One CreditReconciliation (the worker's code,
 * in this process) then takes batches of `batch` (500) credits until none is left: each batch
 * locks its credits and their payments (SKIP LOCKED), writes every payment's move, one
 * PAYMENT_STATUS_CHANGED event per move, the window timers' removal and the credits' outcomes in a
 * handful of set-based statements, one transaction. The baseline, in the same run: as many rows
 * inserted into a table of the same width, the same number per transaction (one INSERT ... SELECT
 * FROM json_to_recordset per batch). The status machine's rules are checked after the run: every
 * payment SETTLEMENT_COMPLETED once, one event each, every credit MATCHED.
 */
import 'reflect-metadata';
import pg from 'pg';
import { CreditReconciliation, PaymentExtensions, SettlementPaymentPlug, TransferExtensions } from '#libs/application';
import { loadConfig, requireConnections } from '#libs/common';
import { closeDataStores, openDataStores } from '#libs/db';
import { freePortOnLoopback } from './free-port.js';
import { startBenchServers } from './lib/local-servers.js';

function option(args: readonly string[], name: string, fallback: number): number {
  const given = args.find((arg) => arg.startsWith(`--${name}=`));
  return given === undefined ? fallback : Number(given.slice(name.length + 3));
}

const args = process.argv.slice(2);
const credits = Number(args.find((arg) => /^\d+$/.test(arg)) ?? '20000');
const payments = option(args, 'payments', 100_000);
const batch = option(args, 'batch', 500);
const ACCOUNTS = 100;
const MEMBER = 'm:bench-reconciliation';

const SEED = `
INSERT INTO member (id, name, updated_date_time) VALUES ('${MEMBER}', 'Bench TPP', now());
INSERT INTO settlement_account (id, member_id, provider_id, provider_account_id, status, currency, country,
  account_name, iban, created_at, updated_at)
SELECT 'pa:bench' || a, '${MEMBER}', 'bench', 'bench' || a, 'ACTIVE', 'EUR', 'DE', 'Bench', 'DE89370400440532013000', now(), now()
FROM generate_series(1, ${ACCOUNTS}) AS a;
INSERT INTO payment (id, member_id, ref_id, status, initiation, amount, currency, local_instrument,
  callback_token, nonce, poll_until, created_at, updated_at, virtual_account_id, bank_payment_status)
SELECT 'pm2:bench' || i, '${MEMBER}', 'ref-' || i, 'SETTLEMENT_IN_PROGRESS',
  jsonb_build_object('refId', 'ref-' || i, 'remittanceInformationPrimary', 'Order ' || i,
    'amount', jsonb_build_object('value', ((i % 500) + 1)::text || '.25', 'currency', 'EUR'),
    'localInstrument', 'SEPA', 'callbackUrl', 'https://tpp.example/cb',
    'creditor', jsonb_build_object('name', 'Bench', 'virtualAccountId', 'pa:bench' || (i % ${ACCOUNTS} + 1),
      'iban', 'DE89370400440532013000')),
  ((i % 500) + 1) + 0.25, 'EUR', 'SEPA', 'cb-' || i, 'n', now() + interval '30 days',
  now() - interval '1 day', now() - interval '1 hour', 'pa:bench' || (i % ${ACCOUNTS} + 1), 'ACSC'
FROM generate_series(1, ${payments}) AS i;
INSERT INTO scheduled_job (id, queue, job_name, payload, due_at)
SELECT 'settlement.window-end:pm2:bench' || i, 'timers', 'settlement.window-end',
  jsonb_build_object('name', 'settlement.window-end', 'paymentId', 'pm2:bench' || i), now() + interval '15 days'
FROM generate_series(1, ${payments}) AS i;
-- Credits for every (payments / credits)-th payment, booked in a shuffled order.
INSERT INTO settlement_transaction (id, account_id, member_id, transaction_type, provider_payment_id, amount,
  currency, local_instrument, ref_id, created_date_time, received_at)
SELECT 'st:bench' || i, 'pa:bench' || (p % ${ACCOUNTS} + 1), '${MEMBER}', 'CREDIT', 'pp' || i,
  ((p % 500) + 1) + 0.25, 'EUR', 'SEPA', 'ref-' || p, now(), now() - (random() * interval '1 hour')
FROM (SELECT i, (i * (${payments} / ${credits}))::int AS p FROM generate_series(1, ${credits}) AS i) AS picked;
ANALYZE;`;

async function baselineInserts(client: pg.Client, rows: number, perStatement: number): Promise<number> {
  await client.query(`CREATE TABLE bench_baseline (LIKE settlement_transaction INCLUDING DEFAULTS)`);
  const started = performance.now();
  for (let offset = 0; offset < rows; offset += perStatement) {
    const count = Math.min(perStatement, rows - offset);
    const json = JSON.stringify(
      Array.from({ length: count }, (_, k) => ({
        id: `b${offset + k}`,
        account_id: 'pa:bench1',
        member_id: MEMBER,
        transaction_type: 'CREDIT',
        provider_payment_id: `b${offset + k}`,
        amount: '10.25',
        currency: 'EUR',
        created_date_time: new Date().toISOString(),
        received_at: new Date().toISOString(),
      })),
    );
    await client.query('BEGIN');
    await client.query(
      `INSERT INTO bench_baseline (id, account_id, member_id, transaction_type, provider_payment_id, amount, currency,
         created_date_time, received_at)
       SELECT id, account_id, member_id, transaction_type, provider_payment_id, amount, currency, created_date_time, received_at
       FROM json_to_recordset($1::json) AS r(id text, account_id text, member_id text, transaction_type text,
         provider_payment_id text, amount numeric, currency text, created_date_time timestamptz, received_at timestamptz)`,
      [json],
    );
    await client.query('COMMIT');
  }
  return rows / ((performance.now() - started) / 1000);
}

const servers = await startBenchServers(await freePortOnLoopback(), await freePortOnLoopback());
const client = new pg.Client({ connectionString: servers.databaseUrl });
try {
  await client.connect();
  const seeding = performance.now();
  await client.query(SEED);
  process.stderr.write(
    `[bench] seeded ${payments} payments and ${credits} credits in ${((performance.now() - seeding) / 1000).toFixed(1)} s\n`,
  );
  const config = requireConnections(
    loadConfig({ DATABASE_URL: servers.databaseUrl, REDIS_URL: servers.redisUrl, LOG_LEVEL: 'warn' }),
  );
  const stores = await openDataStores(config, { service: 'bench-reconciliation', poolSize: 2 });
  // The payment extensions as the worker plugs them: settlement's (the payments here are to settlement accounts).
  const extensions = new PaymentExtensions();
  new SettlementPaymentPlug(extensions, new TransferExtensions()).onModuleInit();
  const reconciliation = new CreditReconciliation(
    stores.prisma,
    stores.clock,
    extensions,
    stores.repositories.settlementReconciliation,
    config,
  );
  const started = performance.now();
  let examined = 0;
  let settled = 0;
  let batches = 0;
  for (;;) {
    const done = await reconciliation.reconcileBatch(batch);
    if (done.examined === 0) break;
    examined += done.examined;
    settled += done.settled;
    batches += 1;
  }
  const seconds = (performance.now() - started) / 1000;
  const rate = examined / seconds;
  await closeDataStores(stores);
  const baseline = await baselineInserts(client, credits, batch);

  const check = await client.query<{ completed: string; events: string; matched: string; timers: string }>(
    `SELECT (SELECT count(*) FROM payment WHERE status = 'SETTLEMENT_COMPLETED') AS completed,
            (SELECT count(*) FROM outbox_event WHERE event_type = 'PAYMENT_STATUS_CHANGED') AS events,
            (SELECT count(*) FROM settlement_transaction WHERE reconciliation_state = 'MATCHED'
               AND payment_id IS NOT NULL) AS matched,
            (SELECT count(*) FROM scheduled_job WHERE job_name = 'settlement.window-end') AS timers`,
  );
  const figures = check.rows[0];
  const rulesHold =
    settled === credits &&
    Number(figures?.completed) === credits &&
    Number(figures?.events) === credits &&
    Number(figures?.matched) === credits &&
    Number(figures?.timers) === payments - credits;
  process.stdout.write(
    [
      `settlement reconciliation: ${credits} credits against ${payments} open payments, batches of ${batch}`,
      `  one worker:      ${rate.toFixed(0)} credits/s (${examined} in ${seconds.toFixed(2)} s, ${batches} batches)`,
      `  baseline INSERT: ${baseline.toFixed(0)} rows/s (${batch} rows per transaction)`,
      `  ratio:           ${(rate / baseline).toFixed(2)}x; target >= 5,000 credits/s: ${rate >= 5000 ? 'met' : 'not met'}`,
      `  rules: ${figures?.completed} SETTLEMENT_COMPLETED, ${figures?.events} events, ${figures?.matched} credits matched, ${figures?.timers} window timers left: ${rulesHold ? 'hold' : 'BROKEN'}`,
      '',
    ].join('\n'),
  );
  if (!rulesHold) process.exitCode = 1;
} finally {
  await client.end();
  await servers.stop();
}
