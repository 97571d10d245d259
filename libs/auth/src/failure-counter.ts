import { createHash } from 'node:crypto';

/** An `Authorization` header that presents a credential: a scheme and one token. */
const PRESENTED = /^\S+ \S+$/;

/**
 * The counter a failed authentication of this request counts against: the credential it
 * presents (a fingerprint of the whole header, so only a client holding that exact secret or
 * token adds to it, and a client presenting another credential never sees it), or the client
 * address when it presents none (no header, or one that is not `<scheme> <credential>`).
 *
 * A key id alone never names a counter: anyone who knows a member's key id could then lock its
 * holder out. The address only counts requests without a credential, so clients behind one proxy
 * address never refuse each other's valid credentials.
 */
export function failureCounterOf(authorization: string | undefined, clientAddress: string): string {
  if (authorization !== undefined && PRESENTED.test(authorization))
    return `auth-fail:credential:${createHash('sha256').update(authorization).digest('base64url')}`;
  return `auth-fail:address:${clientAddress}`;
}
