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

/** Runs autocannon and keeps the figures a README table needs. */
export async function measure(name: string, options: LoadOptions): Promise<Figures> {
  const result = await autocannon({
    url: options.url,
    method: options.method ?? 'GET',
    headers: options.headers,
    body: options.body,
    connections: options.connections,
    duration: options.seconds,
    ...(options.setupRequest === undefined ? {} : { requests: [{ setupRequest: options.setupRequest }] }),
  });
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
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([status, stats]) => [status, stats.count ?? 0])),
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
