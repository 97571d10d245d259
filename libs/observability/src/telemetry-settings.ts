/** The environment as the OpenTelemetry variables are read from it. */
export type TelemetryEnv = Readonly<Record<string, string | undefined>>;

/** Which OpenTelemetry signals this process exports. */
export interface TelemetrySettings {
  readonly traces: boolean;
  readonly metrics: boolean;
}

type Signal = 'TRACES' | 'METRICS';

const value = (env: TelemetryEnv, name: string): string | undefined => {
  const text = env[name]?.trim();
  return text === undefined || text === '' ? undefined : text;
};

const exporterList = (env: TelemetryEnv, name: string): string[] | undefined =>
  value(env, name)
    ?.split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter((entry) => entry !== '');

/**
 * A signal is exported when OTEL_<SIGNAL>_EXPORTER names an exporter (not `none`), or, with that
 * variable unset, when an OTLP endpoint is set (OTEL_EXPORTER_OTLP_ENDPOINT or the signal's own
 * OTEL_EXPORTER_OTLP_<SIGNAL>_ENDPOINT). So nothing leaves the process unless asked for.
 */
function isExported(env: TelemetryEnv, signal: Signal): boolean {
  const exporters = exporterList(env, `OTEL_${signal}_EXPORTER`);
  if (exporters !== undefined && exporters.length > 0) return !exporters.includes('none');
  return (
    value(env, 'OTEL_EXPORTER_OTLP_ENDPOINT') !== undefined ||
    value(env, `OTEL_EXPORTER_OTLP_${signal}_ENDPOINT`) !== undefined
  );
}

/** What to start, from the standard OTEL_* variables; OTEL_SDK_DISABLED=true turns everything off. */
export function telemetrySettings(env: TelemetryEnv): TelemetrySettings {
  if (value(env, 'OTEL_SDK_DISABLED')?.toLowerCase() === 'true') return { traces: false, metrics: false };
  return { traces: isExported(env, 'TRACES'), metrics: isExported(env, 'METRICS') };
}
