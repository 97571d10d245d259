import { generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
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

interface Signer {
  readonly kid: string;
  readonly privateKey: KeyObject;
}

interface Sent {
  readonly status: number;
  header(name: string): string | null;
  readonly body: { error?: Record<string, unknown> } & Record<string, unknown>;
}

/**
 * Failed authentications without a credential are counted per client address, in the Redis every
 * test file shares: each test sends from its own loopback address (not 127.0.0.1), which the
 * server sees as the client (or as the proxy in front of it, with X-Forwarded-For).
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
  let proxied: ApiProcess;
  let api1: string;
  let api2: string;
  /** A process that trusts one proxy hop (TRUST_PROXY=1): its client is the X-Forwarded-For address. */
  let apiBehindProxy: string;

  beforeAll(async () => {
    const config = await testConfig({ ...LIMITS, ADMIN_TOKEN });
    p1 = await createApiProcess(config);
    // A second replica on the same database and Redis.
    p2 = await createApiProcess(await testConfig({ ...LIMITS, ADMIN_TOKEN, DATABASE_URL: config.databaseUrl }));
    proxied = await createApiProcess(
      await testConfig({ ...LIMITS, ADMIN_TOKEN, DATABASE_URL: config.databaseUrl, TRUST_PROXY: '1' }),
    );
    for (const proc of [p1, p2, proxied]) {
      await proc.api.listen(0, '127.0.0.1');
      await proc.admin.listen(0, '127.0.0.1');
    }
    api1 = baseUrl(p1.api);
    api2 = baseUrl(p2.api);
    apiBehindProxy = baseUrl(proxied.api);
  });
  afterAll(async () => {
    await Promise.all([p1.close(), p2.close(), proxied.close()]);
  });

  function send(
    base: string,
    method: string,
    path: string,
    options: { authorization?: string; ip?: string; forwardedFor?: string; body?: unknown } = {},
  ): Promise<Sent> {
    const headers: Record<string, string> =
      options.authorization === undefined ? {} : { authorization: options.authorization };
    if (options.forwardedFor !== undefined) headers['x-forwarded-for'] = options.forwardedFor;
    return http(`${base}${path}`, method, headers, options.body, options.ip ?? newIp());
  }
  const read = (member: Member, base = api1, ip?: string, forwardedFor?: string): Promise<Sent> =>
    send(base, 'GET', `/member/${member.id}/keys`, {
      authorization: `Basic ${member.apiKey}`,
      ...(ip === undefined ? {} : { ip }),
      ...(forwardedFor === undefined ? {} : { forwardedFor }),
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

  it('counts refused requests too, and says so on the 4xx: a 400 and a 404 carry the member’s headers', async () => {
    const member = await createMember('Refused Ltd');
    const auth = { authorization: `Basic ${member.apiKey}` };
    const invalid = await send(api1, 'POST', `/member/${member.id}/keys`, { ...auth, body: { keyAlgorithm: 'NONE' } });
    expect(invalid.status).toBe(400);
    expectRateLimitHeaders(invalid, 3, 2);
    const missing = await send(api1, 'GET', `/member/${member.id}/keys/no-such-key`, auth);
    expect(missing.status).toBe(404);
    expectRateLimitHeaders(missing, 5, 4);
    expectRateLimitHeaders(await read(member), 5, 3);
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

  /** Registers a new Ed25519 key for the member through the admin API. */
  async function registerSigner(member: Member): Promise<Signer> {
    const pair = generateKeyPairSync('ed25519');
    const added = await send(baseUrl(p1.admin), 'POST', `/admin/members/${member.id}/keys`, {
      authorization: `Bearer ${ADMIN_TOKEN}`,
      body: { keyAlgorithm: 'ED25519', publicKey: pair.publicKey.export({ format: 'jwk' }).x },
    });
    expect(added.status).toBe(200);
    return { kid: (added.body as { keyId: string }).keyId, privateKey: pair.privateKey };
  }

  /** A GET of the member's keys with a token signed for it (its key is not cached by the process yet). */
  async function signedRead(
    base: string,
    member: Member,
    signer: Signer,
    ip: string,
    forwardedFor?: string,
  ): Promise<Sent> {
    const path = `/member/${member.id}/keys`;
    const token = await signRequest(signer.privateKey, {
      kid: signer.kid,
      mid: member.id,
      method: 'GET',
      host: new URL(base).host,
      path,
      expMs: Date.now() + 60_000,
    });
    return send(base, 'GET', path, {
      authorization: `Bearer ${token}`,
      ip,
      ...(forwardedFor === undefined ? {} : { forwardedFor }),
    });
  }

  describe('failed authentication', () => {
    const keysOf = (member: Member): string => `/member/${member.id}/keys`;
    const unknownKey = (): string => `Basic not-a-valid-key-${randomBytes(16).toString('hex')}`;
    /** Requests that present no credential: counted against the client address. */
    const noCredential = [undefined, 'Basic', 'Bearer a b', undefined, 'Basic'];

    it('counts failures without a credential per address: 429 after 4, while valid credentials from it still pass', async () => {
      const member = await createMember('Shared Address Ltd');
      const signer = await registerSigner(member);
      const ip = newIp();
      for (const [index, authorization] of noCredential.entries()) {
        const sent = await send(index % 2 === 0 ? api1 : api2, 'GET', keysOf(member), {
          ip,
          ...(authorization === undefined ? {} : { authorization }),
        });
        if (index < 4) {
          expect(sent.status, `failure ${index + 1}`).toBe(401);
          // Each 401 says how many failures the address has left in the window.
          expectRateLimitHeaders(sent, 4, 3 - index);
        } else {
          expectTooMany(sent);
          expectRateLimitHeaders(sent, 4, 0);
          expect(sent.body.error?.['message']).toMatch(/authentication/i);
        }
      }
      expectTooMany(await send(api2, 'GET', keysOf(member), { ip }));

      // A credential that verifies is never refused for failures: cached (Basic, read before) or
      // read from Postgres (a Bearer key this process has not seen), on either replica.
      for (const base of [api1, api2]) {
        const sent = await read(member, base, ip);
        expect(sent.status).toBe(200);
        expect(sent.header('ratelimit-limit')).toBe('5');
      }
      expect((await signedRead(api2, member, signer, ip)).status).toBe(200);
      // A credential that fails answers 401: its failures are its own.
      expect((await send(api1, 'GET', keysOf(member), { ip, authorization: unknownKey() })).status).toBe(401);

      for (const path of ['/healthz', '/readyz'])
        expect((await send(api1, 'GET', path, { ip })).status, path).toBe(200);
      expect((await send(api1, 'GET', keysOf(member), { ip: newIp() })).status).toBe(401);
    });

    it('counts failures of a presented credential against it: 429 after 4 from any address, others unaffected', async () => {
      const member = await createMember('Careful Client Ltd');
      const bad = unknownKey();
      const ip = newIp();
      for (let attempt = 1; attempt <= 4; attempt += 1) {
        const sent = await send(attempt % 2 === 0 ? api2 : api1, 'GET', keysOf(member), { ip, authorization: bad });
        expect(sent.status, `failure ${attempt}`).toBe(401);
      }
      for (const [base, from] of [
        [api1, ip],
        [api2, newIp()],
      ] as const) {
        const blocked = await send(base, 'GET', keysOf(member), { ip: from, authorization: bad });
        expectTooMany(blocked);
        expectRateLimitHeaders(blocked, 4, 0);
      }

      // The same address with another (bad) credential, with no credential, and a valid client.
      expect((await send(api1, 'GET', keysOf(member), { ip, authorization: unknownKey() })).status).toBe(401);
      expect((await send(api1, 'GET', keysOf(member), { ip })).status).toBe(401);
      const valid = await read(member, api1, ip);
      expect(valid.status).toBe(200);
      expectRateLimitHeaders(valid, 5, 4);
    });

    it('never locks a key out for tokens someone else forged with its key id', async () => {
      const victim = await createMember('Victim Ltd');
      const signer = await registerSigner(victim);
      const attacker = generateKeyPairSync('ed25519').privateKey;
      const path = keysOf(victim);
      // Two forged tokens (another private key, the victim's key id), each sent five times.
      const forgeries = await Promise.all(
        [1, 2].map((offset) =>
          signRequest(attacker, {
            kid: signer.kid,
            mid: victim.id,
            method: 'GET',
            host: new URL(api1).host,
            path,
            expMs: Date.now() + 60_000 + offset,
          }),
        ),
      );
      const ip = newIp();
      for (const forged of forgeries) {
        for (let attempt = 1; attempt <= 5; attempt += 1) {
          const sent = await send(api1, 'GET', path, { ip, authorization: `Bearer ${forged}` });
          expect(sent.status, `forged attempt ${attempt}`).toBe(attempt <= 4 ? 401 : 429);
        }
      }
      expect((await signedRead(api1, victim, signer, ip)).status).toBe(200);
      expect((await signedRead(api1, victim, signer, newIp())).status).toBe(200);
    });

    it('behind a proxy without TRUST_PROXY, clients share its address: failures without a credential block only such requests', async () => {
      const member = await createMember('Behind Ingress Ltd');
      const signer = await registerSigner(member);
      const ingress = newIp();
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        const sent = await send(api1, 'GET', keysOf(member), { ip: ingress, forwardedFor: newIp() });
        expect(sent.status, `failure ${attempt}`).toBe(attempt <= 4 ? 401 : 429);
      }
      // Another client through the same ingress: its address is the ingress's.
      expectTooMany(await send(api1, 'GET', keysOf(member), { ip: ingress, forwardedFor: newIp() }));
      expect((await read(member, api1, ingress, newIp())).status).toBe(200);
      expect((await signedRead(api1, member, signer, ingress, newIp())).status).toBe(200);
    });

    it('behind a proxy with TRUST_PROXY=1, each client is its X-Forwarded-For address', async () => {
      const member = await createMember('Trusted Ingress Ltd');
      const signer = await registerSigner(member);
      const ingress = newIp();
      const noisy = newIp();
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        const sent = await send(apiBehindProxy, 'GET', keysOf(member), { ip: ingress, forwardedFor: noisy });
        expect(sent.status, `failure ${attempt}`).toBe(attempt <= 4 ? 401 : 429);
      }
      expect((await send(apiBehindProxy, 'GET', keysOf(member), { ip: ingress, forwardedFor: newIp() })).status).toBe(
        401,
      );
      expect((await read(member, apiBehindProxy, ingress, newIp())).status).toBe(200);
      expect((await read(member, apiBehindProxy, ingress, noisy)).status).toBe(200);
      expect((await signedRead(apiBehindProxy, member, signer, ingress, noisy)).status).toBe(200);
    });

    it('successful authentications do not count as failures', async () => {
      const member = await createMember('Busy Client Ltd');
      const ip = newIp();
      for (let i = 0; i < 5; i += 1) expect((await read(member, api1, ip)).status).toBe(200);
      const bad = unknownKey();
      for (let i = 0; i < 4; i += 1)
        expect((await send(api1, 'GET', keysOf(member), { ip, authorization: bad })).status).toBe(401);
    });
  });
});
