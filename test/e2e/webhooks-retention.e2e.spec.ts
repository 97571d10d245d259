import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { PrismaService, SharedClock, WebhookRetentionRepository, type WebhookDeliveryStatus } from '#libs/db';
import { createWorkerProcess, type WorkerProcess } from '../../apps/worker/src/create-worker-process.js';
import {
  DEFAULT_PURGE_BATCH_SIZE,
  PURGE_WEBHOOK_HISTORY_JOB,
  PurgeWebhookHistoryUseCase,
  purgeWebhookHistory,
  type PurgeWebhookHistoryResult,
  type WebhookRetention,
} from '#libs/application';
import { followUpTimerId, periodicTimerId } from '#libs/db';
import { baseUrl, freshDatabaseUrl, testConfig } from '../support/test-env.js';

const DAY_MS = 24 * 3600 * 1000;
const NOW = new Date('2026-11-22T12:00:00.000Z');
const daysAgo = (days: number, from: Date = NOW): Date => new Date(from.getTime() - days * DAY_MS);
const retention = (overrides: Partial<WebhookRetention> = {}): WebhookRetention => ({
  retentionDays: 30,
  deadLetterRetentionDays: 90,
  batchSize: DEFAULT_PURGE_BATCH_SIZE,
  timeBudgetMs: 60_000,
  ...overrides,
});

const clients: PrismaService[] = [];
const workers: WorkerProcess[] = [];
afterAll(async () => {
  await Promise.all(workers.map((worker) => worker.close()));
  await Promise.all(clients.map((client) => client.$disconnect()));
});

