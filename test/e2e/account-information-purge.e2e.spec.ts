import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_QUEUE, type ConnectedConfig } from '#libs/common';
import { SharedClock, closeDataStores, openDataStores, type DataStores } from '#libs/db';
import { newId } from '#libs/domain';
import { createLogger } from '#libs/observability';
import { createWorkerProcess, type WorkerProcess } from '../../apps/worker/src/create-worker-process.js';
import { followUpTimerId, periodicTimerId } from '#libs/db';
import {
  DEFAULT_ACCOUNT_INFORMATION_PURGE_BATCH_SIZE,
  MAX_BATCHES_PER_TABLE,
  PURGE_ACCOUNT_INFORMATION_JOB,
  PurgeAccountInformationUseCase,
} from '#libs/application';
import { testConfig } from '../support/test-env.js';

const HOUR_MS = 3600_000;
const MEMBER = 'm:ais-purge';
const TOKEN = 'ta:ais-purge';
const BANK = 'ais-purge-bank';

let config: ConnectedConfig;
let stores: DataStores;

const purge = (): PurgeAccountInformationUseCase =>
  new PurgeAccountInformationUseCase(
    stores.repositories.aisTppInitiatedCalls,
    stores.repositories.aisCachedReads,
    stores.repositories.scheduledJobs,
    stores.clock,
    config,
    createLogger('worker', 'silent'),
  );

/** TPP-initiated calls made `agoMs` before the service clock's now, ids `${prefix}-<n>`. */
async function seedCalls(prefix: string, count: number, agoMs: number): Promise<void> {
  const calledAt = new Date(stores.clock.nowMs() - agoMs);
  await stores.prisma.aisTppInitiatedCall.createMany({
    data: Array.from({ length: count }, (_, i) => ({
      id: `${prefix}-${i}`,
      memberId: MEMBER,
      tokenId: TOKEN,
      bankId: BANK,
      calledAt,
    })),
  });
}

/** Kept answers fetched `agoMs` before the service clock's now, read keys `${prefix}-<n>`. */
async function seedReads(prefix: string, count: number, agoMs: number): Promise<void> {
  const fetchedAt = new Date(stores.clock.nowMs() - agoMs);
  await stores.prisma.aisCachedRead.createMany({
    data: Array.from({ length: count }, (_, i) => ({
      memberId: MEMBER,
      tokenId: TOKEN,
      readKey: `${prefix}-${i}`,
      body: { balance: '1.00' },
      fetchedAt,
    })),
  });
}

function sharedClock(): SharedClock {
  if (!(stores.clock instanceof SharedClock)) throw new Error('expected the sandbox SharedClock');
  return stores.clock;
}

async function reset(): Promise<void> {
  await stores.prisma.aisTppInitiatedCall.deleteMany({});
  await stores.prisma.aisCachedRead.deleteMany({});
  await stores.prisma.scheduledJob.deleteMany({ where: { jobName: PURGE_ACCOUNT_INFORMATION_JOB } });
}

const callIds = async (): Promise<string[]> =>
  (await stores.prisma.aisTppInitiatedCall.findMany({ orderBy: { id: 'asc' } })).map((row) => row.id);
const readKeys = async (): Promise<string[]> =>
  (await stores.prisma.aisCachedRead.findMany({ orderBy: { readKey: 'asc' } })).map((row) => row.readKey);

beforeAll(async () => {
  config = await testConfig();
  stores = await openDataStores(config, { service: 'ais-purge-test' });
});

afterAll(async () => {
  await closeDataStores(stores);
});

