import type { PayloadOf } from '#libs/common';
import {
  PURGE_IDEMPOTENCY_KEYS_JOB,
  PurgeIdempotencyKeysUseCase,
  type PurgeIdempotencyKeysResult,
} from '#libs/application';
import { ProcessesJob, type JobProcessor } from '../jobs/job-processor.js';

/** maintenance.purge-idempotency-keys: hourly retention of expired Idempotency-Key rows. */
@ProcessesJob(PURGE_IDEMPOTENCY_KEYS_JOB)
export class PurgeIdempotencyKeysProcessor implements JobProcessor<typeof PURGE_IDEMPOTENCY_KEYS_JOB> {
  constructor(private readonly purge: PurgeIdempotencyKeysUseCase) {}

  onWorkerStart(): Promise<void> {
    return this.purge.ensureScheduled();
  }

  process(payload: PayloadOf<typeof PURGE_IDEMPOTENCY_KEYS_JOB>): Promise<PurgeIdempotencyKeysResult> {
    return this.purge.execute(payload);
  }
}
