import type { OpenAPIObject } from '@nestjs/swagger';
import { operationsOf } from './operations-of.js';

type HeaderObject = { readonly description: string; readonly schema: Record<string, unknown> };

const SECONDS = { type: 'integer', format: 'int32', minimum: 0, maximum: 86_400 } as const;
const COUNT = { type: 'integer', format: 'int32', minimum: 0, maximum: 1_000_000_000 } as const;

/** The headers every answer counted against a rate limit carries (IETF draft RateLimit header names). */
export const RATE_LIMIT_HEADERS: Readonly<Record<string, HeaderObject>> = {
  'RateLimit-Limit': {
    description:
      'Requests allowed in the current one-minute window of this counter: the member’s reads or writes, or the failed authentications of the credential (or address) presented.',
    schema: COUNT,
  },
  'RateLimit-Remaining': { description: 'Requests left in the current window.', schema: COUNT },
  'RateLimit-Reset': { description: 'Seconds until the current window ends.', schema: SECONDS },
};

export const RETRY_AFTER_HEADER: Readonly<Record<string, HeaderObject>> = {
  'Retry-After': {
    description: 'Seconds to wait before sending the request again (every 429 and 503 says it).',
    schema: SECONDS,
  },
};

interface ResponseLike {
  headers?: Record<string, unknown>;
}

interface OperationLike {
  readonly security?: readonly unknown[];
  readonly responses?: Record<string, ResponseLike>;
}

const refTo = (name: string): { $ref: string } => ({ $ref: `#/components/headers/${name}` });

/**
 * Documents the headers the gateway sends: RateLimit-* on every 2xx and 4xx of an authenticated
 * operation (the auth guard counts each request against the member's window, a failed
 * authentication against its failure counter), Retry-After on every 429 and 503. Operations
 * without security (health probes, the JWKS) are not rate limited and state none.
 */
export function documentRateLimitHeaders(document: OpenAPIObject): void {
  document.components = {
    ...document.components,
    headers: { ...document.components?.headers, ...RATE_LIMIT_HEADERS, ...RETRY_AFTER_HEADER },
  };
  for (const operation of operationsOf<OperationLike>(document)) {
    const limited = operation.security === undefined || operation.security.length > 0;
    for (const [status, response] of Object.entries(operation.responses ?? {})) {
      const headers: Record<string, unknown> = { ...response.headers };
      if (limited && /^[24]/.test(status))
        for (const name of Object.keys(RATE_LIMIT_HEADERS)) headers[name] = refTo(name);
      if (status === '429' || status === '503')
        for (const name of Object.keys(RETRY_AFTER_HEADER)) headers[name] = refTo(name);
      if (Object.keys(headers).length > 0) response.headers = headers;
    }
  }
}
