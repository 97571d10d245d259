import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiProcess, type ApiProcess } from '../../apps/api/src/create-api-process.js';
import { baseUrl, testConfig } from '../support/test-env.js';

const ADMIN_TOKEN = 'qr-code-admin-token-0123456789abcdef0123';

interface ErrorBody {
  error: { errorCode?: string; message: string; paths?: string[]; tokenTraceId: string };
}

interface OpenApiOperation {
  operationId?: string;
  parameters?: Array<{ name: string; in: string; required?: boolean; schema?: { maxLength?: number } }>;
  responses: Record<string, { content?: Record<string, unknown> }>;
}

let proc: ApiProcess;
let api: string;
let apiKey: string;

beforeAll(async () => {
  proc = await createApiProcess(await testConfig({ ADMIN_TOKEN }));
  await proc.api.listen(0, '127.0.0.1');
  await proc.admin.listen(0, '127.0.0.1');
  api = baseUrl(proc.api);
  const created = await fetch(`${baseUrl(proc.admin)}/admin/members`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'QR Code TPP' }),
  });
  expect(created.status).toBe(200);
  apiKey = ((await created.json()) as { apiKey: string }).apiKey;
});

afterAll(async () => {
  await proc.close();
});

/** GET /qr-code as the member, or with `authorization` (null: no header at all). */
const qrCode = (query: string, authorization: string | null = `Basic ${apiKey}`): Promise<Response> =>
  fetch(`${api}/qr-code${query}`, { headers: authorization === null ? {} : { authorization } });

/** The attributes of the root <svg> element. */
function rootAttributes(svg: string): Record<string, string> {
  const tag = /^<svg\b([^>]*)>/.exec(svg.trim())?.[1] ?? '';
  return Object.fromEntries([...tag.matchAll(/([\w:-]+)="([^"]*)"/g)].map((match) => [match[1] ?? '', match[2] ?? '']));
}

describe('GET /qr-code', () => {
  it('answers an image/svg+xml QR code of exactly 240x240 with a viewBox', async () => {
    const response = await qrCode(`?data=${encodeURIComponent('https://tpp.example.com/pay/8f2a91')}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^image\/svg\+xml\b/);
    expect(response.headers.get('token-trace-id')).toMatch(/\S/);
    const svg = await response.text();
    expect(svg.trimStart().startsWith('<svg')).toBe(true);
    expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
    const attributes = rootAttributes(svg);
    expect(attributes['width']).toBe('240');
    expect(attributes['height']).toBe('240');
    expect(attributes['viewBox']).toMatch(/^0 0 (\d+) \1$/);
  });

  it('encodes what it is given: different URLs, different images; the same URL, the same image', async () => {
    const one = await (await qrCode(`?data=${encodeURIComponent('https://tpp.example.com/pay/1')}`)).text();
    const two = await (await qrCode(`?data=${encodeURIComponent('https://tpp.example.com/pay/2')}`)).text();
    const again = await (await qrCode(`?data=${encodeURIComponent('https://tpp.example.com/pay/1')}`)).text();
    expect(two).not.toBe(one);
    expect(again).toBe(one);
  });

  it.each([
    ['a URL with its own query string', 'https://tpp.example.com/pay?amount=10.00&currency=EUR#top'],
    ['http, a port and an IP address', 'http://192.0.2.10:8080/p'],
    ['exactly 2048 characters', `https://tpp.example.com/${'a'.repeat(2048 - 'https://tpp.example.com/'.length)}`],
  ])('accepts %s', async (_what, data) => {
    expect(data.length).toBeLessThanOrEqual(2048);
    const response = await qrCode(`?data=${encodeURIComponent(data)}`);
    expect(response.status).toBe(200);
    expect(rootAttributes(await response.text())['width']).toBe('240');
  });

  it.each([
    ['missing', ''],
    ['empty', '?data='],
    [
      '2049 characters',
      `?data=${encodeURIComponent(`https://tpp.example.com/${'a'.repeat(2049 - 'https://tpp.example.com/'.length)}`)}`,
    ],
    ['not a URL', '?data=hello%20world'],
    ['a relative URL', `?data=${encodeURIComponent('/pay/123')}`],
    ['an ftp URL', `?data=${encodeURIComponent('ftp://files.example.com/x')}`],
    ['a javascript: URL', `?data=${encodeURIComponent('javascript:alert(1)')}`],
    ['a non-ASCII URL', `?data=${encodeURIComponent('https://tpp.example.com/caf\u00e9')}`],
    [
      'repeated',
      `?data=${encodeURIComponent('https://a.example.com/')}&data=${encodeURIComponent('https://b.example.com/')}`,
    ],
  ])('data %s -> 400 in the interface’s shape, naming data', async (_what, query) => {
    const response = await qrCode(query);
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const { error } = (await response.json()) as ErrorBody;
    expect(Object.keys(error).sort()).toEqual(['errorCode', 'message', 'paths', 'tokenTraceId']);
    expect(error.errorCode).toBe('Field.Invalid');
    expect(error.paths).toEqual(['data']);
    expect(error.message).toContain('data');
    expect(error.tokenTraceId).toBe(response.headers.get('token-trace-id'));
  });

  it('an unknown parameter -> 400 naming it', async () => {
    const response = await qrCode(`?data=${encodeURIComponent('https://tpp.example.com/')}&size=300`);
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as ErrorBody;
    expect(error.errorCode).toBe('Field.Unknown');
    expect(error.paths).toEqual(['size']);
  });

  it('without authentication -> 401 with only message and tokenTraceId', async () => {
    for (const authorization of [null, 'Basic not-a-key']) {
      const response = await qrCode(`?data=${encodeURIComponent('https://tpp.example.com/')}`, authorization);
      expect(response.status).toBe(401);
      const body = (await response.json()) as ErrorBody;
      expect(Object.keys(body.error).sort()).toEqual(['message', 'tokenTraceId']);
    }
  });

  it('is documented in the OpenAPI document with its data parameter and SVG answer', async () => {
    const document = (await (await fetch(`${api}/openapi.json`)).json()) as {
      paths: Record<string, { get?: OpenApiOperation }>;
    };
    const operation = document.paths['/qr-code']?.get;
    expect(operation?.operationId).toBe('GetQrCode');
    expect(operation?.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'data', in: 'query', required: true })]),
    );
    expect(operation?.parameters?.find((parameter) => parameter.name === 'data')?.schema?.maxLength).toBe(2048);
    expect(Object.keys(operation?.responses['200']?.content ?? {})).toEqual(['image/svg+xml']);
  });
});
