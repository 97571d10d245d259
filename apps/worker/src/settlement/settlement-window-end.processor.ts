import type { PayloadOf } from '#libs/common';
import { SettlementWindowEnd } from '#libs/application';
import { ProcessesJob, type JobProcessor } from '../jobs/job-processor.js';

const WINDOW_END_JOB = 'settlement.window-end';

/** settlement.window-end: a payment or a transfer to a settlement account reached the end of its window. */
@ProcessesJob(WINDOW_END_JOB)
export class SettlementWindowEndProcessor implements JobProcessor<typeof WINDOW_END_JOB> {
  constructor(private readonly windows: SettlementWindowEnd) {}

  process(payload: PayloadOf<typeof WINDOW_END_JOB>): Promise<string> {
    return 'transferId' in payload
      ? this.windows.onTransferTimer(payload.transferId)
      : this.windows.onTimer(payload.paymentId);
  }
}
