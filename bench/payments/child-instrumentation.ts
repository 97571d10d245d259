import { performance } from 'node:perf_hooks';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Redis } from 'ioredis';
import pg from 'pg';
import { InProcessProfiler } from '../lib/cpu.js';
import type { StageTimes } from '../lib/stage-times.js';

/** Server time per route (onRequest to onResponse), recorded while `stages` is on; hooks only in a --profile run. */
export function timeRoutes(app: NestFastifyApplication, stages: StageTimes, prefix: string): void {
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
export function wrapClients(stages: StageTimes): void {
  stages.wrap(pg.Client.prototype, 'query', (args) => `pg: ${queryShape(args[0])}`);
  stages.wrap(Redis.prototype, 'sendCommand', 'redis: command');
}

/** What the bench may ask a child server: its stage timings (wrapped on first ask) and a CPU profile. */
export function childHandlers(stages: StageTimes, instrument: () => void): Record<string, () => unknown> {
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
