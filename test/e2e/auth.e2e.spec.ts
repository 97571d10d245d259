import { createPublicKey, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { CompactSign, compactVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createApiProcess, type ApiProcess } from '../../apps/api/src/create-api-process.js';
import { signRequest, type SignOptions } from '../support/sign-request.js';
import { es256Twin, signatureSpellings, withSignature } from '../support/signature-spellings.js';
import { baseUrl, testConfig } from '../support/test-env.js';

const ADMIN_TOKEN = 'test-admin-token-0123456789abcdef0123';
const UNAUTHENTICATED = 'Authorization is missing or invalid.';

interface Server {
  readonly proc: ApiProcess;
  readonly api: string;
  readonly admin: string;
  /** The Host header fetch sends to the public API. */
  readonly host: string;
}
interface Member {
  readonly id: string;
  readonly apiKey: string;
}
interface Signer {
  readonly kid: string;
  readonly alg: string;
  readonly privateKey: KeyObject;
  readonly pem: string;
}
/** How one request deviates from a plain POST /member/{id}/keys with a valid key body. */
interface Attempt {
  readonly authorization?: string;
  readonly query?: string;
}

const KINDS = {
  ed25519: { keyAlgorithm: 'ED25519', alg: 'EdDSA', generate: () => generateKeyPairSync('ed25519') },
  p256: {
    keyAlgorithm: 'ECDSA_SHA256',
    alg: 'ES256',
    generate: () => generateKeyPairSync('ec', { namedCurve: 'P-256' }),
  },
  rsa: { keyAlgorithm: 'RS256', alg: 'RS256', generate: () => generateKeyPairSync('rsa', { modulusLength: 2048 }) },
} as const;
type KeyKind = keyof typeof KINDS;

const pemOf = (key: KeyObject): string => key.export({ type: 'spki', format: 'pem' }).toString();
/** An Ed25519 public key as its raw 32 bytes, base64url (the last 32 bytes of its SPKI DER). */
const rawEd25519 = (key: KeyObject): string =>
  key.export({ type: 'spki', format: 'der' }).subarray(-32).toString('base64url');
const newKeyBody = (): string =>
  JSON.stringify({ keyAlgorithm: 'ED25519', publicKey: rawEd25519(generateKeyPairSync('ed25519').publicKey) });
const b64 = (text: string): string => Buffer.from(text, 'utf8').toString('base64url');
const bearer = (token: string): string => `Bearer ${token}`;
const keysPath = (memberId: string): string => `/member/${memberId}/keys`;

/** The body every rejected write sends: a valid key that must never be stored. */
const WRITE_BODY = newKeyBody();

/**
 * Failed authentications are counted in Redis (per credential, or per client address for requests
 * without one); this file's processes use a Redis
 * database of their own (and a high limit) so its many 401s never throttle other test files.
 */
async function startServer(env: Record<string, string> = {}): Promise<Server> {
  const redisUrl = `${inject('redisUrl')}/7`;
  const proc = await createApiProcess(
    await testConfig({ REDIS_URL: redisUrl, RATE_LIMIT_AUTH_FAILURES_PER_MINUTE: '100000', ...env }),
  );
  await proc.api.listen(0, '127.0.0.1');
  await proc.admin.listen(0, '127.0.0.1');
  const api = baseUrl(proc.api);
  return { proc, api, admin: baseUrl(proc.admin), host: new URL(api).host };
}

function send(
  base: string,
  path: string,
  init: { method?: string; authorization?: string; body?: string } = {},
): Promise<Response> {
  const headers: Record<string, string> = {};
  if (init.authorization !== undefined) headers['authorization'] = init.authorization;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const method = init.method ?? (init.body === undefined ? 'GET' : 'POST');
  return fetch(`${base}${path}`, { method, headers, ...(init.body === undefined ? {} : { body: init.body }) });
}

async function adminCall<T>(server: Server, method: string, path: string, body?: unknown): Promise<T> {
  const response = await send(server.admin, path, {
    method,
    authorization: bearer(ADMIN_TOKEN),
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(response.status, `${method} ${path}`).toBe(200);
  return (await response.json()) as T;
}

async function createMember(server: Server): Promise<Member> {
  const { member, apiKey } = await adminCall<{ member: { id: string }; apiKey: string }>(
    server,
    'POST',
    '/admin/members',
    { name: 'auth e2e' },
  );
  return { id: member.id, apiKey };
}

/** Generates a key pair and registers its public half for the member through the admin API. */
async function registerSigner(
  server: Server,
  memberId: string,
  kind: KeyKind,
  options: { raw?: boolean; expiresAtMs?: number } = {},
): Promise<Signer> {
  const { keyAlgorithm, alg, generate } = KINDS[kind];
  const { publicKey, privateKey } = generate();
  const body = {
    keyAlgorithm,
    publicKey: options.raw === true ? rawEd25519(publicKey) : pemOf(publicKey),
    ...(options.expiresAtMs === undefined ? {} : { expiresAtMs: String(options.expiresAtMs) }),
  };
  const { keyId } = await adminCall<{ keyId: string }>(server, 'POST', `/admin/members/${memberId}/keys`, body);
  return { kid: keyId, alg, privateKey, pem: pemOf(publicKey) };
}

async function keyCount(server: Server, memberId: string): Promise<number> {
  return (await adminCall<{ key: unknown[] }>(server, 'GET', `/admin/members/${memberId}/keys`)).key.length;
}

/** A token bound to `method url` on the server, valid for a minute of wall time. */
function tokenFor(
  server: Server,
  signer: Signer,
  mid: string,
  method: string,
  url: string,
  body: string,
  extra: Partial<SignOptions> = {},
): Promise<string> {
  const [path = '', query] = url.split('?');
  const expMs = Date.now() + 60_000;
  return signRequest(signer.privateKey, {
    alg: signer.alg,
    kid: signer.kid,
    mid,
    method,
    host: server.host,
    path,
    ...(query === undefined ? {} : { query }),
    body,
    expMs,
    ...extra,
  });
}

async function expectUnauthenticated(response: Response): Promise<void> {
  expect(response.status).toBe(401);
  const traceId = response.headers.get('token-trace-id');
  expect(traceId).toMatch(/^[0-9a-f]{32}$/);
  expect(await response.json()).toEqual({ error: { message: UNAUTHENTICATED, tokenTraceId: traceId } });
}

/** Sends the attempt as a key submission, expects 401 and that no key was stored. */
async function expectRejectedWrite(server: Server, memberId: string, attempt: Attempt): Promise<void> {
  const before = await keyCount(server, memberId);
  const { authorization, query = '' } = attempt;
  await expectUnauthenticated(
    await send(server.api, `${keysPath(memberId)}${query}`, {
      body: WRITE_BODY,
      ...(authorization === undefined ? {} : { authorization }),
    }),
  );
  expect(await keyCount(server, memberId)).toBe(before);
}

describe('member authentication (sandbox)', () => {
  let server: Server;
  let a: Member;
  let b: Member;
  let edA: Signer;
  let edRawA: Signer;
  let ecA: Signer;
  let rsaA: Signer;
  let edB: Signer;

  beforeAll(async () => {
    server = await startServer();
    a = await createMember(server);
    b = await createMember(server);
    edA = await registerSigner(server, a.id, 'ed25519');
    edRawA = await registerSigner(server, a.id, 'ed25519', { raw: true });
    ecA = await registerSigner(server, a.id, 'p256');
    rsaA = await registerSigner(server, a.id, 'rsa');
    edB = await registerSigner(server, b.id, 'ed25519');
  });
  afterAll(async () => {
    await server.proc.close();
  });

  const writeToken = (signer: Signer, extra: Partial<SignOptions> = {}): Promise<string> =>
    tokenFor(server, signer, a.id, 'POST', keysPath(a.id), WRITE_BODY, extra);
  const write = async (signer: Signer, extra: Partial<SignOptions> = {}): Promise<Attempt> => ({
    authorization: bearer(await writeToken(signer, extra)),
  });
  /** The protected header a valid token for the write would carry, with another alg. */
  const bindingHeader = (alg: string): { alg: string; [name: string]: unknown } => {
    const exp = Date.now() + 60_000;
    return { alg, kid: edA.kid, mid: a.id, method: 'POST', host: server.host, path: keysPath(a.id), exp };
  };
  const readAs = async (signer: Signer, memberId = a.id): Promise<Response> =>
    send(server.api, keysPath(memberId), {
      authorization: bearer(await tokenFor(server, signer, memberId, 'GET', keysPath(memberId), '')),
    });

  const rejected: readonly (readonly [string, () => Attempt | Promise<Attempt>])[] = [
    ['no Authorization header', () => ({})],
    ['an unknown scheme', () => ({ authorization: 'Digest abc' })],
    // fetch (like any HTTP stack) trims the trailing space, so this arrives as a bare "Basic" too.
    ['"Basic " with no credential', () => ({ authorization: 'Basic ' })],
    ['a bare "Basic"', () => ({ authorization: 'Basic' })],
    ['an unknown API key', () => ({ authorization: `Basic ${randomBytes(24).toString('base64url')}` })],
    ['a malformed API key', () => ({ authorization: 'Basic !!!' })],
    [
      'a JWT with alg none',
      () => ({ authorization: bearer(`${b64(JSON.stringify(bindingHeader('none')))}.${b64(WRITE_BODY)}.`) }),
    ],
    [
      'HS256 keyed with the public key PEM',
      async () => {
        const jws = await new CompactSign(new TextEncoder().encode(WRITE_BODY))
          .setProtectedHeader(bindingHeader('HS256'))
          .sign(new TextEncoder().encode(edA.pem));
        return { authorization: bearer(jws) };
      },
    ],
    ['an unknown kid', () => write(edA, { kid: 'no-such-key-id' })],
    ['the kid of another member', () => write(edB, { mid: a.id })],
    ['an expired token', () => write(edA, { expMs: Date.now() - 120_000 })],
    ['an exp too far ahead', () => write(edA, { expMs: Date.now() + 600_000 })],
    ['another host', () => write(edA, { host: 'gateway.example.com' })],
    ['another method', () => write(edA, { method: 'PUT' })],
    ['another path', () => write(edA, { path: keysPath(b.id) })],
    ['another query', async () => ({ ...(await write(edA, { query: 'a=1' })), query: '?a=2' })],
    ['no query in the token, one on the request', async () => ({ ...(await write(edA)), query: '?a=1' })],
    ['a payload that is not the body', () => write(edA, { body: newKeyBody() })],
    ['a token in the query string only', async () => ({ query: `?access_token=${await writeToken(edA)}` })],
    ['a string that is not a JWT', () => ({ authorization: 'Bearer hello' })],
    ['an alg that does not fit the key (ES256 on an Ed25519 kid)', () => write({ ...ecA, kid: edA.kid })],
  ];

  it.each(rejected)('401 before any controller: %s', async (_name, attempt) => {
    await expectRejectedWrite(server, a.id, await attempt());
  });

  it('401 for a revoked API key', async () => {
    const issued = await adminCall<{ key: { id: string }; apiKey: string }>(
      server,
      'POST',
      `/admin/members/${a.id}/api-keys`,
      { label: 'to revoke' },
    );
    expect((await send(server.api, keysPath(a.id), { authorization: `Basic ${issued.apiKey}` })).status).toBe(200);
    await adminCall(server, 'DELETE', `/admin/members/${a.id}/api-keys/${issued.key.id}`);
    const { keys } = await adminCall<{ keys: { id: string; revokedDateTime?: string }[] }>(
      server,
      'GET',
      `/admin/members/${a.id}/api-keys`,
    );
    expect(keys.find((key) => key.id === issued.key.id)?.revokedDateTime).toEqual(expect.any(String));
    await expectRejectedWrite(server, a.id, { authorization: `Basic ${issued.apiKey}` });
  });

  it('accepts a token once: a replay answers 401 and stores nothing', async () => {
    const before = await keyCount(server, a.id);
    const body = newKeyBody();
    const authorization = bearer(await tokenFor(server, edA, a.id, 'POST', keysPath(a.id), body));
    expect((await send(server.api, keysPath(a.id), { authorization, body })).status).toBe(200);
    await expectUnauthenticated(await send(server.api, keysPath(a.id), { authorization, body }));
    expect(await keyCount(server, a.id)).toBe(before + 1);
  });

  /** Checks that jose accepts the token for the signer's key: what the gateway must see through. */
  async function expectVerifies(signer: Signer, token: string, body: string): Promise<void> {
    const [encodedHeader = '', , signature = ''] = token.split('.');
    const input = `${encodedHeader}.${b64(body)}.${signature}`;
    await expect(
      compactVerify(input, createPublicKey(signer.pem), { algorithms: [signer.alg] }),
      signature,
    ).resolves.toBeDefined();
  }

  it.each([
    ['EdDSA', () => edA],
    ['ES256', () => ecA],
    ['RS256', () => rsaA],
    ['PS256', () => ({ ...rsaA, alg: 'PS256' })],
  ] as const)('accepts a %s token once in any of its 16 spellings of the signature', async (_alg, signerOf) => {
    const signer = signerOf();
    const before = await keyCount(server, a.id);
    const body = newKeyBody();
    const token = await tokenFor(server, signer, a.id, 'POST', keysPath(a.id), body);
    const spellings = signatureSpellings(token.split('.')[2] ?? '');
    expect(spellings).toHaveLength(16);
    const [canonical = '', ...others] = spellings;
    expect(canonical).toBe(token.split('.')[2]);
    for (const spelling of spellings) await expectVerifies(signer, withSignature(token, spelling), body);

    const first = await send(server.api, keysPath(a.id), { authorization: bearer(token), body });
    expect(first.status).toBe(200);
    const [encodedHeader] = token.split('.');
    for (const respelled of [
      ...others.map((spelling) => withSignature(token, spelling)),
      ...spellings.map((spelling) => `${encodedHeader}..${spelling}`),
    ])
      await expectUnauthenticated(await send(server.api, keysPath(a.id), { authorization: bearer(respelled), body }));
    expect(await keyCount(server, a.id)).toBe(before + 1);
  });

  it('accepts an ES256 token once whichever of its two signatures (s or n - s) comes first', async () => {
    const before = await keyCount(server, a.id);
    const body = newKeyBody();
    const token = await tokenFor(server, ecA, a.id, 'POST', keysPath(a.id), body);
    const twin = withSignature(token, es256Twin(token.split('.')[2] ?? ''));
    expect(twin).not.toBe(token);
    await expectVerifies(ecA, twin, body);

    expect((await send(server.api, keysPath(a.id), { authorization: bearer(twin), body })).status).toBe(200);
    for (const signature of [token, twin].flatMap((jws) => signatureSpellings(jws.split('.')[2] ?? '')))
      await expectUnauthenticated(
        await send(server.api, keysPath(a.id), { authorization: bearer(withSignature(token, signature)), body }),
      );
    expect(await keyCount(server, a.id)).toBe(before + 1);
  });

  it('Basic with the API key reads the member keys in sandbox', async () => {
    const response = await send(server.api, keysPath(a.id), { authorization: `Basic ${a.apiKey}` });
    expect(response.status).toBe(200);
    const [list] = (await response.json()) as [{ key: { id: string }[] }];
    expect(list.key.map((key) => key.id)).toEqual(expect.arrayContaining([edA.kid, edRawA.kid, ecA.kid, rsaA.kid]));
  });

  it('Basic in the RFC 7617 form (base64 of `key:`, as curl -u sends it) reads the member keys too', async () => {
    const userPass = Buffer.from(`${a.apiKey}:`, 'utf8').toString('base64');
    const response = await send(server.api, keysPath(a.id), { authorization: `Basic ${userPass}` });
    expect(response.status).toBe(200);
    const withPassword = Buffer.from(`${a.apiKey}:password`, 'utf8').toString('base64');
    await expectUnauthenticated(await send(server.api, keysPath(a.id), { authorization: `Basic ${withPassword}` }));
  });

  it.each([
    ['attached', false],
    ['detached', true],
  ] as const)(
    'a JWT-signed key submission with the payload %s answers 200 and stores the key',
    async (_name, detached) => {
      const before = await keyCount(server, a.id);
      const body = newKeyBody();
      const token = await tokenFor(server, edA, a.id, 'POST', keysPath(a.id), body, { detached });
      if (detached) expect(token).toMatch(/^[\w-]+\.\.[\w-]+$/);
      const response = await send(server.api, keysPath(a.id), { authorization: bearer(token), body });
      expect(response.status).toBe(200);
      const { keyId } = (await response.json()) as { keyId: string };
      expect(keyId).toMatch(/^[\w-]+$/);
      expect(await keyCount(server, a.id)).toBe(before + 1);
      expect((await readAs(edA)).status).toBe(200);
    },
  );

  it.each([
    ['EdDSA with a key submitted as raw base64url', () => edRawA],
    ['ES256 with a P-256 key', () => ecA],
    ['RS256 with a 2048-bit RSA key', () => rsaA],
    ['PS256 with the same RSA key', () => ({ ...rsaA, alg: 'PS256' })],
  ] as const)('accepts %s', async (_name, signer) => {
    expect((await readAs(signer())).status).toBe(200);
  });

  it('answers 403 PermissionDenied to a suspended member, and 200 once active again', async () => {
    await adminCall(server, 'PATCH', `/admin/members/${b.id}`, { status: 'SUSPENDED' });
    for (const response of [
      await readAs(edB, b.id),
      await send(server.api, keysPath(b.id), { authorization: `Basic ${b.apiKey}` }),
    ]) {
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({
        error: {
          errorCode: 'PermissionDenied',
          message: 'The member is suspended.',
          tokenTraceId: response.headers.get('token-trace-id'),
        },
      });
    }
    await adminCall(server, 'PATCH', `/admin/members/${b.id}`, { status: 'ACTIVE' });
    expect((await readAs(edB, b.id)).status).toBe(200);
  });

  it('answers 400 naming publicKey to a 1024-bit RSA key', async () => {
    const before = await keyCount(server, a.id);
    const weak = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey;
    const body = JSON.stringify({ keyAlgorithm: 'RS256', publicKey: pemOf(weak) });
    const response = await send(server.api, keysPath(a.id), {
      authorization: bearer(await tokenFor(server, edA, a.id, 'POST', keysPath(a.id), body)),
      body,
    });
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { paths: string[]; message: string } };
    expect(error.paths).toEqual(['publicKey']);
    expect(error.message).toContain('publicKey');
    expect(await keyCount(server, a.id)).toBe(before);
  });

  it('answers 401 to tokens of a key whose expiresAtMs has passed', async () => {
    const expiring = await registerSigner(server, a.id, 'ed25519', { expiresAtMs: Date.now() + 1500 });
    expect((await readAs(expiring)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1800));
    await expectRejectedWrite(server, a.id, await write(expiring));
    expect((await readAs(edA)).status).toBe(200);
  });

  // Last: advancing the service clock is shared by everything this process does afterwards.
  it('judges tokens on wall time: advancing the sandbox clock a day does not expire them', async () => {
    await adminCall(server, 'POST', '/admin/clock/advance', { seconds: 86_400 });
    expect((await readAs(edA)).status).toBe(200);
  });
});

describe('member authentication (production)', () => {
  it('answers 401 to Basic with a valid API key, while Bearer works', async () => {
    const server = await startServer({
      ENVIRONMENT: 'production',
      ALLOW_SANDBOX_BANKS: 'true',
      PUBLIC_BASE_URL: 'https://gw.example.com',
    });
    try {
      const member = await createMember(server);
      await expectRejectedWrite(server, member.id, { authorization: `Basic ${member.apiKey}` });
      const signer = await registerSigner(server, member.id, 'ed25519');
      const token = await tokenFor(server, signer, member.id, 'GET', keysPath(member.id), '');
      expect((await send(server.api, keysPath(member.id), { authorization: bearer(token) })).status).toBe(200);
    } finally {
      await server.proc.close();
    }
  });
});
