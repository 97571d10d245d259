import { Module } from '@nestjs/common';
import type { Logger } from 'pino';
import { DueTimers, MaintenanceApplicationModule } from '#libs/application';
import { APP_CONFIG, Clock, LOGGER, type AppConfig } from '#libs/common';
import { JobQueues } from '../queues/job-queues.js';
import { SchedulerTick } from './scheduler-tick.js';

/** The scheduler tick: due timer rows into jobs, every SCHEDULER_TICK_MS and when a timer is brought forward. */
@Module({
  imports: [MaintenanceApplicationModule],
  providers: [
    {
      provide: SchedulerTick,
      inject: [DueTimers, Clock, JobQueues, APP_CONFIG, LOGGER],
      useFactory: (timers: DueTimers, clock: Clock, queues: JobQueues, config: AppConfig, logger: Logger) =>
        new SchedulerTick(
          timers,
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
