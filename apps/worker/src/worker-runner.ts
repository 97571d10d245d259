import { Inject, Injectable, type BeforeApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import { SealedRecordRewrap } from '#libs/application';
import { APP_CONFIG, LOGGER, type AppConfig } from '#libs/common';
import { JobProcessorRegistry } from './jobs/job-processor-registry.js';
import { QueueWorkers } from './queues/queue-workers.js';
import { SchedulerTick } from './scheduler/scheduler-tick.js';
import { OutboxRelay } from './webhooks/outbox-relay.js';

/**
 * Starts the worker's loops in order (the processors' start-up tasks, the re-wrap of every sealed
 * record under the current key-encryption key, the queue workers, the
 * scheduler tick, the outbox relay) and stops them in reverse before the application shuts
 * down: in-flight jobs get SHUTDOWN_GRACE_MS to finish, then go back to their queues.
 */
@Injectable()
export class WorkerRunner implements BeforeApplicationShutdown {
  constructor(
    private readonly processors: JobProcessorRegistry,
    private readonly workers: QueueWorkers,
    private readonly scheduler: SchedulerTick,
    private readonly relay: OutboxRelay,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly sealedRecords: SealedRecordRewrap,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async start(): Promise<void> {
    for (const processor of this.processors.all()) await processor.onWorkerStart?.();
    await this.rewrapSealedRecords();
    this.workers.start();
    await this.scheduler.start();
    await this.relay.start();
    this.logger.info({ queues: this.workers.names() }, 'worker started');
  }

  /**
   * Re-wraps every kind of sealed record under the current key-encryption key (a rotation: the
   * previous key, still configured, opens them meanwhile), then logs once what each kind needed.
   */
  private async rewrapSealedRecords(): Promise<void> {
    const reports = await this.sealedRecords.run();
    if (reports.length === 0) return;
    for (const report of reports)
      for (const { id, error } of report.unreadable)
        this.logger.error({ kind: report.purpose, recordId: id, err: error }, 'sealed record cannot be opened');
    this.logger.info(
      { kinds: Object.fromEntries(reports.map((report) => [report.purpose, report.rewrapped])) },
      'sealed records re-wrapped under the current key-encryption key',
    );
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.relay.stop();
    await this.scheduler.stop();
    await this.workers.drain(this.config.worker.shutdownGraceMs);
  }
}
