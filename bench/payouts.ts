/**
 * Benchmark (not a test): what payout initiation costs against the least a server can do.
 *
 *   npm run bench:payouts [seconds] [--rounds=N] [--api-workers=N]
 *
 * The same stack and method as `bench:payments` (bench/payments.ts): one embedded Postgres and
 * one redis-server, the sandbox bank (as the settlement provider), the api and the bare
 * Fastify + pg baseline each in its own process, 50 connections, runs taken in slices in turns.
 * The gateway's runs are POST /payouts (0.01 GBP from one of 200 credited settlement accounts in
 * turn: the account's row locked, the amount reserved in its ledger, the payout stored with its
 * event and its timer due at once) against the baseline's INSERT, and GET /payouts/{id} over
 * 1,000 payouts against its SELECT by id. No worker runs: the payouts stay INITIATION_PENDING
 * (sending them to the provider is the worker's, and not measured).
 *
 * This file is the entry of every process of the bench: the parent forks it again with
 * BENCH_PAYMENTS_ROLE set for each server under test.
 */
import 'reflect-metadata';
import { fileURLToPath } from 'node:url';
import { runApi } from './payments/api-server.js';
import { runBaseline } from './payments/baseline-server.js';
import { runBank } from './payments/sandbox-bank-server.js';
import { runPayoutsBench } from './payouts/run-payouts-bench.js';

const role = process.env['BENCH_PAYMENTS_ROLE'];
if (role === 'api') await runApi();
else if (role === 'bank') await runBank();
else if (role === 'baseline') await runBaseline();
else await runPayoutsBench(fileURLToPath(import.meta.url), process.argv.slice(2));
