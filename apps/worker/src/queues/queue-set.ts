import { Queue, Worker, type Job, type Telemetry } from 'bullmq';
import { BullMQOtel } from 'bullmq-otel';
import { Gauge, type Registry } from 'prom-client';
import { ALL_QUEUES, JOB_QUEUE, isJobName, type JobName, type JobPayload, type QueueName } from '#libs/common';
import { newTraceId, runWithContext } from '#libs/observability';
import type { Logger } from 'pino';
import type { JobContext } from '../jobs/job-context.js';
import type { JobHandlerTable } from '../jobs/job-handlers.js';

const DEFAULT_JOB_OPTIONS = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { age: 3600, count: 10_000 },
  removeOnFail: { age: 7 * 24 * 3600 },
} as const;

const COUNTED_STATES = ['waiting', 'active', 'delayed', 'failed', 'prioritized'] as const;

/** BullMQ job ids may not contain ':'; our ids do (`pm2:...`). */
export function toBullJobId(id: string): string {
  return id.replaceAll(':', '~');
}

export interface QueueSetOptions {
  readonly redisUrl: string;
  readonly prefix?: string;
  readonly concurrency?: number;
  /** Per-queue concurrency, overriding `concurrency` (webhook deliveries mostly wait on the network). */
  readonly queueConcurrency?: Partial<Readonly<Record<QueueName, number>>>;
  /** Emit BullMQ spans (producer and consumer) to OpenTelemetry. */
  readonly tracing?: boolean;
}

/** One producer per queue and one BullMQ worker per queue that has handlers. */
export class QueueSet {
  readonly queues = new Map<QueueName, Queue>();
  private readonly workers: Worker[] = [];
  private readonly telemetry: Telemetry | undefined;

  constructor(
    private readonly options: QueueSetOptions,
    private readonly handlers: JobHandlerTable,
    private readonly context: JobContext,
    private readonly logger: Logger,
  ) {
    this.telemetry = options.tracing === true ? new BullMQOtel({ tracerName: 'gateway-worker' }) : undefined;
    for (const name of ALL_QUEUES) {
      this.queues.set(
        name,
        new Queue(name, {
          connection: { url: options.redisUrl },
          prefix: options.prefix,
          defaultJobOptions: DEFAULT_JOB_OPTIONS,
          telemetry: this.telemetry,
        }),
      );
    }
  }

  queue(name: QueueName): Queue {
    const queue = this.queues.get(name);
    if (queue === undefined) throw new Error(`Unknown queue ${name}`);
    return queue;
  }

  async enqueue(payload: JobPayload, jobId: string, delayMs = 0): Promise<void> {
    await this.queue(JOB_QUEUE[payload.name]).add(payload.name, payload, { jobId: toBullJobId(jobId), delay: delayMs });
  }

  /** Starts consuming every queue that at least one job name maps to. */
  startWorkers(): void {
    const consumed = new Set(Object.values(JOB_QUEUE));
    for (const name of consumed) {
      const worker = new Worker(name, (job: Job) => this.process(job), {
        connection: { url: this.options.redisUrl, maxRetriesPerRequest: null },
        prefix: this.options.prefix,
        concurrency: this.options.queueConcurrency?.[name] ?? this.options.concurrency ?? 10,
        telemetry: this.telemetry,
      });
      worker.on('failed', (job, error) => {
        this.logger.warn({ queue: name, jobId: job?.id, attempt: job?.attemptsMade, err: error.message }, 'job failed');
      });
      this.workers.push(worker);
    }
  }

  private async process(job: Job): Promise<unknown> {
    if (!isJobName(job.name)) throw new Error(`No handler for job ${job.name}`);
    const name: JobName = job.name;
    // The table pairs each name with its payload's handler; the job's data is that payload.
    const handler = this.handlers[name] as (payload: JobPayload, context: JobContext) => Promise<unknown>;
    return runWithContext({ traceId: newTraceId() }, () => handler(job.data as JobPayload, this.context));
  }

  /** Queue depths by state, for /metrics. */
  registerMetrics(registry: Registry): void {
    const queues = this.queues;
    new Gauge({
      name: 'queue_jobs',
      help: 'Jobs in each BullMQ queue, by state.',
      labelNames: ['queue', 'state'],
      registers: [registry],
      async collect() {
        for (const [name, queue] of queues) {
          const counts = await queue.getJobCounts(...COUNTED_STATES);
          for (const state of COUNTED_STATES) this.set({ queue: name, state }, counts[state] ?? 0);
        }
      },
    });
  }

  /**
   * Graceful stop: stop taking jobs and let in-flight ones finish within `graceMs`; after that,
   * force-close, and BullMQ returns the unfinished jobs to the queue when their locks lapse.
   * (Waiting goes through pause(), not close(false): BullMQ memoises close(), so a close(true)
   * after a pending close(false) would wait for the in-flight jobs all the same.)
   */
  async close(graceMs: number): Promise<void> {
    await Promise.all(
      this.workers.map(async (worker) => {
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
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
  }
}
