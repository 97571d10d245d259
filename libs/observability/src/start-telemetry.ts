import { NodeSDK } from '@opentelemetry/sdk-node';
import { defaultResource, resourceFromAttributes } from '@opentelemetry/resources';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { PrismaInstrumentation } from '@prisma/instrumentation';
import type { TelemetrySettings } from './telemetry-settings.js';

/** service.name when neither OTEL_SERVICE_NAME nor OTEL_RESOURCE_ATTRIBUTES names one. */
export const DEFAULT_SERVICE_NAME = 'open-banking-gateway';

export interface TelemetryHandle {
  shutdown(): Promise<void>;
}

/**
 * Starts the OpenTelemetry SDK for Node: spans of HTTP in and out, Postgres, Redis and Prisma
 * (BullMQ spans come from its telemetry option, bullmq-otel), and the metrics those
 * instrumentations record. Exporters, endpoints, protocol, intervals and resource attributes
 * come from the standard OTEL_* variables, read by the SDK itself; `settings` only switches a
 * signal off. Logs stay JSON lines on stdout. Must run before the instrumented modules are
 * loaded: see otel-register.ts.
 */
export function startTelemetry(settings: TelemetrySettings): TelemetryHandle {
  const sdk = new NodeSDK({
    // Detected attributes (OTEL_SERVICE_NAME, OTEL_RESOURCE_ATTRIBUTES, process, host) win over these.
    resource: defaultResource().merge(resourceFromAttributes({ [ATTR_SERVICE_NAME]: DEFAULT_SERVICE_NAME })),
    instrumentations: [
      new HttpInstrumentation(),
      new PgInstrumentation(),
      new IORedisInstrumentation(),
      new PrismaInstrumentation(),
    ],
    logRecordProcessors: [],
    ...(settings.traces ? {} : { spanProcessors: [] }),
    ...(settings.metrics ? {} : { metricReaders: [] }),
  });
  sdk.start();
  return { shutdown: () => sdk.shutdown() };
}
