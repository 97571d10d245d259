import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebhookSender } from './webhook-sender.js';

describe('WebhookSender', () => {
  let server: Server;
  let base: string;
  const seen: Array<{ url: string; headers: IncomingMessage['headers']; body: string }> = [];
  const routes: Record<string, (response: ServerResponse) => void> = {
    '/ok': (response) => response.writeHead(200).end('fine'),
    '/no-content': (response) => response.writeHead(204).end(),
    '/redirect': (response) => response.writeHead(302, { location: '/ok' }).end(),
    '/busy': (response) => response.writeHead(429, { 'retry-after': '120' }).end('slow down'),
    '/slow': (response) => void setTimeout(() => response.writeHead(200).end(), 1500),
    '/huge': (response) => {
      response.writeHead(500);
      const chunk = Buffer.alloc(16 * 1024, 'x');
      const write = (): void => {
        while (response.write(chunk)) {
          // keep writing until the socket pushes back
        }
        response.once('drain', write);
      };
      write();
    },
  };
  const sender = new WebhookSender({ environment: 'sandbox', timeoutMs: 500 });

  beforeAll(async () => {
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        seen.push({ url: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
        (routes[request.url ?? ''] ?? ((r: ServerResponse) => r.writeHead(404).end()))(response);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    sender.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('posts the body with its headers and content-type; a 2xx is an answer without error', async () => {
    const result = await sender.send(`${base}/ok`, { 'token-event': 'X' }, '{"id":"ev:1"}');
    expect(result).toMatchObject({ statusCode: 200 });
    expect(result.error).toBeUndefined();
    const request = seen.find((entry) => entry.url === '/ok');
    expect(request).toMatchObject({
      body: '{"id":"ev:1"}',
      headers: { 'content-type': 'application/json', 'token-event': 'X', 'content-length': '13' },
    });
    expect((await sender.send(`${base}/no-content`, {}, '{}')).statusCode).toBe(204);
  });

  it('does not follow redirects, and reports status, Retry-After and a short body', async () => {
    expect(await sender.send(`${base}/redirect`, {}, '{}')).toMatchObject({ statusCode: 302, error: 'HTTP 302' });
    expect(seen.filter((entry) => entry.url === '/ok')).toHaveLength(1);
    expect(await sender.send(`${base}/busy`, {}, '{}')).toMatchObject({
      statusCode: 429,
      retryAfter: '120',
      error: 'HTTP 429: slow down',
    });
  });

  it('gives up at the deadline, and stops reading an endless body', async () => {
    const slow = await sender.send(`${base}/slow`, {}, '{}');
    expect(slow).toMatchObject({ error: 'timed out' });
    expect(slow.statusCode).toBeUndefined();
    expect(slow.latencyMs).toBeGreaterThanOrEqual(450);
    const huge = await sender.send(`${base}/huge`, {}, '{}');
    expect(huge.statusCode).toBe(500);
    expect(huge.error?.length).toBeLessThan(220);
  });

  it('reports a refused connection', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect((await sender.send(`http://127.0.0.1:${port}/`, {}, '{}')).error).toMatch(/ECONNREFUSED/);
  });

  it('in production refuses http and non-public addresses before connecting', async () => {
    const production = new WebhookSender({
      environment: 'production',
      timeoutMs: 500,
      lookup: () => Promise.resolve([{ address: '10.1.2.3', family: 4 }]),
    });
    try {
      const before = seen.length;
      expect((await production.send(`${base}/ok`, {}, '{}')).error).toMatch(/receiver refused: must use https/);
      expect((await production.send('https://127.0.0.1:1/ok', {}, '{}')).error).toMatch(/loopback/);
      expect((await production.send('https://internal.example.com/ok', {}, '{}')).error).toMatch(
        /private address \(10\.1\.2\.3\)/,
      );
      expect(seen.length).toBe(before);
    } finally {
      production.close();
    }
  });

  it('connects to the address its lookup checked, keeping the name in the Host header', async () => {
    const port = (server.address() as AddressInfo).port;
    const pinned = new WebhookSender({
      environment: 'sandbox',
      timeoutMs: 500,
      lookup: () => Promise.resolve([{ address: '127.0.0.1', family: 4 }]),
    });
    try {
      expect((await pinned.send(`http://hooks.example.test:${port}/ok`, {}, '{"pinned":true}')).statusCode).toBe(200);
      expect(seen[seen.length - 1]).toMatchObject({
        body: '{"pinned":true}',
        headers: { host: `hooks.example.test:${port}` },
      });
    } finally {
      pinned.close();
    }
  });
});
