import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createHttpApp, type ConnectedConfig } from '#libs/common';
import { closeDataStores, openDataStores, type DataStores } from '#libs/db';
import { Metrics, createLogger } from '#libs/observability';
import { JOB_HANDLERS, assertHandlerTable, type JobHandlerTable } from './jobs/job-handlers.js';
import { ensurePurgeScheduled } from './maintenance/purge-revoked-api-keys.usecase.js';
import { QueueSet } from './queues/queue-set.js';
import { SchedulerTick } from './scheduler/scheduler-tick.js';
import { WorkerAppModule } from './worker-app.module.js';

export interface WorkerProcess {
  readonly http: NestFastifyApplication;
  readonly stores: DataStores;
  readonly queues: QueueSet;
  readonly scheduler: SchedulerTick;
  /** Starts the scheduler tick and the queue consumers. */
  start(): Promise<void>;
  close(): Promise<void>;
}

export interface WorkerProcessOptions {
  /** BullMQ key prefix (tests isolate themselves with their own). */
  readonly queuePrefix?: string;
  readonly handlers?: JobHandlerTable;
}

export async function createWorkerProcess(config: ConnectedConfig, options: WorkerProcessOptions = {}): Promise<WorkerProcess> {
  const handlers = options.handlers ?? JOB_HANDLERS;
  assertHandlerTable(handlers);
  const logger = createLogger('worker', config.logLevel);
  const metrics = new Metrics('worker');
  const stores = await openDataStores(config, { service: 'worker' });
  const context = { prisma: stores.prisma, clock: stores.clock, logger };
  const queues = new QueueSet(
    { redisUrl: config.redisUrl, prefix: options.queuePrefix, tracing: config.otel.exporterEndpoint !== undefined },
    handlers,
    context,
    logger,
  );
  queues.registerMetrics(metrics.registry);
  const scheduler = new SchedulerTick(
    stores.prisma,
    stores.clock,
    queues,
    { tickMs: config.worker.schedulerTickMs, batchSize: config.worker.schedulerBatchSize },
    logger,
  );
  const http = await createHttpApp(WorkerAppModule.register({ config, logger, metrics }, stores), { config, logger, metrics });

  return {
    http,
    stores,
    queues,
    scheduler,
    start: async () => {
      await ensurePurgeScheduled(context);
      queues.startWorkers();
      scheduler.start();
      logger.info({ queues: [...queues.queues.keys()] }, 'worker started');
    },
    close: async () => {
      await scheduler.stop();
      await queues.close(config.worker.shutdownGraceMs);
      await http.close();
      await closeDataStores(stores);
    },
  };
}
