import { Module } from '@nestjs/common';
import type { Logger } from 'pino';
import { APP_CONFIG, Clock, LOGGER, type AppConfig } from '#libs/common';
import { ScheduledJobRepository } from '#libs/db';
import { JobQueues } from '../queues/job-queues.js';
import { SchedulerTick } from './scheduler-tick.js';

/** The scheduler tick: due timer rows into jobs, every SCHEDULER_TICK_MS and when a timer is brought forward. */
@Module({
  providers: [
    {
      provide: SchedulerTick,
      inject: [ScheduledJobRepository, Clock, JobQueues, APP_CONFIG, LOGGER],
      useFactory: (
        scheduledJobs: ScheduledJobRepository,
        clock: Clock,
        queues: JobQueues,
        config: AppConfig,
        logger: Logger,
      ) =>
        new SchedulerTick(
          scheduledJobs,
          clock,
          queues,
          {
            tickMs: config.worker.schedulerTickMs,
            batchSize: config.worker.schedulerBatchSize,
            ...(config.databaseUrl === undefined ? {} : { databaseUrl: config.databaseUrl }),
          },
          logger,
        ),
    },
  ],
  exports: [SchedulerTick],
})
export class SchedulerModule {}
