import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiProcess, type ApiProcess } from '../../apps/api/src/create-api-process.js';
import { baseUrl, testConfig } from '../support/test-env.js';

const ADMIN_TOKEN = 'port-separation-token-0123456789abcdef';
const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

interface Route {
  readonly method: string;
  readonly path: string;
}

type Document = { paths: Record<string, Partial<Record<(typeof HTTP_METHODS)[number], unknown>>> };

/** Every operation of an OpenAPI document, its path parameters filled in. */
function routesOf(document: Document): Route[] {
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    HTTP_METHODS.filter((method) => operations[method] !== undefined).map((method) => ({
      method: method.toUpperCase(),
      path: path.replace(/\{[^}]+\}/g, 'm:x'),
    })),
  );
}

/** Routes of the public port the public document leaves out (pages for browsers, bank callbacks). */
const UNDOCUMENTED_PUBLIC_ROUTES: readonly Route[] = [
  { method: 'GET', path: '/hosted-pages/payments/abc' },
  { method: 'POST', path: '/hosted-pages/payment-links/abc' },
  { method: 'GET', path: '/hosted-pages/token-requests/abc' },
  { method: 'GET', path: '/bank-callback' },
  { method: 'GET', path: '/.well-known/jwks.json' },
];

/**
 * The public port and the admin port serve disjoint routes: each answers 404 in the interface's
 * error shape for every route of the other (with the credentials the other would accept).
 */
describe('public and admin ports', () => {
  let proc: ApiProcess;
  let api: string;
  let admin: string;

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

  async function expectNotFound(base: string, route: Route, authorization: string): Promise<void> {
    const body = ['POST', 'PUT', 'PATCH'].includes(route.method) ? JSON.stringify({}) : undefined;
    const response = await fetch(`${base}${route.path}`, {
      method: route.method,
      headers: { authorization, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body }),
    });
    const text = await response.text();
    const what = `${route.method} ${route.path}: ${response.status} ${text.slice(0, 300)}`;
    expect(response.status, what).toBe(404);
    const error = (JSON.parse(text) as { error: Record<string, unknown> }).error;
    expect(error['errorCode'], what).toBe('ROUTE_NOT_FOUND');
    expect(error['message'], what).toEqual(expect.stringMatching(/\S/));
    expect(error['tokenTraceId'], what).toBe(response.headers.get('token-trace-id'));
  }

  it('the admin port serves none of the public routes: 404 in the interface’s shape', async () => {
    const publicDocument = (await (await fetch(`${api}/openapi.json`)).json()) as Document;
    const routes = [...routesOf(publicDocument), ...UNDOCUMENTED_PUBLIC_ROUTES].filter(
      // Served by both: liveness and readiness are the process's, not the API's.
      (route) => !['/healthz', '/readyz'].includes(route.path),
    );
    expect(routes.map((route) => route.path)).toEqual(
      expect.arrayContaining(['/member/m:x/keys', '/v2/payments', '/token-requests']),
    );
    for (const route of routes) await expectNotFound(admin, route, `Bearer ${ADMIN_TOKEN}`);
    // The routes of its own stay served.
    const members = await fetch(`${admin}/admin/members`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
    expect(members.status).toBe(200);
    expect((await fetch(`${admin}/metrics`)).status).toBe(200);
    expect((await fetch(`${admin}/admin/openapi.json`)).status).toBe(200);
  });

  it('the admin port answers GET /member/{id}/keys with 404, not 500', async () => {
    await expectNotFound(admin, { method: 'GET', path: '/member/x/keys' }, `Bearer ${ADMIN_TOKEN}`);
    await expectNotFound(admin, { method: 'GET', path: '/member/x/keys' }, 'Basic bm90LWEta2V5');
  });

  it('the public port serves none of the admin routes', async () => {
    const adminDocument = (await (await fetch(`${admin}/admin/openapi.json`)).json()) as Document;
    const routes = routesOf(adminDocument).filter((route) => route.path !== '/metrics');
    expect(routes.map((route) => route.path)).toEqual(
      expect.arrayContaining(['/admin/members', '/admin/members/m:x/keys', '/admin/clock/advance']),
    );
    for (const route of [...routes, { method: 'GET', path: '/metrics' }])
      await expectNotFound(api, route, `Bearer ${ADMIN_TOKEN}`);
  });
});
