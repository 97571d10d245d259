import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayError, type AppConfig } from '#libs/common';
import { SandboxBankFaultsClient } from './sandbox-bank-faults.client.js';

interface Seen {
  readonly method: string | undefined;
  readonly url: string | undefined;
  readonly authorization: string | undefined;
  readonly body: string;
}

function bodyOf(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    request.on('end', () => resolve(text));
  });
}

describe('SandboxBankFaultsClient', () => {
  const seen: Seen[] = [];
  let server: Server;
  let url: string;

  beforeAll(async () => {
    server = createServer((request, response) => {
      void bodyOf(request).then((body) => {
        seen.push({ method: request.method, url: request.url, authorization: request.headers.authorization, body });
        response.setHeader('content-type', 'application/json');
        if (request.url === '/sandbox/faults/refused') {
          response.statusCode = 400;
          response.end(JSON.stringify({ error: { message: 'errorRate must not be greater than 1' } }));
        } else if (request.url === '/sandbox/faults/unknown') {
          response.statusCode = 404;
          response.end(JSON.stringify({ error: { message: 'No sandbox bank unknown.' } }));
        } else if (request.url === '/sandbox/faults/broken') {
          response.statusCode = 500;
          response.end('{}');
        } else {
          response.end(
            body === ''
              ? JSON.stringify({
                  bankId: 'b',
                  latencyMs: 5,
                  errorRate: 0.5,
                  lostAnswerRate: 0,
                  lateAnswerMs: 0,
                  only: [],
                })
              : JSON.stringify({ bankId: 'b', ...JSON.parse(body) }),
          );
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const client = (adminToken: string | undefined, base = url): SandboxBankFaultsClient =>
    new SandboxBankFaultsClient({ sandboxBankUrl: base, adminToken } as AppConfig);

  it('reads a bank’s faults with the admin token as its Bearer token', async () => {
    expect(await client('secret').read('ob-x')).toEqual({
      latencyMs: 5,
      errorRate: 0.5,
      lostAnswerRate: 0,
      lateAnswerMs: 0,
      only: [],
    });
    expect(seen.at(-1)).toMatchObject({ method: 'GET', url: '/sandbox/faults/ob-x', authorization: 'Bearer secret' });
  });

  it('sets a bank’s faults as a whole, sending no operations when there are none', async () => {
    const faults = { latencyMs: 0, errorRate: 0.1, lostAnswerRate: 0, lateAnswerMs: 0, only: [] };
    expect(await client(undefined).write('ob-x', faults)).toEqual(faults);
    const last = seen.at(-1);
    expect(last).toMatchObject({ method: 'PUT', url: '/sandbox/faults/ob-x', authorization: undefined });
    expect(JSON.parse(last?.body ?? '')).toEqual({ latencyMs: 0, errorRate: 0.1, lostAnswerRate: 0, lateAnswerMs: 0 });
  });

  it('answers the bank’s refusals as the gateway’s errors', async () => {
    const faults = { latencyMs: 0, errorRate: 2, lostAnswerRate: 0, lateAnswerMs: 0, only: [] };
    await expect(client(undefined).write('refused', faults)).rejects.toMatchObject({
      status: 400,
      message: 'errorRate must not be greater than 1',
    });
    await expect(client(undefined).read('unknown')).rejects.toMatchObject({ status: 404 });
    await expect(client(undefined).read('broken')).rejects.toMatchObject({ status: 503 });
  });

  it('answers 503 when the sandbox bank does not answer', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error: unknown = await client(undefined, `http://127.0.0.1:${port}`)
      .read('ob-x')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayError);
    expect((error as GatewayError).status).toBe(503);
  });
});
