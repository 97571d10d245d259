import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_TYPES } from '#libs/events';
import { createApiProcess, type ApiProcess } from '../../apps/api/src/create-api-process.js';
import { signRequest } from '../support/sign-request.js';
import { baseUrl, testConfig } from '../support/test-env.js';

const ADMIN_TOKEN = 'webhooks-config-token-0123456789abcdef012';

interface ErrorBody {
  error: { errorCode?: string; message: string; paths?: string[]; paymentId?: string; tokenTraceId: string };
}

interface Server {
  readonly proc: ApiProcess;
  readonly api: string;
  readonly admin: string;
}

async function startServer(env: Record<string, string> = {}): Promise<Server> {
  const proc = await createApiProcess(await testConfig({ ADMIN_TOKEN, ...env }));
  await proc.api.listen(0, '127.0.0.1');
  await proc.admin.listen(0, '127.0.0.1');
  return { proc, api: baseUrl(proc.api), admin: baseUrl(proc.admin) };
}

async function call<T>(
  base: string,
  method: string,
  path: string,
  authorization: string | undefined,
  body?: unknown,
): Promise<{ status: number; body: T; headers: Headers }> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(authorization === undefined ? {} : { authorization }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as T, headers: response.headers };
}

async function newMember(server: Server): Promise<{ id: string; auth: string }> {
  const created = await call<{ member: { id: string }; apiKey: string }>(
    server.admin,
    'POST',
    '/admin/members',
    `Bearer ${ADMIN_TOKEN}`,
    { name: `TPP ${randomBytes(3).toString('hex')}` },
  );
  expect(created.status).toBe(200);
  return { id: created.body.member.id, auth: `Basic ${created.body.apiKey}` };
}

