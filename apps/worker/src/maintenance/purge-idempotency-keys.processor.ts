import { Inject } from '@nestjs/common';
import type { PayloadOf } from '#libs/common';
import { JOB_CONTEXT, type JobContext } from '../jobs/job-context.js';
import { ProcessesJob, type JobProcessor } from '../jobs/job-processor.js';
import {
  PURGE_IDEMPOTENCY_KEYS_JOB,
  ensureIdempotencyPurgeScheduled,
  purgeExpiredIdempotencyKeys,
  type PurgeIdempotencyKeysResult,
} from './purge-idempotency-keys.usecase.js';

/** maintenance.purge-idempotency-keys: hourly retention of expired Idempotency-Key rows. */
@ProcessesJob(PURGE_IDEMPOTENCY_KEYS_JOB)
export class PurgeIdempotencyKeysProcessor implements JobProcessor<typeof PURGE_IDEMPOTENCY_KEYS_JOB> {
  constructor(@Inject(JOB_CONTEXT) private readonly context: JobContext) {}

  onWorkerStart(): Promise<void> {
    return ensureIdempotencyPurgeScheduled(this.context);
  }

  process(payload: PayloadOf<typeof PURGE_IDEMPOTENCY_KEYS_JOB>): Promise<PurgeIdempotencyKeysResult> {
    return purgeExpiredIdempotencyKeys(payload, this.context);
  }
}
