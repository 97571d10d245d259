import type { PayloadOf } from '#libs/common';
import { PayoutProgression } from '#libs/application';
import { ProcessesJob, type JobProcessor } from '../jobs/job-processor.js';

const POLL_PAYOUT_JOB = 'payouts.poll';

/** payouts.poll: a payout's timer fired (bank-polling queue): send it to its provider, or poll it. */
@ProcessesJob(POLL_PAYOUT_JOB)
export class PollPayoutProcessor implements JobProcessor<typeof POLL_PAYOUT_JOB> {
  constructor(private readonly progression: PayoutProgression) {}

  async process(payload: PayloadOf<typeof POLL_PAYOUT_JOB>): Promise<string> {
    const payout = await this.progression.onTimer(payload.payoutId);
    return payout === undefined ? 'unknown' : payout.status;
  }
}
