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
 */
import 'reflect-metadata';
import cluster from 'node:cluster';
import { randomUUID } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { ValidationPipe } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import Fastify from 'fastify';
import { Redis } from 'ioredis';
import pg from 'pg';
import { AuthGuard, RateLimiter } from '#libs/auth';
import { loadConfig, requireConnections } from '#libs/common';
import { BankHttpClient, ObieConnector } from '#libs/connectors';
import { ApiKeyRepository } from '#libs/db';
import { createApiProcess } from '../apps/api/src/create-api-process.js';
import { GetPaymentUseCase } from '../apps/api/src/payments/get-payment.usecase.js';
import { InitiatePaymentUseCase } from '../apps/api/src/payments/initiate-payment.usecase.js';
import { createSandboxBankProcess } from '../apps/sandbox-bank/src/create-sandbox-bank-process.js';
import { freePortOnLoopback } from './free-port.js';
import { BenchChild, serveParent } from './lib/bench-child.js';
import {
  InProcessProfiler,
  descendantsOf,
  machineCpu,
  readProcesses,
  type MachineCpu,
  type ProfileSummary,
} from './lib/cpu.js';
import { startBenchServers } from './lib/local-servers.js';
import {
  measure,
  measureSlice,
  median,
  pool,
  sliceRate,
  type Figures,
  type LoadOptions,
  type Slice,
} from './lib/measure.js';
import { StageTimes, type StageFigures } from './lib/stage-times.js';

const ADMIN = 'bench-admin-token-0123456789abcdef0123456789';
const CONNECTIONS = 50;
const GET_IDS = 1000;
const BANK_ID = 'ob-sandbox-gb';
const TARGETS = { initiationRatio: 0.3, initiationP99Ms: 100, getRatio: 0.6 } as const;

/** The initiation body with `refId` left to fill in; JSON text so each request only concatenates. */
const INITIATION = {
  bankId: BANK_ID,
  refId: '@REF@',
  remittanceInformationPrimary: 'INV-2026-001',
  amount: { value: '10.50', currency: 'GBP' },
  localInstrument: 'FASTER_PAYMENTS',
  creditor: { name: 'Merchant Ltd', sortCode: '040004', accountNumber: '12345678' },
  callbackUrl: 'https://tpp.example/payments/callback',
  callbackState: 'bench-state',
};
const [BODY_HEAD = '', BODY_TAIL = ''] = JSON.stringify({ initiation: INITIATION }).split('@REF@');
const bodyWithRef = (refId: string): string => `${BODY_HEAD}${refId}${BODY_TAIL}`;

const need = (name: string): string => {
  const value = process.env[name];
  if (value === undefined || value === '') throw new Error(`${name} is not set`);
  return value;
};

// ---------------------------------------------------------------------------------------------
// Children: each server under test runs in its own process (this file, forked with a role).
// ---------------------------------------------------------------------------------------------

/** Server time per route (onRequest to onResponse), recorded while `stages` is on; hooks only in a --profile run. */
function timeRoutes(app: NestFastifyApplication, stages: StageTimes, prefix: string): void {
  if (process.env['BENCH_TIME_ROUTES'] !== '1') return;
  const fastify = app.getHttpAdapter().getInstance();
  const started = new WeakMap<object, number>();
  fastify.addHook('onRequest', (request, _reply, done) => {
    started.set(request, performance.now());
    done();
  });
  fastify.addHook('onResponse', (request, _reply, done) => {
    const at = started.get(request);
    if (at !== undefined)
      stages.record(
        `${prefix} ${request.method} ${request.routeOptions.url ?? request.url} (server time)`,
        performance.now() - at,
      );
    done();
  });
}

