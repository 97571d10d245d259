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

/** HIT_SCRIPT on every key at once (one window length); answers count and ttl per key, in order. */
const HIT_EACH_SCRIPT = `
local answer = {}
for i, key in ipairs(KEYS) do
  local count = redis.call('INCR', key)
  if count == 1 then redis.call('PEXPIRE', key, ARGV[1]) end
  local ttl = redis.call('PTTL', key)
  if ttl < 0 then redis.call('PEXPIRE', key, ARGV[1]); ttl = tonumber(ARGV[1]) end
  answer[2 * i - 1] = count
  answer[2 * i] = ttl
end
return answer
`;

/**
 * One round trip for an authenticated request: is the credential still of the current
 * generation (ARGV[2], '' = do not check), is this signed token seen for the first time
 * (KEYS[3] kept ARGV[3] ms; '' = no token), and if nothing stops it, count the hit against the
 * member's window. Failed authentications are not consulted: they never refuse a credential
 * that verifies.
 * Answers {outcome, count, ttl, generation}: outcome 0 counted, 1 stale credential, 2 token replayed.
 */
const GATE_SCRIPT = `
local generation = tonumber(redis.call('GET', KEYS[2]) or '0')
if ARGV[2] ~= '' and tonumber(ARGV[2]) ~= generation then return {1, 0, 0, generation} end
if ARGV[3] ~= '' and not redis.call('SET', KEYS[3], '1', 'PX', ARGV[3], 'NX') then return {2, 0, 0, generation} end
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {0, count, ttl, generation}
`;

/** Bumped whenever a credential or a member changes; cached credentials of an older generation are read again. */
export const CREDENTIALS_GENERATION_KEY = 'auth:credentials-generation';

interface ScriptedRedis {
  rateLimitHit(key: string, windowMs: string): Promise<[number, number]>;
  /** The number of keys first, then the keys, then the window. */
  rateLimitHitEach(...args: string[]): Promise<number[]>;
  rateLimitGate(
    memberKey: string,
    generationKey: string,
    onceKey: string,
    windowMs: string,
    generation: string,
    onceTtlMs: string,
  ): Promise<[number, number, number, number]>;
  get(key: string): Promise<string | null>;
}

export type GateResult =
  | { readonly kind: 'counted'; readonly decision: RateLimitDecision; readonly generation: number }
  /** The credential was cached under an older generation: nothing was counted. */
  | { readonly kind: 'stale'; readonly generation: number }
  /** The single-use key was already taken (a replayed token): nothing was counted. */
  | { readonly kind: 'replayed' };

/** A key that must not exist yet, taken for `ttlMs` (a signed token's replay guard). */
export interface OnceKey {
  readonly key: string;
  readonly ttlMs: number;
}

/** Stands in for KEYS[3] when there is no single-use key; never written. */
const NO_ONCE_KEY = 'auth:no-once-key';

/**
 * Fixed-window counters in Redis, shared by every replica. A window is `windowMs` long and
 * starts with its first hit. Scripts run by EVALSHA (ioredis falls back to EVAL once per
 * connection when Redis does not know them yet).
 */
export class RateLimiter {
  private readonly redis: ScriptedRedis;

  constructor(
    redis: Redis,
    private readonly windowMs = 60_000,
  ) {
    const scripted = redis as Redis & Partial<ScriptedRedis>;
    if (scripted.rateLimitGate === undefined) {
      redis.defineCommand('rateLimitHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
      redis.defineCommand('rateLimitHitEach', { lua: HIT_EACH_SCRIPT });
      redis.defineCommand('rateLimitGate', { numberOfKeys: 3, lua: GATE_SCRIPT });
    }
    this.redis = redis as unknown as ScriptedRedis;
  }

  /** Counts one hit against `key`. */
  async hit(key: string, limit: number): Promise<RateLimitDecision> {
    const [count, ttl] = await this.redis.rateLimitHit(`ratelimit:${key}`, String(this.windowMs));
    return this.decide(count, ttl, limit, count <= limit);
  }

  /** The current credentials generation (read before a credential is looked up, to cache it under). */
  async generation(): Promise<number> {
    return Number((await this.redis.get(CREDENTIALS_GENERATION_KEY)) ?? '0');
  }

  /** Counts one hit against each key, atomically and in one round trip; the decisions in the keys' order. */
  async hitEach(counters: readonly { readonly key: string; readonly limit: number }[]): Promise<RateLimitDecision[]> {
    const answer = await this.redis.rateLimitHitEach(
      String(counters.length),
      ...counters.map((counter) => `ratelimit:${counter.key}`),
      String(this.windowMs),
    );
    return counters.map((counter, index) => {
      const count = answer[2 * index] ?? 0;
      return this.decide(count, answer[2 * index + 1] ?? 0, counter.limit, count <= counter.limit);
    });
  }

  /**
   * An authenticated request's one Redis call: checks the credential's generation (unless
   * `generation` is undefined), takes the single-use key if any, then counts the hit on `memberKey`.
   */
  async gate(memberKey: string, limit: number, generation: number | undefined, once?: OnceKey): Promise<GateResult> {
    const [outcome, count, ttl, current] = await this.redis.rateLimitGate(
      `ratelimit:${memberKey}`,
      CREDENTIALS_GENERATION_KEY,
      once?.key ?? NO_ONCE_KEY,
      String(this.windowMs),
      generation === undefined ? '' : String(generation),
      once === undefined ? '' : String(Math.max(1, Math.round(once.ttlMs))),
    );
    if (outcome === 1) return { kind: 'stale', generation: current };
    if (outcome === 2) return { kind: 'replayed' };
    return { kind: 'counted', decision: this.decide(count, ttl, limit, count <= limit), generation: current };
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
