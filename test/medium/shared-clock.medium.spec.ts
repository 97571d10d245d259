import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clockChannel, type ConnectedConfig } from '#libs/common';
import { PrismaService, SharedClock, createRedis } from '#libs/db';
import type { Redis } from 'ioredis';
import { testConfig } from '../support/test-env.js';

/**
 * The shared sandbox clock of a process that starts while another process moves the clock: the
 * advance made between loading the stored offset and following the channel is not lost (a worker
 * restarted while a test moves the clock would otherwise never fire the timers that advance made due).
 */
describe('SharedClock start-up', () => {
  let config: ConnectedConfig;
  let prisma: PrismaService;
  let redis: Redis;

  beforeAll(async () => {
    config = await testConfig();
    prisma = new PrismaService(config.databaseUrl, 2);
    redis = createRedis(config.redisUrl);
  });

  afterAll(async () => {
    await redis.quit();
    await prisma.$disconnect();
  });

  it('follows an advance another process makes while it loads the stored offset', async () => {
    const channel = clockChannel(config.databaseUrl);
    const mover = new SharedClock(prisma, redis, channel);
    let moved = 0;
    /** A process starting up whose read of the stored offset is overtaken by an advance elsewhere. */
    class OvertakenClock extends SharedClock {
      override async refresh(): Promise<number> {
        const offset = await super.refresh();
        if (moved === 0) moved = await mover.advance(600);
        return offset;
      }
    }
    const starting = new OvertakenClock(prisma, redis, channel);
    await starting.start();
    try {
      expect(moved).toBe(600_000);
      const deadline = Date.now() + 2000;
      while (starting.offset < moved && Date.now() < deadline) await sleep(10);
      expect(starting.offset).toBe(moved);
    } finally {
      await starting.stop();
    }
  });
});
