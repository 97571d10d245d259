import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConnectedConfig } from '#libs/common';
import { SharedClock, type PrismaService, type WebhookDelivery } from '#libs/db';
import {
  ATTEMPT_OFFSETS_MINUTES,
  MAX_ATTEMPTS,
  SIGNING_KEY_CACHE_MS,
  remoteJwks,
  verifyWebhook,
  writeOutboxEvent,
  type EventType,
  type EventPayloads,
  type JwksSource,
} from '#libs/events';
import { createApiProcess, type ApiProcess } from '../../apps/api/src/create-api-process.js';
import { createWorkerProcess, type WorkerProcess } from '../../apps/worker/src/create-worker-process.js';
import { baseUrl, testConfig } from '../support/test-env.js';
import { WebhookReceiver, answer, type ReceivedRequest } from '../support/webhook-receiver.js';

const ADMIN_TOKEN = 'webhooks-delivery-token-0123456789abcdef';
const MINUTE_MS = 60_000;

interface Member {
  readonly id: string;
  readonly apiKey: string;
  readonly receiver: WebhookReceiver;
}

describe('webhook delivery (api + worker, real Postgres and Redis, local receivers)', () => {
  let config: ConnectedConfig;
  let api: ApiProcess;
  let worker: WorkerProcess;
  let publicUrl: string;
  let adminUrl: string;
  let prisma: PrismaService;
  let clock: SharedClock;
  let jwks: JwksSource;
  const receivers: WebhookReceiver[] = [];

  beforeAll(async () => {
    config = await testConfig({
      ADMIN_TOKEN,
      SCHEDULER_TICK_MS: '50',
      WEBHOOK_SWEEP_MS: '250',
      WEBHOOK_ATTEMPT_TIMEOUT_MS: '3000',
    });
    api = await createApiProcess(config);
    await api.api.listen(0, '127.0.0.1');
    await api.admin.listen(0, '127.0.0.1');
    publicUrl = baseUrl(api.api);
    adminUrl = baseUrl(api.admin);
    worker = await createWorkerProcess(config, {
      queuePrefix: `wh-${randomBytes(4).toString('hex')}`,
      // Names only these tests use, resolved by the worker's own lookup (no DNS here).
      webhookLookup: (host) => Promise.resolve(host === 'receiver.test' ? [{ address: '127.0.0.1', family: 4 }] : []),
    });
    await worker.start();
    prisma = worker.stores.prisma;
    if (!(worker.stores.clock instanceof SharedClock)) throw new Error('expected the sandbox SharedClock');
    clock = worker.stores.clock;
    jwks = remoteJwks(`${publicUrl}/.well-known/jwks.json`, 0);
  });

  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await Promise.all(receivers.map((receiver) => receiver.stop()));
  });

  async function call<T>(
    base: string,
    method: string,
    path: string,
    authorization: string | undefined,
    body?: unknown,
  ): Promise<{ status: number; body: T }> {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(authorization === undefined ? {} : { authorization }),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as T };
  }
  const admin = <T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> =>
    call<T>(adminUrl, method, path, `Bearer ${ADMIN_TOKEN}`, body);

  /** A member with a receiver of its own, subscribed to `types` through the public API. */
  async function member(
    types: readonly EventType[] = ['PAYMENT_STATUS_CHANGED', 'REFUND_STATUS_CHANGED'],
  ): Promise<Member> {
    const created = await admin<{ member: { id: string }; apiKey: string }>('POST', '/admin/members', {
      name: 'Webhook TPP',
    });
    expect(created.status).toBe(200);
    const receiver = new WebhookReceiver();
    receivers.push(receiver);
    await receiver.start();
    const put = await call(publicUrl, 'PUT', '/webhook/config', `Basic ${created.body.apiKey}`, {
      config: { type: types, url: receiver.url },
    });
    expect(put.status).toBe(200);
    return { id: created.body.member.id, apiKey: created.body.apiKey, receiver };
  }

  /** A state change and its event in one transaction, as a domain writes them. */
  async function emit<T extends EventType>(
    memberId: string,
    type: T,
    payload: EventPayloads[T],
  ): Promise<{ id: string; body: string; committedAt: number }> {
    const written = await prisma.$transaction(async (tx) => {
      await tx.member.update({ where: { id: memberId }, data: { name: `changed ${randomBytes(3).toString('hex')}` } });
      return writeOutboxEvent(tx, { memberId, type, payload, createdAt: clock.now() });
    });
    return { ...written, committedAt: performance.now() };
  }

  const refund = (n: number): EventPayloads['REFUND_STATUS_CHANGED'] => ({
    refundId: `rf:${n}`,
    memberId: 'm',
    status: 'PROCESSING',
    refId: `ref-${n}`,
  });

  async function delivery(eventId: string): Promise<WebhookDelivery> {
    const found = await prisma.webhookDelivery.findFirst({ where: { eventId } });
    if (found === null) throw new Error(`no delivery for ${eventId}`);
    return found;
  }

  async function until<T>(
    what: string,
    read: () => Promise<T>,
    done: (value: T) => boolean,
    timeoutMs = 10_000,
  ): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await read().catch(() => undefined);
      if (value !== undefined && done(value)) return value;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
      await sleep(20);
    }
  }

  /** Moves the service clock to just past `at`. */
  async function advanceTo(at: Date): Promise<void> {
    const deltaMs = at.getTime() - clock.nowMs();
    if (deltaMs > -1000) await clock.advance((deltaMs + 1000) / 1000);
  }

  const verify = (request: ReceivedRequest): ReturnType<typeof verifyWebhook> =>
    verifyWebhook({ body: request.body, headers: request.headers, jwks, nowMs: request.receivedAtMs });

  it("delivers an event written in a state change's transaction, signed, and the helper verifies it", async () => {
    const tpp = await member();
    const event = await emit(tpp.id, 'PAYMENT_STATUS_CHANGED', {
      id: 'pm2:e2e1',
      status: 'INITIATION_COMPLETED',
      refId: 'ref-e2e',
    });
    await tpp.receiver.waitFor('the notification', () => tpp.receiver.forEvent(event.id).length === 1);
    const [request] = tpp.receiver.forEvent(event.id);
    if (request === undefined) throw new Error('unreachable');
    expect(request.body).toBe(event.body);
    expect(JSON.parse(request.body)).toEqual({
      id: event.id,
      createdAtMs: expect.any(Number) as number,
      eventType: 'PAYMENT_STATUS_CHANGED',
      payment: { id: 'pm2:e2e1', status: 'INITIATION_COMPLETED', refId: 'ref-e2e' },
    });
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers['token-event']).toBe('PAYMENT_STATUS_CHANGED');
    expect(request.headers['webhook-id']).toBe(event.id);
    const verified = await verify(request);
    expect(verified).toMatchObject({ id: event.id, event: 'PAYMENT_STATUS_CHANGED' });
    const stored = await until(
      'delivered',
      () => delivery(event.id),
      (row) => row.status === 'DELIVERED',
    );
    expect(stored).toMatchObject({ attemptCount: 1, lastStatusCode: 200, body: event.body });
    const jwksResponse = await fetch(`${publicUrl}/.well-known/jwks.json`);
    expect(jwksResponse.status).toBe(200);
    const published = (await jwksResponse.json()) as { keys: Array<{ kid: string }> };
    expect(published.keys.map((key) => key.kid)).toContain(request.headers['token-signature-kid']);
  });

  it('reaches the receiver well within a second of the commit (NOTIFY, not a poll)', async () => {
    const tpp = await member();
    const latencies: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      const event = await emit(tpp.id, 'REFUND_STATUS_CHANGED', refund(i));
      await tpp.receiver.waitFor('the notification', () => tpp.receiver.forEvent(event.id).length === 1);
      latencies.push((tpp.receiver.forEvent(event.id)[0]?.receivedAtPerf ?? Infinity) - event.committedAt);
    }
    latencies.sort((a, b) => a - b);
    const median = latencies[Math.floor(latencies.length / 2)] ?? Infinity;
    process.stdout.write(
      `[webhooks] commit to first attempt: median ${median.toFixed(1)} ms, max ${(latencies[latencies.length - 1] ?? 0).toFixed(1)} ms\n`,
    );
    expect(median).toBeLessThan(1000);
  });

  it('sends nothing for a rolled-back transaction or a type the member did not subscribe to', async () => {
    const tpp = await member(['REFUND_STATUS_CHANGED']);
    await expect(
      prisma.$transaction(async (tx) => {
        await writeOutboxEvent(tx, {
          memberId: tpp.id,
          type: 'REFUND_STATUS_CHANGED',
          payload: refund(1),
          createdAt: clock.now(),
          id: 'ev:rolled-back',
        });
        throw new Error('the state change failed');
      }),
    ).rejects.toThrow('the state change failed');
    const unsubscribed = await emit(tpp.id, 'PAYOUT_STATUS_CHANGED', {
      payoutId: 'po:1',
      refId: 'r',
      status: 'SUCCESS',
      memberId: tpp.id,
    });
    const marker = await emit(tpp.id, 'REFUND_STATUS_CHANGED', refund(2));
    await tpp.receiver.waitFor('the subscribed event', () => tpp.receiver.forEvent(marker.id).length === 1);
    await sleep(300);
    expect(tpp.receiver.requests).toHaveLength(1);
    expect(await prisma.outboxEvent.findUnique({ where: { id: 'ev:rolled-back' } })).toBeNull();
    const relayed = await prisma.outboxEvent.findUnique({ where: { id: unsubscribed.id } });
    expect(relayed?.relayedAt).not.toBeNull();
    expect(await prisma.webhookDelivery.count({ where: { eventId: unsubscribed.id } })).toBe(0);
  });

  it('an always-failing receiver gets the ten documented attempts within 72 hours, the same bytes each time, then a dead letter', async () => {
    const tpp = await member();
    tpp.receiver.responder = answer(500);
    const event = await emit(tpp.id, 'REFUND_STATUS_CHANGED', refund(10));
    let row = await until(
      'the first attempt',
      () => delivery(event.id),
      (d) => d.attemptCount === 1,
    );
    while (row.status === 'PENDING') {
      const attempts = row.attemptCount;
      if (row.nextAttemptAt === null) throw new Error('pending without a next attempt');
      await advanceTo(row.nextAttemptAt);
      row = await until(
        `attempt ${attempts + 1}`,
        () => delivery(event.id),
        (d) => d.attemptCount > attempts || d.status !== 'PENDING',
      );
    }
    expect(row.status).toBe('DEAD');
    expect(row.attemptCount).toBe(MAX_ATTEMPTS);

    const attempts = await prisma.webhookAttempt.findMany({
      where: { deliveryId: row.id },
      orderBy: { attemptNo: 'asc' },
    });
    expect(attempts).toHaveLength(10);
    const first = attempts[0]?.attemptedAt.getTime() ?? 0;
    const offsets = attempts.map((attempt) => Math.round((attempt.attemptedAt.getTime() - first) / MINUTE_MS));
    expect(offsets).toEqual([...ATTEMPT_OFFSETS_MINUTES]);
    expect(Math.max(...attempts.map((attempt) => attempt.attemptedAt.getTime() - first))).toBeLessThanOrEqual(
      72 * 60 * MINUTE_MS + 30_000,
    );
    expect(
      attempts.every((attempt) => attempt.statusCode === 500 && attempt.error?.startsWith('HTTP 500') === true),
    ).toBe(true);

    const received = tpp.receiver.forEvent(event.id);
    expect(received).toHaveLength(10);
    expect(new Set(received.map((request) => request.body))).toEqual(new Set([event.body]));
    expect(new Set(received.map((request) => request.headers['token-signature'])).size).toBe(1);
    for (const request of received) await expect(verify(request)).resolves.toMatchObject({ id: event.id });

    // Nothing more however long we wait.
    await clock.advance(7 * 24 * 3600);
    await sleep(300);
    expect(tpp.receiver.forEvent(event.id)).toHaveLength(10);

    const dead = await admin<{ deliveries: Array<{ id: string; status: string; attemptCount: number }> }>(
      'GET',
      `/admin/webhooks/dead-letters?memberId=${encodeURIComponent(tpp.id)}`,
    );
    expect(dead.status).toBe(200);
    expect(dead.body.deliveries).toEqual([expect.objectContaining({ id: row.id, status: 'DEAD', attemptCount: 10 })]);
    const detail = await admin<{ delivery: { body: string; attempts: unknown[] } }>(
      'GET',
      `/admin/webhooks/deliveries/${encodeURIComponent(row.id)}`,
    );
    expect(detail.body.delivery.body).toBe(event.body);
    expect(detail.body.delivery.attempts).toHaveLength(10);

    // An operator replays the dead letter once the receiver works again: same id, same bytes.
    tpp.receiver.responder = answer(200);
    const replayed = await admin<{ delivery: { status: string; round: number } }>(
      'POST',
      `/admin/webhooks/deliveries/${encodeURIComponent(row.id)}/replay`,
    );
    expect(replayed.status).toBe(200);
    expect(replayed.body.delivery).toMatchObject({ status: 'PENDING', round: 1 });
    await until(
      'the replay',
      () => delivery(event.id),
      (d) => d.status === 'DELIVERED',
    );
    expect(tpp.receiver.forEvent(event.id)).toHaveLength(11);
    expect(tpp.receiver.forEvent(event.id)[10]?.body).toBe(event.body);
    expect((await admin('POST', `/admin/webhooks/deliveries/${encodeURIComponent(row.id)}/replay`)).status).toBe(200);
  });

  it('a receiver that recovers gets the event until it acknowledges, then never again; Retry-After is honoured', async () => {
    const tpp = await member();
    tpp.receiver.responder = (request, index, response) => {
      if (index === 0) response.writeHead(503).end();
      else if (index === 1) response.writeHead(429, { 'retry-after': '5400' }).end();
      else if (index === 2)
        setTimeout(() => response.writeHead(200).end(), 4000); // past the 3 s attempt timeout
      else response.writeHead(204).end();
    };
    const event = await emit(tpp.id, 'REFUND_STATUS_CHANGED', refund(20));
    let row = await until(
      'the first attempt',
      () => delivery(event.id),
      (d) => d.attemptCount === 1,
    );
    const schedule: number[] = [];
    while (row.status === 'PENDING') {
      const attempts = row.attemptCount;
      if (row.nextAttemptAt === null || row.firstAttemptAt === null) throw new Error('pending without a next attempt');
      schedule.push(Math.round((row.nextAttemptAt.getTime() - row.firstAttemptAt.getTime()) / MINUTE_MS));
      await advanceTo(row.nextAttemptAt);
      row = await until(
        `attempt ${attempts + 1}`,
        () => delivery(event.id),
        (d) => d.attemptCount > attempts || d.status !== 'PENDING',
      );
    }
    expect(row).toMatchObject({ status: 'DELIVERED', attemptCount: 4, lastStatusCode: 204 });
    // 10 minutes after 503 (no Retry-After); after the 429 asking for 90 minutes, not the planned 30.
    expect(schedule[0]).toBe(10);
    expect(schedule[1]).toBeGreaterThanOrEqual(10 + 90);
    const attempts = await prisma.webhookAttempt.findMany({
      where: { deliveryId: row.id },
      orderBy: { attemptNo: 'asc' },
    });
    expect(attempts.map((attempt) => attempt.statusCode)).toEqual([503, 429, null, 204]);
    expect(attempts[2]?.error).toBe('timed out');
    expect(attempts[2]?.latencyMs).toBeGreaterThanOrEqual(2900);
    await clock.advance(4 * 24 * 3600);
    await sleep(300);
    const received = tpp.receiver.forEvent(event.id);
    expect(received).toHaveLength(4);
    expect(new Set(received.map((request) => request.body)).size).toBe(1);
  });

  it("holds a paused member's deliveries and sends them on resume", async () => {
    const tpp = await member();
    expect((await admin('POST', `/admin/webhooks/members/${encodeURIComponent(tpp.id)}/pause`)).status).toBe(200);
    const event = await emit(tpp.id, 'REFUND_STATUS_CHANGED', refund(30));
    await until(
      'the delivery row',
      () => delivery(event.id),
      (d) => d.status === 'PENDING',
    );
    await sleep(600);
    expect(tpp.receiver.requests).toHaveLength(0);
    const resumed = await admin<{ config: { paused: boolean }; rescheduled: number }>(
      'POST',
      `/admin/webhooks/members/${encodeURIComponent(tpp.id)}/resume`,
    );
    expect(resumed.body).toMatchObject({ config: { paused: false }, rescheduled: 1 });
    await tpp.receiver.waitFor('the held notification', () => tpp.receiver.forEvent(event.id).length === 1);
    await until(
      'delivered',
      () => delivery(event.id),
      (d) => d.status === 'DELIVERED',
    );
  });

  it("sends an operator's test event to the configured URL, signed", async () => {
    const tpp = await member(['PAYOUT_STATUS_CHANGED']);
    const sent = await admin<{ eventId: string }>(
      'POST',
      `/admin/webhooks/members/${encodeURIComponent(tpp.id)}/test-event`,
    );
    expect(sent.status).toBe(200);
    await tpp.receiver.waitFor('the test notification', () => tpp.receiver.forEvent(sent.body.eventId).length === 1);
    const [request] = tpp.receiver.forEvent(sent.body.eventId);
    if (request === undefined) throw new Error('unreachable');
    expect(request.headers['token-event']).toBe('WEBHOOK_TEST');
    expect(JSON.parse(request.body)).toMatchObject({ id: sent.body.eventId, webhookTest: { memberId: tpp.id } });
    await expect(verify(request)).resolves.toMatchObject({ id: sent.body.eventId });
    expect((await admin('POST', '/admin/webhooks/members/m:nobody/test-event')).status).toBe(404);
  });

  it('replays many dead letters by filter', async () => {
    const tpp = await member();
    tpp.receiver.responder = answer(410);
    const events = [
      await emit(tpp.id, 'REFUND_STATUS_CHANGED', refund(40)),
      await emit(tpp.id, 'REFUND_STATUS_CHANGED', refund(41)),
    ];
    await until(
      'first attempts',
      () => prisma.webhookDelivery.findMany({ where: { memberId: tpp.id } }),
      (rows) => rows.length === 2 && rows.every((d) => d.attemptCount === 1),
    );
    await prisma.webhookDelivery.updateMany({
      where: { memberId: tpp.id },
      data: { status: 'DEAD', nextAttemptAt: null },
    });
    tpp.receiver.responder = answer(200);
    const replay = await admin<{ replayed: string[]; skipped: string[] }>('POST', '/admin/webhooks/deliveries/replay', {
      memberId: tpp.id,
    });
    expect(replay.status).toBe(200);
    expect(replay.body.replayed).toHaveLength(2);
    for (const event of events)
      await tpp.receiver.waitFor('the replayed notification', () => tpp.receiver.forEvent(event.id).length === 2);
    const listed = await admin<{ deliveries: Array<{ status: string }> }>(
      'GET',
      `/admin/webhooks/deliveries?memberId=${encodeURIComponent(tpp.id)}&status=DELIVERED`,
    );
    await until(
      'both delivered',
      () => prisma.webhookDelivery.count({ where: { memberId: tpp.id, status: 'DELIVERED' } }),
      (n) => n === 2,
    );
    expect(listed.status).toBe(200);
  });

  it('connects to the address its own resolution checked (the receiver name resolves only there)', async () => {
    const tpp = await member();
    await prisma.webhookConfig.update({
      where: { memberId: tpp.id },
      data: { url: `http://receiver.test:${tpp.receiver.port}/webhooks` },
    });
    const event = await emit(tpp.id, 'REFUND_STATUS_CHANGED', refund(50));
    await tpp.receiver.waitFor('the notification', () => tpp.receiver.forEvent(event.id).length === 1);
    expect(tpp.receiver.forEvent(event.id)[0]?.headers.host).toBe(`receiver.test:${tpp.receiver.port}`);
  });

  it('signs with a rotated key at once and keeps the old key in the JWKS for the grace period', async () => {
    const tpp = await member();
    const before = await emit(tpp.id, 'REFUND_STATUS_CHANGED', refund(60));
    await tpp.receiver.waitFor('the first notification', () => tpp.receiver.forEvent(before.id).length === 1);
    const oldRequest = tpp.receiver.forEvent(before.id)[0];
    const oldKid = oldRequest?.headers['token-signature-kid'];
    const rotated = await admin<{ kid: string; retired: string[] }>('POST', '/admin/webhooks/signing-keys/rotate');
    expect(rotated.status).toBe(200);
    expect(rotated.body.retired).toContain(oldKid);
    await clock.advance(SIGNING_KEY_CACHE_MS / 1000 + 1); // past the worker's key cache
    const after = await emit(tpp.id, 'REFUND_STATUS_CHANGED', refund(61));
    await tpp.receiver.waitFor('the second notification', () => tpp.receiver.forEvent(after.id).length === 1);
    const newRequest = tpp.receiver.forEvent(after.id)[0];
    expect(newRequest?.headers['token-signature-kid']).toBe(rotated.body.kid);
    const kids = async (): Promise<string[]> =>
      ((await (await fetch(`${publicUrl}/.well-known/jwks.json`)).json()) as { keys: Array<{ kid: string }> }).keys.map(
        (key) => key.kid,
      );
    expect(await kids()).toEqual(expect.arrayContaining([rotated.body.kid, oldKid]));
    if (oldRequest !== undefined) await expect(verify(oldRequest)).resolves.toBeDefined();
    await clock.advance(config.webhooks.keyGraceHours * 3600 + 60);
    await until(
      'the old key to leave the JWKS',
      kids,
      (list) => !list.includes(String(oldKid)) && list.includes(rotated.body.kid),
    );
  });
});

