import { Inject } from '@nestjs/common';
import { APP_CONFIG, type AppConfig, type PayloadOf } from '#libs/common';
import { JOB_CONTEXT, type JobContext } from '../jobs/job-context.js';
import { ProcessesJob, type JobProcessor } from '../jobs/job-processor.js';
import {
  PURGE_ACCOUNT_INFORMATION_JOB,
  ensureAccountInformationPurgeScheduled,
  purgeAccountInformation,
  type PurgeAccountInformationResult,
} from './purge-account-information.usecase.js';

/** maintenance.purge-account-information: hourly retention of TPP-initiated calls and kept bank answers. */
@ProcessesJob(PURGE_ACCOUNT_INFORMATION_JOB)
export class PurgeAccountInformationProcessor implements JobProcessor<typeof PURGE_ACCOUNT_INFORMATION_JOB> {
  constructor(
    @Inject(JOB_CONTEXT) private readonly context: JobContext,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onWorkerStart(): Promise<void> {
    return ensureAccountInformationPurgeScheduled(this.context);
  }

  process(payload: PayloadOf<typeof PURGE_ACCOUNT_INFORMATION_JOB>): Promise<PurgeAccountInformationResult> {
    return purgeAccountInformation(
      payload,
      { cacheSeconds: this.config.accountInformation.cacheSeconds },
      this.context,
    );
  }
}
