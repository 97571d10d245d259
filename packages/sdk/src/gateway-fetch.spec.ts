import { compactVerify, exportJWK, generateKeyPair, importJWK } from 'jose';
import { describe, expect, it } from 'vitest';
import { apiKeyAuth, memberKeyAuth } from './auth.js';
import { GatewayApiError, retryAfterSeconds } from './errors.js';
import { gatewayFetch, takesIdempotencyKey } from './gateway-fetch.js';

interface Sent {
  readonly url: string;
  readonly method: string;
  readonly headers: Headers;
  readonly body: string | undefined;
}

/** A fetch that answers `answers` in turn and records what it was sent (the unit under test is the SDK's own logic). */
function scripted(answers: Response[]): { fetch: typeof fetch; sent: Sent[] } {
  const sent: Sent[] = [];
  const fake = (input: URL, init?: RequestInit): Promise<Response> => {
    sent.push({
      url: input.href,
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body: init?.body as string | undefined,
    });
    const answer = answers.shift();
    return answer === undefined ? Promise.reject(new Error('no answer left')) : Promise.resolve(answer);
  };
  return { fetch: fake as unknown as typeof fetch, sent };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

describe('gatewayFetch', () => {
  it('gives a POST that takes one an Idempotency-Key, the same on its retry after Retry-After', async () => {
    const { fetch, sent } = scripted([
      json(503, { error: { message: 'busy' } }, { 'retry-after': '0' }),
      json(200, { payment: { id: 'pm2:1' } }),
    ]);
    const send = gatewayFetch({ auth: apiKeyAuth('key-1'), fetch });
    const answer = await send(new Request('http://gw.example/v2/payments', { method: 'POST', body: '{"a":1}' }));
    expect(answer.status).toBe(200);
    expect(sent).toHaveLength(2);
    const [first, second] = sent;
    expect(first?.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(second?.headers.get('idempotency-key')).toBe(first?.headers.get('idempotency-key'));
    expect(first?.headers.get('authorization')).toBe('Basic key-1');
    expect(first?.body).toBe('{"a":1}');
  });

  it('keeps a key the caller gave, and does not retry a POST without one', async () => {
    const given = scripted([json(200, {})]);
    await gatewayFetch({ fetch: given.fetch })(
      new Request('http://gw.example/refunds', { method: 'POST', body: '{}', headers: { 'Idempotency-Key': 'mine' } }),
    );
    expect(given.sent[0]?.headers.get('idempotency-key')).toBe('mine');

    const none = scripted([
      json(503, { error: { errorCode: 'UNAVAILABLE', tokenTraceId: 't-1' } }, { 'retry-after': '0' }),
    ]);
    const error = await gatewayFetch({ fetch: none.fetch })(
      new Request('http://gw.example/member/keys', { method: 'POST', body: '{}' }),
    ).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(none.sent).toHaveLength(1);
    expect(none.sent[0]?.headers.has('idempotency-key')).toBe(false);
    expect(error).toBeInstanceOf(GatewayApiError);
    expect(error).toMatchObject({ status: 503, errorCode: 'UNAVAILABLE', tokenTraceId: 't-1', retryAfterSeconds: 0 });
  });

  it('throws an error answer as a GatewayApiError with its code, fields and trace id', async () => {
    const { fetch } = scripted([
      json(400, {
        error: {
          errorCode: 'Field.Invalid',
          message: 'initiation.amount.value must be a positive decimal',
          paths: ['initiation.amount.value'],
          tokenTraceId: 'trace-9',
        },
      }),
    ]);
    const error = (await gatewayFetch({ fetch })(new Request('http://gw.example/v2/payments/x')).catch(
      (caught: unknown) => caught,
    )) as GatewayApiError;
    expect(error).toBeInstanceOf(GatewayApiError);
    expect(error.status).toBe(400);
    expect(error.errorCode).toBe('Field.Invalid');
    expect(error.paths).toEqual(['initiation.amount.value']);
    expect(error.tokenTraceId).toBe('trace-9');
    expect(error.message).toContain('GET /v2/payments/x answered 400');
  });

  it('signs each request with the member key: method, host, path, query and the body bound in the JWS', async () => {
    const { privateKey, publicKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
    const auth = await memberKeyAuth({ memberId: 'm:1', keyId: 'k-1', privateKey });
    const { fetch, sent } = scripted([json(200, {})]);
    const before = Date.now();
    await gatewayFetch({ auth, fetch })(
      new Request('http://gw.example:8080/v2/payments?limit=5&offset=a', { method: 'GET' }),
    );
    const token = sent[0]?.headers.get('authorization')?.replace(/^Bearer /, '') ?? '';
    const { payload, protectedHeader } = await compactVerify(
      token,
      await importJWK(await exportJWK(publicKey), 'EdDSA'),
    );
    expect(new TextDecoder().decode(payload)).toBe('');
    expect(protectedHeader).toMatchObject({
      alg: 'EdDSA',
      kid: 'k-1',
      mid: 'm:1',
      method: 'GET',
      host: 'gw.example:8080',
      path: '/v2/payments',
      query: 'limit=5&offset=a',
    });
    expect(protectedHeader['exp']).toBeGreaterThanOrEqual(before + 60_000);
  });
});

describe('the SDK helpers', () => {
  it('know which operations take an Idempotency-Key, from the document', () => {
    expect(takesIdempotencyKey('POST', '/v2/payments')).toBe(true);
    expect(takesIdempotencyKey('post', '/refunds')).toBe(true);
    expect(takesIdempotencyKey('POST', '/member/keys')).toBe(false);
    expect(takesIdempotencyKey('GET', '/v2/payments')).toBe(false);
  });

  it('read Retry-After as seconds or as an HTTP date', () => {
    expect(retryAfterSeconds('3')).toBe(3);
    expect(retryAfterSeconds('Wed, 02 Dec 2026 10:00:05 GMT', Date.parse('2026-12-02T10:00:00Z'))).toBe(5);
    expect(retryAfterSeconds(null)).toBeUndefined();
    expect(retryAfterSeconds('soon')).toBeUndefined();
  });
});
