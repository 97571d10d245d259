import type pg from 'pg';
import type { Redis } from 'ioredis';
import { OffsetClock } from '#libs/common';

/**
 * The gateway's sandbox clock as the sandbox bank sees it: wall time plus the offset the gateway
 * keeps in `public.clock_offset`, followed as the gateway publishes each advance on Redis. The
 * sandbox bank only reads it; time moves through the gateway's admin API.
 */
export class SandboxClock extends OffsetClock {
  private subscriber: Redis | undefined;

  constructor(
    private readonly pool: pg.Pool,
    private readonly redis: Redis,
    private readonly channel: string,
  ) {
    super();
  }

  /** Loads the stored offset and follows later advances. */
  async start(): Promise<void> {
    this.subscriber = this.redis.duplicate();
    this.subscriber.on('message', (_channel: string, message: string) => {
      const offset = Number(message);
      if (Number.isFinite(offset)) this.setOffset(offset);
    });
    await this.subscriber.subscribe(this.channel);
    // Read after subscribing, so an advance made in between is not missed.
    const result = await this.pool.query<{ offset_ms: number }>(
      'SELECT offset_ms::float8 AS offset_ms FROM public.clock_offset WHERE id = 1',
    );
    const row = result.rows[0];
    if (row !== undefined) this.setOffset(row.offset_ms);
  }

  async stop(): Promise<void> {
    await this.subscriber?.quit().catch(() => undefined);
  }
}
