import type { PayloadOf } from '#libs/common';
import { TransferPolling } from '#libs/application';
import { ProcessesJob, type JobProcessor } from '../jobs/job-processor.js';

const POLL_TRANSFER_JOB = 'transfers.poll';

/** transfers.poll: a transfer's timer fired (bank-polling queue). */
@ProcessesJob(POLL_TRANSFER_JOB)
export class PollTransferProcessor implements JobProcessor<typeof POLL_TRANSFER_JOB> {
  constructor(private readonly polling: TransferPolling) {}

  async process(payload: PayloadOf<typeof POLL_TRANSFER_JOB>): Promise<string> {
    const result = await this.polling.onTimer(payload.transferId);
    if (result === undefined) return 'unchanged';
    return result.kind === 'changed' ? result.transfer.status : result.kind;
  }
}
