import { CompactSign, importPKCS8, type CryptoKey, type KeyObject } from 'jose';

/** How the client authenticates each request. */
export type GatewayAuth =
  /** Sandbox only: `Authorization: Basic <API_KEY>`, the API key as the gateway issued it. */
  | { readonly kind: 'basic'; readonly apiKey: string }
  /** Request-bound JWS signed with one of the member's registered Ed25519 keys. */
  | {
      readonly kind: 'signed';
      readonly memberId: string;
      readonly keyId: string;
      readonly privateKey: CryptoKey | KeyObject | Uint8Array;
      /** How long a signature is valid; default 60 s (the gateway takes at most 5 minutes ahead). */
      readonly lifetimeMs?: number;
    };

/** Sandbox API-key authentication. */
export function apiKeyAuth(apiKey: string): GatewayAuth {
  return { kind: 'basic', apiKey };
}

/**
 * Request signing with a member key: `privateKey` as a PKCS#8 PEM string (what
 * `openssl genpkey -algorithm ed25519` writes) or a key object.
 */
export async function memberKeyAuth(options: {
  readonly memberId: string;
  readonly keyId: string;
  readonly privateKey: string | CryptoKey | KeyObject;
  readonly lifetimeMs?: number;
}): Promise<GatewayAuth> {
  const privateKey =
    typeof options.privateKey === 'string' ? await importPKCS8(options.privateKey, 'EdDSA') : options.privateKey;
  return {
    kind: 'signed',
    memberId: options.memberId,
    keyId: options.keyId,
    privateKey,
    ...(options.lifetimeMs === undefined ? {} : { lifetimeMs: options.lifetimeMs }),
  };
}

/**
 * The request-bound token the gateway verifies: a compact JWS (EdDSA) whose payload is the exact
 * body bytes and whose protected header binds it to the request: `kid`, `mid` (the member),
 * `method`, `host` (with its port), `path`, `query` (without `?`, when there is one) and `exp`
 * (milliseconds since the epoch).
 */
export async function signRequest(
  auth: Extract<GatewayAuth, { kind: 'signed' }>,
  request: { readonly method: string; readonly url: string; readonly body: string },
  nowMs = Date.now(),
): Promise<string> {
  const url = new URL(request.url);
  const query = url.search.startsWith('?') ? url.search.slice(1) : url.search;
  const header = {
    alg: 'EdDSA',
    kid: auth.keyId,
    mid: auth.memberId,
    method: request.method.toUpperCase(),
    host: url.host,
    path: url.pathname,
    ...(query === '' ? {} : { query }),
    exp: nowMs + (auth.lifetimeMs ?? 60_000),
  };
  return new CompactSign(new TextEncoder().encode(request.body)).setProtectedHeader(header).sign(auth.privateKey);
}

/** The Authorization header of a request. */
export async function authorization(
  auth: GatewayAuth,
  request: { readonly method: string; readonly url: string; readonly body: string },
): Promise<string> {
  if (auth.kind === 'basic') return `Basic ${auth.apiKey}`;
  return `Bearer ${await signRequest(auth, request)}`;
}
