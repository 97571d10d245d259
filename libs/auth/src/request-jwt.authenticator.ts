import { createPublicKey, type KeyObject } from 'node:crypto';
import { compactVerify } from 'jose';
import type { Clock } from '#libs/common';
import type { KeyAlgorithm, MemberKeyRepository } from '#libs/db';
import { JWS_ALGS_FOR_KEY } from '#libs/domain';
import { AuthFailure } from './auth-failure.js';
import { authenticatedMemberId } from './authenticated-member-id.js';
import type { CredentialCache } from './credential-cache.js';
import type { MemberContext } from './member-context.js';
import {
  CLOCK_SKEW_MS,
  checkBinding,
  parseRequestJws,
  signedContentDigest,
  signingInput,
  type RequestBinding,
} from './request-jws.js';
import type { BeforeCredentialRead, VerifiedCredential } from './verified-credential.js';

const REPLAY_PREFIX = 'auth:jws-seen:';

export interface CachedMemberKey {
  readonly member: MemberContext;
  readonly suspended: boolean;
  readonly generation: number;
  readonly keyAlgorithm: KeyAlgorithm;
  readonly publicKey: KeyObject;
}

/**
 * Bearer tokens: a compact JWS signed with one of the member's registered keys, bound to this
 * request, accepted once. Verification uses jose; the replay guard is a Redis key per signed
 * content (header and body, never the signature's bytes, which an attacker can respell or
 * reflect) that lives until the token's expiry (so it holds across replicas), taken by the
 * request's rate-limit call. The member's key (parsed once) comes from the credential cache when it can.
 */
export class RequestJwtAuthenticator {
  constructor(
    private readonly keys: MemberKeyRepository,
    private readonly cache: CredentialCache<CachedMemberKey>,
    private readonly clock: Clock,
  ) {}

  async authenticate(
    token: string,
    request: RequestBinding,
    beforeRead: BeforeCredentialRead,
  ): Promise<VerifiedCredential> {
    const parsed = parseRequestJws(token);
    const { header } = parsed;
    const nowMs = this.clock.nowMs();
    checkBinding(header, request, nowMs);

    const cacheKey = `jwt:${JSON.stringify([header.mid, header.kid])}`;
    const cached = this.cache.get(cacheKey, nowMs);
    const key = cached ?? (await this.read(header.mid, header.kid, nowMs, cacheKey, beforeRead));
    if (!JWS_ALGS_FOR_KEY[key.keyAlgorithm].includes(header.alg))
      throw new AuthFailure(`alg ${header.alg} does not fit a ${key.keyAlgorithm} key`);

    try {
      await compactVerify(signingInput(parsed, request.body), key.publicKey, { algorithms: [header.alg] });
    } catch (error) {
      if (error instanceof AuthFailure) throw error;
      throw new AuthFailure('signature does not verify');
    }

    const digest = signedContentDigest(parsed, request.body);
    return {
      member: key.member,
      suspended: key.suspended,
      cacheKey,
      cachedGeneration: cached?.generation,
      once: { key: `${REPLAY_PREFIX}${digest}`, ttlMs: Math.max(1000, header.exp - nowMs + CLOCK_SKEW_MS) },
    };
  }

  private async read(
    claimedMemberId: string,
    keyId: string,
    nowMs: number,
    cacheKey: string,
    beforeRead: BeforeCredentialRead,
  ): Promise<CachedMemberKey> {
    const generation = await beforeRead();
    const key = await this.keys.findUsable(claimedMemberId, keyId, new Date(nowMs));
    if (key === null) throw new AuthFailure('unknown or expired kid for this member');
    const entry: CachedMemberKey = {
      member: {
        memberId: authenticatedMemberId(key.member),
        displayName: key.member.name,
        regulated: key.member.regulated,
        reseller: key.member.reseller,
        authMethod: 'jwt',
      },
      suspended: key.member.status === 'SUSPENDED',
      generation,
      keyAlgorithm: key.keyAlgorithm,
      publicKey: createPublicKey(key.spkiPem),
    };
    this.cache.set(cacheKey, entry, nowMs, key.expiresAt?.getTime());
    return entry;
  }
}
