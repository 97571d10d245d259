/**
 * Benchmark (not a test): what Payments v2 costs against the least a server can do.
 *
 *   npm run bench:payments [seconds] [--rounds=N] [--profile] [--api-workers=N]
 *
 * One run, one embedded Postgres and one redis-server, each server in its own Node process:
 *
 * - baseline: bare Fastify + pg (pool of 10): POST /baseline/payments = one INSERT of a
 *   payment-like row, GET /baseline/payments/:id = one SELECT by primary key;
 * - the gateway: api process + sandbox bank process (no faults): POST /v2/payments (UK Faster
 *   Payments at ob-sandbox-gb, a fresh refId per request) and GET /v2/payments/{id} over 1,000
 *   payments created beforehand; Basic API key of a member created through the admin API.
 *
 * autocannon, 50 connections, `seconds` (default 10) per measurement after a short warm-up, taken
 * in `--rounds` slices (default 5): INSERT, POST, SELECT, GET, then again, so that a gateway run
 * and its baseline see the same machine (its speed drifts within minutes). Latencies come from
 * the slices' merged histograms; each round's ratios are printed too.
 * Prints req/s, p50/p99/p99.9, non-2xx and connection errors, the ratios to the baselines with
 * their targets, and the CPU each process spent per request. `--profile` then measures where
 * POST /v2/payments spends its time: stage timings (methods wrapped from here, no product code
 * change) at 1 and 50 connections, V8 CPU profiles of the api and the sandbox bank, and the
 * Postgres rows written per payment. `--api-workers=N` runs the api as N processes sharing its
 * ports (API_WORKERS, node:cluster), as an operator would on a host with N cores; the CPU of the
 * api is then that of all of them (profiles need one process: `--profile` implies 1). With
 * BENCH_PROFILE_DIR set, each V8 profile is also written there as a .cpuprofile file.
 *
 * This file is the entry of every process of the bench: the parent (payments/run-bench.ts) forks
 * it again with BENCH_PAYMENTS_ROLE set for each server under test (payments/*-server.ts).
 */
import 'reflect-metadata';
import { fileURLToPath } from 'node:url';
import { runApi } from './payments/api-server.js';
import { runBaseline } from './payments/baseline-server.js';
import { runBench } from './payments/run-bench.js';
import { runBank } from './payments/sandbox-bank-server.js';

const role = process.env['BENCH_PAYMENTS_ROLE'];
if (role === 'api') await runApi();
else if (role === 'bank') await runBank();
else if (role === 'baseline') await runBaseline();
else await runBench(fileURLToPath(import.meta.url), process.argv.slice(2));
