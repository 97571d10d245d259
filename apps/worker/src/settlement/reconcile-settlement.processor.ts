import { Inject } from '@nestjs/common';
import type { Logger } from 'pino';
import { APP_CONFIG, Clock, LOGGER, type AppConfig, type PayloadOf } from '#libs/common';
import { CreditReconciliation } from '#libs/application';
import { ScheduledJobRepository } from '#libs/db';
import { ProcessesJob, type JobProcessor } from '../jobs/job-processor.js';
import {
  RECONCILE_SETTLEMENT_JOB,
  ensureReconciliationScheduled,
  reconcileSettlement,
  type ReconcileSettlementRun,
} from './reconcile-settlement.usecase.js';

/** settlement.reconcile: matches pending settlement-account credits with payments, then reschedules itself. */
@ProcessesJob(RECONCILE_SETTLEMENT_JOB)
export class ReconcileSettlementProcessor implements JobProcessor<typeof RECONCILE_SETTLEMENT_JOB> {
  constructor(
    private readonly reconciliation: CreditReconciliation,
    private readonly timers: ScheduledJobRepository,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onWorkerStart(): Promise<void> {
    return ensureReconciliationScheduled(this.timers, this.clock);
  }

  async process(_payload: PayloadOf<typeof RECONCILE_SETTLEMENT_JOB>): Promise<ReconcileSettlementRun> {
    const run = await reconcileSettlement(this.reconciliation, this.timers, this.clock, this.config.reconciliation);
    if (run.examined > 0) this.logger.info(run, 'reconciled settlement-account credits');
    return run;
  }
}
