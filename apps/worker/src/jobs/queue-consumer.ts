import { Inject, Injectable } from '@nestjs/common';
import { OnWorkerEvent, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import type { Logger } from 'pino';
import { LOGGER } from '#libs/common';
import { newTraceId, runWithContext } from '#libs/observability';
import { JobProcessorRegistry } from './job-processor-registry.js';

/**
 * A BullMQ worker on one queue (`@ConsumesQueue(name)` on the subclass). A queue carries jobs of
 * several domains (timers), so its consumer hands each job to the processor of the job's name,
 * under a trace id of its own.
 */
@Injectable()
export abstract class QueueConsumer extends WorkerHost {
  constructor(
    private readonly processors: JobProcessorRegistry,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    super();
  }

  process(job: Job): Promise<unknown> {
    return runWithContext({ traceId: newTraceId() }, () => this.processors.run(job));
  }

  @OnWorkerEvent('failed')
  onFailed(job: Job | undefined, error: Error): void {
    this.logger.warn(
      { queue: this.worker.name, jobId: job?.id, attempt: job?.attemptsMade, err: error.message },
      'job failed',
    );
  }
}