/** `INSERT INTO "public"."payment" ("id", ...` -> `INSERT INTO payment`: a query's shape, for counting. */
const shapes = new Map<string, string>();
function queryShape(query: unknown): string {
  const text =
    typeof query === 'string'
      ? query
      : typeof query === 'object' && query !== null && 'text' in query
        ? String(query.text)
        : '?';
  const known = shapes.get(text);
  if (known !== undefined) return known;
  const plain = text
    .replace(/"public"\./g, '')
    .replace(/"/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  const match = /^(SELECT .*? FROM \S+|INSERT INTO \S+|UPDATE \S+|DELETE FROM \S+|\S+)/i.exec(plain);
  const shape = (match?.[1] ?? plain).slice(0, 90);
  if (shapes.size < 1000) shapes.set(text, shape);
  return shape;
}

/** Round trips to Postgres (by query shape) and Redis, counted and timed in whichever process calls this. */
function wrapClients(stages: StageTimes): void {
  stages.wrap(pg.Client.prototype, 'query', (args) => `pg: ${queryShape(args[0])}`);
  stages.wrap(Redis.prototype, 'sendCommand', 'redis: command');
}

function childHandlers(stages: StageTimes, instrument: () => void): Record<string, () => unknown> {
  const profiler = new InProcessProfiler();
  let instrumented = false;
  return {
    'stages-reset': () => {
      if (!instrumented) instrument();
      instrumented = true;
      stages.reset();
    },
    stages: () => stages.figures(),
    'profile-start': () => profiler.start(),
    'profile-stop': () => profiler.stop(),
  };
}

/**
 * The api as a cluster primary (BENCH_API_WORKERS > 1): forks the workers (this file again, in
 * the api role), answers the bench once all of them listen, and stops them when asked.
 */
async function runApiPrimary(workers: number): Promise<void> {
  const forked = Array.from({ length: workers }, () => cluster.fork());
  await Promise.all(
    forked.map(
      (worker) =>
        new Promise<void>((resolve, reject) => {
          worker.once('exit', (code) =>
            reject(new Error(`api worker exited before it was ready (code ${String(code)})`)),
          );
          worker.on('message', (message: { kind?: string }) => {
            if (message.kind === 'ready') resolve();
          });
        }),
    ),
  );
  serveParent({}, async () => {
    await Promise.all(
      forked.map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (worker.isDead()) return resolve();
            worker.once('exit', () => resolve());
            worker.send({ id: 0, type: 'stop' });
          }),
      ),
    );
  });
}

async function runApi(): Promise<void> {
  const workers = Number(process.env['BENCH_API_WORKERS'] ?? '1');
  if (workers > 1 && cluster.isPrimary) return runApiPrimary(workers);
  const config = requireConnections(
    loadConfig({
      DATABASE_URL: need('BENCH_DATABASE_URL'),
      REDIS_URL: need('BENCH_REDIS_URL'),
      SANDBOX_BANK_URL: need('BENCH_SANDBOX_BANK_URL'),
      PUBLIC_BASE_URL: `http://127.0.0.1:${need('BENCH_PORT')}`,
      PORT: need('BENCH_PORT'),
      ADMIN_PORT: need('BENCH_ADMIN_PORT'),
      ADMIN_TOKEN: ADMIN,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_READ_PER_MINUTE: '10000000',
      RATE_LIMIT_WRITE_PER_MINUTE: '10000000',
      RATE_LIMIT_AUTH_FAILURES_PER_MINUTE: '10000000',
    }),
  );
  const api = await createApiProcess(config);
  const stages = new StageTimes();
  timeRoutes(api.api, stages, 'api:');
  // Wrapped only once a profile run asks for stages, so the headline figures run unwrapped.
  const instrument = (): void => {
    const missing = [
      stages.wrap(
        AuthGuard.prototype,
        'canActivate',
        'auth guard (credential cache, one Redis call; on a miss: IP peek + key lookup)',
      ),
      stages.wrap(RateLimiter.prototype, 'gate', 'auth: Redis gate (generation + IP block + rate limit)'),
      stages.wrap(RateLimiter.prototype, 'peek', 'auth: Redis failed-auth peek (cache miss only)'),
      stages.wrap(
        ApiKeyRepository.prototype,
        'findActiveByHash',
        'auth: API key + member lookup (Prisma, cache miss only)',
      ),
      stages.wrap(
        ApiKeyRepository.prototype,
        'touch',
        'auth: API key last-used touch (Prisma, not awaited, once a minute)',
      ),
      stages.wrap(ValidationPipe.prototype, 'transform', 'validation pipe (per parameter)'),
      stages.wrap(InitiatePaymentUseCase.prototype, 'execute', 'initiate use case (all below)'),
      stages.wrap(
        InitiatePaymentUseCase.prototype,
        'bankOf',
        'initiate: bank catalogue lookup (memory, Prisma every 10 s)',
      ),
      stages.wrap(ObieConnector.prototype, 'initiatePayment', 'initiate: bank step (token + consent + authorize URL)'),
      stages.wrap(BankHttpClient.prototype, 'send', 'bank: HTTP call to the sandbox bank'),
      stages.wrap(
        InitiatePaymentUseCase.prototype,
        'store',
        'initiate: one statement (insert + outbox + timer + NOTIFY)',
      ),
      stages.wrap(GetPaymentUseCase.prototype, 'execute', 'get use case'),
    ]
      .map((wrapped, index) => (wrapped ? undefined : index))
      .filter((index) => index !== undefined);
    if (missing.length > 0)
      process.stderr.write(`[bench] api: ${missing.length} stage(s) not found (renamed?): #${missing.join(', #')}\n`);
    wrapClients(stages);
  };
  await api.api.listen(Number(need('BENCH_PORT')), '127.0.0.1');
  await api.admin.listen(Number(need('BENCH_ADMIN_PORT')), '127.0.0.1');
  serveParent(childHandlers(stages, instrument), () => api.close());
}

