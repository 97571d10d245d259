import { Module } from '@nestjs/common';
import type { Logger } from 'pino';
import { APP_CONFIG, Clock, LOGGER, type AppConfig } from '#libs/common';
import { REPOSITORIES, type Repositories } from '#libs/db';
import { JobQueues } from '../queues/job-queues.js';
import { OutboxRelay } from './outbox-relay.js';

/** The outbox relay: committed outbox events into deliveries and their first attempts. */
@Module({
  providers: [
    {
      provide: OutboxRelay,
      inject: [REPOSITORIES, Clock, JobQueues, APP_CONFIG, LOGGER],
      useFactory: (repositories: Repositories, clock: Clock, queues: JobQueues, config: AppConfig, logger: Logger) => {
        if (config.databaseUrl === undefined) throw new Error('DATABASE_URL is required for the worker');
        return new OutboxRelay(
          repositories,
          clock,
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
