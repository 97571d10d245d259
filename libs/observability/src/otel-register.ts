/**
 * Preloaded with `node --import` so instrumentation hooks are in place before the app's
 * modules load. Does nothing unless an OTLP endpoint or an exporter is configured
 * (telemetry-settings.ts).
 */
import { register } from 'node:module';
import { startTelemetry } from './start-telemetry.js';
import { telemetrySettings } from './telemetry-settings.js';

const settings = telemetrySettings(process.env);
if (settings.traces || settings.metrics) {
  register('import-in-the-middle/hook.mjs', import.meta.url);
  const handle = startTelemetry(settings);
  const flush = (): void => {
    void handle.shutdown();
  };
  process.once('beforeExit', flush);
}
