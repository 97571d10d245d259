/*
 * Verifying the gateway's webhook notifications. Self-contained on purpose (Node built-ins
 * only): a receiver may copy this one file into its own project.
 */
import { createPublicKey, verify, type KeyObject } from 'node:crypto';

/** The headers that carry a notification's signatures. */
export const WebhookHeader = Object.freeze({
  /** The event type (the interface's header). */
  Event: 'token-event',
  /** Ed25519 over the exact body bytes, base64url (the interface's header). */
  Signature: 'token-signature',
  /** Key id (JWKS `kid`) of the key that made token-signature and webhook-signature. */
  SignatureKid: 'token-signature-kid',
  /** Standard Webhooks: the notification id (the body's `id`). */
  Id: 'webhook-id',
  /** Standard Webhooks: seconds since the epoch when this attempt was signed. */
  Timestamp: 'webhook-timestamp',
  /** Standard Webhooks: `v1a,<base64 Ed25519 over "<id>.<timestamp>.<body>">`. */
  StandardSignature: 'webhook-signature',
} as const);

/** What Standard Webhooks signs: `<id>.<timestamp>.<body>`. */
export function standardSignedContent(
  id: string,
  timestampSeconds: number | string,
  body: string | Uint8Array,
): Buffer {
  const bodyBytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : Buffer.from(body);
  return Buffer.concat([Buffer.from(`${id}.${timestampSeconds}.`, 'utf8'), bodyBytes]);
}

/** A key of a JWKS as a verifier reads it (keys of other kinds are ignored). */
export interface JwkLike {
  readonly kid?: unknown;
  readonly kty?: unknown;
  readonly crv?: unknown;
  readonly x?: unknown;
}

/** What a JWKS holds. */
export interface JsonWebKeySet {
  readonly keys: readonly JwkLike[];
}

/** Why a notification was rejected. */
export type WebhookRejection =
  'missing-header' | 'unknown-key' | 'bad-signature' | 'bad-timestamp' | 'stale-timestamp' | 'bad-body' | 'id-mismatch';

export class WebhookVerificationError extends Error {
  constructor(
    readonly reason: WebhookRejection,
    message: string,
  ) {
    super(message);
    this.name = 'WebhookVerificationError';
  }
}

/** Request headers as Node (IncomingHttpHeaders) or fetch (Headers) hands them over. */
export type WebhookRequestHeaders = Headers | Readonly<Record<string, string | readonly string[] | undefined>>;

/** The gateway's JWKS, or a function that gets it (called again once when a kid is unknown). */
export type JwksSource = JsonWebKeySet | ((options: { readonly refresh: boolean }) => Promise<JsonWebKeySet>);

export interface VerifyWebhookInput {
  /** The request body exactly as received (do not re-serialise parsed JSON). */
  readonly body: string | Uint8Array;
  readonly headers: WebhookRequestHeaders;
  readonly jwks: JwksSource;
  /** Largest accepted distance between webhook-timestamp and now; default 300 s. */
  readonly toleranceSeconds?: number;
  /** Now, in milliseconds; default the wall clock. */
  readonly nowMs?: number;
}

export interface VerifiedWebhook {
  /** The notification id: deduplicate on it (a notification may arrive more than once). */
  readonly id: string;
  /** The token-event header. */
  readonly event: string;
  readonly kid: string;
  readonly timestampSeconds: number;
  /** The parsed body: `{ id, createdAtMs, <payload key>: {...} }`. */
  readonly body: Readonly<Record<string, unknown>>;
}

export const DEFAULT_TOLERANCE_SECONDS = 300;

function header(headers: WebhookRequestHeaders, name: string): string {
  let value: string | readonly string[] | null | undefined;
  if (typeof (headers as Headers).get === 'function') {
    value = (headers as Headers).get(name);
  } else {
    const record = headers as Readonly<Record<string, string | readonly string[] | undefined>>;
    value = record[name] ?? Object.entries(record).find(([key]) => key.toLowerCase() === name)?.[1];
  }
  const text = Array.isArray(value) ? (value as readonly string[]).join(' ') : (value as string | null | undefined);
  if (text === undefined || text === null || text.trim() === '') {
    throw new WebhookVerificationError('missing-header', `the ${name} header is missing`);
  }
  return text.trim();
}

function decode(value: string, encoding: 'base64url' | 'base64'): Buffer | undefined {
  const pattern = encoding === 'base64url' ? /^[A-Za-z0-9_-]{86}$/ : /^[A-Za-z0-9+/]{86}==$/;
  return pattern.test(value) ? Buffer.from(value, encoding) : undefined;
}

