/**
 * Benchmark (not a test): what refund initiation costs against the least a server can do.
 *
 *   npm run bench:refunds [seconds] [--rounds=N] [--api-workers=N]
 *
 * The same stack and method as `bench:payments` (bench/payments.ts): one embedded Postgres and
 * one redis-server, the sandbox bank, the api and the bare Fastify + pg baseline each in its own
 * process, 50 connections, runs taken in slices in turns. The gateway's runs are POST /refunds
 * (a partial refund of one of 1,000 completed payments in turn: the payment's row locked, the
 * refund counted, stored with its event and timer) against the baseline's INSERT, and
 * GET /refunds/{id} over 1,000 refunds against its SELECT by id. No worker runs: the refunds stay
 * INITIATION_PENDING (what the bank does with them is not measured).
 *
 * This file is the entry of every process of the bench: the parent forks it again with
 * BENCH_PAYMENTS_ROLE set for each server under test.
 */
import 'reflect-metadata';
import { fileURLToPath } from 'node:url';
import { runApi } from './payments/api-server.js';
import { runBaseline } from './payments/baseline-server.js';
import { runBank } from './payments/sandbox-bank-server.js';
import { runRefundsBench } from './refunds/run-refunds-bench.js';

const role = process.env['BENCH_PAYMENTS_ROLE'];
if (role === 'api') await runApi();
else if (role === 'bank') await runBank();
else if (role === 'baseline') await runBaseline();
else await runRefundsBench(fileURLToPath(import.meta.url), process.argv.slice(2));
