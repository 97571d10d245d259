import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { APP_CONFIG, Clock, type AppConfig } from '#libs/common';
import { AisCachedReadRepository, REDIS } from '#libs/db';

/** Who a kept read belongs to: the member and the token it was read with. Never shared across either. */
export interface CacheOwner {
  readonly memberId: string;
  readonly tokenId: string;
}

/**
 * Balance and transaction reads kept for `ACCOUNT_INFORMATION_CACHE_SECONDS` (60) in Redis or
 * Postgres (`ACCOUNT_INFORMATION_CACHE`), so repeated reads do not spend the bank's allowance.
 * Keys name the member and the token: one member's read is never another's answer.
 */
@Injectable()
export class AccountReadCache {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly rows: AisCachedReadRepository,
    private readonly clock: Clock,
  ) {}

  get enabled(): boolean {
    return this.config.accountInformation.cache !== 'off';
  }

  async find<T>(owner: CacheOwner, key: string): Promise<T | undefined> {
    const { cache, cacheSeconds } = this.config.accountInformation;
    if (cache === 'redis') {
      const text = await this.redis.get(this.redisKey(owner, key));
      return text === null ? undefined : (JSON.parse(text) as T);
    }
    if (cache === 'postgres') {
      const freshAfter = new Date(this.clock.nowMs() - cacheSeconds * 1000);
      const body = await this.rows.find(owner.memberId, owner.tokenId, key, freshAfter);
      return body === null ? undefined : (body as T);
    }
    return undefined;
  }

  /** A kept answer in its JSON text, as stored with storeText. */
  async findText(owner: CacheOwner, key: string): Promise<string | undefined> {
    const { cache } = this.config.accountInformation;
    if (cache === 'redis') return (await this.redis.get(this.redisKey(owner, key))) ?? undefined;
    const kept = await this.find<unknown>(owner, key);
    return typeof kept === 'string' ? kept : undefined;
  }

  async storeText(owner: CacheOwner, key: string, json: string): Promise<void> {
    const { cache, cacheSeconds } = this.config.accountInformation;
    if (cache === 'redis') await this.redis.set(this.redisKey(owner, key), json, 'EX', cacheSeconds);
    else await this.store(owner, key, json);
  }

  async store(owner: CacheOwner, key: string, value: unknown): Promise<void> {
    const { cache, cacheSeconds } = this.config.accountInformation;
    if (cache === 'redis') await this.redis.set(this.redisKey(owner, key), JSON.stringify(value), 'EX', cacheSeconds);
    else if (cache === 'postgres') await this.rows.store(owner.memberId, owner.tokenId, key, value, this.clock.now());
  }

  private redisKey(owner: CacheOwner, key: string): string {
    return `ais:read:${owner.memberId}:${owner.tokenId}:${key}`;
  }
}
