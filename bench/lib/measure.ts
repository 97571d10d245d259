import autocannon, { type Request } from 'autocannon';

export interface Figures {
  readonly name: string;
  readonly requestsPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly non2xx: number;
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
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
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
