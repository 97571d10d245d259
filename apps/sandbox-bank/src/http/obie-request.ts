import type { FastifyRequest } from 'fastify';
import { ObieError } from './obie-error.js';

export const API_VERSION_PATH = '/open-banking/v3.1';

/** ISO 8601 with an explicit offset, as the standard's examples write it. */
export function obDateTime(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, '+00:00');
}

/** `https://host/banks/{bankId}/open-banking/v3.1` as the caller reached it. */
export function apiBase(request: FastifyRequest, bankId: string): string {
  return `${request.protocol}://${request.host}/banks/${bankId}${API_VERSION_PATH}`;
}

/** The x-idempotency-key a write must carry (at most 40 characters, no edge whitespace). */
export function idempotencyKey(value: string | undefined): string {
  if (value === undefined || value === '')
    throw ObieError.badRequest('UK.OBIE.Header.Missing', 'x-idempotency-key is required.', 'x-idempotency-key');
  if (value.length > 40 || /^\s|\s$/.test(value)) {
    throw ObieError.badRequest(
      'UK.OBIE.Header.Invalid',
      'x-idempotency-key must be 1 to 40 characters without leading or trailing spaces.',
      'x-idempotency-key',
    );
  }
  return value;
}

/**
 * A detached JWS (x-jws-signature) is accepted without verification (the sandbox holds no TPP
 * keys) but must at least have the detached form.
 */
export function checkDetachedSignature(value: string | undefined): void {
  if (value !== undefined && !/^[A-Za-z0-9_-]+\.\.[A-Za-z0-9_-]+$/.test(value)) {
    throw ObieError.badRequest(
      'UK.OBIE.Signature.Malformed',
      'x-jws-signature must be a detached JWS (header..signature).',
      'x-jws-signature',
    );
  }
}
