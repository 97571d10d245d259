import { Module, type DynamicModule } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { BullModule, getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { BullMQOtel } from 'bullmq-otel';
import type { Logger } from 'pino';
import { ALL_QUEUES, APP_CONFIG, LOGGER, METRICS, type AppConfig } from '#libs/common';
import type { Metrics } from '#libs/observability';
import { JobProcessorRegistry } from '../jobs/job-processor-registry.js';
import type { QueueConsumer } from '../jobs/queue-consumer.js';
import { JobQueues } from './job-queues.js';
import { QUEUE_CONSUMERS } from './queue-consumers.js';
import { QueueWorkers } from './queue-workers.js';

/** Every job: 8 attempts with exponential back-off from 1 s; finished jobs are kept a while for inspection. */
export const DEFAULT_JOB_OPTIONS = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { age: 3600, count: 10_000 },
  removeOnFail: { age: 7 * 24 * 3600 },
} as const;

/** Jobs a queue worker runs at once unless its queue says otherwise. */
export const DEFAULT_CONCURRENCY = 10;

export interface QueuesModuleOptions {
  /** BullMQ key prefix instead of QUEUE_PREFIX (tests isolate themselves with their own). */
  readonly prefix?: string;
}

/**
 * BullMQ through @nestjs/bullmq: the connection (REDIS_URL), key prefix and tracing shared by
 * every queue and worker; one registered queue per queue name; the producer (JobQueues); one
 * consumer per queue; and the registry of job processors the consumers hand jobs to.
 */
@Module({})
export class QueuesModule {
  static forRoot(options: QueuesModuleOptions = {}): DynamicModule {
    return {
      module: QueuesModule,
      global: true,
      imports: [
        DiscoveryModule,
        BullModule.forRootAsync({
          inject: [APP_CONFIG],
          useFactory: (config: AppConfig) => {
            if (config.redisUrl === undefined) throw new Error('REDIS_URL is required for the worker');
            return {
              connection: { url: config.redisUrl },
              prefix: options.prefix ?? config.queuePrefix,
              // BullMQ spans (producer and consumer) go to OpenTelemetry when an exporter is configured.
              ...(config.otel.exporterEndpoint === undefined
                ? {}
                : { telemetry: new BullMQOtel({ tracerName: 'gateway-worker' }) }),
            };
          },
        }),
        BullModule.registerQueue(...ALL_QUEUES.map((name) => ({ name, defaultJobOptions: DEFAULT_JOB_OPTIONS }))),
      ],
      providers: [
        JobProcessorRegistry,
        ...QUEUE_CONSUMERS,
        {
          provide: JobQueues,
          inject: [METRICS, ...ALL_QUEUES.map((name) => getQueueToken(name))],
          useFactory: (metrics: Metrics, ...queues: Queue[]) => {
            const jobQueues = new JobQueues(new Map(ALL_QUEUES.map((name, index) => [name, queues[index]])));
            jobQueues.registerMetrics(metrics.registry);
            return jobQueues;
          },
        },
        {
          provide: QueueWorkers,
          inject: [APP_CONFIG, LOGGER, ...QUEUE_CONSUMERS],
          useFactory: (config: AppConfig, logger: Logger, ...consumers: QueueConsumer[]) =>
            new QueueWorkers(
              consumers,
              { concurrency: DEFAULT_CONCURRENCY, queueConcurrency: { webhooks: config.webhooks.concurrency } },
              logger,
            ),
        },
      ],
      exports: [JobQueues, JobProcessorRegistry, QueueWorkers],
    };
  }
}
