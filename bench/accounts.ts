/**
 * Benchmark (not a test): account information through the gateway against the least a server
 * can do.
 *
 *   npm run bench:accounts [seconds] [--rounds=N] [--api-workers=N]
 *
 * The same stack and method as `bench:payments` (bench/payments.ts): one embedded Postgres and
 * one redis-server, the sandbox bank, the api and the bare Fastify + pg baseline each in its own
 * process, 50 connections, runs taken in slices in turns. A bench member gets an account-
 * information token the way a TPP does (token request, the bank's consent page by HTTP, the
 * callback); the gateway's runs are GET /accounts/{id}/transactions?page.limit=100 (the first
 * page, and the second by its offset) of the scenario user's current account, the user present,
 * served from the kept read (Redis), each against the baseline's SELECT by id.
 *
 * This file is the entry of every process of the bench: the parent forks it again with
 * BENCH_PAYMENTS_ROLE set for each server under test.
 */
import 'reflect-metadata';
import { fileURLToPath } from 'node:url';
import { runAccountsBench } from './accounts/run-accounts-bench.js';
import { runApi } from './payments/api-server.js';
import { runBaseline } from './payments/baseline-server.js';
import { runBank } from './payments/sandbox-bank-server.js';

const role = process.env['BENCH_PAYMENTS_ROLE'];
if (role === 'api') await runApi();
else if (role === 'bank') await runBank();
else if (role === 'baseline') await runBaseline();
else await runAccountsBench(fileURLToPath(import.meta.url), process.argv.slice(2));
