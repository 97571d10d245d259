import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import pino from 'pino';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  DeliverWebhookUseCase,
  InitiatePaymentUseCase,
  ReplayWebhookDeliveryUseCase,
  SetWebhookConfigUseCase,
  OutboxRelaying,
} from '#libs/application';
import type { JobPayload } from '#libs/common';
import type { MemberId, PaymentInitiationInput } from '#libs/domain';
import { OutboxRelay } from '../../apps/worker/src/webhooks/outbox-relay.js';
import type { JobQueues } from '../../apps/worker/src/queues/job-queues.js';
import { WebhookReceiver, answer } from '../support/webhook-receiver.js';
import { MediumGateway } from './harness/medium-gateway.js';
import { bankSays } from './harness/scripted-bank.js';

/**
 * Webhooks in-process: a member's configuration (SetWebhookConfigUseCase), a status change's
 * outbox event relayed into a delivery (the worker's OutboxRelay, its queue recorded instead of
 * BullMQ), each attempt (DeliverWebhookUseCase, as the worker's webhooks.deliver job runs it)
 * POSTed to a local receiver, the Standard Webhooks signature checked, a failing receiver retried
 * once the movable clock reaches the next attempt, and an operator's replay
 * (ReplayWebhookDeliveryUseCase).
 */
let gateway: MediumGateway;
let receiver: WebhookReceiver;
let relay: OutboxRelay;
const enqueued: JobPayload[] = [];

beforeAll(async () => {
  gateway = await MediumGateway.start();
  receiver = new WebhookReceiver();
  await receiver.start();
  const queues = {
    enqueue: (payload: JobPayload) => {
      enqueued.push(payload);
      return Promise.resolve();
    },
  } as unknown as JobQueues;
  relay = new OutboxRelay(
    gateway.get(OutboxRelaying),
    queues,
    { databaseUrl: gateway.config.databaseUrl, sweepMs: 60_000, recoverAfterMs: 60_000 },
    pino({ level: 'silent' }),
  );
});

afterAll(async () => {
  await receiver?.stop();
  await gateway?.close();
});

afterEach(() => {
  gateway.bank.reset();
  receiver.responder = answer(200);
  receiver.requests.length = 0;
  enqueued.length = 0;
});

const setConfig = (memberId: MemberId, url = receiver.url) =>
  gateway.get(SetWebhookConfigUseCase).execute({ memberId, config: { type: ['PAYMENT_STATUS_CHANGED'], url } });

const deliver = (deliveryId: string) =>
  gateway.get(DeliverWebhookUseCase).execute({ name: 'webhooks.deliver', deliveryId });

const replay = (deliveryId: string) => gateway.get(ReplayWebhookDeliveryUseCase).execute({ deliveryId });

const deliveryRow = (id: string) => gateway.stores.prisma.webhookDelivery.findUniqueOrThrow({ where: { id } });

/** A payment the member initiates (its creation and redirect step: two PAYMENT_STATUS_CHANGED events). */
async function paymentOf(memberId: MemberId): Promise<string> {
  gateway.bank.script('initiatePayment', bankSays.payment('AWAITING_AUTHORISATION', { consentId: 'consent-w' }));
  const input: PaymentInitiationInput = {
    bankId: 'ob-sandbox-gb',
    refId: `ref-${randomBytes(4).toString('hex')}`,
    remittanceInformationPrimary: 'INV-W',
    amount: { value: '5.00', currency: 'GBP' },
    localInstrument: 'FASTER_PAYMENTS',
    creditor: { name: 'Merchant Ltd', sortCode: '040004', accountNumber: '12345678' },
    callbackUrl: 'https://tpp.example/payments/callback',
  };
  const payment = await gateway.get(InitiatePaymentUseCase).execute({ member: { memberId, regulated: true }, input });
  return payment.id;
}

/** The member's deliveries the relay made, oldest first. */
async function relayedFor(memberId: MemberId) {
  while ((await relay.relayOnce()) > 0);
  return gateway.stores.prisma.webhookDelivery.findMany({ where: { memberId }, orderBy: { createdAt: 'asc' } });
}

function plainHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).flatMap(([name, value]) => (typeof value === 'string' ? [[name, value]] : [])),
  );
}

