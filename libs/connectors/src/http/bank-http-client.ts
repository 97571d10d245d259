import { setTimeout as sleep } from 'node:timers/promises';
import { SpanKind, SpanStatusCode, context, propagation, trace, type Span } from '@opentelemetry/api';
import type { Logger } from 'pino';
import type { Dispatcher } from 'undici';
import { withFields } from '#libs/common';
import { BankDeadlineExceededError, BankRejectedError, BankUnavailableError } from '../bank-errors.js';
import type { BankCallContext } from '../bank-types.js';
import { BankDispatchers } from './bank-dispatchers.js';
import { exchange, isTimeout } from './bank-exchange.js';
import type { BankRequest, BankResponse } from './bank-request.js';
import { readTlsIdentity, type BankTlsIdentity } from './bank-tls.js';
import { redactBody, redactHeaders, redactUrl } from './redact.js';
import { backoffMs, isRetryable, type BackoffPolicy } from './retry-policy.js';

export interface BankHttpClientOptions {
  readonly logger: Logger;
  /** Longest any one call (all attempts) may take, whatever the caller's deadline. Default 30 s. */
  readonly perCallCapMs?: number;
  /** Attempts of a retryable call, the first included. Default 3. */
  readonly maxAttempts?: number;
  readonly backoff?: BackoffPolicy;
  /**
   * Carries the calls without mutual TLS instead of the client's own keep-alive Agent (mutual-TLS
   * calls always use the bank's Agent): e.g. an undici MockAgent, or an Agent without a client
   * certificate, in tests. Its owner closes it; `close()` leaves it open.
   */
  readonly dispatcher?: Dispatcher;
  readonly random?: () => number;
  readonly now?: () => number;
  /**
   * Told of every call once it ends (all attempts): its bank, its duration and whether the bank
   * failed to answer (a 5xx, unreachable, the deadline missed; a 4xx is an answer). It must not
   * throw nor wait: the call's answer does not wait for it.
   */
  readonly observe?: (call: BankCallObservation) => void;
}

/** One finished bank call, as BankHttpClientOptions.observe hears of it. */
export interface BankCallObservation {
  readonly bankId: string;
  readonly operation: string;
  readonly durationMs: number;
  readonly failed: boolean;
}

const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 100, maxMs: 2000 };
const USER_AGENT = 'open-banking-gateway/1';
const tracer = trace.getTracer('bank-http-client');