async function runBank(): Promise<void> {
  const config = requireConnections(
    loadConfig({
      DATABASE_URL: need('BENCH_DATABASE_URL'),
      REDIS_URL: need('BENCH_REDIS_URL'),
      ADMIN_TOKEN: ADMIN,
      LOG_LEVEL: 'warn',
    }),
  );
  const bank = await createSandboxBankProcess(config);
  const stages = new StageTimes();
  timeRoutes(bank.app, stages, 'sandbox bank:');
  await bank.app.listen(Number(need('BENCH_PORT')), '127.0.0.1');
  serveParent(
    childHandlers(stages, () => wrapClients(stages)),
    () => bank.close(),
  );
}

async function runBaseline(): Promise<void> {
  const pool = new pg.Pool({ connectionString: need('BENCH_DATABASE_URL'), max: 10 });
  const app = Fastify();
  app.post('/baseline/payments', async (request) => {
    const { initiation } = request.body as {
      initiation: { refId: string; amount: { value: string; currency: string } };
    };
    const result = await pool.query(
      'INSERT INTO baseline_payment (id, member_id, ref_id, status, initiation, amount, currency, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, now()) RETURNING id, status, created_at',
      [
        randomUUID(),
        'm:baseline',
        initiation.refId,
        'INITIATION_PENDING',
        initiation,
        initiation.amount.value,
        initiation.amount.currency,
      ],
    );
    return { payment: result.rows[0] as unknown };
  });
  app.get('/baseline/payments/:id', async (request, reply) => {
    const { id } = request.params as { id: string };
    const result = await pool.query('SELECT * FROM baseline_payment WHERE id = $1', [id]);
    if (result.rows.length === 0) return reply.code(404).send({ error: 'not found' });
    return { payment: result.rows[0] as unknown };
  });
  await app.listen({ port: Number(need('BENCH_PORT')), host: '127.0.0.1' });
  serveParent({}, async () => {
    await app.close();
    await pool.end();
  });
}

// ---------------------------------------------------------------------------------------------
// The bench itself.
// ---------------------------------------------------------------------------------------------

interface CpuSnapshot {
  readonly atMs: number;
  readonly machine: MachineCpu;
  /** Every process by pid, in its group (this bench's processes, or OTHERS). */
  readonly processes: ReadonlyMap<number, { readonly group: string; readonly cpuMs: number }>;
}

const OTHERS = 'other processes on the machine';
const INTERRUPTS = 'kernel interrupts (loopback networking)';

/**
 * CPU ms each group spent between two snapshots, counted per pid (a Postgres backend that exits
 * in between takes its CPU with it; it must not count as negative), plus interrupt time.
 */
function cpuBetween(before: CpuSnapshot, after: CpuSnapshot): Map<string, number> {
  const byGroup = new Map<string, number>();
  for (const [pid, now] of after.processes) {
    const ms = Math.max(0, now.cpuMs - (before.processes.get(pid)?.cpuMs ?? 0));
    byGroup.set(now.group, (byGroup.get(now.group) ?? 0) + ms);
  }
  byGroup.set(INTERRUPTS, after.machine.interruptsMs - before.machine.interruptsMs);
  return byGroup;
}

interface Run {
  readonly figures: Figures;
  readonly seconds: number;
  /** CPU ms per answered request, by process group. */
  readonly cpuPerRequest: ReadonlyMap<string, number>;
  /** Share of the machine's cores busy during the run. */
  readonly machineBusy: number;
  /** Share of the machine's cores used by processes that are not this bench's. */
  readonly othersShare: number;
}

