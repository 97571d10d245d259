import { Inject } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER, type PayloadOf } from '#libs/common';
import { RECONCILE_SETTLEMENT_JOB, ReconcileSettlementUseCase, type ReconcileSettlementRun } from '#libs/application';
import { ProcessesJob, type JobProcessor } from '../jobs/job-processor.js';

/** settlement.reconcile: matches pending settlement-account credits with payments, then reschedules itself. */
@ProcessesJob(RECONCILE_SETTLEMENT_JOB)
export class ReconcileSettlementProcessor implements JobProcessor<typeof RECONCILE_SETTLEMENT_JOB> {
  constructor(
    private readonly reconcile: ReconcileSettlementUseCase,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onWorkerStart(): Promise<void> {
    return this.reconcile.ensureScheduled();
  }

  async process(payload: PayloadOf<typeof RECONCILE_SETTLEMENT_JOB>): Promise<ReconcileSettlementRun> {
    const run = await this.reconcile.execute(payload);
    if (run.examined > 0) this.logger.info(run, 'reconciled settlement-account credits');
    return run;
  }
}