function keyFrom(jwks: JsonWebKeySet, kid: string): KeyObject | undefined {
  const jwk = jwks.keys.find(
    (key) => key.kid === kid && key.kty === 'OKP' && key.crv === 'Ed25519' && typeof key.x === 'string',
  );
  if (jwk === undefined || typeof jwk.x !== 'string') return undefined;
  return createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: jwk.x }, format: 'jwk' });
}

async function publicKey(source: JwksSource, kid: string): Promise<KeyObject> {
  if (typeof source !== 'function') {
    const key = keyFrom(source, kid);
    if (key === undefined) throw new WebhookVerificationError('unknown-key', `no Ed25519 key ${kid} in the JWKS`);
    return key;
  }
  const key = keyFrom(await source({ refresh: false }), kid) ?? keyFrom(await source({ refresh: true }), kid);
  if (key === undefined) throw new WebhookVerificationError('unknown-key', `no Ed25519 key ${kid} in the JWKS`);
  return key;
}

/**
 * Verifies a notification from the gateway, as a receiver (TPP) should before trusting it:
 * `token-signature` (Ed25519 over the exact body bytes, base64url) with the JWKS key named by
 * `token-signature-kid`; the Standard Webhooks `webhook-signature` over
 * `<webhook-id>.<webhook-timestamp>.<body>`; `webhook-timestamp` within the tolerance of now
 * (replay protection); and that `webhook-id` is the body's `id`. Throws a
 * WebhookVerificationError naming the first check that failed.
 */
export async function verifyWebhook(input: VerifyWebhookInput): Promise<VerifiedWebhook> {
  const bodyBytes = typeof input.body === 'string' ? Buffer.from(input.body, 'utf8') : Buffer.from(input.body);
  const kid = header(input.headers, WebhookHeader.SignatureKid);
  const key = await publicKey(input.jwks, kid);

  const signature = decode(header(input.headers, WebhookHeader.Signature), 'base64url');
  if (signature === undefined || !verify(null, bodyBytes, key, signature)) {
    throw new WebhookVerificationError('bad-signature', 'token-signature does not match the body');
  }

  const id = header(input.headers, WebhookHeader.Id);
  const timestampText = header(input.headers, WebhookHeader.Timestamp);
  if (!/^\d{1,12}$/.test(timestampText))
    throw new WebhookVerificationError('bad-timestamp', 'webhook-timestamp is not an integer of seconds');
  const timestampSeconds = Number(timestampText);
  const tolerance = input.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  const nowSeconds = Math.floor((input.nowMs ?? Date.now()) / 1000);
  if (Math.abs(nowSeconds - timestampSeconds) > tolerance) {
    throw new WebhookVerificationError('stale-timestamp', `webhook-timestamp is more than ${tolerance} s from now`);
  }
  const signed = standardSignedContent(id, timestampText, bodyBytes);
  const standardOk = header(input.headers, WebhookHeader.StandardSignature)
    .split(' ')
    .filter((entry) => entry.startsWith('v1a,'))
    .some((entry) => {
      const bytes = decode(entry.slice(4), 'base64');
      return bytes !== undefined && verify(null, signed, key, bytes);
    });
  if (!standardOk) throw new WebhookVerificationError('bad-signature', 'webhook-signature has no valid v1a signature');

  let body: unknown;
  try {
    body = JSON.parse(bodyBytes.toString('utf8'));
  } catch {
    throw new WebhookVerificationError('bad-body', 'the body is not JSON');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new WebhookVerificationError('bad-body', 'the body is not a JSON object');
  const record = body as Record<string, unknown>;
  if (record['id'] !== id) throw new WebhookVerificationError('id-mismatch', 'webhook-id differs from the body id');
  return { id, event: header(input.headers, WebhookHeader.Event), kid, timestampSeconds, body: record };
}

/**
 * A JwksSource that fetches `url` (the gateway's `/.well-known/jwks.json`), keeps it for
 * `cacheMs`, and fetches again when asked for a key it does not know (at most every 10 s).
 */
export function remoteJwks(url: string, cacheMs = 300_000): JwksSource {
  let cached: { jwks: JsonWebKeySet; at: number } | undefined;
  return async ({ refresh }) => {
    const now = Date.now();
    const fresh = cached !== undefined && now - cached.at < (refresh ? 10_000 : cacheMs);
    if (cached !== undefined && fresh) return cached.jwks;
    const response = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(5000) });
    if (!response.ok) throw new Error(`JWKS ${url} answered ${response.status}`);
    const jwks = (await response.json()) as JsonWebKeySet;
    if (!Array.isArray(jwks.keys)) throw new Error(`JWKS ${url} has no keys array`);
    cached = { jwks, at: now };
    return jwks;
  };
}
