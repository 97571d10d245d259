import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/**
 * A settlement provider that fails before any work: an HTTP proxy in front of the sandbox
 * provider that forwards every call, except those `failing` matches, answered 503 without
 * reaching the provider (a provider down for those calls). Started before the gateway, so the
 * gateway's SANDBOX_SETTLEMENT_URL can name it; pointed at the provider once that listens.
 */
export class FailingProviderProxy {
  private server: Server | undefined;
  private target = '';
  /** Calls answered 503: `METHOD /path` prefixes (e.g. `POST /settlement/v1/payouts`). */
  failing: readonly string[] = [];

  async start(): Promise<string> {
    this.server = createServer((request, response) => {
      void this.handle(request, response);
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    return `http://127.0.0.1:${port}`;
  }

  /** Where calls go: the provider's origin (the sandbox bank's URL). */
  forwardTo(origin: string): void {
    this.target = origin;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server === undefined ? resolve() : this.server.close(() => resolve())));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const call = `${request.method ?? 'GET'} ${request.url ?? '/'}`;
    if (this.failing.some((prefix) => call.startsWith(prefix))) {
      response.writeHead(503, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ code: 'INTERNAL_ERROR', message: 'The provider is unavailable.' }));
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers))
      if (typeof value === 'string' && name !== 'host' && name !== 'content-length') headers[name] = value;
    try {
      const answer = await fetch(`${this.target}${request.url ?? '/'}`, {
        method: request.method ?? 'GET',
        headers,
        ...(chunks.length === 0 ? {} : { body: Buffer.concat(chunks) }),
      });
      const body = Buffer.from(await answer.arrayBuffer());
      response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
      response.end(body);
    } catch {
      response.writeHead(502);
      response.end();
    }
  }
}
