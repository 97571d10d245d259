import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import {
  APP_CONFIG,
  Clock,
  EXTERNAL_ERROR_HEADER,
  GatewayError,
  LOGGER,
  errorBody,
  toGatewayError,
  type AppConfig,
} from '#libs/common';
import { IdempotencyKeyRepository, type IdempotencyKey, type StoredResponse } from '#libs/db';
import type { MemberId } from '#libs/domain';
import { newTraceId } from '#libs/observability';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  IDEMPOTENT_REPLAYED_HEADER,
} from './idempotency-headers.js';

/** 1 to 255 visible ASCII characters (VCHAR, RFC 5234): no spaces, no control characters. */
const KEY_PATTERN = new RegExp(`^[\\x21-\\x7E]{1,${IDEMPOTENCY_KEY_MAX_LENGTH}}$`);
const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';
/** Response headers kept with a stored answer (besides the error headers of a stored 4xx). */
const STORED_HEADERS = ['content-type', 'location', 'retry-after'] as const;
/**
 * An IN_FLIGHT reservation this old belongs to a process that died mid-request (no request runs
 * this long: bank calls have deadlines of at most 5 minutes); a new request may take the key over.
 */
export const ABANDONED_AFTER_MS = 10 * 60_000;

/** The key of a request, undefined without the header; a 400 naming the header when it is malformed. */
export function parseIdempotencyKey(value: string | string[] | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !KEY_PATTERN.test(value)) {
    throw GatewayError.invalidField(
      'Idempotency-Key',
      `Idempotency-Key must be given once, as 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} visible ASCII characters (no spaces or control characters).`,
      'Field.InvalidFormat',
    );
  }
  return value;
}

/** SHA-256 (hex) of what makes two requests the same: method, path with query, and the exact body bytes. */
export function requestFingerprint(method: string, url: string, body: Buffer | undefined): string {
  return createHash('sha256')
    .update(method)
    .update('\0')
    .update(url)
    .update('\0')
    .update(body ?? Buffer.alloc(0))
    .digest('hex');
}

interface Reserved {
  readonly memberId: MemberId;
  readonly key: string;
  readonly reservedAt: Date;
}

/**
 * Runs a money-moving POST under its optional `Idempotency-Key` (keys are per member, so only
 * after the AuthGuard). The handler calls `answer` around all its work, body validation
 * included, so that a validation 400 is an answer like any other:
 *
 * - first use: the key is reserved in Postgres (IN_FLIGHT), the work runs, and its answer
 *   (status, a few headers, the exact body bytes) is stored, for 2xx and 4xx alike;
 * - a 5xx or an unexpected error releases the key (the row is deleted), so the client may retry;
 * - a repeat with the same fingerprint gets the stored answer with `Idempotent-Replayed: true`;
 *   with another fingerprint 422, while the first still runs 409.
 *
 * Success bodies are serialised here once, so what is stored is exactly what was sent; error
 * bodies are rendered as the global filter renders them (same function, same trace id).
 *
 * A call in the handler rather than a Nest interceptor: an interceptor puts every request of
 * its route, with a key or without, through an rxjs chain (two AsyncResources, `defer`,
 * `mergeAll` and a ReplaySubject per request); here a request without the header costs one
 * header read (see README, Benchmarks).
 */
@Injectable()
export class IdempotentRequests {
  private readonly ttlMs: number;

  constructor(
    private readonly keys: IdempotencyKeyRepository,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.ttlMs = config.idempotency.ttlHours * 3600_000;
  }

