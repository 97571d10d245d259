import { Redis, type RedisOptions } from 'ioredis';

/**
 * A Redis connection. BullMQ needs `maxRetriesPerRequest: null` on the connections it blocks on;
 * request/response users get a bounded retry instead. `keyPrefix` is put before every key the
 * connection's commands name (not before pub/sub channels); BullMQ's connections take none.
 */
export function createRedis(
  url: string,
  options: {
    forBullmq?: boolean;
    name?: string;
    onError?: (error: Error) => void;
    autoPipelining?: boolean;
    keyPrefix?: string;
  } = {},
): Redis {
  const base: RedisOptions = {
    connectionName: options.name,
    lazyConnect: false,
    enableReadyCheck: true,
    maxRetriesPerRequest: options.forBullmq === true ? null : 3,
    // Commands issued in the same tick (concurrent requests' rate-limit calls) leave in one write.
    enableAutoPipelining: options.autoPipelining === true,
    ...(options.keyPrefix === undefined ? {} : { keyPrefix: options.keyPrefix }),
  };
  const redis = new Redis(url, base);
  // Without a listener ioredis prints every reconnect failure; readiness reports the outage instead.
  redis.on('error', (error: Error) => options.onError?.(error));
  return redis;
}
