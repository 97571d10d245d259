import { Module } from '@nestjs/common';
import type { Logger } from 'pino';
import { OutboxRelaying, WebhooksApplicationModule } from '#libs/application';
import { APP_CONFIG, LOGGER, type AppConfig } from '#libs/common';
import { JobQueues } from '../queues/job-queues.js';
import { OutboxRelay } from './outbox-relay.js';

/** The outbox relay: committed outbox events into deliveries and their first attempts. */
@Module({
  imports: [WebhooksApplicationModule],
  providers: [
    {
      provide: OutboxRelay,
      inject: [OutboxRelaying, JobQueues, APP_CONFIG, LOGGER],
      useFactory: (relaying: OutboxRelaying, queues: JobQueues, config: AppConfig, logger: Logger) => {
        if (config.databaseUrl === undefined) throw new Error('DATABASE_URL is required for the worker');
        return new OutboxRelay(
          relaying,
          queues,
          {
            databaseUrl: config.databaseUrl,
            sweepMs: config.webhooks.sweepMs,
            recoverAfterMs: config.webhooks.recoverAfterMs,
          },
          logger,
        );
      },
    },
  ],
  exports: [OutboxRelay],
})
export class OutboxRelayModule {}
