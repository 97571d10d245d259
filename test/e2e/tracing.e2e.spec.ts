import { createServer, type IncomingMessage, type Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { projectRoot } from '#libs/common';
import { freePort } from '../support/free-port.js';
import { SpawnedProcess, envWithout } from '../support/spawned-process.js';
import { freshDatabaseUrl } from '../support/test-env.js';

interface Received {
  readonly path: string;
  readonly contentType: string;
  readonly body: Buffer;
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Whether an OTLP body carries `text` (a name or attribute) or the 32-hex-digit id `traceId`:
 * as text in http/json, as its 16 raw bytes in http/protobuf.
 */
const carries = (body: Buffer, needle: string | RegExp): boolean =>
  typeof needle === 'string' ? body.includes(needle) : needle.test(body.toString('latin1'));
const carriesTraceId = (body: Buffer, traceId: string): boolean =>
  body.includes(traceId) || body.includes(Buffer.from(traceId, 'hex'));

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
  beforeEach(() => {
    received.length = 0;
  });

  /** Starts the api process with the OpenTelemetry preload and `otel` added to its environment. */
  async function startApi(otel: Record<string, string>): Promise<{ api: SpawnedProcess; port: number }> {
    const root = projectRoot();
    const port = await freePort();
    const api = new SpawnedProcess(
      process.execPath,
      ['--import', join(root, 'dist/libs/observability/src/otel-register.js'), join(root, 'dist/apps/api/src/main.js')],
      envWithout(['OTEL_SERVICE_NAME', 'OTEL_RESOURCE_ATTRIBUTES', 'OTEL_SDK_DISABLED'], {
        DATABASE_URL: await freshDatabaseUrl(),
        REDIS_URL: inject('redisUrl'),
        PORT: String(port),
        ADMIN_PORT: String(await freePort()),
        ADMIN_TOKEN: 'tracing-test-admin-token-0123456789abcdef',
        LOG_LEVEL: 'warn',
        ...otel,
      }),
      root,
    );
    return { api, port };
  }

  /** GET /readyz until it answers 200; returns the trace id the client was given. */
  async function ready(api: SpawnedProcess, port: number): Promise<string | null> {
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline && api.child.exitCode === null) {
      try {
        const response = await fetch(`http://127.0.0.1:${port}/readyz`);
        if (response.status === 200) return response.headers.get('token-trace-id');
      } catch {
        // Not listening yet.
      }
      await sleep(100);
    }
    throw new Error(`the api process did not get ready (exit ${api.child.exitCode}):\n${api.output.slice(-4000)}`);
  }

  async function until(condition: () => boolean, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline && !condition()) await sleep(200);
  }

  it('exports HTTP, Postgres and Redis spans of the api process, with the trace id the client was given', async () => {
    const { api, port } = await startApi({
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${collectorPort}`,
      OTEL_SERVICE_NAME: 'gateway-api-under-test',
      OTEL_BSP_SCHEDULE_DELAY: '500',
    });
    try {
      const traceId = await ready(api, port);
      expect(traceId).toMatch(/^[0-9a-f]{32}$/);

      const spans = (): Received[] => received.filter((r) => r.path === '/v1/traces');
      const any = (test: (body: Buffer) => boolean): boolean => spans().some((r) => test(r.body));
      await until(
        () =>
          any((b) => carriesTraceId(b, traceId ?? '-')) &&
          any((b) => carries(b, /SELECT|postgres/i)) &&
          any((b) => carries(b, /ping/i)),
        15_000,
      );
      // Traces and metrics, each on its own OTLP/HTTP path.
      expect(received.every((r) => r.path === '/v1/traces' || r.path === '/v1/metrics')).toBe(true);
      expect(any((b) => carries(b, 'gateway-api-under-test'))).toBe(true);
      expect(any((b) => carriesTraceId(b, traceId ?? '-'))).toBe(true);
      expect(any((b) => carries(b, /SELECT|postgres/i))).toBe(true);
      expect(any((b) => carries(b, /ping/i))).toBe(true);
    } finally {
      await api.stop('SIGTERM', 20_000);
    }
  }, 120_000);

  it('exports metrics to /v1/metrics when configured, with the resource attributes the environment gives', async () => {
    const { api, port } = await startApi({
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${collectorPort}`,
      OTEL_RESOURCE_ATTRIBUTES: 'service.name=gateway-api-metrics,deployment.environment.name=e2e',
      OTEL_METRIC_EXPORT_INTERVAL: '500',
      OTEL_TRACES_EXPORTER: 'none',
    });
    try {
      expect(await ready(api, port)).toMatch(/^[0-9a-f]{32}$/);
      for (let i = 0; i < 3; i += 1) expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);

      const metrics = (): Received[] => received.filter((r) => r.path === '/v1/metrics');
      const httpServerMetric = /http\.server\.(request\.)?duration/;
      await until(() => metrics().some((r) => carries(r.body, httpServerMetric)), 15_000);
      const exported = metrics().find((r) => carries(r.body, httpServerMetric));
      expect(exported, 'an OTLP metrics export with the HTTP server duration').toBeDefined();
      // OTLP over HTTP with the SDK's default protocol (OTEL_EXPORTER_OTLP_PROTOCOL unset: http/protobuf).
      expect(exported?.contentType).toBe('application/x-protobuf');
      expect(carries(exported?.body ?? Buffer.alloc(0), 'gateway-api-metrics')).toBe(true);
      expect(carries(exported?.body ?? Buffer.alloc(0), 'deployment.environment.name')).toBe(true);
      // OTEL_TRACES_EXPORTER=none: no spans left the process.
      expect(received.filter((r) => r.path === '/v1/traces')).toEqual([]);
    } finally {
      await api.stop('SIGTERM', 20_000);
    }
  }, 120_000);
});
