import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrismaService } from '#libs/db';
import {
  ADMIN_TOKEN,
  advanceClock,
  call,
  createPayment,
  newMember,
  startGateway,
  ukInitiation,
  waitForStatus,
  type TestGateway,
  type TestMember,
} from '../support/payments-gateway.js';
import { WebhookReceiver } from '../support/webhook-receiver.js';

const DAY_SECONDS = 24 * 3600;

interface Change {
  readonly changedDateTime: string;
  readonly fromStatus?: string;
  readonly toStatus: string;
  readonly reason?: string;
  readonly eventId: string;
}
interface History {
  readonly resourceId: string;
  readonly resourceType: string;
  readonly memberId: string;
  readonly changes: Change[];
  readonly paging: { limit: number; offset?: string };
}
interface Notification {
  readonly id: string;
  readonly payment: { readonly id: string; readonly status: string; readonly statusReasonInformation?: string };
}

async function until(what: string, done: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

describe('status history (api + worker + sandbox bank, real Postgres and Redis)', () => {
  let gateway: TestGateway;
  let prisma: PrismaService;
  let member: TestMember;
  const receiver = new WebhookReceiver();

  beforeAll(async () => {
    gateway = await startGateway({ worker: true, env: { WEBHOOK_SWEEP_MS: '250' } });
    prisma = gateway.api.stores.prisma;
    member = await newMember(gateway);
    await receiver.start();
    const put = await call(`${gateway.apiUrl}/webhook/config`, 'PUT', member.auth, {
      config: { type: ['PAYMENT_STATUS_CHANGED'], url: receiver.url },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
  });

  afterAll(async () => {
    await gateway?.close();
    await receiver.stop();
  });

  const history = (resourceId: string, query = ''): ReturnType<typeof call<History>> =>
    call<History>(
      `${gateway.adminUrl}/admin/status-history/${encodeURIComponent(resourceId)}${query}`,
      'GET',
      `Bearer ${ADMIN_TOKEN}`,
    );

  it("keeps a payment's every change on the admin API after the retention purged its events and deliveries", async () => {
    const created = await createPayment(gateway, member, ukInitiation());
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const paymentId = created.body.payment.id;
    // The user never goes to the bank: the authorisation window ends the payment.
    await advanceClock(gateway, 16 * 60);
    const ended = await waitForStatus(gateway, member, paymentId, ['INITIATION_EXPIRED']);

    // Every change was announced and acknowledged.
    const notifications = (): Notification[] =>
      receiver.requests
        .map((request) => JSON.parse(request.body) as Notification)
        .filter((body) => body.payment.id === paymentId);
    await until('the final notification', () =>
      Promise.resolve(notifications().some((body) => body.payment.status === ended.status)),
    );
    const eventIds = [...new Set(notifications().map((body) => body.id))];
    const delivered = async (): Promise<number> =>
      prisma.webhookDelivery.count({ where: { eventId: { in: eventIds }, status: 'DELIVERED' } });
    await until('every delivery acknowledged', async () => (await delivered()) === eventIds.length);
    expect(await prisma.webhookAttempt.count({ where: { delivery: { eventId: { in: eventIds } } } })).toBeGreaterThan(
      0,
    );
    const before = await history(paymentId);
    expect(before.status, JSON.stringify(before.body)).toBe(200);

    // Past the 30-day retention: the daily purge (due at the service clock's next midnight) runs.
    await advanceClock(gateway, 31 * DAY_SECONDS);
    await until(
      'the purge of the events and their deliveries',
      async () =>
        (await prisma.outboxEvent.count({ where: { id: { in: eventIds } } })) === 0 &&
        (await prisma.webhookDelivery.count({ where: { eventId: { in: eventIds } } })) === 0,
    );
    expect(await prisma.webhookAttempt.count({ where: { delivery: { eventId: { in: eventIds } } } })).toBe(0);

    const after = await history(paymentId);
    expect(after.status, JSON.stringify(after.body)).toBe(200);
    expect(after.body).toEqual(before.body);
    const { changes } = after.body;
    expect(after.body).toMatchObject({ resourceId: paymentId, resourceType: 'PAYMENT', memberId: member.id });
    expect(after.body.paging).toEqual({ limit: 50 });
    // Every announced change, in the order announced, each naming the status it left.
    const announced = notifications().filter((body, i, all) => all.findIndex((other) => other.id === body.id) === i);
    expect(changes.map((change) => change.eventId)).toEqual(announced.map((body) => body.id));
    expect(changes.map((change) => change.toStatus)).toEqual(announced.map((body) => body.payment.status));
    expect(changes.length).toBeGreaterThanOrEqual(3);
    expect(changes[0]).toMatchObject({ toStatus: 'INITIATION_PENDING' });
    expect(changes[0]).not.toHaveProperty('fromStatus');
    for (const [i, change] of changes.entries()) {
      if (i > 0) expect(change.fromStatus).toBe(changes[i - 1]?.toStatus);
      if (i > 0)
        expect(Date.parse(change.changedDateTime)).toBeGreaterThanOrEqual(
          Date.parse(changes[i - 1]?.changedDateTime ?? ''),
        );
    }
    expect(changes.at(-1)).toMatchObject({ toStatus: 'INITIATION_EXPIRED' });
    const reason = announced.at(-1)?.payment.statusReasonInformation;
    if (reason !== undefined) expect(changes.at(-1)?.reason).toBe(reason);

    // Paged, oldest first: the second page goes on where the first stopped.
    const first = await history(paymentId, '?limit=2');
    expect(first.body.changes).toEqual(changes.slice(0, 2));
    expect(first.body.paging.offset).toEqual(expect.any(String));
    const rest = await history(paymentId, `?limit=50&offset=${first.body.paging.offset ?? ''}`);
    expect(rest.body.changes).toEqual(changes.slice(2));
    expect(rest.body.paging).toEqual({ limit: 50 });
  }, 90_000);

  it('answers 404 for a resource without history and 400 naming a bad offset or limit', async () => {
    const unknown = await history('pi:unknown');
    expect(unknown.status).toBe(404);
    expect((unknown.body as unknown as { error: { tokenTraceId: string } }).error.tokenTraceId).toEqual(
      expect.any(String),
    );
    for (const [query, field] of [
      ['?offset=abc', 'offset'],
      ['?limit=0', 'limit'],
    ] as const) {
      const bad = await history('pi:unknown', query);
      expect(bad.status, query).toBe(400);
      const error = (bad.body as unknown as { error: { message: string; tokenTraceId: string } }).error;
      expect(error.message).toContain(field);
      expect(error.tokenTraceId).toEqual(expect.any(String));
    }
  });

  it('refuses to change or delete a recorded change', async () => {
    const [row] = await prisma.$queryRaw<Array<{ seq: bigint }>>`SELECT seq FROM status_history LIMIT 1`;
    expect(row).toBeDefined();
    await expect(prisma.$executeRaw`UPDATE status_history SET status = 'X' WHERE seq = ${row?.seq}`).rejects.toThrow(
      /append-only/,
    );
    await expect(prisma.$executeRaw`DELETE FROM status_history WHERE seq = ${row?.seq}`).rejects.toThrow(/append-only/);
    await expect(prisma.$executeRawUnsafe('TRUNCATE status_history')).rejects.toThrow(/append-only/);
  });
});
