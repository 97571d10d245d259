import type { IncomingHttpHeaders } from 'node:http';
import type { Dispatcher } from 'undici';
import type { BankResponseHeaders, HttpMethod } from './bank-request.js';
import { ReceivedHeaders } from './bank-response-headers.js';

export interface WireRequest {
  readonly method: HttpMethod;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string | undefined;
}

export interface WireResponse {
  readonly status: number;
  readonly headers: BankResponseHeaders;
  readonly text: string;
}

/** Undici's own timers (headersTimeout, bodyTimeout): a bank that stopped answering, like a missed deadline. */
const UNDICI_TIMEOUT_CODES: ReadonlySet<unknown> = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

/** An exchange stopped by its time limit (the reason `exchange` gives, or one of undici's timers). */
export function isTimeout(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'TimeoutError' ||
    error.name === 'AbortError' ||
    UNDICI_TIMEOUT_CODES.has((error as { code?: unknown }).code)
  );
}

const BYTE_ORDER_MARK = 0xfeff;

/**
 * One exchange as an undici dispatch handler: the answer's status, headers and bytes, and its
 * end or failure. Aborted when the time is up, before or after the request went out.
 */
class ExchangeHandler implements Dispatcher.DispatchHandler {
  private controller: Dispatcher.DispatchController | undefined;
  private status = 0;
  private headers: IncomingHttpHeaders = {};
  private readonly chunks: Buffer[] = [];
  private readonly timer: NodeJS.Timeout;
  private settled = false;

  constructor(
    timeoutMs: number,
    private readonly resolve: (response: WireResponse) => void,
    private readonly reject: (error: unknown) => void,
  ) {
    this.timer = setTimeout(
      () => this.fail(new DOMException(`No answer within ${timeoutMs} ms`, 'TimeoutError')),
      timeoutMs,
    );
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.controller = controller;
    // The time ran out while the request waited for a connection: it does not go out at all.
    if (this.settled) controller.abort(new DOMException('The exchange was abandoned', 'AbortError'));
  }

  onResponseStart(_controller: Dispatcher.DispatchController, statusCode: number, headers: IncomingHttpHeaders): void {
    this.status = statusCode;
    this.headers = headers;
  }

  onResponseData(_controller: Dispatcher.DispatchController, chunk: Buffer): void {
    this.chunks.push(chunk);
  }

  onResponseEnd(): void {
    if (this.settled) return;
    this.settled = true;
    clearTimeout(this.timer);
    const text = (this.chunks.length === 1 ? this.chunks[0] : Buffer.concat(this.chunks)).toString('utf8');
    this.resolve({
      status: this.status,
      headers: new ReceivedHeaders(this.headers),
      text: text.charCodeAt(0) === BYTE_ORDER_MARK ? text.slice(1) : text,
    });
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    this.fail(error);
  }

  /** Settles the exchange with `error` (once) and stops the request if it went out. */
  fail(error: unknown): void {
    if (this.settled) return;
    this.settled = true;
    clearTimeout(this.timer);
    this.controller?.abort(error instanceof Error ? error : new Error(String(error)));
    this.reject(error);
  }
}

/**
 * One HTTP exchange over `dispatcher` (undici's dispatch, the layer under its `request`), within
 * `timeoutMs` (waiting for a connection, sending and reading the whole body). The body is always
 * read to its end, which hands the connection back to the pool; it is decoded as UTF-8 (a leading
 * byte order mark dropped). A 3xx is an answer like any other: nothing follows redirects. Fails
 * with a TimeoutError when the time is up, or with undici's or the socket's error when the bank
 * cannot be reached.
 */
export function exchange(dispatcher: Dispatcher, call: WireRequest, timeoutMs: number): Promise<WireResponse> {
  return new Promise<WireResponse>((resolve, reject) => {
    const handler = new ExchangeHandler(timeoutMs, resolve, reject);
    try {
      const url = new URL(call.url);
      dispatcher.dispatch(
        {
          origin: url.origin,
          path: `${url.pathname}${url.search}`,
          method: call.method,
          headers: call.headers,
          body: call.body ?? null,
        },
        handler,
      );
    } catch (error) {
      handler.fail(error);
    }
  });
}
