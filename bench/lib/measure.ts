import autocannon, { type Request } from 'autocannon';

export interface Figures {
  readonly name: string;
  readonly requestsPerSecond: number;
  /** Requests answered during the run (any status). */
  readonly total: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly p999Ms: number;
  readonly non2xx: number;
  /** Connection errors (timeouts included): requests that got no answer at all. */
  readonly errors: number;
  readonly timeouts: number;
  /** Answers per HTTP status, e.g. { "200": 9000, "500": 3 }. */
  readonly statusCodes: Readonly<Record<string, number>>;
}

export interface LoadOptions {
  readonly url: string;
  readonly method?: 'GET' | 'POST';
  readonly headers?: Record<string, string>;
  readonly body?: string;
  readonly connections: number;
  readonly seconds: number;
  /** Fresh headers per request (e.g. a single-use signed token). */
  readonly setupRequest?: (request: Request) => Request;
}

/** A load as autocannon's options. */
function autocannonOptions(options: LoadOptions): autocannon.Options {
  return {
    url: options.url,
    method: options.method ?? 'GET',
    headers: options.headers,
    body: options.body,
    connections: options.connections,
    duration: options.seconds,
    ...(options.setupRequest === undefined ? {} : { requests: [{ setupRequest: options.setupRequest }] }),
  };
}

/** autocannon's merge of raw results (in the package, not in its type declarations). */
const aggregateResult = (
  autocannon as unknown as {
    aggregateResult: (results: readonly autocannon.Result[], options: object) => autocannon.Result;
  }
).aggregateResult;

/** One autocannon run kept raw (its latency histogram encoded), to be pooled with others by `pool`. */
export interface Slice {
  readonly raw: autocannon.Result;
  /** Wall time of the run. */
  readonly seconds: number;
}

/** Runs autocannon for `options.seconds` and keeps the raw result. */
export async function measureSlice(options: LoadOptions): Promise<Slice> {
  const started = performance.now();
  const raw = await autocannon({ ...autocannonOptions(options), skipAggregateResult: true });
  return { raw, seconds: (performance.now() - started) / 1000 };
}

/**
 * The figures of several slices of one load taken as one run: latencies from their merged
 * histograms, req/s as all answers over all their wall time.
 */
export function pool(name: string, options: LoadOptions, slices: readonly Slice[]): Figures {
  const merged = aggregateResult(
    slices.map((slice) => slice.raw),
    { url: options.url, connections: options.connections },
  );
  const total = slices.reduce((sum, slice) => sum + completed(slice), 0);
  const seconds = slices.reduce((sum, slice) => sum + slice.seconds, 0);
  return {
    name,
    requestsPerSecond: Math.round(total / seconds),
    total,
    p50Ms: merged.latency.p50,
    p99Ms: merged.latency.p99,
    p999Ms: merged.latency.p99_9,
    non2xx: merged.non2xx,
    errors: merged.errors,
    timeouts: merged.timeouts,
    statusCodes: Object.fromEntries(
      Object.entries(merged.statusCodeStats ?? {}).map(([status, stats]) => [status, stats.count ?? 0]),
    ),
  };
}

/** Requests a slice saw answered (a raw result's count; its type declarations lack it). */
function completed(slice: Slice): number {
  return (slice.raw as unknown as { totalCompletedRequests: number }).totalCompletedRequests;
}

/** Requests per second of one slice. */
export function sliceRate(slice: Slice): number {
  return completed(slice) / slice.seconds;
}

/** The middle value (the mean of the two middle ones for an even count); NaN for none. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** Runs autocannon and keeps the figures a README table needs. */
export async function measure(name: string, options: LoadOptions): Promise<Figures> {
  const result = await autocannon(autocannonOptions(options));
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    total: result.requests.total,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    p999Ms: result.latency.p99_9,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes: Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).map(([status, stats]) => [status, stats.count ?? 0]),
    ),
  };
}

export function printTable(rows: readonly Figures[], baseline: Figures): void {
  const lines = ['| run | req/s | p50 ms | p99 ms | non-2xx | ratio to baseline |', '|---|---|---|---|---|---|'];
  for (const row of rows) {
    const ratio = (row.requestsPerSecond / baseline.requestsPerSecond).toFixed(2);
    lines.push(`| ${row.name} | ${row.requestsPerSecond} | ${row.p50Ms} | ${row.p99Ms} | ${row.non2xx} | ${ratio}x |`);
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}
