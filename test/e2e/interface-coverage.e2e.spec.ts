import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiProcess, type ApiProcess } from '../../apps/api/src/create-api-process.js';
import { ROUTES_NOT_BUILT } from '../../apps/api/src/not-built/routes-not-built.js';
import { referenceAvailable, referenceDocument } from '../support/reference-spec.js';
import { baseUrl, testConfig } from '../support/test-env.js';

const ADMIN_TOKEN = 'coverage-admin-token-0123456789abcdef0123';
const METHODS = ['get', 'post', 'put', 'delete'] as const;

/** Operations of the interface that the reference description leaves out (refund registrations). */
const BEYOND_REFERENCE = [
  'POST /refund/registrations',
  'GET /refund/registrations/{registrationId}',
  'DELETE /refund/registrations/{registrationId}',
];

interface ErrorBody {
  error: { errorCode?: string; paymentId?: string; message: string; tokenTraceId: string };
}

/** `GET /a/{b}` and `GET /a/:c` alike: parameters reduced to `{}`. */
const shape = (operation: string): string => operation.replace(/\{[^}]+\}|:[A-Za-z]+/g, '{}');

function interfaceOperations(): string[] {
  const operations = Object.entries(referenceDocument().paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method] !== undefined).map((method) => `${method.toUpperCase()} ${path}`),
  );
  return [...operations, ...BEYOND_REFERENCE];
}

let proc: ApiProcess;
let api: string;
let apiKey: string;
let operations: string[];
const notBuilt = new Set(ROUTES_NOT_BUILT.map((route) => shape(`${route.method} /${route.path}`)));

beforeAll(async () => {
  if (!referenceAvailable) return;
  operations = interfaceOperations();
  proc = await createApiProcess(await testConfig({ ADMIN_TOKEN }));
  await proc.api.listen(0, '127.0.0.1');
  await proc.admin.listen(0, '127.0.0.1');
  api = baseUrl(proc.api);
  const created = await fetch(`${baseUrl(proc.admin)}/admin/members`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Coverage TPP' }),
  });
  expect(created.status).toBe(200);
  apiKey = ((await created.json()) as { apiKey: string }).apiKey;
});

afterAll(async () => {
  await proc?.close();
});

function send(operation: string, authorization: string | undefined): Promise<Response> {
  const [method = '', path = ''] = operation.split(' ');
  const url = `${api}${path.replace(/\{[^}]+\}/g, 'unknown-id')}`;
  const hasBody = method === 'POST' || method === 'PUT';
  return fetch(url, {
    method,
    headers: {
      ...(authorization === undefined ? {} : { authorization }),
      ...(hasBody ? { 'content-type': 'application/json' } : {}),
    },
    body: hasBody ? '{}' : undefined,
  });
}

describe.runIf(referenceAvailable)('the interface, operation by operation', () => {
  it('has 74 operations, and every row of ROUTES_NOT_BUILT is one of them', () => {
    expect(operations).toHaveLength(74);
    const known = new Set(operations.map(shape));
    for (const route of notBuilt) expect(known, route).toContain(route);
  });

  it('answers 501 UNIMPLEMENTED in the interface shape for every operation not built yet', async () => {
    const pending = operations.filter((operation) => notBuilt.has(shape(operation)));
    expect(pending.length).toBe(ROUTES_NOT_BUILT.length);
    for (const operation of pending) {
      const response = await send(operation, `Basic ${apiKey}`);
      expect(response.status, operation).toBe(501);
      const { error } = (await response.json()) as ErrorBody;
      expect(error, operation).toEqual({
        errorCode: 'UNIMPLEMENTED',
        paymentId: expect.any(String) as string,
        message: expect.stringContaining('not implemented') as string,
        tokenTraceId: expect.any(String) as string,
      });
    }
  });

  it('serves every other operation (never 404 ROUTE_NOT_FOUND nor 501)', async () => {
    const served = operations.filter((operation) => !notBuilt.has(shape(operation)));
    expect(served.length).toBe(74 - ROUTES_NOT_BUILT.length);
    for (const operation of served) {
      const response = await send(operation, `Basic ${apiKey}`);
      expect(response.status, operation).not.toBe(501);
      if (response.status === 404) {
        const { error } = (await response.json()) as ErrorBody;
        expect(error.errorCode, operation).not.toBe('ROUTE_NOT_FOUND');
      }
    }
  });

  it('authenticates first: a route not built answers 401 without credentials', async () => {
    const response = await send('GET /refunds/{id}', undefined);
    expect(response.status).toBe(401);
  });

  it('keeps 404 ROUTE_NOT_FOUND for paths outside the interface', async () => {
    const response = await send('GET /no-such-operation', `Basic ${apiKey}`);
    expect(response.status).toBe(404);
    expect(((await response.json()) as ErrorBody).error.errorCode).toBe('ROUTE_NOT_FOUND');
  });
});
