import { Redis, type RedisOptions } from 'ioredis';

/**
 * A Redis connection. BullMQ needs `maxRetriesPerRequest: null` on the connections it blocks on;
 * request/response users get a bounded retry instead.
 */
export function createRedis(url: string, options: { forBullmq?: boolean; name?: string } = {}): Redis {
  const base: RedisOptions = {
    connectionName: options.name,
    lazyConnect: false,
    enableReadyCheck: true,
    maxRetriesPerRequest: options.forBullmq === true ? null : 3,
  };
  return new Redis(url, base);
}
