import { applyDecorators } from '@nestjs/common';
import { ApiConflictResponse, ApiHeader, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { IDEMPOTENCY_KEY_MAX_LENGTH } from './idempotency-headers.js';

/**
 * The OpenAPI description of `Idempotency-Key` on a POST whose handler runs its work through
 * IdempotentRequests.answer (the decorator documents; the call does it): the first request
 * with a key runs, its answer is stored, and repeats get that answer back.
 */
export const ApiIdempotencyKey = (): MethodDecorator =>
  applyDecorators(
    ApiHeader({
      name: 'Idempotency-Key',
      required: false,
      description:
        'A key of your choice (1 to 255 visible ASCII characters, e.g. a UUID) that makes the request safe to retry. ' +
        'The first request with a key runs and its answer is kept for IDEMPOTENCY_TTL_HOURS (default 24): a repeat with the same key, ' +
        'method, path and byte-identical body gets the same status and body back, with `Idempotent-Replayed: true`, and does nothing again. ' +
        '4xx answers are kept too; a 5xx is not, so the request may be retried with the same key. Keys are per member.',
      schema: { type: 'string', minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX_LENGTH, pattern: '^[\\x21-\\x7E]+$' },
      example: '5f0c2d8e-7b41-4c57-9d1a-6f3b2a8e9c10',
    }),
    ApiConflictResponse({
      description:
        '`IDEMPOTENCY_KEY_IN_USE`: a request with this Idempotency-Key is still running; retry later (`Retry-After`).',
    }),
    ApiUnprocessableEntityResponse({
      description: '`IDEMPOTENCY_KEY_REUSED`: this Idempotency-Key was used with another method, path or body.',
    }),
  );
