import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { signRequest } from '../support/sign-request.js';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiProcess, type ApiProcess } from '../../apps/api/src/create-api-process.js';
import { baseUrl, testConfig } from '../support/test-env.js';

const LIMITS = {
  RATE_LIMIT_READ_PER_MINUTE: '5',
  RATE_LIMIT_WRITE_PER_MINUTE: '3',
  RATE_LIMIT_AUTH_FAILURES_PER_MINUTE: '4',
};
const ADMIN_TOKEN = 'rate-limits-token-0123456789abcdef0123';

interface Member {
  readonly id: string;
  readonly apiKey: string;
}

interface Sent {
  readonly status: number;
  header(name: string): string | null;
  readonly body: { error?: Record<string, unknown> } & Record<string, unknown>;
}

/**
 * Failed authentications are counted per client IP, in the Redis every test file shares: each
 * test sends from its own loopback address (not 127.0.0.1), which the server sees as the client.
 */
function newIp(): string {
  const [a = 0, b = 0, c = 0] = randomBytes(3);
  return `127.${1 + (a % 254)}.${b}.${1 + (c % 254)}`;
}

/** One JSON exchange over node:http from the local address `from`. */
function http(
  url: string,
  method: string,
  headers: Record<string, string>,
  body: unknown,
  from: string,
): Promise<Sent> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const allHeaders = payload === undefined ? headers : { ...headers, 'content-type': 'application/json' };
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers: allHeaders, localAddress: from }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const header = (name: string): string | null => {
          const value = res.headers[name];
          return typeof value === 'string' ? value : null;
        };
        resolve({
          status: res.statusCode ?? 0,
          header,
          body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Sent['body'],
        });
      });
    });
    req.on('error', reject);
    req.end(payload);
  });
}

function newPublicKey(): string {
  return generateKeyPairSync('ed25519').publicKey.export({ format: 'jwk' }).x ?? '';
}

function expectRateLimitHeaders(sent: Sent, limit: number, remaining: number): void {
  expect(sent.header('ratelimit-limit')).toBe(String(limit));
  expect(sent.header('ratelimit-remaining')).toBe(String(remaining));
  const reset = Number(sent.header('ratelimit-reset'));
  expect(Number.isInteger(reset)).toBe(true);
  expect(reset).toBeGreaterThanOrEqual(1);
  expect(reset).toBeLessThanOrEqual(60);
}

function expectTooMany(sent: Sent): void {
  expect(sent.status).toBe(429);
  const error = sent.body.error ?? {};
  expect(Object.keys(error).sort()).toEqual(['errorCode', 'message', 'paymentId', 'tokenTraceId']);
  expect(error['errorCode']).toBe('RESOURCE_EXHAUSTED');
  expect(error['paymentId']).toEqual(expect.stringMatching(/\S/));
  expect(error['message']).toEqual(expect.stringMatching(/\S/));
  expect(error['tokenTraceId']).toBe(sent.header('token-trace-id'));
  const retryAfter = sent.header('retry-after') ?? '';
  expect(retryAfter).toMatch(/^\d+$/);
  expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
  expect(Number(retryAfter)).toBeLessThanOrEqual(60);
  expect(Number(retryAfter)).toBeGreaterThanOrEqual(Number(sent.header('ratelimit-reset')));
}

