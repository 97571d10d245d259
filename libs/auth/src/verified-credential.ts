import type { MemberContext } from './member-context.js';
import type { OnceKey } from './rate-limiter.js';

/** Who a request's credential belongs to, as an authenticator found it. */
export interface VerifiedCredential {
  readonly member: MemberContext;
  readonly suspended: boolean;
  /** Where the credential sits in the credential cache. */
  readonly cacheKey: string;
  /**
   * The credentials generation the cached entry was read under, for the request's rate-limit
   * call to check; undefined when the credential was just read from Postgres.
   */
  readonly cachedGeneration: number | undefined;
  /** A single-use key the request must take (a signed token's replay guard). */
  readonly once?: OnceKey;
}

/**
 * Called by an authenticator before it reads Postgres: answers the credentials generation to
 * cache the result under.
 */
export type BeforeCredentialRead = () => Promise<number>;
