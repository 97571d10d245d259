/**
 * Benchmark (not a test): what a variable recurring payment costs against the least a server can do.
 *
 *   npm run bench:vrp [seconds] [--rounds=N] [--profile] [--api-workers=N]
 *
 * The same stack and method as `bench:payments` (bench/payments.ts): one embedded Postgres and
 * one redis-server, the sandbox bank, the api and the bare Fastify + pg baseline each in its own
 * process, 50 connections, runs taken in slices in turns. The gateway's runs are VRPs
 * (POST /v2/payments with `vrpConsentId`, 0.01 GBP, a fresh refId per request) under consents
 * authorised at ob-sandbox-gb beforehand, with limits no run reaches: all 50 connections on one
 * consent (the limit check locks the consent's row, so they are decided one at a time: the worst
 * case), and round-robin over 50 consents of 50 payers (the usual case); both against the
 * baseline's INSERT. `--profile` then times the VRP path's stages in the api and the sandbox bank
 * and takes V8 profiles of both, for each kind of run.
 *
 * This file is the entry of every process of the bench: the parent forks it again with
 * BENCH_PAYMENTS_ROLE set for each server under test.
 */
import 'reflect-metadata';
import { fileURLToPath } from 'node:url';
import { runBaseline } from './payments/baseline-server.js';
import { runVrpApi } from './vrp/vrp-api-server.js';
import { runVrpBank } from './vrp/vrp-bank-server.js';
import { runVrpBench } from './vrp/run-vrp-bench.js';

const role = process.env['BENCH_PAYMENTS_ROLE'];
if (role === 'api') await runVrpApi();
else if (role === 'bank') await runVrpBank();
else if (role === 'baseline') await runBaseline();
else await runVrpBench(fileURLToPath(import.meta.url), process.argv.slice(2));
