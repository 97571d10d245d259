import { Inject } from '@nestjs/common';
import { APP_CONFIG, type AppConfig, type PayloadOf } from '#libs/common';
import { JOB_CONTEXT, type JobContext } from '../jobs/job-context.js';
import { ProcessesJob, type JobProcessor } from '../jobs/job-processor.js';
import { PROBE_JOB, ensureProbeScheduled, probeBankStatus } from './probe-bank-status.usecase.js';

/** banks.probe-status: probes every listed bank's AIS / PIS status every BANK_STATUS_PROBE_SECONDS. */
@ProcessesJob(PROBE_JOB)
export class ProbeBankStatusProcessor implements JobProcessor<typeof PROBE_JOB> {
  constructor(
    @Inject(JOB_CONTEXT) private readonly context: JobContext,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onWorkerStart(): Promise<void> {
    return ensureProbeScheduled(this.context, this.config.worker.bankStatusProbeSeconds);
  }

  process(payload: PayloadOf<typeof PROBE_JOB>): Promise<number> {
    return probeBankStatus(payload, this.context);
  }
}
