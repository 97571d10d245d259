import type { Redis } from 'ioredis';

export interface RateLimitDecision {
  readonly allowed: boolean;
  readonly limit: number;
  readonly remaining: number;
  /** Seconds until the window resets. */
  readonly resetSeconds: number;
}

/** INCR and set the window's expiry atomically; answers the count and the window's remaining ms. */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}
`;

const PEEK_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
local ttl = redis.call('PTTL', KEYS[1])
return {count, ttl}
`;

/**
 * Fixed-window counters in Redis, shared by every replica. A window is `windowMs` long and
 * starts with its first hit.
 */
export class RateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly windowMs = 60_000,
  ) {}

  /** Counts one hit against `key`. */
  async hit(key: string, limit: number): Promise<RateLimitDecision> {
    const [count, ttl] = (await this.redis.eval(HIT_SCRIPT, 1, `ratelimit:${key}`, String(this.windowMs))) as [number, number];
    return this.decide(count, ttl, limit, count <= limit);
  }

  /** Reads the counter without counting (is this key already over its limit?). */
  async peek(key: string, limit: number): Promise<RateLimitDecision> {
    const [count, ttl] = (await this.redis.eval(PEEK_SCRIPT, 1, `ratelimit:${key}`)) as [number, number];
    return this.decide(count, ttl, limit, count < limit);
  }

  private decide(count: number, ttlMs: number, limit: number, allowed: boolean): RateLimitDecision {
    return {
      allowed,
      limit,
      remaining: Math.max(0, limit - count),
      resetSeconds: Math.max(1, Math.ceil((ttlMs > 0 ? ttlMs : this.windowMs) / 1000)),
    };
  }
}

/** `RateLimit-*` response headers (IETF draft names) for a decision. */
export function rateLimitHeaders(decision: RateLimitDecision): Record<string, string> {
  return {
    'ratelimit-limit': String(decision.limit),
    'ratelimit-remaining': String(decision.remaining),
    'ratelimit-reset': String(decision.resetSeconds),
  };
}
