import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';

/** One POST as the receiver saw it: headers and the exact body text. */
export interface ReceivedRequest {
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  /** Wall time it arrived (ms since the epoch) and a monotonic time stamp (performance.now()). */
  readonly receivedAtMs: number;
  readonly receivedAtPerf: number;
}

/** How the receiver answers one request (`index` counts every request so far, from 0). */
export type Responder = (request: ReceivedRequest, index: number, response: ServerResponse) => void | Promise<void>;

export const answer =
  (status: number, headers: Record<string, string> = {}): Responder =>
  (_request, _index, response) => {
    response.writeHead(status, headers).end(status >= 400 ? 'receiver says no' : 'ok');
  };

/** A local webhook receiver on 127.0.0.1 that records everything posted to it. */
export class WebhookReceiver {
  readonly requests: ReceivedRequest[] = [];
  private server: Server | undefined;
  responder: Responder = answer(200);

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const received: ReceivedRequest = {
          headers: req.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          receivedAtMs: Date.now(),
          receivedAtPerf: performance.now(),
        };
        const index = this.requests.length;
        this.requests.push(received);
        Promise.resolve(this.responder(received, index, res)).catch(() => res.writeHead(500).end());
      });
    });
    this.server.keepAliveTimeout = 5000;
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    return this.url;
  }

  get port(): number {
    return (this.server?.address() as AddressInfo).port;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}/webhooks`;
  }

  /** Requests whose body id is `id`. */
  forEvent(id: string): ReceivedRequest[] {
    return this.requests.filter((request) => (JSON.parse(request.body) as { id?: string }).id === id);
  }

  async waitFor(what: string, predicate: () => boolean, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!predicate()) {
      if (Date.now() > deadline)
        throw new Error(`timed out waiting for ${what} (${this.requests.length} requests so far)`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server === undefined ? resolve() : this.server.close(() => resolve())));
  }
}
