import type { Worker } from 'bullmq';
import type { Logger } from 'pino';
import type { QueueName } from '#libs/common';
import type { QueueConsumer } from '../jobs/queue-consumer.js';

export interface QueueWorkerOptions {
  /** Jobs one worker runs at once, unless its queue has its own figure. */
  readonly concurrency: number;
  /** Per-queue concurrency (webhook deliveries mostly wait on the network). */
  readonly queueConcurrency: Partial<Readonly<Record<QueueName, number>>>;
}

/**
 * Runs and stops the BullMQ workers of the queue consumers (created idle by @nestjs/bullmq at
 * module init).
 */
export class QueueWorkers {
  private readonly running: Worker[] = [];

  constructor(
    private readonly consumers: readonly QueueConsumer[],
    private readonly options: QueueWorkerOptions,
    private readonly logger: Logger,
  ) {}

  names(): string[] {
    return this.consumers.map((consumer) => consumer.worker.name);
  }

  start(): void {
    for (const { worker } of this.consumers) {
      if (this.running.includes(worker)) continue;
      worker.concurrency = this.options.queueConcurrency[worker.name as QueueName] ?? this.options.concurrency;
      worker
        .run()
        .catch((error: unknown) => this.logger.error({ queue: worker.name, err: error }, 'queue worker stopped'));
      this.running.push(worker);
    }
  }

  /**
   * Graceful stop: stop taking jobs and let in-flight ones finish within `graceMs`; after that,
   * force-close, and BullMQ returns the unfinished jobs to the queue when their locks lapse.
   * (Waiting goes through pause(), not close(false): BullMQ memoises close(), so a close(true)
   * after a pending close(false) would wait for the in-flight jobs all the same.) Workers never
   * started are closed by @nestjs/bullmq at application shutdown.
   */
  async drain(graceMs: number): Promise<void> {
    const workers = this.running.splice(0);
    await Promise.all(
      workers.map(async (worker) => {
        let timer: NodeJS.Timeout | undefined;
        const drained = worker.pause(false).then(
          () => true,
          () => false,
        );
        const expired = new Promise<boolean>((resolve) => {
          timer = setTimeout(() => resolve(false), graceMs);
        });
        const finished = await Promise.race([drained, expired]);
        clearTimeout(timer);
        if (!finished)
          this.logger.warn({ queue: worker.name }, 'in-flight jobs exceeded the shutdown grace period; returning them');
        await worker.close(!finished);
      }),
    );
  }
}
