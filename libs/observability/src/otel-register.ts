/**
 * Preloaded with `node --import` so instrumentation hooks are in place before the app's
 * modules load. Does nothing unless OTEL_EXPORTER_OTLP_ENDPOINT is set.
 */
import { register } from 'node:module';
import { startTracing } from './tracing.js';

const endpoint = process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
if (endpoint !== undefined && endpoint.trim() !== '') {
  register('import-in-the-middle/hook.mjs', import.meta.url);
  const handle = startTracing(process.env.OTEL_SERVICE_NAME ?? 'open-banking-gateway', endpoint.trim());
  const flush = (): void => {
    void handle.shutdown();
  };
  process.once('beforeExit', flush);
}
