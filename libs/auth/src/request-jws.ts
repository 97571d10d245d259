import { createHash } from 'node:crypto';
import { AuthFailure } from './auth-failure.js';

/** JWS `alg` values accepted for member tokens; never `none`, never HMAC. */
export const ALLOWED_JWS_ALGS = ['EdDSA', 'ES256', 'PS256', 'RS256'] as const;
export type AllowedJwsAlg = (typeof ALLOWED_JWS_ALGS)[number];

/** How far ahead `exp` may be, and the clock skew tolerated either way. */
export const MAX_TOKEN_LIFETIME_MS = 5 * 60_000;
export const CLOCK_SKEW_MS = 60_000;

/** The protected header of a request-bound token, as existing clients of the interface build it. */
export interface RequestJwsHeader {
  readonly alg: AllowedJwsAlg;
  readonly kid: string;
  readonly mid: string;
  /** Expiry, milliseconds since the epoch. */
  readonly exp: number;
  readonly method: string;
  readonly host: string;
  readonly path: string;
  readonly query?: string;
}

export interface ParsedRequestJws {
  readonly header: RequestJwsHeader;
  readonly encodedHeader: string;
  /** The base64url payload as sent; empty for a detached payload. */
  readonly encodedPayload: string;
  readonly signature: string;
}

/** What the token must be bound to: this very request. */
export interface RequestBinding {
  readonly method: string;
  readonly host: string;
  readonly path: string;
  readonly query: string;
  readonly body: Buffer;
}

const SEGMENT = /^[A-Za-z0-9_-]*$/;

function isAllowedAlg(value: unknown): value is AllowedJwsAlg {
  return typeof value === 'string' && (ALLOWED_JWS_ALGS as readonly string[]).includes(value);
}

/** Splits and reads a compact JWS; checks the header's shape and `alg`, not the signature. */
export function parseRequestJws(token: string): ParsedRequestJws {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((part) => SEGMENT.test(part))) throw new AuthFailure('not a compact JWS');
  const [encodedHeader = '', encodedPayload = '', signature = ''] = parts;
  if (encodedHeader === '' || signature === '') throw new AuthFailure('not a compact JWS');
  // Base64url of most signature lengths leaves unused bits in its last character: refuse every
  // spelling but the one an encoder writes, so one signature has one token.
  if (Buffer.from(signature, 'base64url').toString('base64url') !== signature)
    throw new AuthFailure('signature is not canonical base64url');
  let header: Record<string, unknown>;
  try {
    const decoded: unknown = JSON.parse(Buffer.from(encodedHeader, 'base64url').toString('utf8'));
    if (typeof decoded !== 'object' || decoded === null || Array.isArray(decoded))
      throw new Error('header is not an object');
    header = decoded as Record<string, unknown>;
  } catch {
    throw new AuthFailure('JWS header is not JSON');
  }
  if (!isAllowedAlg(header['alg'])) throw new AuthFailure(`alg ${String(header['alg'])} not allowed`);
  for (const name of ['kid', 'mid', 'method', 'host', 'path'] as const) {
    if (typeof header[name] !== 'string' || header[name] === '') throw new AuthFailure(`header ${name} missing`);
  }
  const exp = typeof header['exp'] === 'string' && /^\d+$/.test(header['exp']) ? Number(header['exp']) : header['exp'];
  if (typeof exp !== 'number' || !Number.isSafeInteger(exp)) throw new AuthFailure('header exp missing');
  if (header['query'] !== undefined && typeof header['query'] !== 'string')
    throw new AuthFailure('header query malformed');
  return {
    header: {
      alg: header['alg'],
      kid: header['kid'] as string,
      mid: header['mid'] as string,
      exp,
      method: header['method'] as string,
      host: header['host'] as string,
      path: header['path'] as string,
      query: header['query'],
    },
    encodedHeader,
    encodedPayload,
    signature,
  };
}

/** Checks expiry and that the token names this request (method, host, path, query). */
export function checkBinding(header: RequestJwsHeader, request: RequestBinding, nowMs: number): void {
  if (header.exp < nowMs - CLOCK_SKEW_MS) throw new AuthFailure('token expired');
  if (header.exp > nowMs + MAX_TOKEN_LIFETIME_MS + CLOCK_SKEW_MS) throw new AuthFailure('exp too far ahead');
  if (header.method.toUpperCase() !== request.method.toUpperCase()) throw new AuthFailure('method mismatch');
  if (header.host.toLowerCase() !== request.host.toLowerCase()) throw new AuthFailure('host mismatch');
  if (header.path !== request.path) throw new AuthFailure('path mismatch');
  if ((header.query ?? '') !== request.query) throw new AuthFailure('query mismatch');
}

/**
 * The JWS to verify: the token itself when it carries the payload (which must then be the exact
 * body), or the token with the body put in when the payload is detached.
 */
export function signingInput(parsed: ParsedRequestJws, body: Buffer): string {
  const encodedBody = body.toString('base64url');
  if (parsed.encodedPayload !== '' && parsed.encodedPayload !== encodedBody)
    throw new AuthFailure('payload is not the request body');
  return `${parsed.encodedHeader}.${encodedBody}.${parsed.signature}`;
}

/**
 * What the token's signature covers (its protected header and the request body), hashed: the
 * key of its replay guard. Every token that verifies for the same signed content shares it,
 * whatever the signature bytes: another spelling of them, an ECDSA signature's high-S twin
 * (s' = n - s, as valid as s) or another signature of a randomised scheme (ES256, PS256).
 */
export function signedContentDigest(parsed: ParsedRequestJws, body: Buffer): string {
  return createHash('sha256').update(parsed.encodedHeader).update('.').update(body).digest('base64url');
}
