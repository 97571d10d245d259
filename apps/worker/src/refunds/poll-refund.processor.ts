import { Inject } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER, type PayloadOf } from '#libs/common';
import { RefundProgression, RefundRegistrationVault } from '#libs/application';
import { ProcessesJob, type JobProcessor } from '../jobs/job-processor.js';

const POLL_REFUND_JOB = 'refunds.poll';

/** refunds.poll: a refund's timer fired (bank-polling queue): send it to the bank, or poll it. */
@ProcessesJob(POLL_REFUND_JOB)
export class PollRefundProcessor implements JobProcessor<typeof POLL_REFUND_JOB> {
  constructor(
    private readonly progression: RefundProgression,
    private readonly registrations: RefundRegistrationVault,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * Re-wraps the refund registrations' credentials under the current key-encryption key (a
   * rotation: the previous key still configured opens them meanwhile), sealing any kept plain.
   */
  async onWorkerStart(): Promise<void> {
    const report = await this.registrations.resealStored(this.logger);
    if (report.resealed > 0)
      this.logger.info({ count: report.resealed }, 'refund registrations sealed under the current key-encryption key');
  }

  async process(payload: PayloadOf<typeof POLL_REFUND_JOB>): Promise<string> {
    const result = await this.progression.onTimer(payload.refundId);
    if (result === undefined) return 'unchanged';
    return result.kind === 'changed' ? result.refund.status : result.kind;
  }
}
