import type { Queue } from 'bullmq';
import { Gauge, type Registry } from 'prom-client';
import { JOB_QUEUE, type JobPayload, type QueueName } from '#libs/common';

const COUNTED_STATES = ['waiting', 'active', 'delayed', 'failed', 'prioritized'] as const;

/** BullMQ job ids may not contain ':'; our ids do (`pm2:...`). */
export function toBullJobId(id: string): string {
  return id.replaceAll(':', '~');
}

/** The producer side: one BullMQ queue per queue name (BullModule.registerQueue), and what is enqueued. */
export class JobQueues {
  constructor(readonly queues: ReadonlyMap<QueueName, Queue>) {}

  queue(name: QueueName): Queue {
    const queue = this.queues.get(name);
    if (queue === undefined) throw new Error(`Unknown queue ${name}`);
    return queue;
  }

  async enqueue(payload: JobPayload, jobId: string, delayMs = 0): Promise<void> {
    await this.queue(JOB_QUEUE[payload.name]).add(payload.name, payload, { jobId: toBullJobId(jobId), delay: delayMs });
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
}
