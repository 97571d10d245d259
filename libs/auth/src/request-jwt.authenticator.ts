import { createHash, createPublicKey, type KeyObject } from 'node:crypto';
import { compactVerify } from 'jose';
import type { Redis } from 'ioredis';
import type { Clock } from '#libs/common';
import type { MemberKeyRepository } from '#libs/db';
import { JWS_ALGS_FOR_KEY } from '#libs/domain';
import { AuthFailure } from './auth-failure.js';
import type { MemberContext } from './member-context.js';
import { CLOCK_SKEW_MS, checkBinding, parseRequestJws, signingInput, type RequestBinding } from './request-jws.js';

export interface JwtResult {
  readonly member: MemberContext;
  readonly suspended: boolean;
}

const REPLAY_PREFIX = 'auth:jws-seen:';

/**
 * Bearer tokens: a compact JWS signed with one of the member's registered keys, bound to this
 * request, accepted once. Verification uses jose; the replay guard is a Redis key per signature
 * that lives until the token's expiry (so it holds across replicas).
 */
export class RequestJwtAuthenticator {
  private readonly keyCache = new Map<string, KeyObject>();

  constructor(
    private readonly keys: MemberKeyRepository,
    private readonly redis: Redis,
    private readonly clock: Clock,
  ) {}

  async authenticate(token: string, request: RequestBinding): Promise<JwtResult> {
    const parsed = parseRequestJws(token);
    const { header } = parsed;
    const nowMs = this.clock.nowMs();
    checkBinding(header, request, nowMs);

    const key = await this.keys.findUsable(header.mid, header.kid, new Date(nowMs));
    if (key === null) throw new AuthFailure('unknown or expired kid for this member');
    if (!JWS_ALGS_FOR_KEY[key.keyAlgorithm].includes(header.alg)) throw new AuthFailure(`alg ${header.alg} does not fit a ${key.keyAlgorithm} key`);

    try {
      await compactVerify(signingInput(parsed, request.body), this.publicKey(key.id, key.spkiPem), { algorithms: [header.alg] });
    } catch (error) {
      if (error instanceof AuthFailure) throw error;
      throw new AuthFailure('signature does not verify');
    }

    const ttlMs = Math.max(1000, header.exp - nowMs + CLOCK_SKEW_MS);
    const digest = createHash('sha256').update(parsed.signature).digest('base64url');
    const first = await this.redis.set(`${REPLAY_PREFIX}${digest}`, '1', 'PX', ttlMs, 'NX');
    if (first !== 'OK') throw new AuthFailure('token replayed');

    return {
      member: { memberId: key.member.id, regulated: key.member.regulated, reseller: key.member.reseller, authMethod: 'jwt' },
      suspended: key.member.status === 'SUSPENDED',
    };
  }

  /** Parsed keys by key id (a key never changes; a deleted one is no longer found in the database). */
  private publicKey(id: string, pem: string): KeyObject {
    let key = this.keyCache.get(id);
    if (key === undefined) {
      key = createPublicKey(pem);
      if (this.keyCache.size > 10_000) this.keyCache.clear();
      this.keyCache.set(id, key);
    }
    return key;
  }
}