const CPU_GROUPS = [
  'baseline server',
  'api',
  'sandbox bank',
  'Postgres',
  'Redis',
  'autocannon (bench process)',
  INTERRUPTS,
  OTHERS,
] as const;

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const seconds = Number(args.find((arg) => /^\d+(\.\d+)?$/.test(arg)) ?? 10);
  const profile = args.includes('--profile');
  const apiWorkers = profile
    ? 1
    : Number(/^--api-workers=(\d+)$/.exec(args.find((arg) => arg.startsWith('--api-workers=')) ?? '')?.[1] ?? '1');
  const warmUpSeconds = Math.max(1, Math.round(seconds / 5));
  /** Each run is measured in this many slices, the four runs taking turns, so that all four see the machine alike. */
  const rounds = Math.max(
    1,
    Number(/^--rounds=(\d+)$/.exec(args.find((arg) => arg.startsWith('--rounds=')) ?? '')?.[1] ?? '5'),
  );
  const self = fileURLToPath(import.meta.url);
  const log = (line = ''): void => void process.stdout.write(`${line}\n`);

  const servers = await startBenchServers(await freePortOnLoopback(), await freePortOnLoopback());
  const db = new pg.Client({ connectionString: servers.databaseUrl });
  await db.connect();
  await db.query(`CREATE TABLE baseline_payment (
    id text PRIMARY KEY, member_id text NOT NULL, ref_id text NOT NULL, status text NOT NULL,
    initiation jsonb NOT NULL, amount numeric(24, 4) NOT NULL, currency char(3) NOT NULL, created_at timestamptz(3) NOT NULL)`);

  const [bankPort, apiPort, adminPort, baselinePort] = [
    await freePortOnLoopback(),
    await freePortOnLoopback(),
    await freePortOnLoopback(),
    await freePortOnLoopback(),
  ];
  // Route timing hooks only when a profile is asked for: the headline figures run without them.
  const shared = {
    BENCH_DATABASE_URL: servers.databaseUrl,
    BENCH_REDIS_URL: servers.redisUrl,
    BENCH_TIME_ROUTES: profile ? '1' : '0',
  };
  const children: BenchChild[] = [];
  const stopAll = async (): Promise<void> => {
    await Promise.allSettled(children.map((child) => child.stop()));
    await db.end().catch(() => undefined);
    await servers.stop();
  };
  try {
    const bank = await BenchChild.start('sandbox bank', self, {
      ...shared,
      BENCH_PAYMENTS_ROLE: 'bank',
      BENCH_PORT: String(bankPort),
    });
    children.push(bank);
    const [api, baseline] = await Promise.all([
      BenchChild.start('api', self, {
        ...shared,
        BENCH_PAYMENTS_ROLE: 'api',
        BENCH_API_WORKERS: String(apiWorkers),
        BENCH_PORT: String(apiPort),
        BENCH_ADMIN_PORT: String(adminPort),
        BENCH_SANDBOX_BANK_URL: `http://127.0.0.1:${bankPort}`,
      }),
      BenchChild.start('baseline', self, {
        ...shared,
        BENCH_PAYMENTS_ROLE: 'baseline',
        BENCH_PORT: String(baselinePort),
      }),
    ]);
    children.push(api, baseline);
    const apiUrl = `http://127.0.0.1:${apiPort}`;
    const baselineUrl = `http://127.0.0.1:${baselinePort}`;

    const faults = await db.query('SELECT count(*)::int AS n FROM sandbox_bank.sb_fault');
    if ((faults.rows[0] as { n: number }).n !== 0)
      throw new Error('the sandbox bank has injected faults; the bench needs none');

    // A member and its Basic API key, through the admin API.
    const created = await fetch(`http://127.0.0.1:${adminPort}/admin/members`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'bench TPP' }),
    });
    if (created.status !== 200)
      throw new Error(`creating the member answered ${created.status}: ${await created.text()}`);
    const { apiKey } = (await created.json()) as { apiKey: string };
    const auth = { authorization: `Basic ${apiKey}` };
    const json = { 'content-type': 'application/json' };

    const post = async (
      url: string,
      body: string,
      headers: Record<string, string>,
    ): Promise<{ status: number; body: { payment?: { id?: string; status?: string } } }> => {
      const answer = await fetch(url, { method: 'POST', headers: { ...headers, ...json }, body });
      return {
        status: answer.status,
        body: (await answer.json().catch(() => ({}))) as { payment?: { id?: string; status?: string } },
      };
    };

    // Sanity before load: the figures must measure successes.
    const first = await post(`${apiUrl}/v2/payments`, bodyWithRef('bench-sanity'), auth);
    if (
      first.status !== 200 ||
      first.body.payment?.status !== 'INITIATION_PENDING_REDIRECT_AUTH' ||
      first.body.payment.id === undefined
    ) {
      throw new Error(`sanity: POST /v2/payments answered ${first.status} ${JSON.stringify(first.body)}`);
    }
    const read = await fetch(`${apiUrl}/v2/payments/${encodeURIComponent(first.body.payment.id)}`, { headers: auth });
    if (read.status !== 200)
      throw new Error(`sanity: GET /v2/payments/{id} answered ${read.status}: ${await read.text()}`);
    const repeat = await post(`${apiUrl}/v2/payments`, bodyWithRef('bench-sanity'), auth);
    const baselineFirst = await post(`${baselineUrl}/baseline/payments`, bodyWithRef('bench-sanity'), {});
    if (baselineFirst.status !== 200) throw new Error(`sanity: baseline POST answered ${baselineFirst.status}`);
    log(
      `sanity: POST /v2/payments 200 ${first.body.payment.status}; GET /v2/payments/{id} 200; a second POST with the same refId answered ${repeat.status}${repeat.status === 200 ? ' (refId need not be unique; the load varies it anyway)' : ''}`,
    );

    // Payments (and baseline rows) for the GET runs to rotate through.
    const createMany = async (url: string, headers: Record<string, string>, label: string): Promise<string[]> => {
      const ids: string[] = [];
      let next = 0;
      await Promise.all(
        Array.from({ length: 25 }, async () => {
          while (next < GET_IDS) {
            const n = (next += 1);
            const answer = await post(url, bodyWithRef(`${label}-${n}`), headers);
            if (answer.status !== 200 || answer.body.payment?.id === undefined)
              throw new Error(`creating payment ${n} at ${url} answered ${answer.status}`);
            ids.push(answer.body.payment.id);
          }
        }),
      );
      return ids;
    };
    const paymentIds = await createMany(`${apiUrl}/v2/payments`, auth, 'bench-get');
    const baselineIds = await createMany(`${baselineUrl}/baseline/payments`, {}, 'bench-get');

    const cpuSnapshot = async (): Promise<CpuSnapshot> => {
      const [processes, machine] = await Promise.all([readProcesses(), machineCpu()]);
      const ours = descendantsOf(process.pid, processes);
      const apiWorkerPids = descendantsOf(api.pid, processes);
      const ourProcesses = new Map<number, { group: string; cpuMs: number }>();
      for (const p of processes) {
        const group =
          p.pid !== process.pid && !ours.has(p.pid)
            ? OTHERS
            : p.pid === process.pid
              ? 'autocannon (bench process)'
              : p.pid === api.pid || apiWorkerPids.has(p.pid)
                ? 'api'
                : p.pid === bank.pid
                  ? 'sandbox bank'
                  : p.pid === baseline.pid
                    ? 'baseline server'
                    : p.comm === 'postgres'
                      ? 'Postgres'
                      : p.comm.startsWith('redis')
                        ? 'Redis'
                        : 'other bench processes';
        ourProcesses.set(p.pid, { group, cpuMs: p.cpuMs });
      }
      return { atMs: performance.now(), machine, processes: ourProcesses };
    };

    let refs = 0;
    const postOptions = (
      url: string,
      headers: Record<string, string>,
      connections = CONNECTIONS,
      runSeconds = seconds,
    ): LoadOptions => ({
      url,
      method: 'POST',
      headers: { ...headers, ...json },
      body: bodyWithRef('bench-load-0'),
      connections,
      seconds: runSeconds,
      setupRequest: (request) => ({ ...request, body: bodyWithRef(`bench-load-${(refs += 1)}`) }),
    });
    const getOptions = (base: string, ids: readonly string[], headers: Record<string, string>): LoadOptions => {
      let turn = 0;
      return {
        url: `${base}/${encodeURIComponent(ids[0] ?? '')}`,
        headers,
        connections: CONNECTIONS,
        seconds,
        setupRequest: (request) => ({
          ...request,
          path: `${new URL(base).pathname}/${encodeURIComponent(ids[(turn += 1) % ids.length] ?? '')}`,
        }),
      };
    };

    /** One load measured in slices taken in turns with the others (see `rounds`). */
    interface Kind {
      readonly name: string;
      readonly options: LoadOptions;
      readonly slices: Slice[];
      readonly spent: Map<string, number>;
      wallMs: number;
      busyMs: number;
    }
    const kind = (name: string, options: LoadOptions): Kind => ({
      name,
      options,
      slices: [],
      spent: new Map(),
      wallMs: 0,
      busyMs: 0,
    });
    const kinds = [
      kind('baseline: Fastify + pg INSERT', postOptions(`${baselineUrl}/baseline/payments`, {})),
      kind('POST /v2/payments (UK FPS, ob-sandbox-gb)', postOptions(`${apiUrl}/v2/payments`, auth)),
      kind('baseline: Fastify + pg SELECT by id', getOptions(`${baselineUrl}/baseline/payments`, baselineIds, {})),
      kind('GET /v2/payments/{id} (1,000 ids)', getOptions(`${apiUrl}/v2/payments`, paymentIds, auth)),
    ] as const;
    const sliceSeconds = seconds / rounds;

    log(
      `measuring: ${seconds} s per run in ${rounds} slice${rounds === 1 ? '' : 's'} taken in turns, after ${warmUpSeconds} s of warm-up each, ${CONNECTIONS} connections, api in ${apiWorkers} process${apiWorkers === 1 ? '' : 'es'}`,
    );
    for (const k of kinds) await measure(`${k.name} (warm-up)`, { ...k.options, seconds: warmUpSeconds });
    /** Each round's POST/INSERT and GET/SELECT ratios. */
    const roundRatios: Array<{ readonly initiation: number; readonly get: number }> = [];
    for (let round = 1; round <= rounds; round += 1) {
      for (const k of kinds) {
        const before = await cpuSnapshot();
        k.slices.push(await measureSlice({ ...k.options, seconds: sliceSeconds }));
        const after = await cpuSnapshot();
        for (const [group, ms] of cpuBetween(before, after)) k.spent.set(group, (k.spent.get(group) ?? 0) + ms);
        k.wallMs += after.atMs - before.atMs;
        k.busyMs += after.machine.busyMs - before.machine.busyMs;
      }
      const [insert, initiate, select, get] = kinds.map((k) => sliceRate(k.slices[round - 1]));
      const ratios = { initiation: (initiate ?? 0) / (insert ?? 1), get: (get ?? 0) / (select ?? 1) };
      roundRatios.push(ratios);
      log(
        `  round ${round}: INSERT ${Math.round(insert ?? 0)}, POST ${Math.round(initiate ?? 0)} req/s (${ratios.initiation.toFixed(2)}x); SELECT ${Math.round(select ?? 0)}, GET ${Math.round(get ?? 0)} req/s (${ratios.get.toFixed(2)}x)`,
      );
    }
    const toRun = (k: Kind): Run => {
      const figures = pool(k.name, k.options, k.slices);
      const cpuPerRequest = new Map(
        CPU_GROUPS.map((group) => [group, (k.spent.get(group) ?? 0) / Math.max(1, figures.total)]),
      );
      const othersShare = (k.spent.get(OTHERS) ?? 0) / (k.wallMs * availableParallelism());
      log(
        `  measured ${k.name}: ${figures.requestsPerSecond} req/s (other work on the machine used ${Math.round(othersShare * 100)}% of the cores meanwhile)`,
      );
      return {
        figures,
        seconds: k.wallMs / 1000,
        cpuPerRequest,
        machineBusy: k.busyMs / (k.wallMs * availableParallelism()),
        othersShare,
      };
    };
    const [baselineInsert, initiation, baselineSelect, lookup] = kinds.map(toRun) as [Run, Run, Run, Run];

    const runs = [baselineInsert, initiation, baselineSelect, lookup];
    const initiationRatio = initiation.figures.requestsPerSecond / baselineInsert.figures.requestsPerSecond;
    const getRatio = lookup.figures.requestsPerSecond / baselineSelect.figures.requestsPerSecond;
    // A stall in one slice (the baseline INSERT, committing row by row, drops to a third of its
    // rate for a slice now and then) moves the pooled ratio; the median of the rounds does not.
    // A target counts as met only when both say so.
    const initiationMedian = median(roundRatios.map((r) => r.initiation));
    const getMedian = median(roundRatios.map((r) => r.get));
    const initiationMet =
      Math.min(initiationRatio, initiationMedian) >= TARGETS.initiationRatio &&
      initiation.figures.p99Ms <= TARGETS.initiationP99Ms;
    const getMet = Math.min(getRatio, getMedian) >= TARGETS.getRatio;
    const row = (r: Run, ratio: string, target: string): string =>
      `| ${r.figures.name} | ${r.figures.requestsPerSecond.toLocaleString('en-GB')} | ${r.figures.p50Ms} | ${r.figures.p99Ms} | ${r.figures.p999Ms} | ${r.figures.non2xx + r.figures.errors} | ${ratio} | ${target} |`;
    log();
    log(
      `Payments v2 at ${CONNECTIONS} connections, ${seconds} s per run in ${rounds} slices taken in turns, api in ${apiWorkers} process${apiWorkers === 1 ? '' : 'es'} (${availableParallelism()} cores shared by autocannon, api, sandbox bank, Postgres and Redis)`,
    );
    log();
    log('| run | req/s | p50 ms | p99 ms | p99.9 ms | non-2xx + errors | ratio | target |');
    log('|---|---|---|---|---|---|---|---|');
    log(row(baselineInsert, '1.00x', ''));
    log(
      row(
        initiation,
        `${initiationRatio.toFixed(2)}x of INSERT (rounds: median ${initiationMedian.toFixed(2)}x)`,
        `>= ${TARGETS.initiationRatio}x, p99 <= ${TARGETS.initiationP99Ms} ms: ${initiationMet ? 'met' : 'NOT MET'}`,
      ),
    );
    log(row(baselineSelect, '1.00x', ''));
    log(
      row(
        lookup,
        `${getRatio.toFixed(2)}x of SELECT (rounds: median ${getMedian.toFixed(2)}x)`,
        `>= ${TARGETS.getRatio}x: ${getMet ? 'met' : 'NOT MET'}`,
      ),
    );
    log();
    log('CPU ms per request, by process (machine busy = share of all cores during the run):');
    log();
    log(`| run | ${CPU_GROUPS.join(' | ')} | machine busy |`);
    log(`|---|${CPU_GROUPS.map(() => '---|').join('')}---|`);
    for (const r of runs) {
      log(
        `| ${r.figures.name} | ${CPU_GROUPS.map((group) => (r.cpuPerRequest.get(group) ?? 0).toFixed(2)).join(' | ')} | ${Math.round(r.machineBusy * 100)}% |`,
      );
    }

    const noisy = runs.filter((r) => r.othersShare > 0.1);
    if (noisy.length > 0) {
      log();
      log(
        `!!! NOISY MACHINE: other processes used ${noisy.map((r) => `${Math.round(r.othersShare * 100)}% (${r.figures.name})`).join(', ')} of the cores during these runs; the figures understate what the gateway does on a quiet machine.`,
      );
    }
    const failed = runs.filter((r) => r.figures.non2xx > 0 || r.figures.errors > 0);
    log();
    if (failed.length === 0) {
      log('non-2xx answers and connection errors under load: none');
    } else {
      log('!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!');
      log('!!! ERRORS UNDER LOAD: these figures include failed requests and are NOT valid as they stand');
      for (const r of failed) {
        log(
          `!!! ${r.figures.name}: ${r.figures.non2xx} non-2xx, ${r.figures.errors} connection errors (${r.figures.timeouts} timeouts); statuses ${JSON.stringify(r.figures.statusCodes)}`,
        );
      }
      log('!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!');
      process.exitCode = 1;
    }

    if (profile) {
      const context = { api, bank, db, log, cpuSnapshot };
      await profileRoute({
        ...context,
        route: 'POST /v2/payments',
        options: (connections) => postOptions(`${apiUrl}/v2/payments`, auth, connections),
        unloadedRun: true,
      });
      await profileRoute({
        ...context,
        route: 'GET /v2/payments/{id}',
        options: (connections) => ({ ...getOptions(`${apiUrl}/v2/payments`, paymentIds, auth), connections }),
        unloadedRun: false,
      });
    }
  } finally {
    // autocannon drops its sockets when a run ends; let the requests the servers still hold
    // finish before their Redis and Postgres connections close under them.
    await sleep(2000);
    await stopAll();
  }
}

