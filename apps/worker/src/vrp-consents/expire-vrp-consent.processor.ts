import type { PayloadOf } from '#libs/common';
import { ExpireVrpConsentUseCase } from '#libs/application';
import { ProcessesJob, type JobProcessor } from '../jobs/job-processor.js';

const EXPIRE_VRP_CONSENT_JOB = 'vrp-consents.expire';

/** vrp-consents.expire: a consent's 30-minute lifetime timer fired (timers queue). */
@ProcessesJob(EXPIRE_VRP_CONSENT_JOB)
export class ExpireVrpConsentProcessor implements JobProcessor<typeof EXPIRE_VRP_CONSENT_JOB> {
  constructor(private readonly expire: ExpireVrpConsentUseCase) {}

  process(payload: PayloadOf<typeof EXPIRE_VRP_CONSENT_JOB>): Promise<string> {
    return this.expire.execute({ vrpConsentId: payload.vrpConsentId });
  }
}
