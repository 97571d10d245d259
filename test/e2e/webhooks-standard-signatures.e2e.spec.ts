import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SharedClock, type PrismaService } from '#libs/db';
import { remoteJwks, verifyWebhook, writeOutboxEvent, type JwksSource } from '#libs/events';
import { keyEncryptionKeyId } from '#libs/secrets';
import { createApiProcess, type ApiProcess } from '../../apps/api/src/create-api-process.js';
import { createWorkerProcess, type WorkerProcess } from '../../apps/worker/src/create-worker-process.js';
import { TEST_KEY_ENCRYPTION_KEY, baseUrl, testConfig } from '../support/test-env.js';
import { WebhookReceiver, type ReceivedRequest } from '../support/webhook-receiver.js';

const ADMIN_TOKEN = 'webhooks-standard-token-0123456789abcdef';

interface Member {
  readonly id: string;
  readonly auth: string;
}

/** The receiver's headers as the standardwebhooks package takes them. */
function plainHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).flatMap(([name, value]) =>
      typeof value === 'string' ? [[name, value]] : Array.isArray(value) ? [[name, value.join(', ')]] : [],
    ),
  );
}

/** Whether the standardwebhooks package accepts the delivery under `secret`. */
function verifiesWith(secret: string, request: ReceivedRequest): boolean {
  try {
    new Webhook(secret).verify(request.body, plainHeaders(request.headers));
    return true;
  } catch (error) {
    if (error instanceof WebhookVerificationError) return false;
    throw error;
  }
}