interface ProfileContext {
  readonly api: BenchChild;
  readonly bank: BenchChild;
  readonly db: pg.Client;
  readonly log: (line?: string) => void;
  readonly cpuSnapshot: () => Promise<CpuSnapshot>;
  readonly route: string;
  readonly options: (connections: number) => LoadOptions;
  /** Also a run at 1 connection: each stage's latency without queueing. */
  readonly unloadedRun: boolean;
}

type TableStats = Map<string, { ins: number; upd: number; del: number }>;

async function tableStats(db: pg.Client): Promise<{ tables: TableStats; commits: number }> {
  const tables = await db.query<{ relname: string; ins: string; upd: string; del: string }>(
    'SELECT relname, n_tup_ins::text AS ins, n_tup_upd::text AS upd, n_tup_del::text AS del FROM pg_stat_user_tables',
  );
  const database = await db.query<{ commits: string }>(
    'SELECT xact_commit::text AS commits FROM pg_stat_database WHERE datname = current_database()',
  );
  return {
    tables: new Map(
      tables.rows.map((r) => [r.relname, { ins: Number(r.ins), upd: Number(r.upd), del: Number(r.del) }]),
    ),
    commits: Number(database.rows[0]?.commits ?? 0),
  };
}

function printStages(
  log: (line?: string) => void,
  title: string,
  stages: readonly StageFigures[],
  requests: number,
): void {
  log();
  log(title);
  log();
  log('| stage | calls per request | mean ms | p50 ms | p99 ms |');
  log('|---|---|---|---|---|');
  for (const s of [...stages].sort((a, b) => b.meanMs * b.calls - a.meanMs * a.calls)) {
    log(`| ${s.stage} | ${(s.calls / Math.max(1, requests)).toFixed(2)} | ${s.meanMs} | ${s.p50Ms} | ${s.p99Ms} |`);
  }
}

