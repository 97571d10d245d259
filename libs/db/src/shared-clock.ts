import { OffsetClock } from '#libs/common';
import type { Redis } from 'ioredis';
import type { PrismaService } from './prisma.service.js';

/**
 * The sandbox service clock: wall time plus an offset kept in Postgres and broadcast over
 * Redis, so an advance made through the admin API moves api and worker alike (and the sandbox
 * bank, which follows the same row and channel).
 */
export class SharedClock extends OffsetClock {
  private subscriber: Redis | undefined;

  constructor(
    private readonly prisma: PrismaService,
    private readonly redis: Redis,
    private readonly channel: string,
  ) {
    super();
  }

  /**
   * Follows advances, then loads the stored offset: an advance published while the offset is
   * being read is either in the row read or in a message received, never lost.
   */
  async start(): Promise<void> {
    this.subscriber = this.redis.duplicate();
    this.subscriber.on('message', (_channel: string, message: string) => {
      const offset = Number(message);
      if (Number.isFinite(offset)) this.setOffset(offset);
    });
    await this.subscriber.subscribe(this.channel);
    await this.refresh();
  }

  async refresh(): Promise<number> {
    const row = await this.prisma.clockOffset.findUnique({ where: { id: 1 } });
    if (row !== null) this.setOffset(Number(row.offsetMs));
    return this.offset;
  }

  /** Moves the clock forward for every process; returns the new offset. */
  async advance(seconds: number): Promise<number> {
    const deltaMs = BigInt(Math.round(seconds * 1000));
    const row = await this.prisma.clockOffset.upsert({
      where: { id: 1 },
      create: { id: 1, offsetMs: deltaMs },
      update: { offsetMs: { increment: deltaMs } },
    });
    const offset = Number(row.offsetMs);
    this.setOffset(offset);
    await this.redis.publish(this.channel, String(offset));
    return offset;
  }

  async stop(): Promise<void> {
    await this.subscriber?.quit().catch(() => undefined);
  }
}
