import type { PayloadOf } from '#libs/common';
import { ExpirePaymentLinkUseCase } from '#libs/application';
import { ProcessesJob, type JobProcessor } from '../jobs/job-processor.js';

const EXPIRE_PAYMENT_LINK_JOB = 'payment-links.expire';

/** payment-links.expire: a link's expiry timer fired (timers queue). */
@ProcessesJob(EXPIRE_PAYMENT_LINK_JOB)
export class ExpirePaymentLinkProcessor implements JobProcessor<typeof EXPIRE_PAYMENT_LINK_JOB> {
  constructor(private readonly expire: ExpirePaymentLinkUseCase) {}

  process(payload: PayloadOf<typeof EXPIRE_PAYMENT_LINK_JOB>): Promise<string> {
    return this.expire.execute({ paymentLinkId: payload.paymentLinkId });
  }
}
