import { createServer, type IncomingMessage, type Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { projectRoot } from '#libs/common';
import { freePort } from '../support/free-port.js';
import { SpawnedProcess, envWithout } from '../support/spawned-process.js';
import { freshDatabaseUrl } from '../support/test-env.js';

interface Received {
  readonly path: string;
  readonly contentType: string;
  readonly body: string;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => resolve(body));
  });
}

describe('OpenTelemetry export over OTLP', () => {
  const received: Received[] = [];
  let collector: Server;
  let collectorPort: number;

  beforeAll(async () => {
    collector = createServer((request, response) => {
      void readBody(request).then((body) => {
        received.push({ path: request.url ?? '', contentType: request.headers['content-type'] ?? '', body });
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    collectorPort = await freePort();
    await new Promise<void>((resolve) => collector.listen(collectorPort, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise((resolve) => collector.close(resolve));
  });

  it('exports HTTP, Postgres and Redis spans of the api process, with the trace id the client was given', async () => {
    const root = projectRoot();
    const port = await freePort();
    const api = new SpawnedProcess(
      process.execPath,
      ['--import', join(root, 'dist/libs/observability/src/otel-register.js'), join(root, 'dist/apps/api/src/main.js')],
      envWithout([], {
        DATABASE_URL: await freshDatabaseUrl(),
        REDIS_URL: inject('redisUrl'),
        PORT: String(port),
        ADMIN_PORT: String(await freePort()),
        ADMIN_TOKEN: 'tracing-test-admin-token-0123456789abcdef',
        OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${collectorPort}`,
        OTEL_SERVICE_NAME: 'gateway-api-under-test',
        LOG_LEVEL: 'warn',
      }),
      root,
    );
    try {
      let traceId: string | null = null;
      for (let i = 0; i < 100 && traceId === null; i += 1) {
        try {
          const response = await fetch(`http://127.0.0.1:${port}/readyz`);
          if (response.status === 200) traceId = response.headers.get('token-trace-id');
        } catch {
          await new Promise((r) => setTimeout(r, 100));
        }
      }
      expect(traceId).toMatch(/^[0-9a-f]{32}$/);

      const deadline = Date.now() + 15_000;
      const all = (): string => received.map((r) => r.body).join('\n');
      while (
        Date.now() < deadline &&
        !(all().includes(traceId ?? '-') && /SELECT|postgres/i.test(all()) && /ping/i.test(all()))
      ) {
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(received.every((r) => r.path === '/v1/traces')).toBe(true);
      expect(all()).toContain('gateway-api-under-test');
      expect(all()).toContain(traceId);
      expect(all()).toMatch(/SELECT|postgres/i);
      expect(all()).toMatch(/ping/i);
    } finally {
      await api.stop('SIGTERM', 20_000);
    }
  }, 60_000);
});