describe('webhook configuration API (sandbox)', () => {
  let server: Server;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server.proc.close();
  });

  it('PUT replaces, GET answers the interface shape, DELETE removes', async () => {
    const tpp = await newMember(server);
    expect((await call<ErrorBody>(server.api, 'GET', '/webhook/config', tpp.auth)).status).toBe(404);
    const put = await call(server.api, 'PUT', '/webhook/config', tpp.auth, {
      config: {
        type: ['PAYMENT_STATUS_CHANGED', 'REFUND_STATUS_CHANGED', 'PAYMENT_STATUS_CHANGED'],
        url: 'http://127.0.0.1:9999/hook',
      },
    });
    expect(put).toMatchObject({ status: 200, body: {} });
    expect((await call(server.api, 'GET', '/webhook/config', tpp.auth)).body).toEqual({
      config: { type: ['PAYMENT_STATUS_CHANGED', 'REFUND_STATUS_CHANGED'], url: 'http://127.0.0.1:9999/hook' },
    });
    await call(server.api, 'PUT', '/webhook/config', tpp.auth, {
      config: { type: [...EVENT_TYPES], url: 'https://localhost/other' },
    });
    expect((await call(server.api, 'GET', '/webhook/config', tpp.auth)).body).toEqual({
      config: { type: [...EVENT_TYPES], url: 'https://localhost/other' },
    });
    expect(await call(server.api, 'DELETE', '/webhook/config', tpp.auth)).toMatchObject({ status: 200, body: {} });
    expect((await call(server.api, 'GET', '/webhook/config', tpp.auth)).status).toBe(404);
    expect((await call(server.api, 'DELETE', '/webhook/config', tpp.auth)).status).toBe(200);
  });

  it('one configuration per member, each member sees only its own', async () => {
    const a = await newMember(server);
    const b = await newMember(server);
    await call(server.api, 'PUT', '/webhook/config', a.auth, {
      config: { type: ['PAYOUT_STATUS_CHANGED'], url: 'http://127.0.0.1:1/a' },
    });
    expect((await call(server.api, 'GET', '/webhook/config', b.auth)).status).toBe(404);
    await call(server.api, 'PUT', '/webhook/config', b.auth, {
      config: { type: ['VRP_STATUS_CHANGED'], url: 'http://127.0.0.1:1/b' },
    });
    await call(server.api, 'DELETE', '/webhook/config', b.auth);
    expect((await call(server.api, 'GET', '/webhook/config', a.auth)).body).toEqual({
      config: { type: ['PAYOUT_STATUS_CHANGED'], url: 'http://127.0.0.1:1/a' },
    });
    expect(await server.proc.stores.prisma.webhookConfig.count({ where: { memberId: a.id } })).toBe(1);
  });

  it.each([
    [
      'an unknown event type',
      { config: { type: ['PAYMENT_STATUS_CHANGED', 'NOT_A_TYPE'], url: 'http://127.0.0.1/h' } },
      'config.type',
      /NOT_A_TYPE/,
    ],
    [
      'a type the reference lists but the interface does not',
      { config: { type: ['STANDING_ORDER_STATUS_CHANGED'], url: 'http://127.0.0.1/h' } },
      'config.type',
      /STANDING_ORDER/,
    ],
    ['no types', { config: { type: [], url: 'http://127.0.0.1/h' } }, 'config.type', /at least one/],
    [
      'type not an array',
      { config: { type: 'PAYMENT_STATUS_CHANGED', url: 'http://127.0.0.1/h' } },
      'config.type',
      /array/,
    ],
    [
      'a URL without a scheme',
      { config: { type: ['PAYMENT_STATUS_CHANGED'], url: 'your-webhook-url.com' } },
      'config.url',
      /absolute URL/,
    ],
    [
      'a URL of another scheme',
      { config: { type: ['PAYMENT_STATUS_CHANGED'], url: 'ftp://127.0.0.1/h' } },
      'config.url',
      /http or https/,
    ],
    [
      'a URL with credentials',
      { config: { type: ['PAYMENT_STATUS_CHANGED'], url: 'http://u:p@127.0.0.1/h' } },
      'config.url',
      /credentials/,
    ],
    ['a URL that is not a string', { config: { type: ['PAYMENT_STATUS_CHANGED'], url: 42 } }, 'config.url', /string/],
    [
      'the cloud metadata address, even in sandbox',
      { config: { type: ['PAYMENT_STATUS_CHANGED'], url: 'http://169.254.169.254/latest' } },
      'config.url',
      /metadata/,
    ],
    [
      'a private address',
      { config: { type: ['PAYMENT_STATUS_CHANGED'], url: 'http://10.0.0.8/h' } },
      'config.url',
      /private/,
    ],
    [
      'a host that does not resolve',
      { config: { type: ['PAYMENT_STATUS_CHANGED'], url: 'http://nowhere.invalid/h' } },
      'config.url',
      /does not resolve/,
    ],
  ])('%s -> 400 naming the field', async (_what, body, field, message) => {
    const tpp = await newMember(server);
    const response = await call<ErrorBody>(server.api, 'PUT', '/webhook/config', tpp.auth, body);
    expect(response.status).toBe(400);
    expect(response.body.error.paths).toEqual([field]);
    expect(response.body.error.message).toMatch(message);
    expect(response.body.error.message).toContain(field.split('.')[1] ?? field);
    expect((await call(server.api, 'GET', '/webhook/config', tpp.auth)).status).toBe(404);
  });

  it('a missing config object -> 400 naming it', async () => {
    const tpp = await newMember(server);
    const response = await call<ErrorBody>(server.api, 'PUT', '/webhook/config', tpp.auth, {
      type: ['PAYMENT_STATUS_CHANGED'],
      url: 'http://127.0.0.1/',
    });
    expect(response.status).toBe(400);
    expect(response.body.error.paths).toEqual(expect.arrayContaining(['config']));
  });

  it('needs authentication, except the JWKS', async () => {
    expect((await call(server.api, 'GET', '/webhook/config', undefined)).status).toBe(401);
    expect(
      (
        await call(server.api, 'PUT', '/webhook/config', undefined, {
          config: { type: ['PAYMENT_STATUS_CHANGED'], url: 'http://127.0.0.1/' },
        })
      ).status,
    ).toBe(401);
    const jwks = await call<{ keys: Array<Record<string, string>> }>(
      server.api,
      'GET',
      '/.well-known/jwks.json',
      undefined,
    );
    expect(jwks.status).toBe(200);
    expect(jwks.headers.get('cache-control')).toContain('max-age');
    expect(jwks.body.keys.length).toBeGreaterThanOrEqual(1);
    for (const key of jwks.body.keys) {
      expect(Object.keys(key).sort()).toEqual(['alg', 'crv', 'kid', 'kty', 'use', 'x']);
      expect(key).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig' });
    }
    expect((await call(server.admin, 'GET', '/.well-known/jwks.json', undefined)).status).toBe(404);
  });

  it('lists the routes in the public OpenAPI document and the admin routes only in the admin one', async () => {
    const publicDoc = (
      await call<{ paths: Record<string, Record<string, { operationId?: string }>> }>(
        server.api,
        'GET',
        '/openapi.json',
        undefined,
      )
    ).body;
    expect(publicDoc.paths['/webhook/config']?.['put']?.operationId).toBe('GatewayService.SetWebhookConfig');
    expect(Object.keys(publicDoc.paths)).toContain('/.well-known/jwks.json');
    expect(Object.keys(publicDoc.paths).some((path) => path.startsWith('/admin'))).toBe(false);
    const adminDoc = (
      await call<{ paths: Record<string, unknown> }>(server.admin, 'GET', '/admin/openapi.json', undefined)
    ).body;
    expect(Object.keys(adminDoc.paths)).toEqual(
      expect.arrayContaining([
        '/admin/webhooks/deliveries',
        '/admin/webhooks/dead-letters',
        '/admin/webhooks/signing-keys/rotate',
      ]),
    );
  });

  it('guards the admin webhook routes with the admin token and validates their input', async () => {
    expect((await call(server.admin, 'GET', '/admin/webhooks/deliveries', undefined)).status).toBe(401);
    expect((await call(server.admin, 'POST', '/admin/webhooks/signing-keys/rotate', 'Bearer wrong')).status).toBe(401);
    const bad = await call<ErrorBody>(
      server.admin,
      'GET',
      '/admin/webhooks/deliveries?status=LOST&limit=0',
      `Bearer ${ADMIN_TOKEN}`,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.paths?.sort()).toEqual(['limit', 'status']);
    const unknown = await call<ErrorBody>(
      server.admin,
      'GET',
      '/admin/webhooks/deliveries/wd:nope',
      `Bearer ${ADMIN_TOKEN}`,
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.paymentId).toBe('wd:nope');
    expect(
      (await call(server.admin, 'POST', '/admin/webhooks/members/m:nobody/pause', `Bearer ${ADMIN_TOKEN}`)).status,
    ).toBe(404);
  });

  it('rotation lists the new key first and keeps the old one published', async () => {
    const before = (
      await call<{ keys: Array<{ kid: string }> }>(server.api, 'GET', '/.well-known/jwks.json', undefined)
    ).body.keys.map((key) => key.kid);
    const rotated = await call<{ kid: string; retired: string[] }>(
      server.admin,
      'POST',
      '/admin/webhooks/signing-keys/rotate',
      `Bearer ${ADMIN_TOKEN}`,
    );
    expect(rotated.status).toBe(200);
    expect(rotated.body.retired.sort()).toEqual(before.slice(0, 1).sort());
    const after = (
      await call<{ keys: Array<{ kid: string }> }>(server.api, 'GET', '/.well-known/jwks.json', undefined)
    ).body.keys.map((key) => key.kid);
    expect(after[0]).toBe(rotated.body.kid);
    expect(after).toEqual(expect.arrayContaining(before));
    const listed = await call<{ keys: Array<{ kid: string; published: boolean; retiredDateTime?: string }> }>(
      server.admin,
      'GET',
      '/admin/webhooks/signing-keys',
      `Bearer ${ADMIN_TOKEN}`,
    );
    expect(listed.body.keys[0]).toMatchObject({ kid: rotated.body.kid, published: true });
    expect(listed.body.keys.find((key) => key.kid === before[0])).toMatchObject({
      published: true,
      retiredDateTime: expect.any(String) as string,
    });
    expect(JSON.stringify(listed.body)).not.toMatch(/PRIVATE KEY/);
  });
});

