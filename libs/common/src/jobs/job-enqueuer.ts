import type { JobPayload } from './job-payloads.js';

/** Where a job goes to run: the worker's queues. A job id already known is not enqueued twice. */
export interface JobEnqueuer {
  enqueue(payload: JobPayload, jobId: string): Promise<void>;
}
