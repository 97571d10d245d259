/**
 * Benchmark (not a test): what each read by id costs against the bare SELECT by id of its own
 * table.
 *
 *   npm run bench:reads [seconds] [--rounds=N] [--api-workers=N] [--only=refund,token,...]
 *
 * The same stack as `bench:payments` (bench/payments.ts): one embedded Postgres and one
 * redis-server, the sandbox bank, the api and the bare Fastify + pg baseline each in its own
 * process, 50 connections. Payments, refunds, payouts, transfers, tokens, VRP consents and
 * settlement accounts of the bench member are written straight into the tables (1,000 of each,
 * 200 accounts); each GET /{resource}/{id} is measured in slices taken in turns with the
 * baseline's `SELECT * FROM <its table> WHERE id = $1`, so both see the same machine.
 *
 * This file is the entry of every process of the bench: the parent forks it again with
 * BENCH_PAYMENTS_ROLE set for each server under test.
 */
import 'reflect-metadata';
import { fileURLToPath } from 'node:url';
import { runApi } from './payments/api-server.js';
import { runBaseline } from './payments/baseline-server.js';
import { runBank } from './payments/sandbox-bank-server.js';
import { runReadsBench } from './reads/run-reads-bench.js';

const role = process.env['BENCH_PAYMENTS_ROLE'];
if (role === 'api') await runApi();
else if (role === 'bank') await runBank();
else if (role === 'baseline') await runBaseline();
else await runReadsBench(fileURLToPath(import.meta.url), process.argv.slice(2));
