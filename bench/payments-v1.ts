/**
 * Benchmark (not a test): what Payments v1 costs against the least a server can do.
 *
 *   npm run bench:payments-v1 [seconds] [--rounds=N] [--api-workers=N]
 *
 * The same stack and method as `bench:payments` (bench/payments.ts): one embedded Postgres and
 * one redis-server, the sandbox bank, the api and the bare Fastify + pg baseline each in its own
 * process, 50 connections, runs taken in slices in turns. The gateway's runs are
 * POST /token-requests (a UK Faster Payments transfer request, a fresh refId per request: the
 * row and its expiry timer) against the baseline's INSERT, and GET /transfers/{id} over 1,000
 * final transfers (answered from Postgres, without a bank call) against its SELECT by id.
 *
 * This file is the entry of every process of the bench: the parent forks it again with
 * BENCH_PAYMENTS_ROLE set for each server under test.
 */
import 'reflect-metadata';
import { fileURLToPath } from 'node:url';
import { runApi } from './payments/api-server.js';
import { runBaseline } from './payments/baseline-server.js';
import { runBank } from './payments/sandbox-bank-server.js';
import { runV1Bench } from './payments-v1/run-v1-bench.js';

const role = process.env['BENCH_PAYMENTS_ROLE'];
if (role === 'api') await runApi();
else if (role === 'bank') await runBank();
else if (role === 'baseline') await runBaseline();
else await runV1Bench(fileURLToPath(import.meta.url), process.argv.slice(2));
