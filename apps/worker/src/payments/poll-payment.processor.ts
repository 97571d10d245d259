import { Inject } from '@nestjs/common';
import type { PayloadOf } from '#libs/common';
import { JOB_CONTEXT, type JobContext } from '../jobs/job-context.js';
import { ProcessesJob, type JobProcessor } from '../jobs/job-processor.js';
import { pollPayment } from './poll-payment.usecase.js';

const POLL_PAYMENT_JOB = 'payments.poll';

/** payments.poll: a payment's timer fired (bank-polling queue). */
@ProcessesJob(POLL_PAYMENT_JOB)
export class PollPaymentProcessor implements JobProcessor<typeof POLL_PAYMENT_JOB> {
  constructor(@Inject(JOB_CONTEXT) private readonly context: JobContext) {}

  process(payload: PayloadOf<typeof POLL_PAYMENT_JOB>): Promise<string> {
    return pollPayment(payload, this.context);
  }
}
