import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IdempotencyKeys, type HeldKey, type StoredResponse } from '#libs/application';
import { EXTERNAL_ERROR_HEADER, GatewayError, errorBody, toGatewayError } from '#libs/common';
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
  constructor(private readonly keys: IdempotencyKeys) {}

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

    const claim = await this.keys.claim(
      memberId,
      key,
      requestFingerprint(request.method, request.url, request.rawBody),
    );
    if (claim.kind === 'replay') return replay(claim.answer, reply);

    const reserved = claim.held;
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
  private async settleSuccess(reserved: HeldKey, reply: FastifyReply, result: unknown): Promise<string | undefined> {
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
    await this.keys.complete(reserved, { status: reply.statusCode, headers, body });
    return result === undefined ? undefined : body;
  }

  /** A client error is an answer (stored); a server error or a crash releases the key. */
  private async settleFailure(reserved: HeldKey, request: FastifyRequest, error: unknown): Promise<void> {
    const path = request.url.split('?')[0] ?? '/';
    const failure = toGatewayError(error, path);
    if (failure.status >= 500) return this.keys.release(reserved, request.traceId);
    // The global filter answers with this request's trace id; make sure there is one to share.
    if (request.traceId === '') request.traceId = newTraceId();
    const headers: Record<string, string> = { 'content-type': JSON_CONTENT_TYPE };
    if (failure.external) headers[EXTERNAL_ERROR_HEADER] = 'true';
    if (failure.retryAfterSeconds !== undefined) headers['retry-after'] = String(failure.retryAfterSeconds);
    for (const [name, value] of Object.entries(failure.headers)) headers[name.toLowerCase()] = value;
    await this.keys.complete(reserved, {
      status: failure.status,
      headers,
      body: JSON.stringify(errorBody(failure, request.traceId)),
    });
  }
}

/** The stored answer of an earlier request with this key, as it was sent, marked replayed. */
function replay(answer: StoredResponse, reply: FastifyReply): string | undefined {
  for (const [name, value] of Object.entries(answer.headers)) void reply.header(name, value);
  void reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true').status(answer.status);
  return answer.body === '' && answer.headers['content-type'] === undefined ? undefined : answer.body;
}
