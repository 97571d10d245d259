/**
 * Benchmark (not a test): how many webhook notifications one worker delivers per second to a
 * local receiver, and the commit-to-delivery latency (outbox transaction committed -> POST
 * received) at a steady rate.
 *
 *   npm run build && node dist/bench/webhook-delivery.js
 *
 * With DATABASE_URL and REDIS_URL set it uses those servers (a new database is created next to
 * DATABASE_URL's); otherwise it starts an embedded Postgres and the OS redis-server in a temp
 * folder. BENCH_EVENTS (default 5000) sets the backlog size, BENCH_LATENCY_EVENTS (default 500)
 * and BENCH_RATE (events/s, default 100) the latency run, WEBHOOK_CONCURRENCY the worker's.
 */
import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, chmod } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { loadConfig, migrationsDir, requireConnections } from '#libs/common';
import { PrismaService } from '#libs/db';
import { applyMigrations } from '#libs/postgres';
import { writeOutboxEvent } from '#libs/events';
import { createWorkerProcess } from '../apps/worker/src/create-worker-process.js';
import { startLocalPostgres } from '../scripts/lib/embedded-postgres.js';
import { startLocalRedis } from '../scripts/lib/local-redis.js';
import { freePortOnLoopback } from './free-port.js';

const MEMBER = 'm:bench';
const log = (line: string): void => void process.stdout.write(`${line}\n`);

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function servers(): Promise<{ adminUrl: string; redisUrl: string; stop: () => Promise<void> }> {
  const databaseUrl = process.env['DATABASE_URL'];
  const redisUrl = process.env['REDIS_URL'];
  if (databaseUrl !== undefined && redisUrl !== undefined)
    return { adminUrl: databaseUrl, redisUrl, stop: () => Promise.resolve() };
  const dir = await mkdtemp(join(tmpdir(), 'gateway-bench-'));
  await chmod(dir, 0o755);
  const quiet = (): void => undefined;
  const postgres = await startLocalPostgres(dir, await freePortOnLoopback(), quiet);
  const redis = await startLocalRedis(dir, await freePortOnLoopback(), quiet);
  return {
    adminUrl: postgres.url,
    redisUrl: redis.url,
    stop: async () => {
      await redis.stop();
      await postgres.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

async function freshDatabase(adminUrl: string): Promise<string> {
  const name = `bench_${randomBytes(4).toString('hex')}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  await applyMigrations(url.toString(), migrationsDir());
  return url.toString();
}

async function main(): Promise<void> {
  const backlog = Number(process.env['BENCH_EVENTS'] ?? 5000);
  const latencyEvents = Number(process.env['BENCH_LATENCY_EVENTS'] ?? 500);
  const rate = Number(process.env['BENCH_RATE'] ?? 100);
  const infra = await servers();
  const databaseUrl = await freshDatabase(infra.adminUrl);
  const config = requireConnections(
    loadConfig({
      DATABASE_URL: databaseUrl,
      REDIS_URL: infra.redisUrl,
      LOG_LEVEL: 'error',
      QUEUE_PREFIX: `bench-${randomBytes(4).toString('hex')}`,
      WEBHOOK_CONCURRENCY: process.env['WEBHOOK_CONCURRENCY'] ?? '50',
    }),
  );

  const arrivals = new Map<string, number>();
  let received = 0;
  const receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const id = request.headers['webhook-id'];
      if (typeof id === 'string' && !arrivals.has(id)) arrivals.set(id, performance.now());
      received += 1;
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks`;

  const prisma = new PrismaService(databaseUrl, 10);
  await prisma.member.create({ data: { id: MEMBER, name: 'Bench TPP' } });
  await prisma.webhookConfig.create({
    data: { memberId: MEMBER, url, types: ['REFUND_STATUS_CHANGED'], updatedAt: new Date() },
  });
  const payload = (i: number): { refundId: string; memberId: string; status: string; refId: string } => ({
    refundId: `rf:${i}`,
    memberId: MEMBER,
    status: 'SUCCESS',
    refId: `bench-${i}`,
  });

  log(
    `webhook delivery benchmark: backlog ${backlog} events, then ${latencyEvents} events at ${rate}/s; worker concurrency ${config.webhooks.concurrency}`,
  );

  // 1. Throughput: a backlog committed before the worker starts, drained by one worker.
  for (let i = 0; i < backlog; i += 100) {
    await prisma.$transaction(async (tx) => {
      for (let j = i; j < Math.min(backlog, i + 100); j += 1)
        await writeOutboxEvent(tx, {
          memberId: MEMBER,
          type: 'REFUND_STATUS_CHANGED',
          payload: payload(j),
          createdAt: new Date(),
        });
    });
  }
  const worker = await createWorkerProcess(config);
  const started = performance.now();
  await worker.start();
  while (received < backlog) await sleep(5);
  const seconds = (performance.now() - started) / 1000;
  log(
    `throughput: ${backlog} events delivered in ${seconds.toFixed(2)} s = ${(backlog / seconds).toFixed(0)} events/s (one worker, relay included)`,
  );

  // 2. Latency: one event per transaction at a steady rate; commit -> POST received.
  const commits = new Map<string, number>();
  const gapMs = 1000 / rate;
  for (let i = 0; i < latencyEvents; i += 1) {
    const due = performance.now() + gapMs;
    const written = await prisma.$transaction((tx) =>
      writeOutboxEvent(tx, {
        memberId: MEMBER,
        type: 'REFUND_STATUS_CHANGED',
        payload: payload(backlog + i),
        createdAt: new Date(),
      }),
    );
    commits.set(written.id, performance.now());
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
  }
  while ([...commits.keys()].some((id) => !arrivals.has(id))) await sleep(5);
  const latencies = [...commits]
    .map(([id, committed]) => (arrivals.get(id) ?? Number.NaN) - committed)
    .sort((a, b) => a - b);
  log(
    `commit-to-delivery: p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${(latencies[latencies.length - 1] ?? 0).toFixed(1)} ms (${latencyEvents} events at ${rate}/s)`,
  );
  const duplicates = received - arrivals.size;
  log(`requests received ${received}, distinct events ${arrivals.size}, duplicates ${duplicates}`);

  await worker.close();
  await prisma.$disconnect();
  receiver.close();
  await infra.stop();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
