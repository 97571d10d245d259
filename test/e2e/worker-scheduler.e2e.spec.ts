import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { JOB_QUEUE, type JobPayload } from '#libs/common';
import { ScheduledJobRepository, SharedClock, type PrismaService } from '#libs/db';
import { createWorkerProcess, type WorkerProcess } from '../../apps/worker/src/create-worker-process.js';
import { checkJobWiring, type DiscoveredProcessor } from '../../apps/worker/src/jobs/check-job-wiring.js';
import { periodicTimerId } from '#libs/db';
import { DEFAULT_RETENTION_DAYS, PURGE_JOB } from '#libs/application';
import { baseUrl, freshDatabaseUrl, testConfig } from '../support/test-env.js';

const DAY_MS = 24 * 3600 * 1000;
const filePrefix = `test-${randomBytes(4).toString('hex')}`;
let prefixCount = 0;
const nextPrefix = (): string => `${filePrefix}-${++prefixCount}`;

/** Processor calls, identified by the payload's retentionDays (each test row uses its own marker). */
interface Recorder {
  /** Wraps the worker's purge processor (calling the real one when `real`). */
  readonly attach: (proc: WorkerProcess) => void;
  readonly started: number[];
  readonly finished: number[];
}

function recorder(options: { real?: boolean; gate?: Promise<void> } = {}): Recorder {
  const started: number[] = [];
  const finished: number[] = [];
  const attach = (proc: WorkerProcess): void => {
    const purge = proc.processor(PURGE_JOB);
    const real = purge.process.bind(purge);
    vi.spyOn(purge, 'process').mockImplementation(async (payload) => {
      started.push(payload.retentionDays);
      await options.gate;
      const result = options.real === true ? await real(payload) : undefined;
      finished.push(payload.retentionDays);
      return result;
    });
  };
  return { attach, started, finished };
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

async function waitFor(what: string, predicate: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await predicate())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

const payload = (marker: number): JobPayload => ({ name: PURGE_JOB, retentionDays: marker });
const count = (list: readonly number[], marker: number): number => list.filter((m) => m === marker).length;

function sharedClock(proc: WorkerProcess): SharedClock {
  const clock = proc.stores.clock;
  if (!(clock instanceof SharedClock)) throw new Error('expected the sandbox SharedClock');
  return clock;
}

const open = new Set<WorkerProcess>();
async function worker(env: Record<string, string>, rec: Recorder, queuePrefix = nextPrefix()): Promise<WorkerProcess> {
  const proc = await createWorkerProcess(await testConfig({ SCHEDULER_TICK_MS: '50', ...env }), { queuePrefix });
  open.add(proc);
  rec.attach(proc);
  return proc;
}
async function closeWorker(proc: WorkerProcess): Promise<void> {
  open.delete(proc);
  await proc.close();
}

afterEach(async () => {
  await Promise.all([...open].map(closeWorker));
});

describe('worker scheduler tick', () => {
  it('turns a row due in the past into exactly one job run and deletes the row', async () => {
    const rec = recorder();
    const proc = await worker({}, rec);
    const prisma: PrismaService = proc.stores.prisma;
    const dueAt = new Date(proc.stores.clock.nowMs() - 60_000);
    await new ScheduledJobRepository(prisma).schedule('due:past', payload(1001), dueAt, 'timers');
    await proc.start();
    await waitFor('the job run', () => rec.finished.includes(1001));
    await sleep(300); // several more ticks
    expect(count(rec.started, 1001)).toBe(1);
    expect(await prisma.scheduledJob.findUnique({ where: { id: 'due:past' } })).toBeNull();
    const job = await proc.queues.queue('timers').getJob(`due~past@${dueAt.getTime()}`);
    expect(await job?.getState()).toBe('completed');
  });

  it('runs a row again when it is scheduled again under the same id (a repeating timer)', async () => {
    const rec = recorder();
    const proc = await worker({}, rec);
    const prisma: PrismaService = proc.stores.prisma;
    await proc.start();
    await new ScheduledJobRepository(prisma).schedule(
      'repeat:me',
      payload(1002),
      new Date(proc.stores.clock.nowMs() - 1000),
      'timers',
    );
    await waitFor('the first run', () => rec.finished.includes(1002));
    await new ScheduledJobRepository(prisma).schedule(
      'repeat:me',
      payload(1002),
      new Date(proc.stores.clock.nowMs() - 500),
      'timers',
    );
    await waitFor('the second run', () => count(rec.finished, 1002) === 2);
  });

  it('runs a future row only once the sandbox clock is advanced past it', async () => {
    const rec = recorder();
    const proc = await worker({}, rec);
    const prisma = proc.stores.prisma;
    await new ScheduledJobRepository(prisma).schedule(
      'due-later',
      payload(1002),
      new Date(proc.stores.clock.nowMs() + 3600_000),
      'timers',
    );
    await proc.start();
    await sleep(400);
    expect(rec.started).not.toContain(1002);
    expect(await prisma.scheduledJob.findUnique({ where: { id: 'due-later' } })).not.toBeNull();
    await sharedClock(proc).advance(3600 + 60);
    await waitFor('the job run after the advance', () => rec.finished.includes(1002));
    // The tick deletes the row when its transaction commits, after enqueuing the rest of its
    // batch: the job may have run by then.
    await sleep(300);
    expect(count(rec.started, 1002)).toBe(1);
    expect(await prisma.scheduledJob.findUnique({ where: { id: 'due-later' } })).toBeNull();
  });

  it('hasten brings a later row forward and the scheduler, woken by its NOTIFY, runs it without waiting for its tick', async () => {
    const rec = recorder();
    // A tick a minute apart: only the notification can make the row run within seconds.
    const proc = await worker({ SCHEDULER_TICK_MS: '60000' }, rec);
    const timers = new ScheduledJobRepository(proc.stores.prisma);
    const now = proc.stores.clock.nowMs();
    await timers.schedule('hasten:later', payload(1003), new Date(now + 3600_000), 'timers');
    const earlier = new Date(now + 1000);
    await timers.schedule('hasten:earlier', payload(1004), earlier, 'timers');
    expect(await timers.hasten('hasten:earlier', new Date(now + 60_000))).toBe(false);
    expect((await proc.stores.prisma.scheduledJob.findUnique({ where: { id: 'hasten:earlier' } }))?.dueAt).toEqual(
      earlier,
    );
    expect(await timers.hasten('hasten:missing', new Date(now))).toBe(false);
    expect(await proc.stores.prisma.scheduledJob.findUnique({ where: { id: 'hasten:missing' } })).toBeNull();
    await proc.start();
    await sleep(300); // the first tick, at start, has run
    expect(rec.started).not.toContain(1003);
    const hastened = performance.now();
    expect(await timers.hasten('hasten:later', proc.stores.clock.now())).toBe(true);
    await waitFor('the hastened run', () => rec.finished.includes(1003), 5_000);
    expect(performance.now() - hastened).toBeLessThan(5_000);
  });

  it('enqueues each of 300 due rows exactly once with two workers ticking side by side', async () => {
    const rec = recorder();
    const env = { SCHEDULER_BATCH_SIZE: '25', DATABASE_URL: await freshDatabaseUrl() };
    const prefix = nextPrefix();
    const a = await worker(env, rec, prefix);
    const b = await worker(env, rec, prefix);
    const past = new Date(a.stores.clock.nowMs() - 1000);
    await a.stores.prisma.scheduledJob.createMany({
      data: Array.from({ length: 300 }, (_, i) => ({
        id: `bulk-${i}`,
        queue: 'timers',
        jobName: PURGE_JOB,
        payload: { ...payload(10_000 + i) },
        dueAt: past,
      })),
    });
    const enqueued = new Map<WorkerProcess, string[]>([
      [a, []],
      [b, []],
    ]);
    for (const [proc, ids] of enqueued) {
      const original = proc.queues.enqueue.bind(proc.queues);
      proc.queues.enqueue = async (job, jobId, delayMs) => {
        if (jobId.startsWith('bulk-')) ids.push(jobId);
        await original(job, jobId, delayMs);
      };
    }
    await Promise.all([a.start(), b.start()]);
    await waitFor('300 job runs', () => rec.finished.filter((m) => m >= 10_000).length >= 300, 20_000);
    await sleep(300);
    const all = [...enqueued.values()].flat();
    expect(all).toHaveLength(300);
    expect(new Set(all).size).toBe(300);
    expect(enqueued.get(a)?.length).toBeGreaterThan(0);
    expect(enqueued.get(b)?.length).toBeGreaterThan(0);
    const runs = rec.started.filter((m) => m >= 10_000);
    expect(runs).toHaveLength(300);
    expect(new Set(runs).size).toBe(300);
    expect(await a.stores.prisma.scheduledJob.count({ where: { id: { startsWith: 'bulk-' } } })).toBe(0);
    expect((await a.queues.queue('timers').getJobCounts('completed'))['completed']).toBeGreaterThanOrEqual(300);
  });
});

describe('worker shutdown', () => {
  it('lets an in-flight job finish before close() resolves', async () => {
    const gate = deferred();
    const rec = recorder({ gate: gate.promise });
    const proc = await worker({ SHUTDOWN_GRACE_MS: '10000' }, rec);
    await new ScheduledJobRepository(proc.stores.prisma).schedule(
      'in-flight',
      payload(2001),
      new Date(proc.stores.clock.nowMs() - 1000),
      'timers',
    );
    await proc.start();
    await waitFor('the job to start', () => rec.started.includes(2001));
    let closed = false;
    const closing = closeWorker(proc).then(() => void (closed = true));
    await sleep(300);
    expect(closed).toBe(false);
    expect(rec.finished).not.toContain(2001);
    gate.resolve();
    await closing;
    expect(rec.finished).toContain(2001);
  });

  it('stops waiting for a job that never finishes after the grace period', async () => {
    const rec = recorder({ gate: new Promise<void>(() => undefined) });
    const proc = await worker({ SHUTDOWN_GRACE_MS: '200' }, rec);
    await new ScheduledJobRepository(proc.stores.prisma).schedule(
      'stuck',
      payload(2002),
      new Date(proc.stores.clock.nowMs() - 1000),
      'timers',
    );
    await proc.start();
    await waitFor('the job to start', () => rec.started.includes(2002));
    const startedAt = Date.now();
    const outcome = await Promise.race([
      closeWorker(proc).then(() => 'closed'),
      sleep(5000).then(() => 'still closing'),
    ]);
    expect(outcome).toBe('closed');
    expect(Date.now() - startedAt).toBeLessThan(2000);
    expect(rec.finished).not.toContain(2002);
  });
});

describe('maintenance.purge-revoked-api-keys', () => {
  it('purges keys revoked beyond retention by the service clock and schedules the next run a day later', async () => {
    const rec = recorder({ real: true });
    const proc = await worker({}, rec);
    const prisma = proc.stores.prisma;
    // The service clock runs 30 days ahead of the wall clock: retention must follow it.
    await sharedClock(proc).advance(30 * 24 * 3600);
    const now = proc.stores.clock.nowMs();
    await prisma.member.create({ data: { id: 'mem-1', name: 'Member One' } });
    await prisma.apiKey.createMany({
      data: [
        { id: 'key-old', memberId: 'mem-1', keyHash: 'hash-old', revokedAt: new Date(now - 100 * DAY_MS) },
        { id: 'key-recent', memberId: 'mem-1', keyHash: 'hash-recent', revokedAt: new Date(now - 10 * DAY_MS) },
        { id: 'key-live', memberId: 'mem-1', keyHash: 'hash-live' },
      ],
    });
    await proc.start();
    await waitFor('the purge run', () => rec.finished.includes(DEFAULT_RETENTION_DAYS));
    const keys = await prisma.apiKey.findMany({ orderBy: { id: 'asc' } });
    expect(keys.map((key) => key.id)).toEqual(['key-live', 'key-recent']);
    const timers = await prisma.scheduledJob.findMany({ where: { jobName: PURGE_JOB } });
    expect(timers).toHaveLength(1);
    const [next] = timers;
    expect(next?.payload).toEqual({ name: PURGE_JOB, retentionDays: DEFAULT_RETENTION_DAYS });
    expect(next?.queue).toBe('timers');
    const dueAt = next?.dueAt.getTime() ?? 0;
    // Tomorrow's run, at midnight UTC of the service clock.
    expect(dueAt % DAY_MS).toBe(0);
    expect(dueAt - proc.stores.clock.nowMs()).toBeGreaterThan(0);
    expect(dueAt - proc.stores.clock.nowMs()).toBeLessThanOrEqual(DAY_MS);
    expect(next?.id).toBe(periodicTimerId(PURGE_JOB, new Date(dueAt)));
    expect(count(rec.started, DEFAULT_RETENTION_DAYS)).toBe(1);
  });
});

describe('worker start-up and HTTP surface', () => {
  it('rejects job processors with a missing, unknown or duplicate processor', async () => {
    const processor = { process: () => Promise.resolve(1) };
    const all: DiscoveredProcessor[] = Object.keys(JOB_QUEUE).map((name) => ({ name, owner: 'P', processor }));
    const consumers = [...new Set(Object.values(JOB_QUEUE))];
    expect(() => checkJobWiring({ processors: all, consumers })).not.toThrow();
    expect(() => checkJobWiring({ processors: [], consumers })).toThrow(
      /missing [^;]*maintenance\.purge-revoked-api-keys[^;]*; unknown none/,
    );
    const extra = [...all, { name: 'maintenance.unknown', owner: 'P', processor }];
    expect(() => checkJobWiring({ processors: extra, consumers })).toThrow(
      /missing none; unknown maintenance\.unknown/,
    );
    const notAProcessor = all.map((entry) => (entry.name === PURGE_JOB ? { ...entry, processor: {} } : entry));
    expect(() => checkJobWiring({ processors: notAProcessor, consumers })).toThrow(
      /missing maintenance\.purge-revoked-api-keys;/,
    );
    const twice = [...all, { name: PURGE_JOB, owner: 'Q', processor }];
    expect(() => checkJobWiring({ processors: twice, consumers })).toThrow(
      /missing none; unknown none; duplicate maintenance\.purge-revoked-api-keys \(P and Q\)/,
    );
    await expect(createWorkerProcess(await testConfig(), { domains: [] })).rejects.toThrow(/inconsistent/);
  });

  it('serves queue depth gauges on /metrics and answers /readyz', async () => {
    const proc = await worker({}, recorder());
    await proc.http.listen(0, '127.0.0.1');
    await proc.queues.enqueue(payload(3001), 'metrics:probe');
    const base = baseUrl(proc.http);
    const text = await (await fetch(`${base}/metrics`)).text();
    const gauge = (queue: string, state: string): number | undefined => {
      const match = new RegExp(
        `^queue_jobs\\{(?=[^}]*queue="${queue}")(?=[^}]*state="${state}")[^}]*\\} (\\d+)$`,
        'm',
      ).exec(text);
      return match?.[1] === undefined ? undefined : Number(match[1]);
    };
    expect(gauge('timers', 'waiting')).toBe(1);
    expect(gauge('timers', 'delayed')).toBe(0);
    expect(gauge('webhooks', 'waiting')).toBe(0);
    expect(gauge('bank-polling', 'active')).toBe(0);
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ok', checks: { postgres: 'ok', redis: 'ok', schema: 'ok' } });
  });
});
