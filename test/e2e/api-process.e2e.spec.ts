import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiProcess, type ApiProcess } from '../../apps/api/src/create-api-process.js';
import { baseUrl, testConfig } from '../support/test-env.js';

describe('api process over HTTP', () => {
  let proc: ApiProcess;
  let api: string;
  let admin: string;
  const adminToken = 'test-admin-token-0123456789abcdef0123';

  beforeAll(async () => {
    proc = await createApiProcess(await testConfig({ ADMIN_TOKEN: adminToken }));
    await proc.api.listen(0, '127.0.0.1');
    await proc.admin.listen(0, '127.0.0.1');
    api = baseUrl(proc.api);
    admin = baseUrl(proc.admin);
  });
  afterAll(async () => {
    await proc.close();
  });

  it('answers liveness and readiness with a trace id header', async () => {
    const live = await fetch(`${api}/healthz`);
    expect(live.status).toBe(200);
    expect(live.headers.get('token-trace-id')).toMatch(/^[0-9a-f]{32}$/);
    const ready = await fetch(`${api}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ok', checks: { postgres: 'ok', redis: 'ok', schema: 'ok' } });
  });

  it('serves its OpenAPI document with both auth schemes, and a docs page', async () => {
    const response = await fetch(`${api}/openapi.json`);
    expect(response.status).toBe(200);
    const doc = (await response.json()) as {
      openapi: string;
      components: { securitySchemes: Record<string, { type: string; scheme?: string }> };
      paths: Record<string, unknown>;
    };
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.components.securitySchemes['Bearer']).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.securitySchemes['BasicAuth']).toMatchObject({ type: 'apiKey' });
    expect(Object.keys(doc.paths)).toContain('/readyz');
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/admin'))).toBe(false);
    const docs = await fetch(`${api}/docs`);
    expect(docs.status).toBe(200);
    expect(docs.headers.get('content-type')).toContain('text/html');
    expect(await docs.text()).toContain('swagger');
  });

  it('exposes Prometheus metrics on the admin port with request counts by route and status', async () => {
    await fetch(`${api}/healthz`);
    const response = await fetch(`${admin}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    expect(text).toMatch(/http_requests_total\{[^}]*route="\/healthz"[^}]*status="200"[^}]*\} \d+/);
    expect(text).toContain('http_request_duration_seconds_bucket');
    expect(text).toContain('process_cpu_seconds_total');
  });

  it('keeps metrics off the public port and out of the public OpenAPI document', async () => {
    const onPublic = await fetch(`${api}/metrics`);
    expect(onPublic.status).toBe(404);
    expect(((await onPublic.json()) as { error: { errorCode: string } }).error.errorCode).toBe('ROUTE_NOT_FOUND');
    const publicDoc = (await (await fetch(`${api}/openapi.json`)).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(publicDoc.paths)).not.toContain('/metrics');
    expect(Object.keys(publicDoc.paths)).toContain('/healthz');
    const adminDoc = (await (await fetch(`${admin}/admin/openapi.json`)).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(adminDoc.paths)).toContain('/metrics');
  });

  it('keeps the admin API off the public port', async () => {
    const onPublic = await fetch(`${api}/admin/clock/advance`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ seconds: 1 }),
    });
    expect(onPublic.status).toBe(404);
    const adminDoc = (await (await fetch(`${admin}/admin/openapi.json`)).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(adminDoc.paths)).toContain('/admin/clock/advance');
  });

  it('guards admin routes with the admin token and advances the shared clock', async () => {
    const post = (token: string | undefined, body: unknown): Promise<Response> =>
      fetch(`${admin}/admin/clock/advance`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
        },
        body: JSON.stringify(body),
      });
    const missing = await post(undefined, { seconds: 60 });
    expect(missing.status).toBe(401);
    expect(((await missing.json()) as { error: { tokenTraceId: string } }).error.tokenTraceId).toMatch(
      /^[0-9a-f]{32}$/,
    );
    expect((await post('wrong-token', { seconds: 60 })).status).toBe(401);

    const invalid = await post(adminToken, { seconds: 'soon' });
    expect(invalid.status).toBe(400);
    expect(((await invalid.json()) as { error: { paths: string[] } }).error.paths).toEqual(['seconds']);

    const before = proc.stores.clock.nowMs();
    const ok = await post(adminToken, { seconds: 3600 });
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as { offsetMs: number; now: string };
    expect(body.offsetMs).toBe(3_600_000);
    expect(proc.stores.clock.nowMs() - before).toBeGreaterThanOrEqual(3_600_000);
  });
});

describe('api process in production', () => {
  it('refuses to advance the clock and reports Redis unreachable as 503', async () => {
    const config = await testConfig({
      ENVIRONMENT: 'production',
      ALLOW_SANDBOX_BANKS: 'true',
      PUBLIC_BASE_URL: 'https://gateway.example.com',
      REDIS_URL: 'redis://127.0.0.1:1',
    });
    const proc = await createApiProcess(config);
    await proc.api.listen(0, '127.0.0.1');
    await proc.admin.listen(0, '127.0.0.1');
    try {
      const ready = await fetch(`${baseUrl(proc.api)}/readyz`);
      expect(ready.status).toBe(503);
      const body = (await ready.json()) as { error: Record<string, string> };
      expect(body.error).toMatchObject({ errorCode: 'UNAVAILABLE', paymentId: 'Unavailable.' });
      expect(body.error['message']).toContain('redis');
      expect(body.error['tokenTraceId']).toBe(ready.headers.get('token-trace-id'));

      const advance = await fetch(`${baseUrl(proc.admin)}/admin/clock/advance`, {
        method: 'POST',
        headers: { authorization: 'Bearer test-admin-token-0123456789abcdef0123', 'content-type': 'application/json' },
        body: JSON.stringify({ seconds: 60 }),
      });
      expect(advance.status).toBe(403);
      expect(((await advance.json()) as { error: { errorCode: string } }).error.errorCode).toBe('PermissionDenied');
    } finally {
      await proc.close();
    }
  });
});
