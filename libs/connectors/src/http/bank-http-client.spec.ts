import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { pino } from 'pino';
import { Agent, MockAgent } from 'undici';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BankDeadlineExceededError, BankRejectedError, BankUnavailableError } from '../bank-errors.js';
import { BankHttpClient } from './bank-http-client.js';

type Handler = (request: IncomingMessage, response: ServerResponse, body: string) => void;

let server: Server;
let base: string;
let handler: Handler;
let hits: Array<{ method: string; url: string; headers: IncomingMessage['headers']; body: string }>;
let logs: string;
let connections: number;

function client(overrides: Partial<ConstructorParameters<typeof BankHttpClient>[0]> = {}): BankHttpClient {
  const sink = new Writable({ write: (chunk: Buffer, _encoding, done) => ((logs += chunk.toString('utf8')), done()) });
  return new BankHttpClient({
    logger: pino({ level: 'debug' }, sink),
    backoff: { baseMs: 10, maxMs: 40 },
    ...overrides,
  });
}

const ctx = (deadlineInMs = 5000): { bankId: string; deadlineMs: number; traceId: string } => ({
  bankId: 'bank-x',
  deadlineMs: Date.now() + deadlineInMs,
  traceId: 'a'.repeat(32),
});

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      hits.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
      handler(request, response, body);
    });
  });
  server.on('connection', () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  base = `http://127.0.0.1:${address.port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  hits = [];
  logs = '';
  connections = 0;
  handler = (_request, response) => json(response, 200, { ok: true });
});

describe('BankHttpClient', () => {
  it('answers a 2xx with the parsed JSON body', async () => {
    const response = await client().send(ctx(), { method: 'GET', url: `${base}/ok`, operation: 'test.ok' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ok: true });
    expect(response.headers.get('Content-Type')).toBe('application/json');
    expect(response.headers.get('x-absent')).toBeNull();
    expect(hits[0]?.headers['user-agent']).toBe('open-banking-gateway/1');
  });

  it('hands back a 3xx as it is, without following it', async () => {
    handler = (_request, response) => response.writeHead(302, { location: `${base}/elsewhere` }).end();
    const response = await client().send(ctx(), {
      method: 'GET',
      url: `${base}/authorize`,
      operation: 'test.redirect',
    });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(`${base}/elsewhere`);
    expect(hits.map((hit) => hit.url)).toEqual(['/authorize']);
  });

  it('reads every answer to its end, so one kept-alive connection carries calls that failed and succeeded', async () => {
    const statuses = [503, 200, 404, 200];
    handler = (_request, response) =>
      json(response, statuses[hits.length - 1] ?? 200, { padding: 'x'.repeat(64 * 1024) });
    const http = client({ maxAttempts: 2, random: () => 1 }); // 10 ms before the retry
    try {
      expect((await http.send(ctx(), { method: 'GET', url: `${base}/a`, operation: 'test.reuse' })).status).toBe(200);
      await sleep(10); // the socket returns to the agent's pool a moment after the body is read
      await expect(
        http.send(ctx(), { method: 'GET', url: `${base}/b`, operation: 'test.reuse' }),
      ).rejects.toBeInstanceOf(BankRejectedError);
      await sleep(10);
      expect((await http.send(ctx(), { method: 'GET', url: `${base}/c`, operation: 'test.reuse' })).status).toBe(200);
      expect(hits).toHaveLength(4);
      expect(connections).toBe(1);
    } finally {
      await http.close();
    }
  });

  it('stops at the deadline while the bank is still sending the body', async () => {
    handler = (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"partial":');
      setTimeout(() => response.end('true}'), 1000);
    };
    const started = Date.now();
    await expect(
      client().send(ctx(150), { method: 'GET', url: `${base}/trickle`, operation: 'test.trickle' }),
    ).rejects.toBeInstanceOf(BankDeadlineExceededError);
    expect(Date.now() - started).toBeLessThan(900);
  });

  it('abandons a call still waiting for a connection at the deadline: it never reaches the bank', async () => {
    handler = (_request, response) => setTimeout(() => json(response, 200, { first: true }), 400);
    const oneConnection = new Agent({ connections: 1 });
    const http = client({ dispatcher: oneConnection, maxAttempts: 1 });
    try {
      const first = http.send(ctx(), { method: 'GET', url: `${base}/first`, operation: 'test.queue' });
      await sleep(20);
      const started = Date.now();
      await expect(
        http.send(ctx(100), { method: 'GET', url: `${base}/queued`, operation: 'test.queue' }),
      ).rejects.toBeInstanceOf(BankDeadlineExceededError);
      expect(Date.now() - started).toBeLessThan(350);
      expect((await first).body).toEqual({ first: true });
      await sleep(50);
      expect(hits.map((hit) => hit.url)).toEqual(['/first']);
    } finally {
      await oneConnection.close();
    }
  });

  it('reads a UTF-8 body with a byte order mark as the JSON after it', async () => {
    handler = (_request, response) => {
      response
        .writeHead(200, { 'content-type': 'application/json; charset=utf-8' })
        .end(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"name":"Zoë"}')]));
    };
    const response = await client().send(ctx(), { method: 'GET', url: `${base}/bom`, operation: 'test.bom' });
    expect(response.body).toEqual({ name: 'Zoë' });
  });

  it('closes its keep-alive agent on close(): later calls fail as BankUnavailableError', async () => {
    const http = client({ maxAttempts: 1 });
    await http.send(ctx(), { method: 'GET', url: `${base}/before`, operation: 'test.close' });
    await http.close();
    await expect(
      http.send(ctx(), { method: 'GET', url: `${base}/after`, operation: 'test.close' }),
    ).rejects.toBeInstanceOf(BankUnavailableError);
    expect(hits.map((hit) => hit.url)).toEqual(['/before']);
  });

  it('retries a GET on 5xx and succeeds', async () => {
    handler = (_request, response) =>
      hits.length < 3 ? json(response, 503, {}) : json(response, 200, { third: true });
    const response = await client().send(ctx(), { method: 'GET', url: `${base}/flaky`, operation: 'test.flaky' });
    expect(response.body).toEqual({ third: true });
    expect(hits).toHaveLength(3);
  });

  it('retries a POST that carries x-idempotency-key, with the same key each time', async () => {
    handler = (_request, response) => (hits.length < 2 ? json(response, 500, {}) : json(response, 201, { id: 1 }));
    const response = await client().send(ctx(), {
      method: 'POST',
      url: `${base}/write`,
      operation: 'test.write',
      headers: { 'x-idempotency-key': 'k-1' },
      body: '{}',
    });
    expect(response.status).toBe(201);
    expect(hits.map((hit) => hit.headers['x-idempotency-key'])).toEqual(['k-1', 'k-1']);
  });

  it('never retries a POST without an idempotency key: one attempt, then BankUnavailableError', async () => {
    handler = (_request, response) => json(response, 502, {});
    const error = await client()
      .send(ctx(), { method: 'POST', url: `${base}/write`, operation: 'test.write', body: '{}' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BankUnavailableError);
    expect(error).toMatchObject({ bankId: 'bank-x', bankStatusCode: 502, external: true, status: 500 });
    expect(hits).toHaveLength(1);
  });

  it('gives up after maxAttempts with BankUnavailableError', async () => {
    handler = (_request, response) => json(response, 500, {});
    await expect(
      client({ maxAttempts: 2 }).send(ctx(), { method: 'GET', url: `${base}/down`, operation: 'test.down' }),
    ).rejects.toBeInstanceOf(BankUnavailableError);
    expect(hits).toHaveLength(2);
  });

  it('maps a 4xx to BankRejectedError with the bank error code, without retrying', async () => {
    handler = (_request, response) =>
      json(response, 400, { Errors: [{ ErrorCode: 'UK.OBIE.Field.Invalid', Message: 'Amount is wrong' }] });
    const error = await client()
      .send(ctx(), {
        method: 'GET',
        url: `${base}/bad`,
        operation: 'test.bad',
        describeError: (body) => {
          const first = (body as { Errors: Array<{ ErrorCode: string; Message: string }> }).Errors[0];
          return { code: first?.ErrorCode, message: first?.Message };
        },
      })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BankRejectedError);
    expect(error).toMatchObject({ bankStatusCode: 400, bankErrorCode: 'UK.OBIE.Field.Invalid', status: 403 });
    expect((error as Error).message).toContain('Amount is wrong');
    expect(hits).toHaveLength(1);
  });

  it('hands back statuses the caller accepts', async () => {
    handler = (_request, response) => json(response, 400, { error: 'authorization_pending' });
    const response = await client().send(ctx(), {
      method: 'POST',
      url: `${base}/token`,
      operation: 'test.ciba',
      acceptStatuses: [400],
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'authorization_pending' });
  });

  it('stops at the deadline with BankDeadlineExceededError', async () => {
    handler = (_request, response) => setTimeout(() => json(response, 200, {}), 1000);
    const started = Date.now();
    await expect(
      client().send(ctx(150), { method: 'GET', url: `${base}/slow`, operation: 'test.slow' }),
    ).rejects.toBeInstanceOf(BankDeadlineExceededError);
    expect(Date.now() - started).toBeLessThan(900);
  });

  it('caps a call by its own timeout below the deadline', async () => {
    handler = (_request, response) => setTimeout(() => json(response, 200, {}), 1000);
    await expect(
      client({ perCallCapMs: 100 }).send(ctx(10_000), { method: 'GET', url: `${base}/slow`, operation: 'test.slow' }),
    ).rejects.toBeInstanceOf(BankDeadlineExceededError);
  });

  it('fails at once when the deadline has already passed', async () => {
    await expect(
      client().send(ctx(-1), { method: 'GET', url: `${base}/ok`, operation: 'test.late' }),
    ).rejects.toBeInstanceOf(BankDeadlineExceededError);
    expect(hits).toHaveLength(0);
  });

  it('does not start a retry it cannot finish before the deadline', async () => {
    handler = (_request, response) => json(response, 503, {});
    const slowBackoff = client({ backoff: { baseMs: 10_000, maxMs: 10_000 }, random: () => 0.99 });
    await expect(
      slowBackoff.send(ctx(500), { method: 'GET', url: `${base}/down`, operation: 'test.down' }),
    ).rejects.toBeInstanceOf(BankUnavailableError);
    expect(hits).toHaveLength(1);
  });

  it('treats an unreachable bank as BankUnavailableError', async () => {
    await expect(
      client({ maxAttempts: 1 }).send(ctx(), {
        method: 'GET',
        url: 'http://127.0.0.1:1/nothing',
        operation: 'test.closed',
      }),
    ).rejects.toBeInstanceOf(BankUnavailableError);
  });

  describe('over an injected dispatcher', () => {
    const origin = 'https://bank.test';
    let mock: MockAgent;

    beforeEach(() => {
      mock = new MockAgent();
      mock.disableNetConnect();
    });

    it('retries a GET after a network error, and leaves the injected dispatcher open on close()', async () => {
      const bank = mock.get(origin);
      bank.intercept({ path: '/accounts', method: 'GET' }).replyWithError(new Error('socket hang up'));
      bank
        .intercept({ path: '/accounts', method: 'GET' })
        .reply(200, { ok: true }, { headers: { 'content-type': 'application/json', 'set-cookie': ['a=1', 'b=2'] } });
      const http = client({ dispatcher: mock });
      const response = await http.send(ctx(), { method: 'GET', url: `${origin}/accounts`, operation: 'test.mock' });
      expect(response.body).toEqual({ ok: true });
      expect(response.headers.get('set-cookie')).toBe('a=1, b=2');
      expect(logs).toContain('socket hang up');
      await http.close();
      mock.get(origin).intercept({ path: '/again', method: 'GET' }).reply(204, '');
      expect((await http.send(ctx(), { method: 'GET', url: `${origin}/again`, operation: 'test.mock' })).status).toBe(
        204,
      );
      mock.assertNoPendingInterceptors();
      await mock.close();
    });

    it('does not retry a POST without an idempotency key after a network error', async () => {
      mock.get(origin).intercept({ path: '/payments', method: 'POST' }).replyWithError(new Error('connection reset'));
      const error = await client({ dispatcher: mock })
        .send(ctx(), { method: 'POST', url: `${origin}/payments`, operation: 'test.mock', body: '{}' })
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(BankUnavailableError);
      expect(error).toMatchObject({ bankStatusCode: undefined });
      await mock.close();
    });
  });

  it('logs calls without credentials, tokens or codes', async () => {
    handler = (_request, response) => json(response, 200, { access_token: 'token-value-123', token_type: 'Bearer' });
    await client().send(ctx(), {
      method: 'POST',
      url: `${base}/as/token?code=code-in-url-456`,
      operation: 'test.token',
      headers: { authorization: 'Basic c2VjcmV0LWJhc2lj', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=authorization_code&code=code-value-789&client_secret=hunter2',
    });
    expect(logs).toContain('test.token');
    expect(logs).toContain('grant_type=authorization_code');
    for (const secret of ['token-value-123', 'code-in-url-456', 'c2VjcmV0LWJhc2lj', 'code-value-789', 'hunter2'])
      expect(logs).not.toContain(secret);
  });
});