describe('webhook configuration API (production)', () => {
  let server: Server;
  beforeAll(async () => {
    server = await startServer({
      ENVIRONMENT: 'production',
      ALLOW_SANDBOX_BANKS: 'true',
      PUBLIC_BASE_URL: 'https://gateway.example.com',
    });
  });
  afterAll(async () => {
    await server.proc.close();
  });

  it.each([
    ['http', 'http://tpp.example.com/hook', /https/],
    ['loopback', 'https://127.0.0.1/hook', /loopback/],
    ['localhost', 'https://localhost/hook', /loopback/],
    ['IPv6 loopback', 'https://[::1]/hook', /loopback/],
    ['private', 'https://192.168.0.10/hook', /private/],
    ['link-local', 'https://169.254.10.10/hook', /link-local/],
    ['metadata', 'https://169.254.169.254/hook', /metadata/],
    ['IPv4-mapped private', 'https://[::ffff:10.0.0.1]/hook', /private/],
  ])('refuses a receiver that is %s (400 naming config.url)', async (_what, url, message) => {
    const tpp = await newMember(server);
    const { publicKey, privateKey } = generateKeyPairSync('ed25519');
    const registered = await call<{ keyId: string }>(
      server.admin,
      'POST',
      `/admin/members/${tpp.id}/keys`,
      `Bearer ${ADMIN_TOKEN}`,
      {
        keyAlgorithm: 'ED25519',
        publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      },
    );
    expect(registered.status).toBe(200);
    const body = JSON.stringify({ config: { type: ['PAYMENT_STATUS_CHANGED'], url } });
    const token = await signRequest(privateKey, {
      kid: registered.body.keyId,
      mid: tpp.id,
      method: 'PUT',
      host: new URL(server.api).host,
      path: '/webhook/config',
      body,
      expMs: Date.now() + 60_000,
    });
    const response = await fetch(`${server.api}/webhook/config`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body,
    });
    const error = (await response.json()) as ErrorBody;
    expect(response.status).toBe(400);
    expect(error.error.paths).toEqual(['config.url']);
    expect(error.error.message).toMatch(message);
  });
});