async function until(what: string, done: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

async function database(): Promise<PrismaService> {
  const prisma = new PrismaService(await freshDatabaseUrl(), 5);
  clients.push(prisma);
  return prisma;
}

interface SeedDelivery {
  readonly status: WebhookDeliveryStatus;
  /** When it was delivered (DELIVERED) or died (DEAD). */
  readonly finishedAt?: Date;
  readonly attempts: number;
  readonly nextAttemptAt?: Date;
}

/** One event (relayed at `relayedAt`, or not yet when null) with its deliveries and their attempts. */
async function seedEvent(
  prisma: PrismaService,
  id: string,
  relayedAt: Date | null,
  deliveries: readonly SeedDelivery[],
  createdAt: Date = relayedAt ?? NOW,
): Promise<void> {
  await prisma.outboxEvent.create({
    data: {
      id,
      memberId: 'm:retention',
      eventType: 'REFUND_STATUS_CHANGED',
      body: `{"id":"${id}"}`,
      createdAt,
      relayedAt,
    },
  });
  for (const [n, delivery] of deliveries.entries()) {
    const deliveryId = `${id}/wd${n}`;
    await prisma.webhookDelivery.create({
      data: {
        id: deliveryId,
        eventId: id,
        memberId: `m:retention-${n}`,
        eventType: 'REFUND_STATUS_CHANGED',
        body: `{"id":"${id}"}`,
        status: delivery.status,
        attemptCount: delivery.attempts,
        nextAttemptAt: delivery.nextAttemptAt ?? null,
        deliveredAt: delivery.status === 'DELIVERED' ? (delivery.finishedAt ?? null) : null,
        deadAt: delivery.status === 'DEAD' ? (delivery.finishedAt ?? null) : null,
        createdAt,
      },
    });
    await prisma.webhookAttempt.createMany({
      data: Array.from({ length: delivery.attempts }, (_, i) => ({
        deliveryId,
        round: 0,
        attemptNo: i + 1,
        attemptedAt: createdAt,
        url: 'https://receiver.example.com/hook',
        statusCode: delivery.status === 'DELIVERED' && i === delivery.attempts - 1 ? 200 : 500,
        latencyMs: 5,
      })),
    });
  }
}

/**
 * `count` events relayed at `relayedAt` + i ms, ids `<prefix>-<i>`; with `status`, each has one
 * delivery finished at `finishedAt` with `attempts` attempts.
 */
async function seedBulk(
  prisma: PrismaService,
  prefix: string,
  count: number,
  relayedAt: Date,
  delivery?: { status: 'DELIVERED' | 'DEAD'; finishedAt: Date; attempts: number },
): Promise<void> {
  await prisma.$executeRaw`
    INSERT INTO outbox_event (id, member_id, event_type, body, created_at, relayed_at)
    SELECT ${prefix} || '-' || g, 'm:bulk', 'REFUND_STATUS_CHANGED', '{"id":"bulk"}', ${relayedAt}::timestamptz, ${relayedAt}::timestamptz + g * interval '1 millisecond'
    FROM generate_series(1, ${count}::int) g`;
  if (delivery === undefined) return;
  const deliveredAt = delivery.status === 'DELIVERED' ? delivery.finishedAt : null;
  const deadAt = delivery.status === 'DEAD' ? delivery.finishedAt : null;
  await prisma.$executeRaw`
    INSERT INTO webhook_delivery (id, event_id, member_id, event_type, body, status, attempt_count, delivered_at, dead_at, created_at)
    SELECT ${prefix} || '/wd-' || g, ${prefix} || '-' || g, 'm:bulk', 'REFUND_STATUS_CHANGED', '{"id":"bulk"}', ${delivery.status}::"WebhookDeliveryStatus",
      ${delivery.attempts}::int, ${deliveredAt}::timestamptz, ${deadAt}::timestamptz, ${relayedAt}::timestamptz
    FROM generate_series(1, ${count}::int) g`;
  await prisma.$executeRaw`
    INSERT INTO webhook_attempt (delivery_id, round, attempt_no, attempted_at, url, status_code, latency_ms)
    SELECT ${prefix} || '/wd-' || g, 0, a, ${relayedAt}::timestamptz, 'https://receiver.example.com/hook', 500, 5
    FROM generate_series(1, ${count}::int) g, generate_series(1, ${delivery.attempts}::int) a`;
}

async function ids(
  prisma: PrismaService,
): Promise<{ events: string[]; deliveries: string[]; attempts: Record<string, number> }> {
  const events = (await prisma.outboxEvent.findMany({ select: { id: true }, orderBy: { id: 'asc' } })).map(
    (row) => row.id,
  );
  const deliveries = (await prisma.webhookDelivery.findMany({ select: { id: true }, orderBy: { id: 'asc' } })).map(
    (row) => row.id,
  );
  const grouped = await prisma.webhookAttempt.groupBy({ by: ['deliveryId'], _count: { _all: true } });
  return { events, deliveries, attempts: Object.fromEntries(grouped.map((row) => [row.deliveryId, row._count._all])) };
}

describe('webhook retention (maintenance.purge-webhook-history), real Postgres', () => {
  it('purges acknowledged and expired rows, keeps pending, retrying, recent and unexpired dead-letter rows', async () => {
    const prisma = await database();
    const soon = new Date(NOW.getTime() + 3600_000);
    // Go: acknowledged 40 days ago; no subscriber, relayed 40 days ago; dead 100 days ago.
    await seedEvent(prisma, 'ev:acked-old', daysAgo(40), [
      { status: 'DELIVERED', finishedAt: daysAgo(40), attempts: 3 },
    ]);
    await seedEvent(prisma, 'ev:no-subscriber-old', daysAgo(40), []);
    await seedEvent(prisma, 'ev:dead-expired', daysAgo(100), [
      { status: 'DEAD', finishedAt: daysAgo(100), attempts: 10 },
    ]);
    // Stay: the rest.
    await seedEvent(prisma, 'ev:acked-recent', daysAgo(10), [
      { status: 'DELIVERED', finishedAt: daysAgo(10), attempts: 1 },
    ]);
    await seedEvent(prisma, 'ev:acked-at-29d', daysAgo(29), [
      { status: 'DELIVERED', finishedAt: daysAgo(29.9), attempts: 1 },
    ]);
    await seedEvent(prisma, 'ev:no-subscriber-recent', daysAgo(5), []);
    await seedEvent(prisma, 'ev:retrying-old', daysAgo(40), [{ status: 'PENDING', attempts: 6, nextAttemptAt: soon }]);
    await seedEvent(prisma, 'ev:paused-old', daysAgo(45), [
      { status: 'PENDING', attempts: 0, nextAttemptAt: daysAgo(45) },
    ]);
    await seedEvent(prisma, 'ev:dead-unexpired', daysAgo(60), [
      { status: 'DEAD', finishedAt: daysAgo(60), attempts: 10 },
    ]);
    await seedEvent(prisma, 'ev:not-relayed', null, [], daysAgo(40));
    // Two subscribers: the acknowledged delivery goes, the retrying one and the event stay.
    await seedEvent(prisma, 'ev:mixed-old', daysAgo(40), [
      { status: 'DELIVERED', finishedAt: daysAgo(40), attempts: 1 },
      { status: 'PENDING', attempts: 2, nextAttemptAt: soon },
    ]);
    // Replayed lately: an old event whose delivery was acknowledged again yesterday stays.
    await seedEvent(prisma, 'ev:replayed-old', daysAgo(100), [
      { status: 'DELIVERED', finishedAt: daysAgo(1), attempts: 11 },
    ]);

    // A tiny batch so every phase loops, and again to show a second run finds nothing.
    const first = await purgeWebhookHistory(
      { now: NOW, retention: retention({ batchSize: 2 }) },
      { retention: new WebhookRetentionRepository(prisma) },
    );
    expect(first).toMatchObject({
      delivered: 2,
      deadLetters: 1,
      attempts: 3 + 1 + 10,
      outboxEvents: 3,
      complete: true,
    });
    const second = await purgeWebhookHistory(
      { now: NOW, retention: retention({ batchSize: 2 }) },
      { retention: new WebhookRetentionRepository(prisma) },
    );
    expect(second).toMatchObject({ delivered: 0, deadLetters: 0, attempts: 0, outboxEvents: 0, complete: true });

    const left = await ids(prisma);
    expect(left.events).toEqual(
      [
        'ev:acked-at-29d',
        'ev:acked-recent',
        'ev:dead-unexpired',
        'ev:mixed-old',
        'ev:no-subscriber-recent',
        'ev:not-relayed',
        'ev:paused-old',
        'ev:replayed-old',
        'ev:retrying-old',
      ].sort(),
    );
    expect(left.deliveries).toEqual(
      [
        'ev:acked-at-29d/wd0',
        'ev:acked-recent/wd0',
        'ev:dead-unexpired/wd0',
        'ev:mixed-old/wd1',
        'ev:paused-old/wd0',
        'ev:replayed-old/wd0',
        'ev:retrying-old/wd0',
      ].sort(),
    );
    expect(left.attempts).toEqual({
      'ev:acked-at-29d/wd0': 1,
      'ev:acked-recent/wd0': 1,
      'ev:dead-unexpired/wd0': 10,
      'ev:mixed-old/wd1': 2,
      'ev:replayed-old/wd0': 11,
      'ev:retrying-old/wd0': 6,
    });

    // 31 days later by the same rules: the unexpired dead letter (now 91 days) and the 29-day
    // delivery go too; pending rows stay whatever their age.
    const later = await purgeWebhookHistory(
      { now: new Date(NOW.getTime() + 31 * DAY_MS), retention: retention() },
      { retention: new WebhookRetentionRepository(prisma) },
    );
    expect(later).toMatchObject({ delivered: 3, deadLetters: 1, complete: true });
    expect((await ids(prisma)).deliveries).toEqual(['ev:mixed-old/wd1', 'ev:paused-old/wd0', 'ev:retrying-old/wd0']);
    expect((await ids(prisma)).events).toEqual(['ev:mixed-old', 'ev:not-relayed', 'ev:paused-old', 'ev:retrying-old']);
  });

  it('loops batch after batch when there are more rows than one batch, passing over events it must keep', async () => {
    const prisma = await database();
    // Interleaved in relay order: acknowledged, kept dead letters, events without subscribers.
    await seedBulk(prisma, 'ev:acked', 2345, daysAgo(50), {
      status: 'DELIVERED',
      finishedAt: daysAgo(50),
      attempts: 2,
    });
    await seedBulk(prisma, 'ev:dead-kept', 500, daysAgo(49), { status: 'DEAD', finishedAt: daysAgo(45), attempts: 3 });
    await seedBulk(prisma, 'ev:unsubscribed', 1111, daysAgo(48));
    await seedBulk(prisma, 'ev:recent', 200, daysAgo(3), { status: 'DELIVERED', finishedAt: daysAgo(3), attempts: 1 });

    const result = await purgeWebhookHistory(
      { now: NOW, retention: retention({ batchSize: 500 }) },
      { retention: new WebhookRetentionRepository(prisma) },
    );
    // DELIVERED: 4 full batches + 345; DEAD: one empty batch; outbox: 3,956 old events looked at, 7 full batches + 456.
    expect(result).toMatchObject({
      delivered: 2345,
      deadLetters: 0,
      attempts: 4690,
      outboxEvents: 2345 + 1111,
      batches: 5 + 1 + 8,
      complete: true,
    });
    expect(await prisma.outboxEvent.count({ where: { id: { startsWith: 'ev:acked-' } } })).toBe(0);
    expect(await prisma.outboxEvent.count({ where: { id: { startsWith: 'ev:unsubscribed-' } } })).toBe(0);
    expect(await prisma.outboxEvent.count({ where: { id: { startsWith: 'ev:dead-kept-' } } })).toBe(500);
    expect(await prisma.webhookDelivery.count({ where: { status: 'DEAD' } })).toBe(500);
    expect(await prisma.webhookAttempt.count()).toBe(500 * 3 + 200);
    expect(await prisma.outboxEvent.count({ where: { id: { startsWith: 'ev:recent-' } } })).toBe(200);
  });

  it('stops when its time budget is spent, after a batch that found rows, and later runs finish the work', async () => {
    const prisma = await database();
    await seedBulk(prisma, 'ev:acked', 250, daysAgo(40), { status: 'DELIVERED', finishedAt: daysAgo(40), attempts: 1 });
    const runs: PurgeWebhookHistoryResult[] = [];
    for (let run = 0; run < 20; run += 1) {
      const result = await purgeWebhookHistory(
        { now: NOW, retention: retention({ batchSize: 100, timeBudgetMs: 0 }) },
        { retention: new WebhookRetentionRepository(prisma) },
      );
      runs.push(result);
      if (result.complete) break;
    }
    // Deliveries 100, 100, 50; then (after the empty steps) events 100, 100, 50.
    expect(runs.map((run) => [run.delivered, run.outboxEvents, run.complete])).toEqual([
      [100, 0, false],
      [100, 0, false],
      [50, 0, false],
      [0, 100, false],
      [0, 100, false],
      [0, 50, true],
    ]);
    expect(runs.reduce((sum, run) => sum + run.delivered, 0)).toBe(250);
    expect(runs.reduce((sum, run) => sum + run.outboxEvents, 0)).toBe(250);
    expect(await prisma.outboxEvent.count()).toBe(0);
  });

  it('skips a delivery another transaction holds (an operator replaying it) and never deletes what stopped matching', async () => {
    const prisma = await database();
    await seedEvent(prisma, 'ev:held', daysAgo(40), [{ status: 'DELIVERED', finishedAt: daysAgo(40), attempts: 1 }]);
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked: () => void = () => undefined;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    // The replay takes the row, and turns it back to PENDING before it commits.
    const replay = prisma.$transaction(
      async (tx) => {
        await tx.$queryRaw`SELECT id FROM webhook_delivery WHERE id = 'ev:held/wd0' FOR UPDATE`;
        locked();
        await released;
        await tx.webhookDelivery.update({
          where: { id: 'ev:held/wd0' },
          data: { status: 'PENDING', round: 1, deliveredAt: null, nextAttemptAt: NOW },
        });
      },
      { timeout: 20_000 },
    );
    await isLocked;
    const during = await new WebhookRetentionRepository(prisma).purgeDeliveries('DELIVERED', daysAgo(30), 100);
    expect(during).toEqual({ deliveries: 0, attempts: 0 });
    release();
    await replay;
    expect(await new WebhookRetentionRepository(prisma).purgeDeliveries('DELIVERED', daysAgo(30), 100)).toEqual({
      deliveries: 0,
      attempts: 0,
    });
    expect(await prisma.webhookDelivery.findUnique({ where: { id: 'ev:held/wd0' } })).toMatchObject({
      status: 'PENDING',
    });
    expect(await prisma.webhookAttempt.count()).toBe(1);
  });

  it('batch timings at the default size (5,000 rows per statement)', async () => {
    const prisma = await database();
    const events = 20_000;
    await seedBulk(prisma, 'ev:acked', events, daysAgo(40), {
      status: 'DELIVERED',
      finishedAt: daysAgo(40),
      attempts: 3,
    });
    await seedBulk(prisma, 'ev:unsubscribed', events, daysAgo(40));
    await prisma.$executeRawUnsafe('ANALYZE outbox_event, webhook_delivery, webhook_attempt');
    const timings: Array<{ kind: string; rows: number; ms: number }> = [];
    const started = performance.now();
    for (;;) {
      const t = performance.now();
      const batch = await new WebhookRetentionRepository(prisma).purgeDeliveries(
        'DELIVERED',
        daysAgo(30),
        DEFAULT_PURGE_BATCH_SIZE,
      );
      timings.push({ kind: 'deliveries+attempts', rows: batch.deliveries + batch.attempts, ms: performance.now() - t });
      if (batch.deliveries < DEFAULT_PURGE_BATCH_SIZE) break;
    }
    let cursor;
    for (;;) {
      const t = performance.now();
      const batch = await new WebhookRetentionRepository(prisma).purgeOutbox(
        daysAgo(30),
        cursor,
        DEFAULT_PURGE_BATCH_SIZE,
      );
      timings.push({ kind: 'outbox', rows: batch.deleted, ms: performance.now() - t });
      if (batch.examined < DEFAULT_PURGE_BATCH_SIZE || batch.next === undefined) break;
      cursor = batch.next;
    }
    const total = performance.now() - started;
    expect(await prisma.outboxEvent.count()).toBe(0);
    expect(await prisma.webhookAttempt.count()).toBe(0);
    const line = (kind: string): string => {
      const own = timings.filter((timing) => timing.kind === kind && timing.rows > 0).map((timing) => timing.ms);
      return `${kind}: ${own.length} batches, ${Math.min(...own).toFixed(0)}-${Math.max(...own).toFixed(0)} ms each`;
    };
    process.stdout.write(
      `[webhook retention] ${events} deliveries (3 attempts each) and ${2 * events} events in ${total.toFixed(0)} ms; ${line('deliveries+attempts')}; ${line('outbox')}\n`,
    );
  }, 60_000);
});

describe('the purge job in the worker, on the sandbox clock', () => {
  it('runs at start, schedules itself a day later, follows the service clock and counts what it purged', async () => {
    const config = await testConfig({ SCHEDULER_TICK_MS: '50' });
    const worker = await createWorkerProcess(config, { queuePrefix: `ret-${randomBytes(4).toString('hex')}` });
    workers.push(worker);
    const prisma = worker.stores.prisma;
    const clock = worker.stores.clock;
    if (!(clock instanceof SharedClock)) throw new Error('expected the sandbox SharedClock');
    const now = clock.now();
    await seedEvent(prisma, 'ev:old', daysAgo(31, now), [
      { status: 'DELIVERED', finishedAt: daysAgo(31, now), attempts: 2 },
    ]);
    await seedEvent(prisma, 'ev:twenty-days', daysAgo(20, now), [
      { status: 'DELIVERED', finishedAt: daysAgo(20, now), attempts: 1 },
    ]);
    await seedEvent(prisma, 'ev:pending', daysAgo(40, now), [
      { status: 'PENDING', attempts: 3, nextAttemptAt: new Date(now.getTime() + 3600_000) },
    ]);

    await worker.http.listen(0, '127.0.0.1');
    await worker.start();
    await until('the first run', async () => (await prisma.outboxEvent.count({ where: { id: 'ev:old' } })) === 0);
    expect((await ids(prisma)).deliveries).toEqual(['ev:pending/wd0', 'ev:twenty-days/wd0']);
    await until(
      "tomorrow's timer",
      async () => (await prisma.scheduledJob.count({ where: { jobName: PURGE_WEBHOOK_HISTORY_JOB } })) === 1,
    );
    const [timer] = await prisma.scheduledJob.findMany({ where: { jobName: PURGE_WEBHOOK_HISTORY_JOB } });
    expect(timer?.payload).toEqual({ name: PURGE_WEBHOOK_HISTORY_JOB });
    // Tomorrow's run, at midnight UTC of the service clock.
    const dueAt = timer?.dueAt ?? new Date(0);
    expect(dueAt.getTime() % DAY_MS).toBe(0);
    expect(dueAt.getTime() - clock.nowMs()).toBeGreaterThan(0);
    expect(dueAt.getTime() - clock.nowMs()).toBeLessThanOrEqual(DAY_MS);
    expect(timer?.id).toBe(periodicTimerId(PURGE_WEBHOOK_HISTORY_JOB, dueAt));

    const metrics = async (): Promise<Record<string, number>> => {
      const text = await (await fetch(`${baseUrl(worker.http)}/metrics`)).text();
      const counts: Record<string, number> = {};
      for (const match of text.matchAll(/^webhook_retention_purged_rows_total\{[^}]*kind="(\w+)"[^}]*\} (\d+)$/gm))
        counts[match[1] ?? ''] = Number(match[2]);
      return counts;
    };
    expect(await metrics()).toEqual({ delivered: 1, dead_letter: 0, attempt: 2, outbox_event: 1 });

    // Eleven days on the service clock: tomorrow's run is due, and the twenty-day delivery is now 31.
    await clock.advance(11 * 24 * 3600);
    await until(
      'the next run',
      async () => (await prisma.outboxEvent.count({ where: { id: 'ev:twenty-days' } })) === 0,
    );
    expect((await ids(prisma)).deliveries).toEqual(['ev:pending/wd0']);
    expect((await ids(prisma)).attempts).toEqual({ 'ev:pending/wd0': 3 });
    await until('the metrics', async () => (await metrics())['delivered'] === 2);
    expect(await metrics()).toEqual({ delivered: 2, dead_letter: 0, attempt: 3, outbox_event: 2 });
  });

  it('schedules a follow-up a minute later when a run runs out of time; a repeated run keeps one daily timer', async () => {
    const runs: PurgeWebhookHistoryResult[] = [];
    const worker = await createWorkerProcess(await testConfig({ SCHEDULER_TICK_MS: '50' }), {
      queuePrefix: `ret-${randomBytes(4).toString('hex')}`,
    });
    const purge = worker.http.get(PurgeWebhookHistoryUseCase);
    // One batch per run: every run is out of time at once.
    const command = { retention: retention({ batchSize: 10, timeBudgetMs: 0 }) };
    vi.spyOn(worker.processor(PURGE_WEBHOOK_HISTORY_JOB), 'process').mockImplementation(async () => {
      const result = await purge.execute(command);
      runs.push(result);
      return result;
    });
    workers.push(worker);
    const prisma = worker.stores.prisma;
    const clock = worker.stores.clock;
    if (!(clock instanceof SharedClock)) throw new Error('expected the sandbox SharedClock');
    // Start 90 seconds before midnight UTC on the service clock: the follow-ups cross it.
    await clock.advance((DAY_MS - (clock.nowMs() % DAY_MS) - 90_000) / 1000);
    await seedBulk(prisma, 'ev:acked', 30, daysAgo(40, clock.now()), {
      status: 'DELIVERED',
      finishedAt: daysAgo(40, clock.now()),
      attempts: 1,
    });
    await worker.start();
    await until('the first run', () => runs.length === 1);
    expect(runs[0]).toMatchObject({ complete: false, delivered: 10, batches: 1 });
    const timers = async (): Promise<Array<{ id: string; dueAt: Date }>> =>
      prisma.scheduledJob.findMany({ where: { jobName: PURGE_WEBHOOK_HISTORY_JOB }, orderBy: { dueAt: 'asc' } });
    const isDaily = (timer: { id: string; dueAt: Date }): boolean =>
      timer.id === periodicTimerId(PURGE_WEBHOOK_HISTORY_JOB, timer.dueAt) && timer.dueAt.getTime() % DAY_MS === 0;
    const first = await timers();
    expect(first).toHaveLength(2);
    const followUp = first.find((timer) => !isDaily(timer));
    expect(followUp?.id).toBe(followUpTimerId(PURGE_WEBHOOK_HISTORY_JOB, followUp?.dueAt ?? new Date(0)));
    expect((followUp?.dueAt.getTime() ?? 0) - clock.nowMs()).toBeGreaterThan(50_000);
    expect((followUp?.dueAt.getTime() ?? 0) - clock.nowMs()).toBeLessThanOrEqual(60_000);
    expect(first.filter(isDaily)).toHaveLength(1);

    // The same run again (BullMQ retrying it after a crash) writes the same daily timer, adds no second one.
    await purge.execute(command);
    expect((await timers()).filter(isDaily)).toHaveLength(1);

    // Follow-ups run as the service clock passes them, until the work is done. The repeated run
    // above left a second follow-up: two runs may go side by side, and the one that purges the
    // last batch (out of time, so incomplete) can finish after the one that found nothing.
    const followUpsLeft = async (): Promise<boolean> => (await timers()).some((timer) => !isDaily(timer));
    while (runs.at(-1)?.complete !== true || (await followUpsLeft())) {
      const count = runs.length;
      await clock.advance(61);
      await until(`run ${count + 1}`, () => runs.length > count);
    }
    expect(await prisma.outboxEvent.count()).toBe(0);
    expect(await prisma.webhookDelivery.count()).toBe(0);
    expect((await timers()).map(isDaily)).toEqual([true]);
  });
});
