import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiProcess, type ApiProcess } from '../../apps/api/src/create-api-process.js';
import { baseUrl, testConfig } from '../support/test-env.js';
import { http, newClientIp } from '../support/loopback-client.js';

const ADMIN_TOKEN = 'tenant-isolation-token-0123456789abcdef';

interface Member {
  readonly id: string;
  readonly apiKey: string;
}

interface KeyView {
  id: string;
  keyAlgorithm: string;
  publicKey: string;
  expiresAtMs?: string;
}

interface ErrorBody {
  error: { errorCode?: string; message: string; paymentId?: string; tokenTraceId: string };
}

interface Reply<T> {
  status: number;
  body: T;
}

function newPublicKey(): string {
  return generateKeyPairSync('ed25519').publicKey.export({ format: 'jwk' }).x ?? '';
}

describe('tenant isolation of member keys', () => {
  let proc: ApiProcess;
  let api: string;
  let a: Member;
  let b: Member;
  let aKeyId: string;
  let bKeyId: string;
  const clientIp = newClientIp();

  async function call<T>(member: Member, method: string, path: string, body?: unknown): Promise<Reply<T>> {
    const reply = await http<T>(`${api}${path}`, method, { authorization: `Basic ${member.apiKey}` }, body, clientIp);
    return { status: reply.status, body: reply.body };
  }

  async function createMember(name: string): Promise<Member> {
    const response = await fetch(`${baseUrl(proc.admin)}/admin/members`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name }),
    });
    expect(response.status).toBe(200);
    const { member, apiKey } = (await response.json()) as { member: { id: string }; apiKey: string };
    return { id: member.id, apiKey };
  }

  async function submitKey(member: Member): Promise<string> {
    const { status, body } = await call<{ keyId: string }>(member, 'POST', `/member/${member.id}/keys`, {
      keyAlgorithm: 'ED25519',
      publicKey: newPublicKey(),
    });
    expect(status).toBe(200);
    return body.keyId;
  }

  /** The member's keys, as the member itself sees them. */
  async function keysOf(member: Member): Promise<KeyView[]> {
    const { status, body } = await call<{ key: KeyView[] }[]>(member, 'GET', `/member/${member.id}/keys`);
    expect(status).toBe(200);
    expect(body).toHaveLength(1);
    return body[0]?.key ?? [];
  }

  /** Both members' keys, as the admin API (not the members) sees them. */
  async function allKeys(): Promise<Record<string, KeyView[]>> {
    const result: Record<string, KeyView[]> = {};
    for (const member of [a, b]) {
      const response = await fetch(`${baseUrl(proc.admin)}/admin/members/${member.id}/keys`, {
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      });
      expect(response.status).toBe(200);
      result[member.id] = ((await response.json()) as { key: KeyView[] }).key;
    }
    return result;
  }

  beforeAll(async () => {
    proc = await createApiProcess(await testConfig({ ADMIN_TOKEN }));
    await proc.api.listen(0, '127.0.0.1');
    await proc.admin.listen(0, '127.0.0.1');
    api = baseUrl(proc.api);
    a = await createMember('Tenant A');
    b = await createMember('Tenant B');
    aKeyId = await submitKey(a);
    bKeyId = await submitKey(b);
  });
  afterAll(async () => {
    await proc.close();
  });

  it('each member sees its own key', async () => {
    expect((await keysOf(a)).map((k) => k.id)).toEqual([aKeyId]);
    expect((await keysOf(b)).map((k) => k.id)).toEqual([bKeyId]);
    expect(
      (await call<{ key: KeyView[] }>(a, 'GET', `/member/${a.id}/keys/${aKeyId}`)).body.key.map((k) => k.id),
    ).toEqual([aKeyId]);
  });

  it("B cannot read A's key through its own member path: 404 naming the key id", async () => {
    const { status, body } = await call<ErrorBody>(b, 'GET', `/member/${b.id}/keys/${aKeyId}`);
    expect(status).toBe(404);
    expect(body.error).toMatchObject({ errorCode: 'NOT_FOUND', paymentId: aKeyId });
    expect(JSON.stringify(body)).not.toContain((await keysOf(a))[0]?.publicKey ?? 'unreachable');
  });

  it("B cannot delete A's key through its own member path: 404, and A's key still exists", async () => {
    const before = await allKeys();
    const { status, body } = await call<ErrorBody>(b, 'DELETE', `/member/${b.id}/keys/${aKeyId}`);
    expect(status).toBe(404);
    expect(body.error).toMatchObject({ errorCode: 'NOT_FOUND', paymentId: aKeyId });
    expect((await call(a, 'GET', `/member/${a.id}/keys/${aKeyId}`)).status).toBe(200);
    expect(await allKeys()).toEqual(before);
  });

  describe("B on A's member path -> 403 PermissionDenied, nothing changed", () => {
    it.each([
      ['GET the list', 'GET', () => `/member/${a.id}/keys`, undefined],
      ['GET one key', 'GET', () => `/member/${a.id}/keys/${aKeyId}`, undefined],
      ['GET an unknown key', 'GET', () => `/member/${a.id}/keys/nope`, undefined],
      ['POST a key', 'POST', () => `/member/${a.id}/keys`, { keyAlgorithm: 'ED25519', publicKey: newPublicKey() }],
      [
        'POST an invalid key',
        'POST',
        () => `/member/${a.id}/keys`,
        { keyAlgorithm: 'ED25519', publicKey: 'x'.repeat(40) },
      ],
      ['DELETE a key', 'DELETE', () => `/member/${a.id}/keys/${aKeyId}`, undefined],
    ] as const)('%s', async (_what, method, path, body) => {
      const before = await allKeys();
      const reply = await call<ErrorBody>(b, method, path(), body);
      expect(reply.status).toBe(403);
      expect(Object.keys(reply.body.error).sort()).toEqual(['errorCode', 'message', 'tokenTraceId']);
      expect(reply.body.error.errorCode).toBe('PermissionDenied');
      expect(JSON.stringify(reply.body)).not.toContain(aKeyId);
      expect(await allKeys()).toEqual(before);
    });

    it('the same holds for a member id that does not exist', async () => {
      const reply = await call<ErrorBody>(b, 'GET', `/member/m:${randomBytes(8).toString('hex')}/keys`);
      expect(reply.status).toBe(403);
      expect(reply.body.error.errorCode).toBe('PermissionDenied');
    });
  });

  it("A's list never holds B's keys, however many B registers", async () => {
    const added = [await submitKey(b), await submitKey(b)];
    const extraA = await submitKey(a);
    const aKeys = (await keysOf(a)).map((k) => k.id);
    const bKeys = (await keysOf(b)).map((k) => k.id);
    expect(aKeys.sort()).toEqual([aKeyId, extraA].sort());
    expect(bKeys.sort()).toEqual([bKeyId, ...added].sort());
    expect(aKeys.filter((id) => bKeys.includes(id))).toEqual([]);
    for (const id of bKeys) expect((await call<ErrorBody>(a, 'GET', `/member/${a.id}/keys/${id}`)).status).toBe(404);
  });

  it("A can still delete its own key, after which B's keys are untouched", async () => {
    const before = (await keysOf(b)).map((k) => k.id);
    expect(await call(a, 'DELETE', `/member/${a.id}/keys/${aKeyId}`)).toEqual({ status: 200, body: {} });
    expect((await call(a, 'GET', `/member/${a.id}/keys/${aKeyId}`)).status).toBe(404);
    expect((await keysOf(b)).map((k) => k.id)).toEqual(before);
  });
});
