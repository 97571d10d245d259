import type { PayloadOf } from '#libs/common';
import { PROBE_JOB, ProbeBankStatusUseCase } from '#libs/application';
import { ProcessesJob, type JobProcessor } from '../jobs/job-processor.js';

/** banks.probe-status: probes every listed bank's AIS / PIS status every BANK_STATUS_PROBE_SECONDS. */
@ProcessesJob(PROBE_JOB)
export class ProbeBankStatusProcessor implements JobProcessor<typeof PROBE_JOB> {
  constructor(private readonly probe: ProbeBankStatusUseCase) {}

  onWorkerStart(): Promise<void> {
    return this.probe.ensureScheduled();
  }

  process(payload: PayloadOf<typeof PROBE_JOB>): Promise<number> {
    return this.probe.execute(payload);
  }
}
