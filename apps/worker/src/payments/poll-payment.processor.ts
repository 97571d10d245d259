import type { PayloadOf } from '#libs/common';
import { PollPaymentUseCase } from '#libs/application';
import { ProcessesJob, type JobProcessor } from '../jobs/job-processor.js';

const POLL_PAYMENT_JOB = 'payments.poll';

/** payments.poll: a payment's timer fired (bank-polling queue). */
@ProcessesJob(POLL_PAYMENT_JOB)
export class PollPaymentProcessor implements JobProcessor<typeof POLL_PAYMENT_JOB> {
  constructor(private readonly poll: PollPaymentUseCase) {}

  process(payload: PayloadOf<typeof POLL_PAYMENT_JOB>): Promise<string> {
    return this.poll.execute(payload);
  }
}
