import pg from 'pg';
import type { Logger } from 'pino';

const RECONNECT_MS = 1000;

/**
 * LISTENs on one Postgres channel on a connection of its own and calls `onNotify` for each
 * notification (sent at the notifying transaction's commit). A lost connection is opened again
 * every second until it is back, and `onNotify` is called once then for whatever was notified
 * while it was away; the caller's own periodic pass covers the gap until then.
 */
export class ChannelListener {
  private client: pg.Client | undefined;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private stopped = true;

  constructor(
    private readonly databaseUrl: string,
    private readonly channel: string,
    private readonly onNotify: () => void,
    private readonly logger: Logger,
  ) {}

  async start(): Promise<void> {
    this.stopped = false;
    await this.listen();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.reconnectTimer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.databaseUrl });
    const lost = (error?: Error): void => {
      if (this.client !== client) return;
      this.client = undefined;
      client.removeAllListeners('notification');
      void client.end().catch(() => undefined);
      if (this.stopped) return;
      this.logger.warn({ channel: this.channel, err: error?.message }, 'listener connection lost; reconnecting');
      this.reconnectTimer = setTimeout(() => void this.reconnect(), RECONNECT_MS);
    };
    client.on('notification', () => this.onNotify());
    client.on('error', lost);
    client.on('end', () => lost());
    await client.connect();
    await client.query(`LISTEN ${this.channel}`);
    this.client = client;
  }

  private async reconnect(): Promise<void> {
    if (this.stopped) return;
    try {
      await this.listen();
      this.onNotify();
    } catch (error) {
      this.logger.warn(
        { channel: this.channel, err: error instanceof Error ? error.message : String(error) },
        'listener reconnect failed',
      );
      this.reconnectTimer = setTimeout(() => void this.reconnect(), RECONNECT_MS);
    }
  }
}
