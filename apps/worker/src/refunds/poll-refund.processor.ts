import type { PayloadOf } from '#libs/common';
import { RefundProgression } from '#libs/application';
import { ProcessesJob, type JobProcessor } from '../jobs/job-processor.js';

const POLL_REFUND_JOB = 'refunds.poll';

/** refunds.poll: a refund's timer fired (bank-polling queue): send it to the bank, or poll it. */
@ProcessesJob(POLL_REFUND_JOB)
export class PollRefundProcessor implements JobProcessor<typeof POLL_REFUND_JOB> {
  constructor(private readonly progression: RefundProgression) {}

  async process(payload: PayloadOf<typeof POLL_REFUND_JOB>): Promise<string> {
    const result = await this.progression.onTimer(payload.refundId);
    if (result === undefined) return 'unchanged';
    return result.kind === 'changed' ? result.refund.status : result.kind;
  }
}
