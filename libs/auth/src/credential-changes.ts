import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { REDIS } from '#libs/db';
import { CREDENTIALS_GENERATION_KEY } from './rate-limiter.js';

/**
 * Tells every replica's credential cache that a credential or a member changed: call it after
 * the change is committed (API key revoked, public key deleted, member suspended or edited).
 * Cached credentials read before the change carry an older generation and are read again.
 */
@Injectable()
export class CredentialChanges {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async announce(): Promise<void> {
    await this.redis.incr(CREDENTIALS_GENERATION_KEY);
  }
}