describe('Standard Webhooks v1 signatures with a per-configuration whsec_ secret (api + worker)', () => {
  let api: ApiProcess;
  let worker: WorkerProcess;
  let publicUrl: string;
  let adminUrl: string;
  let prisma: PrismaService;
  let clock: SharedClock;
  let jwks: JwksSource;
  const receiver = new WebhookReceiver();

  beforeAll(async () => {
    const config = await testConfig({ ADMIN_TOKEN, SCHEDULER_TICK_MS: '50', WEBHOOK_SWEEP_MS: '250' });
    api = await createApiProcess(config);
    await api.api.listen(0, '127.0.0.1');
    await api.admin.listen(0, '127.0.0.1');
    publicUrl = baseUrl(api.api);
    adminUrl = baseUrl(api.admin);
    worker = await createWorkerProcess(config, { queuePrefix: `whsec-${randomBytes(4).toString('hex')}` });
    await worker.start();
    prisma = worker.stores.prisma;
    if (!(worker.stores.clock instanceof SharedClock)) throw new Error('expected the sandbox SharedClock');
    clock = worker.stores.clock;
    jwks = remoteJwks(`${publicUrl}/.well-known/jwks.json`, 0);
    await receiver.start();
  });

  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await receiver.stop();
  });

  async function call<T>(
    base: string,
    method: string,
    path: string,
    authorization: string,
    body?: unknown,
  ): Promise<{ status: number; body: T }> {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { authorization, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as T };
  }

  async function newMember(): Promise<Member> {
    const created = await call<{ member: { id: string }; apiKey: string }>(
      adminUrl,
      'POST',
      '/admin/members',
      `Bearer ${ADMIN_TOKEN}`,
      { name: 'Standard Webhooks TPP' },
    );
    expect(created.status).toBe(200);
    return { id: created.body.member.id, auth: `Basic ${created.body.apiKey}` };
  }

  const putConfig = (member: Member) =>
    call<{ secret?: string }>(publicUrl, 'PUT', '/webhook/config', member.auth, {
      config: { type: ['REFUND_STATUS_CHANGED'], url: receiver.url },
    });
  const rotate = (member: Member, body?: unknown) =>
    call<{ secret: string; previousSecretsExpireAt: string }>(
      publicUrl,
      'POST',
      '/webhook/config/secret/rotate',
      member.auth,
      body,
    );

  /** Emits an event for the member and returns the notification its receiver got. */
  async function delivered(member: Member): Promise<ReceivedRequest> {
    const event = await prisma.$transaction((tx) =>
      writeOutboxEvent(tx, {
        memberId: member.id,
        type: 'REFUND_STATUS_CHANGED',
        payload: {
          refundId: `rf:${randomBytes(3).toString('hex')}`,
          memberId: member.id,
          status: 'SUCCESS',
          refId: 'r',
        },
        createdAt: clock.now(),
      }),
    );
    await receiver.waitFor(`the notification ${event.id}`, () => receiver.forEvent(event.id).length === 1);
    const [request] = receiver.forEvent(event.id);
    if (request === undefined) throw new Error('unreachable');
    return request;
  }

  it('issues the secret once at creation, stores it sealed, and signs deliveries that both verifiers accept', async () => {
    const member = await newMember();
    const created = await putConfig(member);
    expect(created.status).toBe(200);
    const secret = created.body.secret ?? '';
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);

    // Never again: neither a later PUT nor GET returns it.
    const again = await putConfig(member);
    expect(again).toEqual({ status: 200, body: {} });
    const read = await call<Record<string, unknown>>(publicUrl, 'GET', '/webhook/config', member.auth);
    expect(JSON.stringify(read.body)).not.toContain('whsec_');
    expect(read.body).toEqual({ config: { type: ['REFUND_STATUS_CHANGED'], url: receiver.url } });

    // At rest: sealed under the configured key-encryption key, the secret in no column.
    const rows = await prisma.webhookSecret.findMany({ where: { memberId: member.id } });
    expect(rows).toHaveLength(1);
    expect(
      rows[0]?.secret.startsWith(`enc:v2:${keyEncryptionKeyId(Buffer.from(TEST_KEY_ENCRYPTION_KEY, 'base64'))}:`),
    ).toBe(true);
    const secretBase64 = secret.slice('whsec_'.length);
    const hex = Buffer.from(secretBase64, 'base64').toString('hex');
    const plain = await prisma.$queryRaw<Array<{ n: number }>>`
      SELECT count(*)::int AS n FROM webhook_secret
      WHERE secret LIKE ${`%${secretBase64.slice(0, 20)}%`} OR secret LIKE ${`%${hex.slice(0, 20)}%`} OR secret LIKE '%whsec_%'`;
    expect(plain[0]?.n).toBe(0);

    const request = await delivered(member);
    const signatures = String(request.headers['webhook-signature']).split(' ');
    expect(signatures.map((entry) => entry.split(',')[0])).toEqual(['v1', 'v1a']);
    expect(new Webhook(secret).verify(request.body, plainHeaders(request.headers))).toEqual(JSON.parse(request.body));
    await expect(
      verifyWebhook({ body: request.body, headers: request.headers, jwks, nowMs: request.receivedAtMs }),
    ).resolves.toMatchObject({ id: (JSON.parse(request.body) as { id: string }).id });
    expect(request.headers['token-signature']).toMatch(/^[A-Za-z0-9_-]{86}$/);
    expect(verifiesWith(`whsec_${randomBytes(32).toString('base64')}`, request)).toBe(false);
  });

  it('rotation: during the overlap both secrets verify, after it only the new one', async () => {
    const member = await newMember();
    const old = (await putConfig(member)).body.secret ?? '';
    expect(verifiesWith(old, await delivered(member))).toBe(true);

    const before = clock.nowMs();
    const rotated = await rotate(member, { overlapSeconds: 3600 });
    expect(rotated.status).toBe(200);
    const next = rotated.body.secret;
    expect(next).toMatch(/^whsec_/);
    expect(next).not.toBe(old);
    const expiresAt = Date.parse(rotated.body.previousSecretsExpireAt);
    expect(expiresAt).toBeGreaterThanOrEqual(before + 3600_000 - 1000);
    expect(expiresAt).toBeLessThanOrEqual(clock.nowMs() + 3600_000 + 1000);

    const during = await delivered(member);
    expect(
      String(during.headers['webhook-signature'])
        .split(' ')
        .map((entry) => entry.split(',')[0]),
    ).toEqual(['v1', 'v1', 'v1a']);
    expect(verifiesWith(next, during)).toBe(true);
    expect(verifiesWith(old, during)).toBe(true);
    await expect(
      verifyWebhook({ body: during.body, headers: during.headers, jwks, nowMs: during.receivedAtMs }),
    ).resolves.toBeDefined();

    // Past the overlap (the sandbox clock moved on): the old secret signs no more.
    await clock.advance(3601);
    const after = await delivered(member);
    expect(verifiesWith(next, after)).toBe(true);
    expect(verifiesWith(old, after)).toBe(false);
    expect(String(after.headers['webhook-signature']).split(' ')).toHaveLength(2);

    // An overlap of 0 ends the previous secret at once; the expired row is gone.
    const immediate = await rotate(member, { overlapSeconds: 0 });
    const latest = await delivered(member);
    expect(verifiesWith(immediate.body.secret, latest)).toBe(true);
    expect(verifiesWith(next, latest)).toBe(false);
    expect(await prisma.webhookSecret.count({ where: { memberId: member.id } })).toBe(2);
  });

  it('rotation without a body uses the default overlap of a day; it is scoped to the caller and needs a configuration', async () => {
    const member = await newMember();
    const stranger = await newMember();
    await putConfig(member);
    expect((await rotate(stranger, {})).status).toBe(404);
    const before = clock.nowMs();
    const rotated = await rotate(member);
    expect(rotated.status).toBe(200);
    expect(Date.parse(rotated.body.previousSecretsExpireAt) - before).toBeGreaterThanOrEqual(86_400_000 - 1000);
    expect(await prisma.webhookSecret.count({ where: { memberId: stranger.id } })).toBe(0);
    expect(await prisma.webhookSecret.count({ where: { memberId: member.id } })).toBe(2);
  });

  it.each([
    [{ overlapSeconds: -1 }, /overlapSeconds must not be negative/],
    [{ overlapSeconds: 604_801 }, /at most 604800/],
    [{ overlapSeconds: 1.5 }, /whole number/],
    [{ overlapSeconds: '60' }, /whole number/],
    [{ secret: 'whsec_mine' }, /secret/],
  ])('rotation refuses %j with 400', async (body, message) => {
    const member = await newMember();
    await putConfig(member);
    const refused = await rotate(member, body);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toMatch(message);
  });

  it('deleting the configuration removes its secrets; the next PUT issues a new one', async () => {
    const member = await newMember();
    const first = (await putConfig(member)).body.secret;
    await rotate(member, { overlapSeconds: 60 });
    expect(await prisma.webhookSecret.count({ where: { memberId: member.id } })).toBe(2);
    expect((await call(publicUrl, 'DELETE', '/webhook/config', member.auth)).status).toBe(200);
    expect(await prisma.webhookSecret.count({ where: { memberId: member.id } })).toBe(0);
    const second = (await putConfig(member)).body.secret;
    expect(second).toMatch(/^whsec_/);
    expect(second).not.toBe(first);
    expect(verifiesWith(second ?? '', await delivered(member))).toBe(true);
  });

  it('documents the rotation route in the OpenAPI', async () => {
    const doc = (await (await fetch(`${publicUrl}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { operationId?: string }>>;
    };
    expect(doc.paths['/webhook/config/secret/rotate']?.['post']?.operationId).toBe(
      'GatewayService.RotateWebhookSecret',
    );
  });
});