describe('maintenance.purge-account-information', () => {
  it('deletes calls older than 24 hours and answers older than the cache seconds, in batches; keeps the rest', async () => {
    await reset();
    await seedCalls('old', 4, 25 * HOUR_MS);
    await seedCalls('edge', 1, 24 * HOUR_MS + 1000);
    await seedCalls('live', 2, 23 * HOUR_MS);
    await seedCalls('now', 1, 1000);
    await seedReads('old', 2, 10 * 60_000);
    await seedReads('stale', 1, 150_000);
    await seedReads('live', 2, 60_000);
    await seedReads('now', 1, 1000);

    const payload = { name: PURGE_ACCOUNT_INFORMATION_JOB, batchSize: 2 } as const;
    const result = await purge().execute({ ...payload, cacheSeconds: 120 });
    expect(result).toEqual({ tppInitiatedCalls: 5, cachedReads: 3, batches: 5, complete: true });
    expect(await callIds()).toEqual(['live-0', 'live-1', 'now-0']);
    // 60 s old is inside a 120 s window: the configured seconds decide, not the default 60.
    expect(await readKeys()).toEqual(['live-0', 'live-1', 'now-0']);

    // The next hour's timer is written when this run's timer fires (a started worker, below): the run writes none.
    expect(await stores.repositories.scheduledJobs.countByName(PURGE_ACCOUNT_INFORMATION_JOB)).toBe(0);

    // A retried run in the same hour deletes nothing more.
    const again = await purge().execute({ ...payload, cacheSeconds: 120 });
    expect(again).toEqual({ tppInitiatedCalls: 0, cachedReads: 0, batches: 2, complete: true });
    expect(await stores.repositories.scheduledJobs.countByName(PURGE_ACCOUNT_INFORMATION_JOB)).toBe(0);
  });

  it('a call stays until its 24 hours have passed on the service clock (advanced as in sandbox)', async () => {
    await reset();
    await seedCalls('call', 1, 24 * HOUR_MS - 60_000);
    const payload = { name: PURGE_ACCOUNT_INFORMATION_JOB, batchSize: 10 } as const;
    expect((await purge().execute({ ...payload, cacheSeconds: 60 })).tppInitiatedCalls).toBe(0);
    expect(await callIds()).toEqual(['call-0']);

    await sharedClock().advance(2 * 60);
    expect((await purge().execute({ ...payload, cacheSeconds: 60 })).tppInitiatedCalls).toBe(1);
    expect(await callIds()).toEqual([]);
  });

  it(`stops after ${MAX_BATCHES_PER_TABLE} batches of a table and schedules a follow-up run a minute later`, async () => {
    await reset();
    await seedCalls('many', MAX_BATCHES_PER_TABLE + 5, 25 * HOUR_MS);
    await seedReads('many', 3, 10 * 60_000);

    const result = await purge().execute({ name: PURGE_ACCOUNT_INFORMATION_JOB, batchSize: 1, cacheSeconds: 60 });
    // The calls' backlog does not hold back the kept answers.
    expect(result).toEqual({
      tppInitiatedCalls: MAX_BATCHES_PER_TABLE,
      cachedReads: 3,
      batches: MAX_BATCHES_PER_TABLE + 4,
      complete: false,
    });
    expect(await stores.prisma.aisTppInitiatedCall.count()).toBe(5);
    expect(await stores.prisma.aisCachedRead.count()).toBe(0);
    const timers = await stores.prisma.scheduledJob.findMany({ where: { jobName: PURGE_ACCOUNT_INFORMATION_JOB } });
    expect(timers).toHaveLength(1);
    const followUp = timers.find((timer) => timer.dueAt.getTime() % HOUR_MS !== 0);
    expect(followUp?.periodMs).toBeNull();
    expect(followUp?.id).toBe(followUpTimerId(PURGE_ACCOUNT_INFORMATION_JOB, followUp?.dueAt ?? new Date(0)));
    expect(Math.abs((followUp?.dueAt.getTime() ?? 0) - (stores.clock.nowMs() + 60_000))).toBeLessThan(10_000);
  });

  it('ensureAccountInformationPurgeScheduled seeds one timer, due now, and leaves an existing one alone', async () => {
    await reset();
    await purge().ensureScheduled();
    await purge().ensureScheduled();
    const timers = await stores.prisma.scheduledJob.findMany({ where: { jobName: PURGE_ACCOUNT_INFORMATION_JOB } });
    expect(timers).toHaveLength(1);
    expect(timers[0]?.payload).toEqual({
      name: PURGE_ACCOUNT_INFORMATION_JOB,
      batchSize: DEFAULT_ACCOUNT_INFORMATION_PURGE_BATCH_SIZE,
    });
    expect(timers[0]?.dueAt.getTime()).toBeLessThanOrEqual(stores.clock.nowMs());
  });

  it('a started worker seeds the timer and its job purges with the configured cache seconds', async () => {
    await reset();
    await seedCalls('worker-old', 2, 25 * HOUR_MS);
    await seedCalls('worker-live', 1, HOUR_MS);
    await seedReads('worker-old', 2, 15 * 60_000);
    // Stale under the default 60 seconds, kept under the worker's 600.
    await seedReads('worker-live', 1, 120_000);
    let worker: WorkerProcess | undefined;
    try {
      worker = await createWorkerProcess(
        await testConfig({
          DATABASE_URL: config.databaseUrl,
          SCHEDULER_TICK_MS: '50',
          ACCOUNT_INFORMATION_CACHE: 'postgres',
          ACCOUNT_INFORMATION_CACHE_SECONDS: '600',
        }),
        { queuePrefix: `ais-purge-${newId('q', 8)}` },
      );
      await worker.start();
      const deadline = Date.now() + 15_000;
      while ((await stores.prisma.aisTppInitiatedCall.count()) > 1 || (await stores.prisma.aisCachedRead.count()) > 1) {
        if (Date.now() > deadline) throw new Error('the purge job did not run');
        await sleep(50);
      }
      expect(await callIds()).toEqual(['worker-live-0']);
      expect(await readKeys()).toEqual(['worker-live-0']);
      const timers = await stores.prisma.scheduledJob.findMany({ where: { jobName: PURGE_ACCOUNT_INFORMATION_JOB } });
      // The next hour's timer, on the hour, written when the first one fired.
      const nextHour = timers.filter((timer) => timer.dueAt.getTime() % HOUR_MS === 0);
      expect(nextHour.map((timer) => timer.dueAt.getTime() > stores.clock.nowMs())).toEqual([true]);
      const [timer] = nextHour;
      expect(timer?.id).toBe(periodicTimerId(PURGE_ACCOUNT_INFORMATION_JOB, timer?.dueAt ?? new Date(0)));
      expect(timer?.queue).toBe(JOB_QUEUE[PURGE_ACCOUNT_INFORMATION_JOB]);
      expect(timer?.periodMs).toBe(BigInt(HOUR_MS));
      expect(timer?.payload).toEqual({
        name: PURGE_ACCOUNT_INFORMATION_JOB,
        batchSize: DEFAULT_ACCOUNT_INFORMATION_PURGE_BATCH_SIZE,
      });
    } finally {
      await worker?.close();
    }
  });
});