describe('rate limits', () => {
  let p1: ApiProcess;
  let p2: ApiProcess;
  let api1: string;
  let api2: string;

  beforeAll(async () => {
    const config = await testConfig({ ...LIMITS, ADMIN_TOKEN });
    p1 = await createApiProcess(config);
    // A second replica on the same database and Redis.
    p2 = await createApiProcess(await testConfig({ ...LIMITS, ADMIN_TOKEN, DATABASE_URL: config.databaseUrl }));
    for (const proc of [p1, p2]) {
      await proc.api.listen(0, '127.0.0.1');
      await proc.admin.listen(0, '127.0.0.1');
    }
    api1 = baseUrl(p1.api);
    api2 = baseUrl(p2.api);
  });
  afterAll(async () => {
    await Promise.all([p1.close(), p2.close()]);
  });

  function send(
    base: string,
    method: string,
    path: string,
    options: { authorization?: string; ip?: string; body?: unknown } = {},
  ): Promise<Sent> {
    const headers: Record<string, string> =
      options.authorization === undefined ? {} : { authorization: options.authorization };
    return http(`${base}${path}`, method, headers, options.body, options.ip ?? newIp());
  }
  const read = (member: Member, base = api1, ip?: string): Promise<Sent> =>
    send(base, 'GET', `/member/${member.id}/keys`, {
      authorization: `Basic ${member.apiKey}`,
      ...(ip === undefined ? {} : { ip }),
    });
  const write = (member: Member, base = api1): Promise<Sent> =>
    send(base, 'POST', `/member/${member.id}/keys`, {
      authorization: `Basic ${member.apiKey}`,
      body: { keyAlgorithm: 'ED25519', publicKey: newPublicKey() },
    });

  async function createMember(name: string): Promise<Member> {
    const created = await send(baseUrl(p1.admin), 'POST', '/admin/members', {
      authorization: `Bearer ${ADMIN_TOKEN}`,
      body: { name },
    });
    expect(created.status).toBe(200);
    const { member, apiKey } = created.body as { member: { id: string }; apiKey: string };
    return { id: member.id, apiKey };
  }

  async function keyCount(member: Member): Promise<number> {
    const listed = await send(baseUrl(p1.admin), 'GET', `/admin/members/${member.id}/keys`, {
      authorization: `Bearer ${ADMIN_TOKEN}`,
    });
    expect(listed.status).toBe(200);
    return (listed.body['key'] as unknown[]).length;
  }

  it('counts reads per member: headers on every success, 429 from the 6th read in the minute', async () => {
    const member = await createMember('Reader Ltd');
    for (let i = 1; i <= 5; i += 1) {
      const sent = await read(member);
      expect(sent.status, `read ${i}`).toBe(200);
      expectRateLimitHeaders(sent, 5, 5 - i);
    }
    for (const attempt of [6, 7]) {
      const sent = await read(member);
      expect(sent.status, `read ${attempt}`).toBe(429);
      expectTooMany(sent);
      expectRateLimitHeaders(sent, 5, 0);
    }
  });

  it('counts writes separately from reads, and a refused write has no effect', async () => {
    const member = await createMember('Writer Ltd');
    for (let i = 0; i < 5; i += 1) expect((await read(member)).status).toBe(200);
    expect((await read(member)).status).toBe(429);

    for (let i = 1; i <= 3; i += 1) {
      const sent = await write(member);
      expect(sent.status, `write ${i}`).toBe(200);
      expectRateLimitHeaders(sent, 3, 3 - i);
    }
    const refused = await write(member);
    expectTooMany(refused);
    expectRateLimitHeaders(refused, 3, 0);
    expect(await keyCount(member)).toBe(3);

    const writer2 = await createMember('Writer Two Ltd');
    for (let i = 0; i < 3; i += 1) expect((await write(writer2)).status).toBe(200);
    expect((await write(writer2)).status).toBe(429);
    const stillReads = await read(writer2);
    expect(stillReads.status).toBe(200);
    expectRateLimitHeaders(stillReads, 5, 4);
  });

  it('does not let one member exhaust another member’s quota', async () => {
    const noisy = await createMember('Noisy Ltd');
    const quiet = await createMember('Quiet Ltd');
    for (let i = 0; i < 6; i += 1) await read(noisy);
    expect((await read(noisy)).status).toBe(429);
    const sent = await read(quiet);
    expect(sent.status).toBe(200);
    expectRateLimitHeaders(sent, 5, 4);
  });

  it('shares a member’s limits across two api processes on the same Redis', async () => {
    const member = await createMember('Two Replicas Ltd');
    const bases = [api1, api2, api1, api2, api1];
    for (const [index, base] of bases.entries()) {
      const sent = await read(member, base);
      expect(sent.status, `read ${index + 1}`).toBe(200);
      expectRateLimitHeaders(sent, 5, 4 - index);
    }
    expectTooMany(await read(member, api2));
    expectTooMany(await read(member, api1));
  });

  describe('cached credentials: a change through one replica holds at once on the other', () => {
    const admin = (method: string, path: string, body?: unknown): Promise<Sent> =>
      send(baseUrl(p1.admin), method, path, {
        authorization: `Bearer ${ADMIN_TOKEN}`,
        ...(body === undefined ? {} : { body }),
      });

    it('a revoked API key that replica 2 has verified before is refused by it on the next request', async () => {
      const member = await createMember('Revoking Ltd');
      const issued = await admin('POST', `/admin/members/${member.id}/api-keys`, { label: 'short-lived' });
      const extra: Member = { id: member.id, apiKey: (issued.body as { apiKey: string }).apiKey };
      const keyId = (issued.body as { key: { id: string } }).key.id;
      expect((await read(extra, api2)).status).toBe(200);
      expect((await admin('DELETE', `/admin/members/${member.id}/api-keys/${keyId}`)).status).toBe(200);
      expect((await read(extra, api2)).status).toBe(401);
      expect((await read(member, api2)).status).toBe(200);
    });

    it('a member suspended through replica 1 is refused by replica 2 at once, and let in again once active', async () => {
      const member = await createMember('Suspended Elsewhere Ltd');
      expect((await read(member, api2)).status).toBe(200);
      expect((await admin('PATCH', `/admin/members/${member.id}`, { status: 'SUSPENDED' })).status).toBe(200);
      expect((await read(member, api2)).status).toBe(403);
      expect((await admin('PATCH', `/admin/members/${member.id}`, { status: 'ACTIVE' })).status).toBe(200);
      expect((await read(member, api2)).status).toBe(200);
    });

    it('a deleted public key that replica 2 has used before no longer authenticates there', async () => {
      const member = await createMember('Key Rotating Ltd');
      const pair = generateKeyPairSync('ed25519');
      const added = await admin('POST', `/admin/members/${member.id}/keys`, {
        keyAlgorithm: 'ED25519',
        publicKey: pair.publicKey.export({ format: 'jwk' }).x,
      });
      expect(added.status).toBe(200);
      const kid = (added.body as { keyId: string }).keyId;
      const signedRead = async (): Promise<Sent> => {
        const path = `/member/${member.id}/keys`;
        const token = await signRequest(pair.privateKey, {
          kid,
          mid: member.id,
          method: 'GET',
          host: new URL(api2).host,
          path,
          expMs: Date.now() + 60_000,
        });
        return send(api2, 'GET', path, { authorization: `Bearer ${token}` });
      };
      expect((await signedRead()).status).toBe(200);
      expect((await admin('DELETE', `/admin/members/${member.id}/keys/${kid}`)).status).toBe(200);
      expect((await signedRead()).status).toBe(401);
    });
  });

  describe('failed authentication, per client IP', () => {
    const badCredentials = ['', 'Basic', 'Basic not-a-valid-key-0123456789abcdef', 'Digest abc', 'Bearer not.a.jws'];

    it('after 4 failures in the minute, refuses even valid credentials with 429; health stays 200', async () => {
      const member = await createMember('Unlucky Neighbour Ltd');
      const ip = newIp();
      for (const authorization of badCredentials.slice(0, 3)) {
        const sent = await send(api1, 'GET', `/member/${member.id}/keys`, {
          ip,
          ...(authorization === '' ? {} : { authorization }),
        });
        expect(sent.status, authorization).toBe(401);
      }
      // Three failures are still below the limit: valid credentials go through and reset nothing.
      expect((await read(member, api1, ip)).status).toBe(200);
      expect(
        (await send(api2, 'GET', `/member/${member.id}/keys`, { ip, authorization: badCredentials[3] })).status,
      ).toBe(401);

      for (const base of [api1, api2]) {
        const blocked = await read(member, base, ip);
        expectTooMany(blocked);
        expectRateLimitHeaders(blocked, 4, 0);
        expect(blocked.body.error?.['message']).toMatch(/authentication/i);
      }
      const blockedBad = await send(api1, 'GET', `/member/${member.id}/keys`, { ip, authorization: badCredentials[4] });
      expect(blockedBad.status).toBe(429);

      for (const path of ['/healthz', '/readyz'])
        expect((await send(api1, 'GET', path, { ip })).status, path).toBe(200);
      const elsewhere = await read(member, api1, newIp());
      expect(elsewhere.status).toBe(200);
      expectRateLimitHeaders(elsewhere, 5, 3);
    });

    it('successful authentications from an IP do not count as failures', async () => {
      const member = await createMember('Busy Client Ltd');
      const ip = newIp();
      for (let i = 0; i < 5; i += 1) expect((await read(member, api1, ip)).status).toBe(200);
      const sent = await send(api1, 'GET', `/member/${member.id}/keys`, { ip, authorization: badCredentials[2] });
      expect(sent.status).toBe(401);
    });
  });
});
