import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { LOGGER } from '#libs/common';
import type { BankCallObservation } from '#libs/connectors';
import { REDIS } from '#libs/db';

/** Upper bounds (ms) of the latency buckets; a call slower than the last falls in an open one. */
export const LATENCY_BOUNDS_MS = [25, 50, 100, 250, 500, 1000, 2500, 5000, 10_000, 30_000] as const;
const MINUTE_MS = 60_000;
/** How often a process writes the counts it gathered: one Redis round trip a second, not one a call. */
export const BANK_CALL_FLUSH_MS = 1000;
/** A minute's counters outlive the longest window read (an hour) by a few minutes. */
const KEEP_SECONDS = 65 * 60;
const BANKS_KEY = 'bank-calls:banks';

const minuteKey = (bankId: string, minute: number): string => `bank-calls:${bankId}:${minute}`;

function bucketOf(durationMs: number): number {
  const index = LATENCY_BOUNDS_MS.findIndex((bound) => durationMs <= bound);
  return index === -1 ? LATENCY_BOUNDS_MS.length : index;
}

/** One bank's calls over a window: how many, how many the bank failed, and latency quantiles. */
export interface BankCallSummary {
  readonly bankId: string;
  readonly calls: number;
  readonly failed: number;
  /** The bucket bound the median (and the 99th percentile) call took at most; undefined above the last bound. */
  readonly p50Ms: number | undefined;
  readonly p99Ms: number | undefined;
}

function quantile(buckets: readonly number[], total: number, q: number): number | undefined {
  const rank = Math.ceil(total * q);
  let seen = 0;
  for (let index = 0; index < buckets.length; index += 1) {
    seen += buckets[index] ?? 0;
    if (seen >= rank) return LATENCY_BOUNDS_MS[index];
  }
  return undefined;
}

/**
 * Every process's bank calls, counted per bank and minute in Redis (shared by api and worker
 * replicas): calls, the bank's failures, and a latency histogram. A call's counts are gathered in
 * memory and written with the others once a second (and at shutdown), so a bank call never waits
 * on Redis nor adds a round trip of its own; the console reads the last minutes' summaries.
 */
@Injectable()
export class BankCallStats implements OnApplicationShutdown {
  /** Increments not yet written: per minute key, per counter. */
  private pending = new Map<string, Map<string, number>>();
  private pendingBanks = new Set<string>();
  private readonly timer = setInterval(() => void this.flush(), BANK_CALL_FLUSH_MS).unref();

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  record(call: BankCallObservation, nowMs = Date.now()): void {
    const key = minuteKey(call.bankId, Math.floor(nowMs / MINUTE_MS));
    const counters = this.pending.get(key) ?? new Map<string, number>();
    this.pending.set(key, counters);
    const add = (counter: string): void => void counters.set(counter, (counters.get(counter) ?? 0) + 1);
    add('n');
    if (call.failed) add('f');
    add(`b${bucketOf(call.durationMs)}`);
    this.pendingBanks.add(call.bankId);
  }

  /** Writes the gathered counts in one pipeline; a failed write is logged, the counts dropped. */
  async flush(): Promise<void> {
    if (this.pending.size === 0) return;
    const [pending, banks] = [this.pending, this.pendingBanks];
    this.pending = new Map();
    this.pendingBanks = new Set();
    const pipeline = this.redis.pipeline();
    for (const [key, counters] of pending) {
      for (const [counter, increment] of counters) pipeline.hincrby(key, counter, increment);
      pipeline.expire(key, KEEP_SECONDS);
    }
    pipeline.sadd(BANKS_KEY, ...banks);
    await pipeline.exec().catch((error: unknown) => {
      this.logger.warn({ err: error, banks: [...banks] }, 'bank calls not counted');
    });
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  /** Each bank's calls over the last `minutes` minutes (this one included), busiest first. */
  async summaries(minutes: number, nowMs = Date.now()): Promise<BankCallSummary[]> {
    await this.flush();
    const banks = (await this.redis.smembers(BANKS_KEY)).sort();
    const last = Math.floor(nowMs / MINUTE_MS);
    const pipeline = this.redis.pipeline();
    for (const bankId of banks)
      for (let minute = last - minutes + 1; minute <= last; minute += 1) pipeline.hgetall(minuteKey(bankId, minute));
    const answers = (await pipeline.exec()) ?? [];
    return banks
      .map((bankId, bankIndex) => {
        const buckets = new Array<number>(LATENCY_BOUNDS_MS.length + 1).fill(0);
        let calls = 0;
        let failed = 0;
        for (const [, value] of answers.slice(bankIndex * minutes, (bankIndex + 1) * minutes)) {
          const counters = (value ?? {}) as Record<string, string>;
          calls += Number(counters['n'] ?? 0);
          failed += Number(counters['f'] ?? 0);
          buckets.forEach((_, index) => {
            buckets[index] = (buckets[index] ?? 0) + Number(counters[`b${index}`] ?? 0);
          });
        }
        return {
          bankId,
          calls,
          failed,
          p50Ms: calls === 0 ? undefined : quantile(buckets, calls, 0.5),
          p99Ms: calls === 0 ? undefined : quantile(buckets, calls, 0.99),
        };
      })
      .filter((summary) => summary.calls > 0)
      .sort((a, b) => b.calls - a.calls || a.bankId.localeCompare(b.bankId));
  }
}
