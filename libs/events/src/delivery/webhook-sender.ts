import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { performance } from 'node:perf_hooks';
import {
  WebhookUrlError,
  parseWebhookUrl,
  resolveWebhookTarget,
  type AddressLookup,
  type DeliveryEnvironment,
  type WebhookTarget,
} from './webhook-url.js';

/** What one POST came to. */
export interface SendResult {
  /** The receiver's status; absent when no response came. */
  readonly statusCode?: number;
  readonly retryAfter?: string;
  /** Why there was no acknowledgement (network error, timeout, refused address, non-2xx). */
  readonly error?: string;
  readonly latencyMs: number;
}

export interface WebhookSenderOptions {
  readonly environment: DeliveryEnvironment;
  readonly timeoutMs: number;
  /** DNS resolution (tests substitute their own). */
  readonly lookup?: AddressLookup;
}

const MAX_ERROR_BODY = 200;
/** A response body is read (and thrown away) only this far; the status is what counts. */
const MAX_RESPONSE_BODY = 64 * 1024;
/** Idle keep-alive sockets close before typical servers' 5 s keep-alive timeout. */
const IDLE_SOCKET_MS = 4000;
const USER_AGENT = 'open-banking-gateway-webhooks/1';

/** A lookup that answers only the address that passed the checks: the connection goes there. */
function pinnedLookup(target: WebhookTarget): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all === true) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
}

function describeError(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (error.name === 'TimeoutError' || error.name === 'AbortError') return 'timed out';
    return code === undefined ? error.message : `${code}${error.message.includes(code) ? '' : `: ${error.message}`}`;
  }
  return String(error);
}

/**
 * Posts notifications. Each POST re-checks the receiver URL and resolves its host (refusing
 * private, loopback, link-local and metadata addresses in production) and connects to exactly
 * the address that passed, whatever DNS answers a moment later. Redirects are not followed.
 * One deadline covers connecting, sending and reading the response.
 */
export class WebhookSender {
  private readonly httpAgent = new HttpAgent({ keepAlive: true, maxSockets: 256, timeout: IDLE_SOCKET_MS });
  private readonly httpsAgent = new HttpsAgent({ keepAlive: true, maxSockets: 256, timeout: IDLE_SOCKET_MS });

  constructor(private readonly options: WebhookSenderOptions) {}

  async send(rawUrl: string, headers: Readonly<Record<string, string>>, body: string): Promise<SendResult> {
    const started = performance.now();
    const elapsed = (): number => Math.round(performance.now() - started);
    let target: WebhookTarget;
    try {
      target = await resolveWebhookTarget(
        parseWebhookUrl(rawUrl, this.options.environment),
        this.options.environment,
        this.options.lookup,
      );
    } catch (error) {
      if (error instanceof WebhookUrlError)
        return { error: `receiver refused: ${error.message}`, latencyMs: elapsed() };
      throw error;
    }
    const signal = AbortSignal.timeout(this.options.timeoutMs);
    try {
      let response: { statusCode: number; retryAfter?: string; snippet: string };
      try {
        response = await this.post(target, headers, body, signal);
      } catch (error) {
        // A keep-alive socket the receiver closed just before we wrote to it: try once on a new one.
        if (!(error instanceof ReusedSocketError)) throw error;
        response = await this.post(target, headers, body, signal, true);
      }
      const { statusCode, retryAfter, snippet } = response;
      const acknowledged = statusCode >= 200 && statusCode < 300;
      return {
        statusCode,
        ...(retryAfter === undefined ? {} : { retryAfter }),
        ...(acknowledged ? {} : { error: `HTTP ${statusCode}${snippet === '' ? '' : `: ${snippet}`}` }),
        latencyMs: elapsed(),
      };
    } catch (error) {
      return { error: describeError(error instanceof ReusedSocketError ? error.cause : error), latencyMs: elapsed() };
    }
  }

  close(): void {
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }

  private post(
    target: WebhookTarget,
    headers: Readonly<Record<string, string>>,
    body: string,
    signal: AbortSignal,
    freshSocket = false,
  ): Promise<{ statusCode: number; retryAfter?: string; snippet: string }> {
    const https = target.url.protocol === 'https:';
    const payload = Buffer.from(body, 'utf8');
    return new Promise((resolve, reject) => {
      const request = (https ? httpsRequest : httpRequest)(target.url, {
        method: 'POST',
        agent: freshSocket ? false : https ? this.httpsAgent : this.httpAgent,
        lookup: pinnedLookup(target),
        signal,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(payload.length),
          'user-agent': USER_AGENT,
        },
      });
      request.on('error', (error: NodeJS.ErrnoException) => {
        if (request.reusedSocket && !freshSocket && (error.code === 'ECONNRESET' || error.code === 'EPIPE'))
          reject(new ReusedSocketError(error));
        else reject(error);
      });
      request.on('response', (response: IncomingMessage) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const done = (): void => {
          const retryAfter = response.headers['retry-after'];
          resolve({
            statusCode: response.statusCode ?? 0,
            ...(typeof retryAfter === 'string' ? { retryAfter } : {}),
            snippet: Buffer.concat(chunks).subarray(0, MAX_ERROR_BODY).toString('utf8').replace(/\s+/g, ' ').trim(),
          });
        };
        response.on('data', (chunk: Buffer) => {
          if (size < MAX_ERROR_BODY) chunks.push(chunk);
          size += chunk.length;
          if (size > MAX_RESPONSE_BODY) {
            // Enough: the status is known; drop the connection rather than read on.
            done();
            request.destroy();
          }
        });
        response.on('error', reject);
        response.on('close', () => {
          if (!response.complete) reject(new Error('the response was cut off'));
        });
        response.on('end', done);
      });
      request.end(payload);
    });
  }
}

class ReusedSocketError extends Error {
  constructor(override readonly cause: Error) {
    super(cause.message);
    this.name = 'ReusedSocketError';
  }
}
