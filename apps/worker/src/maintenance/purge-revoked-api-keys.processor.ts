import type { PayloadOf } from '#libs/common';
import { PURGE_JOB, PurgeRevokedApiKeysUseCase } from '#libs/application';
import { ProcessesJob, type JobProcessor } from '../jobs/job-processor.js';

/** maintenance.purge-revoked-api-keys: daily retention of revoked API keys. */
@ProcessesJob(PURGE_JOB)
export class PurgeRevokedApiKeysProcessor implements JobProcessor<typeof PURGE_JOB> {
  constructor(private readonly purge: PurgeRevokedApiKeysUseCase) {}

  onWorkerStart(): Promise<void> {
    return this.purge.ensureScheduled();
  }

  process(payload: PayloadOf<typeof PURGE_JOB>): Promise<number> {
    return this.purge.execute(payload);
  }
}
