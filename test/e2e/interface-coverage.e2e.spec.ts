import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiProcess, type ApiProcess } from '../../apps/api/src/create-api-process.js';
import { referenceDocument } from '../support/reference-spec.js';
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

beforeAll(async () => {
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

describe('the interface, operation by operation', () => {
  it('has 74 operations', () => {
    expect(operations).toHaveLength(74);
  });

  it('serves every one (never 404 ROUTE_NOT_FOUND nor 501)', async () => {
    for (const operation of operations) {
      const response = await send(operation, `Basic ${apiKey}`);
      expect(response.status, operation).not.toBe(501);
      if (response.status === 404) {
        const { error } = (await response.json()) as ErrorBody;
        expect(error.errorCode, operation).not.toBe('ROUTE_NOT_FOUND');
      }
    }
  });

  it('authenticates first: every operation answers 401 without credentials', async () => {
    for (const operation of operations) {
      const response = await send(operation, undefined);
      expect(response.status, operation).toBe(401);
    }
  });

  it('keeps 404 ROUTE_NOT_FOUND for paths outside the interface', async () => {
    const response = await send('GET /no-such-operation', `Basic ${apiKey}`);
    expect(response.status).toBe(404);
    expect(((await response.json()) as ErrorBody).error.errorCode).toBe('ROUTE_NOT_FOUND');
  });
});
