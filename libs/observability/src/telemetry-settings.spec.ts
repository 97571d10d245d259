import { describe, expect, it } from 'vitest';
import { telemetrySettings } from './telemetry-settings.js';

const ENDPOINT = 'http://collector.example:4318';

describe('telemetrySettings', () => {
  it('exports nothing when no endpoint and no exporter is configured', () => {
    expect(telemetrySettings({})).toEqual({ traces: false, metrics: false });
    expect(telemetrySettings({ OTEL_EXPORTER_OTLP_ENDPOINT: '  ', OTEL_SERVICE_NAME: 'api' })).toEqual({
      traces: false,
      metrics: false,
    });
  });

  it('exports traces and metrics over OTLP when the endpoint is set', () => {
    expect(telemetrySettings({ OTEL_EXPORTER_OTLP_ENDPOINT: ENDPOINT })).toEqual({ traces: true, metrics: true });
  });

  it("a signal's own endpoint turns on that signal only", () => {
    expect(telemetrySettings({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${ENDPOINT}/v1/traces` })).toEqual({
      traces: true,
      metrics: false,
    });
    expect(telemetrySettings({ OTEL_EXPORTER_OTLP_METRICS_ENDPOINT: `${ENDPOINT}/v1/metrics` })).toEqual({
      traces: false,
      metrics: true,
    });
  });

  it('OTEL_<SIGNAL>_EXPORTER=none turns a signal off; another exporter turns it on without an endpoint', () => {
    expect(telemetrySettings({ OTEL_EXPORTER_OTLP_ENDPOINT: ENDPOINT, OTEL_METRICS_EXPORTER: 'none' })).toEqual({
      traces: true,
      metrics: false,
    });
    expect(telemetrySettings({ OTEL_EXPORTER_OTLP_ENDPOINT: ENDPOINT, OTEL_TRACES_EXPORTER: 'None' })).toEqual({
      traces: false,
      metrics: true,
    });
    expect(telemetrySettings({ OTEL_TRACES_EXPORTER: 'console' })).toEqual({ traces: true, metrics: false });
    expect(telemetrySettings({ OTEL_METRICS_EXPORTER: ' otlp , console' })).toEqual({ traces: false, metrics: true });
  });

  it('OTEL_SDK_DISABLED=true turns everything off', () => {
    expect(
      telemetrySettings({
        OTEL_SDK_DISABLED: 'TRUE',
        OTEL_EXPORTER_OTLP_ENDPOINT: ENDPOINT,
        OTEL_TRACES_EXPORTER: 'otlp',
      }),
    ).toEqual({ traces: false, metrics: false });
    expect(telemetrySettings({ OTEL_SDK_DISABLED: 'false', OTEL_EXPORTER_OTLP_ENDPOINT: ENDPOINT })).toEqual({
      traces: true,
      metrics: true,
    });
  });
});
