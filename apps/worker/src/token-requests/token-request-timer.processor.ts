import type { PayloadOf } from '#libs/common';
import { TokenRequestTimer } from '#libs/application';
import { ProcessesJob, type JobProcessor } from '../jobs/job-processor.js';

const TOKEN_REQUEST_TIMER_JOB = 'token-requests.timer';

/** token-requests.timer: a token request's timer fired (bank-polling queue). */
@ProcessesJob(TOKEN_REQUEST_TIMER_JOB)
export class TokenRequestTimerProcessor implements JobProcessor<typeof TOKEN_REQUEST_TIMER_JOB> {
  constructor(private readonly timer: TokenRequestTimer) {}

  async process(payload: PayloadOf<typeof TOKEN_REQUEST_TIMER_JOB>): Promise<string> {
    return (await this.timer.onTimer(payload.tokenRequestId)) ?? 'unknown';
  }
}
