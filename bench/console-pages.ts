/**
 * Benchmark (not a test): each operations console page's time with 100,000 payments in the
 * database, against the bare SELECT by id of a payment measured in turns in the same run.
 *
 *   npm run bench:console [--payments=N] [--requests=N]
 *
 * The stack of `bench:payments` (bench/payments/bench-stack.ts): one embedded Postgres and one
 * redis-server, the sandbox bank, the api (its admin port serves the console) and the bare
 * Fastify + pg baseline, each in its own process. Payments, their status changes (outbox events,
 * whose trigger writes the status history), webhook deliveries and attempts are written straight
 * into the tables, spread over the last 24 hours; then one operator's requests, one at a time.
 *
 * This file is the entry of every process of the bench: the parent forks it again with
 * BENCH_PAYMENTS_ROLE set for each server under test.
 */
import 'reflect-metadata';
import { fileURLToPath } from 'node:url';
import { runConsoleBench } from './console/run-console-bench.js';
import { runApi } from './payments/api-server.js';
import { runBaseline } from './payments/baseline-server.js';
import { runBank } from './payments/sandbox-bank-server.js';

const role = process.env['BENCH_PAYMENTS_ROLE'];
if (role === 'api') await runApi();
else if (role === 'bank') await runBank();
else if (role === 'baseline') await runBaseline();
else await runConsoleBench(fileURLToPath(import.meta.url), process.argv.slice(2));