function printProfile(log: (line?: string) => void, name: string, summary: ProfileSummary, requests: number): void {
  const perRequest = (ms: number): string => `${((ms / Math.max(1, requests)) * 1000).toFixed(0)} us/req`;
  log();
  log(`CPU profile of the ${name}: ${summary.busyMs} ms busy = ${perRequest(summary.busyMs)}`);
  log('  self time by area:');
  for (const area of summary.byArea.slice(0, 16))
    log(
      `    ${((area.ms / Math.max(1, summary.busyMs)) * 100).toFixed(1).padStart(5)}%  ${perRequest(area.ms).padStart(12)}  ${area.area}`,
    );
  log('  functions with the most self time:');
  for (const fn of summary.topSelf.slice(0, 15)) log(`    ${perRequest(fn.ms).padStart(12)}  ${fn.fn}`);
  log('  project functions, inclusive of the synchronous work they call:');
  for (const fn of summary.topProjectInclusive.slice(0, 15)) log(`    ${perRequest(fn.ms).padStart(12)}  ${fn.fn}`);
}

/** --profile: where a route spends its time. */
async function profileRoute(ctx: ProfileContext): Promise<void> {
  const { api, bank, db, log, route } = ctx;
  log();
  log(`=== profile of ${route} ===`);

  if (ctx.unloadedRun) {
    await Promise.all([api.call('stages-reset'), bank.call('stages-reset')]);
    const single = await measure(`${route}, 1 connection`, ctx.options(1));
    const singleStages = [
      ...(await api.call<StageFigures[]>('stages')),
      ...(await bank.call<StageFigures[]>('stages')),
    ];
    log();
    log(
      `1 connection: ${single.requestsPerSecond} req/s, p50 ${single.p50Ms} ms, p99 ${single.p99Ms} ms, non-2xx ${single.non2xx}`,
    );
    printStages(
      log,
      'Stages at 1 connection (wall time; a stage includes the stages it calls):',
      singleStages,
      single.total,
    );
  }

  // 2. Fifty connections with CPU profiles of both processes and the rows written.
  await Promise.all([api.call('stages-reset'), bank.call('stages-reset')]);
  const statsBefore = await tableStats(db);
  await Promise.all([api.call('profile-start'), bank.call('profile-start')]);
  const before = await ctx.cpuSnapshot();
  const loaded = await measure(`${route}, ${CONNECTIONS} connections (profiled)`, ctx.options(CONNECTIONS));
  const after = await ctx.cpuSnapshot();
  const [apiProfile, bankProfile] = await Promise.all([
    api.call<ProfileSummary>('profile-stop'),
    bank.call<ProfileSummary>('profile-stop'),
  ]);
  const loadedStages = [...(await api.call<StageFigures[]>('stages')), ...(await bank.call<StageFigures[]>('stages'))];
  await sleep(1500); // Postgres publishes table statistics about once a second
  const statsAfter = await tableStats(db);

  log();
  log(
    `${CONNECTIONS} connections, profiled: ${loaded.requestsPerSecond} req/s, p50 ${loaded.p50Ms} ms, p99 ${loaded.p99Ms} ms, non-2xx ${loaded.non2xx}, errors ${loaded.errors}`,
  );
  printStages(
    log,
    `Stages at ${CONNECTIONS} connections (wall time, includes waiting for the event loop):`,
    loadedStages,
    loaded.total,
  );
  log();
  log('CPU ms per request by process:');
  const spent = cpuBetween(before, after);
  for (const group of CPU_GROUPS)
    log(`  ${((spent.get(group) ?? 0) / Math.max(1, loaded.total)).toFixed(2).padStart(6)}  ${group}`);
  printProfile(log, 'api process', apiProfile, loaded.total);
  // The sandbox bank only works on initiations; an idle profile is noise.
  if (bankProfile.busyMs > loaded.total * 0.1) printProfile(log, 'sandbox bank process', bankProfile, loaded.total);
  log();
  log(
    `Postgres per request: ${((statsAfter.commits - statsBefore.commits) / Math.max(1, loaded.total)).toFixed(2)} committed transactions (all clients, autocommit statements included); rows:`,
  );
  for (const [table, now] of statsAfter.tables) {
    const was = statsBefore.tables.get(table) ?? { ins: 0, upd: 0, del: 0 };
    const ins = (now.ins - was.ins) / Math.max(1, loaded.total);
    const upd = (now.upd - was.upd) / Math.max(1, loaded.total);
    const del = (now.del - was.del) / Math.max(1, loaded.total);
    if (ins + upd + del > 0.005)
      log(`  ${table}: ${ins.toFixed(2)} inserted, ${upd.toFixed(2)} updated, ${del.toFixed(2)} deleted`);
  }
}

const role = process.env['BENCH_PAYMENTS_ROLE'];
if (role === 'api') await runApi();
else if (role === 'bank') await runBank();
else if (role === 'baseline') await runBaseline();
else await main();
