import { timingSafeEqual } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/** A JWKS as the gateway publishes it at `/.well-known/jwks.json` (Ed25519 keys, OKP). */
export interface GatewayJwks {
  readonly keys: readonly {
    readonly kid?: string;
    readonly kty?: string;
    readonly crv?: string;
    readonly x?: string;
  }[];
}

/** The headers of a notification, as Node or fetch hands them over. */
export type NotificationHeaders = Headers | Readonly<Record<string, string | readonly string[] | undefined>>;

export interface VerifyNotificationInput {
  /** The body exactly as received (not re-serialised). */
  readonly body: string;
  readonly headers: NotificationHeaders;
  /**
   * What verifies it: the webhook configuration's `whsec_` secret (Standard Webhooks `v1`, HMAC),
   * or the gateway's JWKS (`v1a` and `token-signature`, Ed25519), or both.
   */
  readonly secret?: string;
  readonly jwks?: GatewayJwks;
  /** Largest distance between `webhook-timestamp` and now; default (and most) 300 s. */
  readonly toleranceSeconds?: number;
  /** Now, in milliseconds; default the wall clock. */
  readonly nowMs?: number;
}

/** A notification that passed every check asked for. */
export interface VerifiedNotification {
  /** The notification id: deduplicate on it (delivery is at least once). */
  readonly id: string;
  /** The `token-event` header: the event type. */
  readonly event: string;
  readonly timestampSeconds: number;
  readonly body: Readonly<Record<string, unknown>>;
}

export class NotificationVerificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NotificationVerificationError';
  }
}

function headerOf(headers: NotificationHeaders, name: string): string {
  const value =
    headers instanceof Headers
      ? headers.get(name)
      : (headers[name] ?? Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1]);
  const text = Array.isArray(value) ? value.join(' ') : (value as string | null | undefined);
  if (text === undefined || text === null || text.trim() === '')
    throw new NotificationVerificationError(`the ${name} header is missing`);
  return text.trim();
}

function bytesOf(text: string, encoding: 'base64' | 'base64url'): Uint8Array<ArrayBuffer> | undefined {
  const pattern = encoding === 'base64' ? /^[A-Za-z0-9+/]+={0,2}$/ : /^[A-Za-z0-9_-]+$/;
  if (!pattern.test(text)) return undefined;
  return new Uint8Array(Buffer.from(text, encoding));
}

async function ed25519Verifies(x: string, signature: Uint8Array<ArrayBuffer>, data: Uint8Array<ArrayBuffer>) {
  const key = await crypto.subtle.importKey('jwk', { kty: 'OKP', crv: 'Ed25519', x }, { name: 'Ed25519' }, false, [
    'verify',
  ]);
  return crypto.subtle.verify({ name: 'Ed25519' }, key, signature, data);
}

/**
 * Verifies a notification of the gateway before it is trusted: `webhook-timestamp` within the
 * tolerance of now (replays refused); with `secret`, a Standard Webhooks `v1` signature under it
 * (the standardwebhooks library); with `jwks`, `token-signature` (Ed25519 over the body) and a `v1a`
 * signature over `<webhook-id>.<webhook-timestamp>.<body>`, both by the key `token-signature-kid`
 * names; and that `webhook-id` is the body's `id`. Throws a NotificationVerificationError naming
 * the first check that failed.
 */
export async function verifyNotification(input: VerifyNotificationInput): Promise<VerifiedNotification> {
  if (input.secret === undefined && input.jwks === undefined)
    throw new NotificationVerificationError('give the webhook secret, the JWKS, or both');
  const id = headerOf(input.headers, 'webhook-id');
  const timestamp = headerOf(input.headers, 'webhook-timestamp');
  if (!/^\d{1,12}$/.test(timestamp)) throw new NotificationVerificationError('webhook-timestamp is not in seconds');
  const tolerance = Math.min(input.toleranceSeconds ?? 300, 300);
  const nowSeconds = Math.floor((input.nowMs ?? Date.now()) / 1000);
  if (Math.abs(nowSeconds - Number(timestamp)) > tolerance)
    throw new NotificationVerificationError(`webhook-timestamp is more than ${tolerance} s from now`);
  const signatures = headerOf(input.headers, 'webhook-signature');

  if (input.secret !== undefined) {
    // Signed by the library (the secret's format and the content are its), compared here in
    // constant time: its own verify reads the wall clock, and the timestamp was checked above.
    const expected = Buffer.from(new Webhook(input.secret).sign(id, new Date(Number(timestamp) * 1000), input.body));
    const found = signatures.split(' ').some((entry) => {
      const given = Buffer.from(entry);
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
    if (!found) throw new NotificationVerificationError('webhook-signature has no valid v1 signature');
  }

  if (input.jwks !== undefined) {
    const kid = headerOf(input.headers, 'token-signature-kid');
    const key = input.jwks.keys.find((k) => k.kid === kid && k.kty === 'OKP' && k.crv === 'Ed25519');
    if (key?.x === undefined) throw new NotificationVerificationError(`no Ed25519 key ${kid} in the JWKS`);
    const body = new Uint8Array(Buffer.from(input.body, 'utf8'));
    const tokenSignature = bytesOf(headerOf(input.headers, 'token-signature'), 'base64url');
    if (tokenSignature === undefined || !(await ed25519Verifies(key.x, tokenSignature, body)))
      throw new NotificationVerificationError('token-signature does not match the body');
    const content = new Uint8Array(Buffer.from(`${id}.${timestamp}.${input.body}`, 'utf8'));
    let v1a = false;
    for (const entry of signatures.split(' ').filter((item) => item.startsWith('v1a,'))) {
      const signature = bytesOf(entry.slice(4), 'base64');
      if (signature !== undefined && (await ed25519Verifies(key.x, signature, content))) v1a = true;
    }
    if (!v1a) throw new NotificationVerificationError('webhook-signature has no valid v1a signature');
  }

  let parsed: unknown;
  try {
    parsed = JSON.parse(input.body);
  } catch {
    throw new NotificationVerificationError('the body is not JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new NotificationVerificationError('the body is not a JSON object');
  const body = parsed as Record<string, unknown>;
  if (body['id'] !== id) throw new NotificationVerificationError('webhook-id differs from the body id');
  return { id, event: headerOf(input.headers, 'token-event'), timestampSeconds: Number(timestamp), body };
}
