import type { PayloadOf } from '#libs/common';
import {
  PURGE_ACCOUNT_INFORMATION_JOB,
  PurgeAccountInformationUseCase,
  type PurgeAccountInformationResult,
} from '#libs/application';
import { ProcessesJob, type JobProcessor } from '../jobs/job-processor.js';

/** maintenance.purge-account-information: hourly retention of TPP-initiated calls and kept bank answers. */
@ProcessesJob(PURGE_ACCOUNT_INFORMATION_JOB)
export class PurgeAccountInformationProcessor implements JobProcessor<typeof PURGE_ACCOUNT_INFORMATION_JOB> {
  constructor(private readonly purge: PurgeAccountInformationUseCase) {}

  onWorkerStart(): Promise<void> {
    return this.purge.ensureScheduled();
  }

  process(payload: PayloadOf<typeof PURGE_ACCOUNT_INFORMATION_JOB>): Promise<PurgeAccountInformationResult> {
    return this.purge.execute(payload);
  }
}
