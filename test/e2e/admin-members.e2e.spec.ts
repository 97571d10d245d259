import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiProcess, type ApiProcess } from '../../apps/api/src/create-api-process.js';
import { baseUrl, testConfig } from '../support/test-env.js';
import { http, newClientIp } from '../support/loopback-client.js';

const ADMIN_TOKEN = 'admin-members-token-0123456789abcdef0123';

interface MemberView {
  id: string;
  name: string;
  regulated: boolean;
  reseller: boolean;
  autoRedeem: boolean;
  status: string;
  createdDateTime: string;
}

interface ErrorBody {
  error: { errorCode?: string; message: string; paths?: string[]; paymentId?: string; tokenTraceId: string };
}

interface Reply<T> {
  status: number;
  body: T;
}

describe('admin API: members and API keys', () => {
  let proc: ApiProcess;
  let api: string;
  let admin: string;
  // Failed authentications are counted per client IP in the shared Redis: keep ours to ourselves.
  const clientIp = newClientIp();

  beforeAll(async () => {
    proc = await createApiProcess(await testConfig({ ADMIN_TOKEN }));
    await proc.api.listen(0, '127.0.0.1');
    await proc.admin.listen(0, '127.0.0.1');
    api = baseUrl(proc.api);
    admin = baseUrl(proc.admin);
  });
  afterAll(async () => {
    await proc.close();
  });

  async function call<T>(
    base: string,
    method: string,
    path: string,
    authorization: string | undefined,
    body?: unknown,
  ): Promise<Reply<T>> {
    const reply = await http<T>(
      `${base}${path}`,
      method,
      authorization === undefined ? {} : { authorization },
      body,
      clientIp,
    );
    return { status: reply.status, body: reply.body };
  }
  const adminCall = <T>(method: string, path: string, body?: unknown): Promise<Reply<T>> =>
    call<T>(admin, method, path, `Bearer ${ADMIN_TOKEN}`, body);
  /** A member-authenticated read on the public port with an API key. */
  const publicRead = (memberId: string, apiKey: string): Promise<Reply<unknown>> =>
    call(api, 'GET', `/member/${memberId}/keys`, `Basic ${apiKey}`);

  async function createMember(body: Record<string, unknown>): Promise<{ member: MemberView; apiKey: string }> {
    const created = await adminCall<{ member: MemberView; apiKey: string }>('POST', '/admin/members', body);
    expect(created.status).toBe(200);
    return created.body;
  }

  describe('POST /admin/members validation', () => {
    it.each([
      ['a missing name', { regulated: true }, 'name'],
      ['an empty name', { name: '' }, 'name'],
      ['a name of 201 characters', { name: 'n'.repeat(201) }, 'name'],
      ['a name that is not a string', { name: 42 }, 'name'],
      ['regulated that is not a boolean', { name: 'Acme', regulated: 'yes' }, 'regulated'],
      ['reseller that is not a boolean', { name: 'Acme', reseller: 1 }, 'reseller'],
    ])('%s -> 400 naming the field', async (_what, body, field) => {
      const { status, body: error } = await adminCall<ErrorBody>('POST', '/admin/members', body);
      expect(status).toBe(400);
      expect(error.error.errorCode).toBe('Field.Invalid');
      expect(error.error.paths).toEqual([field]);
      expect(error.error.message).toContain(field);
    });

    it('an unknown field -> 400 Field.Unknown naming it, and creates nothing', async () => {
      const before = await adminCall<{ members: MemberView[] }>('GET', '/admin/members?limit=200');
      const { status, body } = await adminCall<ErrorBody>('POST', '/admin/members', {
        name: 'Acme',
        status: 'ACTIVE',
        sneaky: true,
      });
      expect(status).toBe(400);
      expect(body.error.errorCode).toBe('Field.Unknown');
      expect(body.error.paths?.sort()).toEqual(['sneaky', 'status']);
      expect(body.error.message).toContain('sneaky');
      const after = await adminCall<{ members: MemberView[] }>('GET', '/admin/members?limit=200');
      expect(after.body.members).toEqual(before.body.members);
    });

    it('accepts a name of exactly 200 characters', async () => {
      expect((await createMember({ name: 'n'.repeat(200) })).member.name).toHaveLength(200);
    });
  });

  it('creates a member with its first API key, which authenticates on the public port', async () => {
    const startedAt = Date.now();
    const { member, apiKey } = await createMember({ name: 'Acme Payments Ltd', regulated: false, reseller: true });
    expect(Object.keys(member).sort()).toEqual([
      'autoRedeem',
      'createdDateTime',
      'id',
      'name',
      'regulated',
      'reseller',
      'status',
    ]);
    expect(member).toMatchObject({ name: 'Acme Payments Ltd', regulated: false, reseller: true, status: 'ACTIVE' });
    expect(member.id).toMatch(/^m:[A-Za-z0-9]+$/);
    expect(new Date(member.createdDateTime).toISOString()).toBe(member.createdDateTime);
    expect(Math.abs(Date.parse(member.createdDateTime) - startedAt)).toBeLessThan(60_000);
    expect(apiKey).toMatch(/^[A-Za-z0-9_-]{20,200}$/);

    const read = await publicRead(member.id, apiKey);
    expect(read).toEqual({ status: 200, body: [{ key: [] }] });
    expect((await publicRead(member.id, `${apiKey.slice(0, -1)}${apiKey.endsWith('A') ? 'B' : 'A'}`)).status).toBe(401);

    const defaults = await createMember({ name: 'Defaults Ltd' });
    expect(defaults.member).toMatchObject({ regulated: true, reseller: false, autoRedeem: true, status: 'ACTIVE' });
    expect(defaults.member.id).not.toBe(member.id);
    expect(defaults.apiKey).not.toBe(apiKey);
  });

  it('lists members by id in pages that continue from paging.offset', async () => {
    for (const name of ['Paging 1', 'Paging 2', 'Paging 3', 'Paging 4', 'Paging 5']) await createMember({ name });
    const all = await adminCall<{ members: MemberView[]; paging: { limit: number; offset?: string } }>(
      'GET',
      '/admin/members?limit=200',
    );
    expect(all.status).toBe(200);
    expect(all.body.members.length).toBeGreaterThanOrEqual(5);
    expect(all.body.paging).toEqual({ limit: 200 });

    const seen: MemberView[] = [];
    let offset: string | undefined;
    for (let page = 0; page < 50; page += 1) {
      const query = `limit=2${offset === undefined ? '' : `&offset=${encodeURIComponent(offset)}`}`;
      const { status, body } = await adminCall<{ members: MemberView[]; paging: { limit: number; offset?: string } }>(
        'GET',
        `/admin/members?${query}`,
      );
      expect(status).toBe(200);
      expect(body.paging.limit).toBe(2);
      expect(body.members.length).toBeLessThanOrEqual(2);
      seen.push(...body.members);
      offset = body.paging.offset;
      if (offset === undefined) break;
      expect(offset).toBe(body.members[body.members.length - 1]?.id);
    }
    expect(offset).toBeUndefined();
    expect(seen).toEqual(all.body.members);
    const ids = seen.map((m) => m.id);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it.each(['0', '201', '-1', '1.5', 'ten'])('GET /admin/members?limit=%s -> 400 naming limit', async (limit) => {
    const { status, body } = await adminCall<ErrorBody>('GET', `/admin/members?limit=${limit}`);
    expect(status).toBe(400);
    expect(body.error.paths).toEqual(['limit']);
  });

  it('gets one member, and answers 404 with the id for an unknown one', async () => {
    const { member } = await createMember({ name: 'Get One Ltd' });
    expect(await adminCall('GET', `/admin/members/${member.id}`)).toEqual({ status: 200, body: { member } });

    const unknown = `m:${randomBytes(12).toString('hex')}`;
    const missing = await adminCall<ErrorBody>('GET', `/admin/members/${unknown}`);
    expect(missing.status).toBe(404);
    expect(missing.body.error).toMatchObject({ errorCode: 'NOT_FOUND', paymentId: unknown });
    expect(
      (await adminCall<ErrorBody>('PATCH', `/admin/members/${unknown}`, { status: 'SUSPENDED' })).body.error.paymentId,
    ).toBe(unknown);
  });

  it('suspends and reactivates a member; a suspended member is refused on the public port', async () => {
    const { member, apiKey } = await createMember({ name: 'Suspend Me Ltd' });
    const suspended = await adminCall<{ member: MemberView }>('PATCH', `/admin/members/${member.id}`, {
      status: 'SUSPENDED',
    });
    expect(suspended).toEqual({ status: 200, body: { member: { ...member, status: 'SUSPENDED' } } });
    expect((await adminCall<{ member: MemberView }>('GET', `/admin/members/${member.id}`)).body.member.status).toBe(
      'SUSPENDED',
    );
    const refused = await publicRead(member.id, apiKey);
    expect(refused.status).toBe(403);
    expect((refused.body as ErrorBody).error.errorCode).toBe('PermissionDenied');

    const active = await adminCall<{ member: MemberView }>('PATCH', `/admin/members/${member.id}`, {
      status: 'ACTIVE',
    });
    expect(active.body.member.status).toBe('ACTIVE');
    expect((await publicRead(member.id, apiKey)).status).toBe(200);
  });

  it('turns Payments v1 auto-redeem off and on again, and refuses a value that is not a boolean', async () => {
    const { member } = await createMember({ name: 'Explicit Redeem Ltd' });
    expect(member.autoRedeem).toBe(true);
    const off = await adminCall<{ member: MemberView }>('PATCH', `/admin/members/${member.id}`, { autoRedeem: false });
    expect(off).toEqual({ status: 200, body: { member: { ...member, autoRedeem: false } } });
    expect((await adminCall<{ member: MemberView }>('GET', `/admin/members/${member.id}`)).body.member.autoRedeem).toBe(
      false,
    );
    for (const autoRedeem of ['false', 0, null]) {
      const refused = await adminCall<ErrorBody>('PATCH', `/admin/members/${member.id}`, { autoRedeem });
      expect(refused.status, JSON.stringify(autoRedeem)).toBe(400);
      expect(refused.body.error.paths).toEqual(['autoRedeem']);
    }
    const on = await adminCall<{ member: MemberView }>('PATCH', `/admin/members/${member.id}`, { autoRedeem: true });
    expect(on.body.member.autoRedeem).toBe(true);
  });

  it.each([['BANNED'], ['active'], [''], [1]])(
    'PATCH status %j -> 400 naming status, member unchanged',
    async (status) => {
      const { member } = await createMember({ name: 'Bad Status Ltd' });
      const { status: code, body } = await adminCall<ErrorBody>('PATCH', `/admin/members/${member.id}`, { status });
      expect(code).toBe(400);
      expect(body.error.paths).toEqual(['status']);
      expect((await adminCall<{ member: MemberView }>('GET', `/admin/members/${member.id}`)).body.member).toEqual(
        member,
      );
    },
  );

  it('issues an extra API key shown once, lists keys without secrets, and revokes one key only', async () => {
    const { member, apiKey: firstKey } = await createMember({ name: 'Keys Ltd' });
    const issued = await adminCall<{ key: { id: string; label?: string; createdDateTime: string }; apiKey: string }>(
      'POST',
      `/admin/members/${member.id}/api-keys`,
      { label: 'ci' },
    );
    expect(issued.status).toBe(200);
    expect(issued.body.key).toMatchObject({ label: 'ci' });
    expect(issued.body.apiKey).not.toBe(firstKey);
    const secondKey = issued.body.apiKey;
    expect((await publicRead(member.id, secondKey)).status).toBe(200);

    const listed = await adminCall<{ keys: Record<string, unknown>[] }>('GET', `/admin/members/${member.id}/api-keys`);
    expect(listed.status).toBe(200);
    expect(listed.body.keys).toHaveLength(2);
    expect(listed.body.keys.map((k) => k['id'])).toContain(issued.body.key.id);
    for (const key of listed.body.keys) {
      expect(key).not.toHaveProperty('apiKey');
      expect(key).not.toHaveProperty('keyHash');
      expect(key).not.toHaveProperty('revokedDateTime');
    }
    const raw = JSON.stringify(listed.body);
    expect(raw).not.toContain(firstKey);
    expect(raw).not.toContain(secondKey);

    const firstId = listed.body.keys.find((k) => k['id'] !== issued.body.key.id)?.['id'];
    expect(typeof firstId).toBe('string');
    expect(await adminCall('DELETE', `/admin/members/${member.id}/api-keys/${String(firstId)}`)).toEqual({
      status: 200,
      body: {},
    });
    expect((await publicRead(member.id, firstKey)).status).toBe(401);
    expect((await publicRead(member.id, secondKey)).status).toBe(200);
    const after = await adminCall<{ keys: Record<string, unknown>[] }>('GET', `/admin/members/${member.id}/api-keys`);
    const revoked = after.body.keys.find((k) => k['id'] === firstId);
    expect(typeof revoked?.['revokedDateTime']).toBe('string');
    expect(after.body.keys.find((k) => k['id'] === issued.body.key.id)).not.toHaveProperty('revokedDateTime');
  });

  it('DELETE of an unknown API key, or of another member’s, -> 404 with the key id', async () => {
    const { member } = await createMember({ name: 'Unknown Key Ltd' });
    const other = await createMember({ name: 'Other Key Ltd' });
    const missing = await adminCall<ErrorBody>('DELETE', `/admin/members/${member.id}/api-keys/ak:nope`);
    expect(missing.status).toBe(404);
    expect(missing.body.error).toMatchObject({ errorCode: 'NOT_FOUND', paymentId: 'ak:nope' });

    const otherKeyId =
      (await adminCall<{ keys: { id: string }[] }>('GET', `/admin/members/${other.member.id}/api-keys`)).body.keys[0]
        ?.id ?? '';
    const foreign = await adminCall<ErrorBody>('DELETE', `/admin/members/${member.id}/api-keys/${otherKeyId}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.paymentId).toBe(otherKeyId);
    expect((await publicRead(other.member.id, other.apiKey)).status).toBe(200);
  });

  it.each([
    ['no token', undefined],
    ['a wrong token', 'Bearer wrong-token'],
    ['the token with a suffix', `Bearer ${ADMIN_TOKEN}x`],
    ['the token with another scheme', `Basic ${ADMIN_TOKEN}`],
  ])('admin routes with %s -> 401', async (_what, authorization) => {
    for (const [method, path, body] of [
      ['GET', '/admin/members', undefined],
      ['POST', '/admin/members', { name: 'Intruder Ltd' }],
    ] as const) {
      const { status, body: error } = await call<ErrorBody>(admin, method, path, authorization, body);
      expect(status).toBe(401);
      expect(Object.keys(error.error).sort()).toEqual(['message', 'tokenTraceId']);
    }
    const list = await adminCall<{ members: MemberView[] }>('GET', '/admin/members?limit=200');
    expect(list.body.members.some((m) => m.name === 'Intruder Ltd')).toBe(false);
  });

  it('answers 404 for admin routes on the public port, even with the admin token', async () => {
    for (const [method, path, body] of [
      ['GET', '/admin/members', undefined],
      ['POST', '/admin/members', { name: 'Wrong Port Ltd' }],
      ['POST', '/admin/clock/advance', { seconds: 1 }],
    ] as const) {
      const { status, body: error } = await call<ErrorBody>(api, method, path, `Bearer ${ADMIN_TOKEN}`, body);
      expect(status, `${method} ${path}`).toBe(404);
      expect(error.error).toMatchObject({ errorCode: 'ROUTE_NOT_FOUND', paymentId: path });
    }
  });

  it('documents the member routes in the admin OpenAPI document only', async () => {
    const adminDoc = (await (await fetch(`${admin}/admin/openapi.json`)).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(adminDoc.paths)).toEqual(
      expect.arrayContaining(['/admin/members', '/admin/members/{memberId}', '/admin/members/{memberId}/api-keys']),
    );
    const publicDoc = (await (await fetch(`${api}/openapi.json`)).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(publicDoc.paths).filter((p) => p.startsWith('/admin'))).toEqual([]);
  });
});
