import { hashApiKey } from '#libs/domain';
import type { ApiKeyRepository } from '#libs/db';
import type { Clock } from '#libs/common';
import { AuthFailure } from './auth-failure.js';
import { apiKeyOfBasicCredential } from './basic-credential.js';
import { authenticatedMemberId } from './authenticated-member-id.js';
import type { CredentialCache } from './credential-cache.js';
import type { MemberContext } from './member-context.js';
import type { BeforeCredentialRead, VerifiedCredential } from './verified-credential.js';

/** How often a cached key's `last_used_at` is written again (the repository keeps the same resolution). */
const TOUCH_EVERY_MS = 60_000;

export interface CachedApiKey {
  readonly member: MemberContext;
  readonly suspended: boolean;
  readonly generation: number;
  readonly keyId: string;
  touchedAtMs: number;
}

/** `Authorization: Basic <API_KEY>` or `Basic base64(<API_KEY>:)` (sandbox only). */
export class ApiKeyAuthenticator {
  constructor(
    private readonly keys: ApiKeyRepository,
    private readonly cache: CredentialCache<CachedApiKey>,
    private readonly clock: Clock,
  ) {}

  async authenticate(credential: string, beforeRead: BeforeCredentialRead): Promise<VerifiedCredential> {
    const apiKey = apiKeyOfBasicCredential(credential);
    if (apiKey === undefined) throw new AuthFailure('malformed API key');
    const keyHash = hashApiKey(apiKey);
    const cacheKey = `basic:${keyHash}`;
    const nowMs = this.clock.nowMs();
    const cached = this.cache.get(cacheKey, nowMs);
    if (cached !== undefined) {
      if (nowMs - cached.touchedAtMs >= TOUCH_EVERY_MS) {
        cached.touchedAtMs = nowMs;
        this.touch(cached.keyId, nowMs);
      }
      return { member: cached.member, suspended: cached.suspended, cacheKey, cachedGeneration: cached.generation };
    }

    const generation = await beforeRead();
    const key = await this.keys.findActiveByHash(keyHash);
    if (key === null) throw new AuthFailure('unknown or revoked API key');
    this.touch(key.id, nowMs);
    const member: MemberContext = {
      memberId: authenticatedMemberId(key.member),
      displayName: key.member.name,
      regulated: key.member.regulated,
      reseller: key.member.reseller,
      authMethod: 'basic',
    };
    const suspended = key.member.status === 'SUSPENDED';
    this.cache.set(cacheKey, { member, suspended, generation, keyId: key.id, touchedAtMs: nowMs }, nowMs);
    return { member, suspended, cacheKey, cachedGeneration: undefined };
  }

  private touch(keyId: string, nowMs: number): void {
    void this.keys.touch(keyId, new Date(nowMs)).catch(() => undefined);
  }
}