  /**
   * `work`'s answer, run once per key: without the header, simply `work()`. With a key, the
   * answer is what Nest is to send (with the route's `@Res({ passthrough: true })` reply): the
   * exact stored bytes as a string, or undefined for an empty body.
   */
  async answer<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    work: () => Promise<T>,
  ): Promise<T | string | undefined> {
    const key = parseIdempotencyKey(request.headers[IDEMPOTENCY_KEY_HEADER]);
    if (key === undefined) return work();
    const memberId = request.member?.memberId;
    if (memberId === undefined) throw new Error('Idempotency-Key is only for routes with an authenticated member');

    const fingerprint = requestFingerprint(request.method, request.url, request.rawBody);
    const now = this.clock.now();
    const reservation = await this.keys.reserve(memberId, {
      key,
      fingerprint,
      now,
      expiresAt: new Date(now.getTime() + this.ttlMs),
      abandonedBefore: new Date(now.getTime() - ABANDONED_AFTER_MS),
    });
    if (reservation.kind === 'existing') return replay(reservation.row, fingerprint, reply);

    const reserved: Reserved = { memberId, key, reservedAt: reservation.reservedAt };
    let result: T;
    try {
      result = await work();
    } catch (error) {
      await this.settleFailure(reserved, request, error);
      throw error;
    }
    return this.settleSuccess(reserved, reply, result);
  }

  /** Stores the work's answer and hands Nest the exact bytes to send. */
  private async settleSuccess(reserved: Reserved, reply: FastifyReply, result: unknown): Promise<string | undefined> {
    let body = '';
    if (typeof result === 'string') {
      body = result;
    } else if (result !== undefined) {
      body = JSON.stringify(result);
      void reply.header('content-type', JSON_CONTENT_TYPE);
    }
    const headers: Record<string, string> = {};
    for (const name of STORED_HEADERS) {
      const value = reply.getHeader(name);
      if (typeof value === 'string' || typeof value === 'number') headers[name] = String(value);
    }
    await this.store(reserved, { status: reply.statusCode, headers, body });
    return result === undefined ? undefined : body;
  }

  /** A client error is an answer (stored); a server error or a crash releases the key. */
  private async settleFailure(reserved: Reserved, request: FastifyRequest, error: unknown): Promise<void> {
    const path = request.url.split('?')[0] ?? '/';
    const failure = toGatewayError(error, path);
    if (failure.status >= 500) {
      try {
        await this.keys.release(reserved.memberId, reserved.key, reserved.reservedAt);
      } catch (releaseError) {
        this.logger.error(
          { traceId: request.traceId, err: releaseError },
          'could not release an Idempotency-Key after a failure',
        );
      }
      return;
    }
    // The global filter answers with this request's trace id; make sure there is one to share.
    if (request.traceId === '') request.traceId = newTraceId();
    const headers: Record<string, string> = { 'content-type': JSON_CONTENT_TYPE };
    if (failure.external) headers[EXTERNAL_ERROR_HEADER] = 'true';
    if (failure.retryAfterSeconds !== undefined) headers['retry-after'] = String(failure.retryAfterSeconds);
    for (const [name, value] of Object.entries(failure.headers)) headers[name.toLowerCase()] = value;
    await this.store(reserved, {
      status: failure.status,
      headers,
      body: JSON.stringify(errorBody(failure, request.traceId)),
    });
  }

  /**
   * Writes the answer. A failure to write is logged, never turned into an error answer: the work
   * is done and the client must learn its outcome. The key then stays IN_FLIGHT until abandoned.
   */
  private async store(reserved: Reserved, response: StoredResponse): Promise<void> {
    try {
      const stored = await this.keys.complete(reserved.memberId, reserved.key, reserved.reservedAt, response);
      if (!stored)
        this.logger.warn(
          { memberId: reserved.memberId },
          'Idempotency-Key reservation was taken over before its answer was stored',
        );
    } catch (error) {
      this.logger.error(
        { memberId: reserved.memberId, err: error },
        'could not store the answer of an Idempotency-Key',
      );
    }
  }
}

/** The stored answer of an earlier request with this key, or why there is none to give. */
function replay(row: IdempotencyKey, fingerprint: string, reply: FastifyReply): string | undefined {
  if (row.fingerprint !== fingerprint) {
    throw new GatewayError('IDEMPOTENCY_KEY_REUSED', {
      message:
        'This Idempotency-Key was already used with a different request (method, path or body). Use a new key for a new request.',
    });
  }
  if (row.state !== 'COMPLETED' || row.responseStatus === null || row.responseBody === null) {
    throw new GatewayError('IDEMPOTENCY_KEY_IN_USE', { retryAfterSeconds: 1 });
  }
  const headers = (row.responseHeaders ?? {}) as Record<string, string>;
  for (const [name, value] of Object.entries(headers)) void reply.header(name, value);
  void reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true').status(row.responseStatus);
  return row.responseBody === '' && headers['content-type'] === undefined ? undefined : row.responseBody;
}
