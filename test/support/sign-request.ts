import { CompactSign, type CryptoKey, type KeyObject } from 'jose';

export interface SignOptions {
  readonly alg?: string;
  readonly kid: string;
  readonly mid: string;
  readonly method: string;
  /** The Host header the request will carry, e.g. `127.0.0.1:8080`. */
  readonly host: string;
  readonly path: string;
  readonly query?: string;
  readonly body?: string;
  readonly expMs: number;
  readonly detached?: boolean;
  /** Extra or overriding protected-header fields. */
  readonly header?: Record<string, unknown>;
}

/** Builds the request-bound Bearer token the way a client of the interface does. */
export async function signRequest(
  privateKey: CryptoKey | KeyObject | Uint8Array,
  options: SignOptions,
): Promise<string> {
  const header = {
    alg: options.alg ?? 'EdDSA',
    kid: options.kid,
    mid: options.mid,
    method: options.method,
    host: options.host,
    path: options.path,
    ...(options.query === undefined ? {} : { query: options.query }),
    exp: options.expMs,
    ...options.header,
  };
  const jws = await new CompactSign(new TextEncoder().encode(options.body ?? ''))
    .setProtectedHeader(header)
    .sign(privateKey);
  if (options.detached !== true) return jws;
  const [h, , s] = jws.split('.');
  return `${h}..${s}`;
}