describe('a member’s webhook', () => {
  it('refuses a URL that is not one, naming config.url, and stores nothing', async () => {
    const member = await gateway.member('webhooks-bad-url');
    await expect(setConfig(member, 'not a url')).rejects.toMatchObject({ status: 400 });
    await expect(setConfig(member, 'not a url')).rejects.toThrow(/config\.url/);
    expect(await gateway.stores.prisma.webhookConfig.count({ where: { memberId: member } })).toBe(0);
  });

  it('delivers a status change’s event, signed so that the Standard Webhooks verifier accepts it under the member’s secret', async () => {
    const member = await gateway.member('webhooks-delivered');
    const { secret } = await setConfig(member);
    expect(secret).toMatch(/^whsec_/);
    const paymentId = await paymentOf(member);

    const deliveries = await relayedFor(member);
    expect(deliveries.map((delivery) => delivery.eventType)).toEqual([
      'PAYMENT_STATUS_CHANGED',
      'PAYMENT_STATUS_CHANGED',
    ]);
    expect(enqueued.map((job) => job.name)).toEqual(['webhooks.deliver', 'webhooks.deliver']);
    const first = deliveries[0];
    expect(first.status).toBe('PENDING');

    expect(await deliver(first.id)).not.toBe('not due');
    expect(receiver.requests).toHaveLength(1);
    const [request] = receiver.requests;
    const body = new Webhook(secret!).verify(request.body, plainHeaders(request.headers)) as Record<string, unknown>;
    expect(JSON.stringify(body)).toContain(paymentId);
    expect(() =>
      new Webhook(`whsec_${randomBytes(32).toString('base64')}`).verify(request.body, plainHeaders(request.headers)),
    ).toThrow();
    expect(await deliveryRow(first.id)).toMatchObject({ status: 'DELIVERED', attemptCount: 1 });

    // A second run of the same job (a duplicate) posts nothing.
    expect(await deliver(first.id)).toBe('not due');
    expect(receiver.requests).toHaveLength(1);
  });

  it('a failing receiver is tried again once the clock reaches the next attempt, later attempts further apart', async () => {
    const member = await gateway.member('webhooks-retried');
    await setConfig(member);
    await paymentOf(member);
    const [delivery] = await relayedFor(member);
    receiver.responder = answer(500);

    await deliver(delivery.id);
    const afterFirst = await deliveryRow(delivery.id);
    expect(afterFirst).toMatchObject({ status: 'PENDING', attemptCount: 1, lastStatusCode: 500 });
    const firstWaitMs = afterFirst.nextAttemptAt!.getTime() - gateway.clock.nowMs();
    expect(firstWaitMs).toBeGreaterThan(0);

    // Not due yet: nothing is posted.
    expect(await deliver(delivery.id)).toBe('not due');
    expect(receiver.requests).toHaveLength(1);

    gateway.clock.advance(firstWaitMs / 1000 + 1);
    await deliver(delivery.id);
    const afterSecond = await deliveryRow(delivery.id);
    expect(afterSecond).toMatchObject({ status: 'PENDING', attemptCount: 2 });
    const secondWaitMs = afterSecond.nextAttemptAt!.getTime() - gateway.clock.nowMs();
    expect(secondWaitMs).toBeGreaterThan(firstWaitMs);

    receiver.responder = answer(200);
    gateway.clock.advance(secondWaitMs / 1000 + 1);
    await deliver(delivery.id);
    expect(await deliveryRow(delivery.id)).toMatchObject({ status: 'DELIVERED', attemptCount: 3 });
    expect(receiver.requests).toHaveLength(3);
    const ids = receiver.requests.map((request) => request.headers['webhook-id']);
    expect(new Set(ids).size).toBe(1);
  });

  it('an operator’s replay of a delivered event starts a new round that posts the same event again', async () => {
    const member = await gateway.member('webhooks-replayed');
    await setConfig(member);
    await paymentOf(member);
    const [delivery] = await relayedFor(member);
    await deliver(delivery.id);
    expect((await deliveryRow(delivery.id)).status).toBe('DELIVERED');

    const replayed = await replay(delivery.id);
    expect(replayed).toMatchObject({ status: 'PENDING' });
    expect(await deliveryRow(delivery.id)).toMatchObject({ status: 'PENDING', round: 1, attemptCount: 0 });
    await expect(replay(delivery.id)).rejects.toMatchObject({ status: 409 });

    await deliver(delivery.id);
    expect(await deliveryRow(delivery.id)).toMatchObject({ status: 'DELIVERED', round: 1, attemptCount: 1 });
    expect(receiver.requests).toHaveLength(2);
    expect(receiver.requests[1].body).toBe(receiver.requests[0].body);
  });
});
