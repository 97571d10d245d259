import { Inject } from '@nestjs/common';
import type { PayloadOf } from '#libs/common';
import { JOB_CONTEXT, type JobContext } from '../jobs/job-context.js';
import { ProcessesJob, type JobProcessor } from '../jobs/job-processor.js';
import { PURGE_JOB, ensurePurgeScheduled, purgeRevokedApiKeys } from './purge-revoked-api-keys.usecase.js';

/** maintenance.purge-revoked-api-keys: daily retention of revoked API keys. */
@ProcessesJob(PURGE_JOB)
export class PurgeRevokedApiKeysProcessor implements JobProcessor<typeof PURGE_JOB> {
  constructor(@Inject(JOB_CONTEXT) private readonly context: JobContext) {}

  onWorkerStart(): Promise<void> {
    return ensurePurgeScheduled(this.context);
  }

  process(payload: PayloadOf<typeof PURGE_JOB>): Promise<number> {
    return purgeRevokedApiKeys(payload, this.context);
  }
}