describe('webhook delivery in production', () => {
  it('refuses, at delivery, a receiver whose name now resolves to a loopback address (DNS rebinding)', async () => {
    const config = await testConfig({
      ENVIRONMENT: 'production',
      PUBLIC_BASE_URL: 'https://gateway.example.com',
      WEBHOOK_SWEEP_MS: '250',
    });
    const receiver = new WebhookReceiver();
    await receiver.start();
    const worker = await createWorkerProcess(config, {
      queuePrefix: `whp-${randomBytes(4).toString('hex')}`,
      webhookLookup: () => Promise.resolve([{ address: '127.0.0.1', family: 4 }]),
    });
    try {
      await worker.start();
      const prisma = worker.stores.prisma;
      await prisma.member.create({ data: { id: 'm:rebind', name: 'Rebinder' } });
      await prisma.webhookConfig.create({
        data: {
          memberId: 'm:rebind',
          url: `https://rebind.example.com:${receiver.port}/webhooks`,
          types: ['REFUND_STATUS_CHANGED'],
          updatedAt: new Date(),
        },
      });
      const event = await prisma.$transaction((tx) =>
        writeOutboxEvent(tx, {
          memberId: 'm:rebind',
          type: 'REFUND_STATUS_CHANGED',
          payload: { refundId: 'rf:1', memberId: 'm:rebind', status: 'SUCCESS', refId: 'r' },
          createdAt: new Date(),
        }),
      );
      const deadline = Date.now() + 10_000;
      let attempt = null;
      while (attempt === null && Date.now() < deadline) {
        attempt = await prisma.webhookAttempt.findFirst({ where: { delivery: { eventId: event.id } } });
        await sleep(25);
      }
      expect(attempt?.statusCode).toBeNull();
      expect(attempt?.error).toMatch(/receiver refused: .*loopback address \(127\.0\.0\.1\)/);
      expect(receiver.requests).toHaveLength(0);
      const row = await prisma.webhookDelivery.findFirst({ where: { eventId: event.id } });
      expect(row).toMatchObject({ status: 'PENDING', attemptCount: 1 });
    } finally {
      await worker.close();
      await receiver.stop();
    }
  });
});
