import type { PayloadOf } from '#libs/common';
import { ReadSettlementCreditsUseCase, WakeReconciliationUseCase } from '#libs/application';
import { ProcessesJob, type JobProcessor } from '../jobs/job-processor.js';

const READ_CREDITS_JOB = 'settlement.read-credits';

/**
 * settlement.read-credits: a settlement account's credit reader fired (bank-polling queue). When
 * it booked credits, the next reconciliation run is brought forward to match them.
 */
@ProcessesJob(READ_CREDITS_JOB)
export class ReadSettlementCreditsProcessor implements JobProcessor<typeof READ_CREDITS_JOB> {
  constructor(
    private readonly reader: ReadSettlementCreditsUseCase,
    private readonly reconciliation: WakeReconciliationUseCase,
  ) {}

  async process(payload: PayloadOf<typeof READ_CREDITS_JOB>): Promise<string> {
    const outcome = await this.reader.execute({ accountId: payload.accountId });
    if (outcome.kind !== 'ended' && outcome.booked > 0) await this.reconciliation.execute();
    switch (outcome.kind) {
      case 'read':
        return `read ${outcome.pages} page(s): ${outcome.booked} booked, ${outcome.repeats} repeat(s)`;
      case 'provider-error':
        return `provider error after ${outcome.booked} booked`;
      case 'ended':
        return `not read: ${outcome.reason}`;
    }
  }
}
