import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Type } from '@nestjs/common';
import { createHttpApp, type ConnectedConfig, type JobName } from '#libs/common';
import type { WebhookSenderOptions } from '#libs/events';
import { closeDataStores, openDataStores, type DataStores } from '#libs/db';
import { Metrics, createLogger } from '#libs/observability';
import { JobProcessorRegistry } from './jobs/job-processor-registry.js';
import type { JobProcessor } from './jobs/job-processor.js';
import { JobQueues } from './queues/job-queues.js';
import { SchedulerTick } from './scheduler/scheduler-tick.js';
import { OutboxRelay } from './webhooks/outbox-relay.js';
import { WorkerAppModule } from './worker-app.module.js';
import { WorkerRunner } from './worker-runner.js';

export interface WorkerProcess {
  /** The worker's Nest application (its HTTP surface: /healthz, /readyz, /metrics). */
  readonly http: NestFastifyApplication;
  readonly stores: DataStores;
  readonly queues: JobQueues;
  readonly scheduler: SchedulerTick;
  readonly relay: OutboxRelay;
  /** The processor registered for a job name. */
  processor<N extends JobName>(name: N): JobProcessor<N>;
  /** Runs the start-up tasks, then the queue workers, the scheduler tick and the outbox relay. */
  start(): Promise<void>;
  /** Stops taking work, lets in-flight jobs finish within SHUTDOWN_GRACE_MS, and closes everything. */
  close(): Promise<void>;
}

export interface WorkerProcessOptions {
  /** BullMQ key prefix (tests isolate themselves with their own). */
  readonly queuePrefix?: string;
  /** DNS resolution of webhook receivers (tests substitute their own). */
  readonly webhookLookup?: WebhookSenderOptions['lookup'];
  /** The domain modules with the job processors (all of them unless given). */
  readonly domains?: readonly Type[];
  /** The migrations /readyz waits for (prisma/migrations unless given; tests ship their own). */
  readonly migrationsDir?: string;
}

/**
 * Builds the worker's Nest application and initialises it: the queue workers exist but do not
 * run until start(). Fails (closing what it opened) when a job name has no processor or two.
 */
export async function createWorkerProcess(
  config: ConnectedConfig,
  options: WorkerProcessOptions = {},
): Promise<WorkerProcess> {
  const logger = createLogger('worker', config.logLevel, config.logFormat, config.environment === 'production');
  const metrics = new Metrics('worker');
  const stores = await openDataStores(config, { service: 'worker', migrationsDir: options.migrationsDir });
  let http: NestFastifyApplication | undefined;
  try {
    http = await createHttpApp(
      WorkerAppModule.register({
        platform: { config, logger, metrics },
        stores,
        queues: { prefix: options.queuePrefix },
        webhookSender: { webhookLookup: options.webhookLookup },
        domains: options.domains,
      }),
      { config, logger, metrics },
    );
    await http.init();
  } catch (error) {
    await http?.close().catch(() => undefined);
    await closeDataStores(stores);
    throw error;
  }
  const app = http;
  const registry = app.get(JobProcessorRegistry);
  const runner = app.get(WorkerRunner);
  return {
    http: app,
    stores,
    queues: app.get(JobQueues),
    scheduler: app.get(SchedulerTick),
    relay: app.get(OutboxRelay),
    processor: (name) => registry.processorOf(name),
    start: () => runner.start(),
    close: async () => {
      await app.close();
      await closeDataStores(stores);
    },
  };
}