function parseJson(text: string, contentType: string | null): unknown {
  if (text === '' || !(contentType ?? '').toLowerCase().includes('json')) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A network failure for the logs: its message and its code, or the cause under it (e.g. a TLS alert). */
function describeNetworkError(error: unknown): string {
  const text = String(error);
  const failure = error instanceof Error ? (error as { code?: unknown; cause?: unknown }) : undefined;
  const cause = failure?.cause as { code?: unknown; message?: unknown } | undefined;
  const detail =
    typeof failure?.code === 'string'
      ? failure.code
      : typeof cause?.code === 'string'
        ? cause.code
        : typeof cause?.message === 'string'
          ? cause.message
          : undefined;
  return detail === undefined || text.includes(detail) ? text : `${text} (${detail})`;
}

/** The request's headers with a user-agent unless the connector set one (undici's request sends none). */
function withUserAgent(headers: Readonly<Record<string, string>> | undefined): Record<string, string> {
  const own = { ...headers };
  return Object.keys(own).some((name) => name.toLowerCase() === 'user-agent')
    ? own
    : { 'user-agent': USER_AGENT, ...own };
}

/** What a client derived for one bank's mutual TLS shares with its parent. */
interface TlsBinding {
  readonly dispatchers: BankDispatchers;
  readonly agent: Dispatcher;
}

/** Why an attempt did not produce an answer to hand back. */
interface Failure {
  readonly error: BankUnavailableError;
  readonly status: number | undefined;
}

/**
 * The one way connectors reach banks. Every call has a deadline: the caller's
 * (BankCallContext.deadlineMs) capped per call. Only calls safe to repeat (idempotent methods,
 * writes carrying x-idempotency-key) are retried, on a 5xx or a network error, with jittered
 * back-off inside the deadline. A bank 4xx is a BankRejectedError (with the bank's error code),
 * a 5xx or an unreachable bank a BankUnavailableError, a missed deadline a
 * BankDeadlineExceededError. Calls are logged without secrets and traced as client spans.
 * A bank that requires mutual TLS gets its own client from `withClientCertificate`: the same
 * rules, with every call carried by that bank's undici Agent. Calls go out with undici's `request`
 * over a shared keep-alive Agent; `close()` closes it and the banks' Agents.
 */
export class BankHttpClient {
  private readonly options: BankHttpClientOptions;
  private readonly logger: Logger;
  private readonly perCallCapMs: number;
  private readonly maxAttempts: number;
  private readonly backoff: BackoffPolicy;
  private readonly random: () => number;
  private readonly now: () => number;
  private readonly dispatchers: BankDispatchers;
  /** The bank's mutual-TLS agent; undefined for the shared client. */
  private readonly tlsAgent: Dispatcher | undefined;
  /** What carries this client's calls: the bank's mutual-TLS agent or the shared one. */
  private readonly dispatcher: Dispatcher;

  constructor(options: BankHttpClientOptions, tls?: TlsBinding) {
    this.options = options;
    this.logger = options.logger;
    this.perCallCapMs = options.perCallCapMs ?? 30_000;
    this.maxAttempts = Math.max(1, options.maxAttempts ?? 3);
    this.backoff = options.backoff ?? DEFAULT_BACKOFF;
    this.random = options.random ?? Math.random;
    this.now = options.now ?? Date.now;
    this.dispatchers = tls?.dispatchers ?? new BankDispatchers(options.dispatcher);
    this.tlsAgent = tls?.agent;
    this.dispatcher = tls?.agent ?? this.dispatchers.plain;
  }

  /**
   * A client for `bankId`'s calls over mutual TLS with `identity`. Material that cannot work is a
   * BankTlsMaterialError here, before any call. The agent is built once per bank and material,
   * and closed by `close()`.
   */
  withClientCertificate(bankId: string, identity: BankTlsIdentity): BankHttpClient {
    const agent = this.dispatchers.tls.agentFor(bankId, readTlsIdentity(identity, this.now()));
    return new BankHttpClient(this.options, { dispatchers: this.dispatchers, agent });
  }

  /** Closes the shared keep-alive agent and the mutual-TLS agents of every bank (calls in flight finish first). */
  close(): Promise<void> {
    return this.dispatchers.close();
  }

  async send(ctx: BankCallContext, request: BankRequest): Promise<BankResponse> {
    const url = redactUrl(request.url);
    return tracer.startActiveSpan(
      `bank ${request.operation}`,
      {
        kind: SpanKind.CLIENT,
        attributes: {
          'http.request.method': request.method,
          'url.full': url,
          'bank.id': ctx.bankId,
          'bank.operation': request.operation,
        },
      },
      async (span) => {
        const started = this.now();
        try {
          const response = await this.call(ctx, request, url, span);
          this.observed(ctx, request, started, false);
          return response;
        } catch (error) {
          span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.name : 'error' });
          this.observed(ctx, request, started, !(error instanceof BankRejectedError));
          throw error;
        } finally {
          span.end();
        }
      },
    );
  }

  private observed(ctx: BankCallContext, request: BankRequest, started: number, failed: boolean): void {
    if (this.options.observe === undefined) return;
    try {
      this.options.observe({
        bankId: ctx.bankId,
        operation: request.operation,
        durationMs: this.now() - started,
        failed,
      });
    } catch (error) {
      this.logger.warn({ err: error, bankId: ctx.bankId }, 'bank call observer failed');
    }
  }

  private async call(ctx: BankCallContext, request: BankRequest, url: string, span: Span): Promise<BankResponse> {
    const started = this.now();
    const cap = Math.min(this.perCallCapMs, request.timeoutMs ?? this.perCallCapMs);
    const deadline = Math.min(ctx.deadlineMs, started + cap);
    const headers = withUserAgent(request.headers);
    propagation.inject(context.active(), headers);
    const retryable = isRetryable(request.method, headers, request.idempotent);
    const log = {
      bankId: ctx.bankId,
      operation: request.operation,
      method: request.method,
      url,
      ...(ctx.traceId === undefined ? {} : { traceId: ctx.traceId }),
      ...(this.tlsAgent === undefined ? {} : { mtls: true }),
    };
    // Redacting costs more than the call itself: only when the debug lines are written.
    const debug = this.logger.isLevelEnabled('debug');
    if (debug)
      this.logger.debug(
        { ...log, headers: redactHeaders(headers), body: redactBody(request.body, headers['content-type']) },
        'bank call request',
      );

    for (let attempt = 1; ; attempt += 1) {
      const remaining = deadline - this.now();
      if (remaining <= 0) throw this.deadlineExceeded(ctx, log, attempt - 1, started);
      let outcome: BankResponse | Failure;
      try {
        outcome = await this.attempt(ctx, request, headers, remaining);
      } catch (error) {
        if (error instanceof BankRejectedError) throw error;
        if (isTimeout(error)) throw this.deadlineExceeded(ctx, log, attempt, started, error);
        outcome = { error: new BankUnavailableError(ctx.bankId, undefined, error), status: undefined };
      }
      if (!('error' in outcome)) {
        span.setAttribute('http.response.status_code', outcome.status);
        const answered = withFields(log, { status: outcome.status, attempts: attempt, ms: this.now() - started });
        if (ctx.routine === true) this.logger.debug(answered, 'bank call');
        else this.logger.info(answered, 'bank call');
        if (debug)
          this.logger.debug(
            { ...log, body: redactBody(outcome.text, outcome.headers.get('content-type') ?? undefined) },
            'bank call response',
          );
        return outcome;
      }
      if (outcome.status !== undefined) span.setAttribute('http.response.status_code', outcome.status);
      const delay = backoffMs(this.backoff, attempt + 1, this.random);
      const canRetry = retryable && attempt < this.maxAttempts && this.now() + delay < deadline;
      this.logger.warn(
        {
          ...log,
          attempt,
          status: outcome.status,
          err: outcome.status === undefined ? describeNetworkError(outcome.error.cause) : undefined,
          retry: canRetry,
          ms: this.now() - started,
        },
        'bank call attempt failed',
      );
      if (!canRetry) throw outcome.error;
      await sleep(delay);
    }
  }

  /** One attempt: an answer to hand back, a failure worth retrying, or a thrown rejection. */
  private async attempt(
    ctx: BankCallContext,
    request: BankRequest,
    headers: Record<string, string>,
    remainingMs: number,
  ): Promise<BankResponse | Failure> {
    const response = await exchange(
      this.dispatcher,
      { method: request.method, url: request.url, headers, body: request.body },
      remainingMs,
    );
    const answer: BankResponse = withFields(response, {
      body: parseJson(response.text, response.headers.get('content-type')),
    });
    if (request.acceptStatuses?.includes(response.status) === true) return answer;
    if (response.status >= 500)
      return { error: new BankUnavailableError(ctx.bankId, response.status), status: response.status };
    if (response.status >= 400) {
      const detail = request.describeError?.(answer.body);
      this.logger.warn(
        { bankId: ctx.bankId, operation: request.operation, status: response.status, bankErrorCode: detail?.code },
        'bank rejected the call',
      );
      throw new BankRejectedError(
        ctx.bankId,
        response.status,
        detail?.code,
        detail?.message ?? `HTTP ${response.status}`,
      );
    }
    return answer;
  }

  private deadlineExceeded(
    ctx: BankCallContext,
    log: object,
    attempts: number,
    started: number,
    cause?: unknown,
  ): BankDeadlineExceededError {
    this.logger.warn({ ...log, attempts, ms: this.now() - started }, 'bank call deadline exceeded');
    return new BankDeadlineExceededError(ctx.bankId, cause);
  }
}
