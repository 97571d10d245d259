import { Redis } from 'ioredis';
import { SystemClock, clockChannel, type Clock, type ConnectedConfig, type ReadinessCheck } from '#libs/common';
import { SandboxClock } from './sandbox-clock.js';
import { SandboxDb } from './sandbox-db.js';

/** The sandbox bank process's connections and clock. */
export interface SandboxStores {
  readonly db: SandboxDb;
  /** Only in the sandbox environment, where the clock follows the gateway's over Redis. */
  readonly redis: Redis | undefined;
  readonly clock: Clock;
}

export async function openSandboxStores(config: ConnectedConfig, poolSize: number): Promise<SandboxStores> {
  const db = new SandboxDb(config.databaseUrl, poolSize);
  if (config.environment !== 'sandbox') return { db, redis: undefined, clock: new SystemClock() };
  const redis = new Redis(config.redisUrl, { connectionName: 'sandbox-bank', maxRetriesPerRequest: 3 });
  // Without a listener ioredis prints every reconnect failure; readiness reports the outage instead.
  redis.on('error', () => undefined);
  const clock = new SandboxClock(db.pool, redis, clockChannel(config.databaseUrl));
  await clock.start();
  return { db, redis, clock };
}

export function sandboxReadinessChecks(stores: SandboxStores): ReadinessCheck[] {
  const checks: ReadinessCheck[] = [
    { name: 'postgres', check: async () => void (await stores.db.pool.query('SELECT 1')) },
  ];
  const redis = stores.redis;
  if (redis !== undefined) checks.push({ name: 'redis', check: async () => void (await redis.ping()) });
  return checks;
}

export async function closeSandboxStores(stores: SandboxStores): Promise<void> {
  if (stores.clock instanceof SandboxClock) await stores.clock.stop();
  await stores.redis?.quit().catch(() => undefined);
  await stores.db.$disconnect();
}
