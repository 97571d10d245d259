import type { Redis } from 'ioredis';
import { SystemClock, clockChannel, migrationsDir, type Clock, type ConnectedConfig } from '#libs/common';
import { PrismaService } from './prisma.service.js';
import { createRedis } from './redis.js';
import { createRepositories, type Repositories } from './repository-set.js';
import { SharedClock } from './shared-clock.js';

/** One process's connections and clock, shared by every Nest application it runs. */
export interface DataStores {
  readonly prisma: PrismaService;
  readonly redis: Redis;
  readonly clock: Clock;
  /** Every repository, made once on `prisma`: the only way the process reads or writes Postgres. */
  readonly repositories: Repositories;
  /** The migrations this process ships: /readyz waits until the database has them all. */
  readonly migrationsDir: string;
}

export interface DataStoreOptions {
  readonly service: string;
  readonly poolSize?: number;
  /** The migrations the schema must have for the process to be ready; prisma/migrations unless given. */
  readonly migrationsDir?: string;
}

export async function openDataStores(config: ConnectedConfig, options: DataStoreOptions): Promise<DataStores> {
  const prisma = new PrismaService(
    config.databaseUrl,
    options.poolSize ?? config.databasePoolSize,
    config.databasePoolAcquireTimeoutMs,
  );
  // The deployment's own keys (rate limits, the credentials generation, caches) live under its
  // QUEUE_PREFIX, as its queues do: deployments sharing a Redis never count or read each other's.
  const redis = createRedis(config.redisUrl, {
    name: options.service,
    autoPipelining: true,
    keyPrefix: redisKeyPrefix(config),
  });
  let clock: Clock = new SystemClock();
  if (config.environment === 'sandbox') {
    const shared = new SharedClock(prisma, redis, clockChannel(config.databaseUrl));
    await shared.start();
    clock = shared;
  }
  return {
    prisma,
    redis,
    clock,
    repositories: createRepositories(prisma),
    migrationsDir: options.migrationsDir ?? migrationsDir(),
  };
}

/** The prefix of every key a process's data stores write in Redis: `<QUEUE_PREFIX>:`. */
function redisKeyPrefix(config: Pick<ConnectedConfig, 'queuePrefix'>): string {
  return `${config.queuePrefix}:`;
}

export async function closeDataStores(stores: DataStores): Promise<void> {
  if (stores.clock instanceof SharedClock) await stores.clock.stop();
  await stores.redis.quit().catch(() => undefined);
  await stores.prisma.$disconnect();
}
