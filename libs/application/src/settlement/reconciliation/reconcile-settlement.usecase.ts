import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, Clock, JOB_QUEUE, type AppConfig, type PayloadOf } from '#libs/common';
import { ScheduledJobRepository } from '#libs/db';
import { CreditReconciliation, type ReconciliationBatch } from './credit-reconciliation.js';
import { RECONCILE_SETTLEMENT_TIMER_ID } from './reconciliation-timer.js';

export const RECONCILE_SETTLEMENT_JOB = 'settlement.reconcile';
/** Batches one run makes before it leaves the rest to a run at once. */
export const MAX_RECONCILIATION_BATCHES_PER_RUN = 50;

/** A run of settlement.reconcile (its payload). */
export type ReconcileSettlementCommand = PayloadOf<typeof RECONCILE_SETTLEMENT_JOB>;

export interface ReconcileSettlementRun extends Omit<ReconciliationBatch, 'examined'> {
  readonly examined: number;
  readonly batches: number;
}

/**
 * A run of settlement.reconcile: the next run's timer first (a crash never loses it; the
 * interval follows the service clock), then batches of pending credits until one comes back
 * short or MAX_RECONCILIATION_BATCHES_PER_RUN is reached (then the next run is due at once).
 */
@Injectable()
export class ReconcileSettlementUseCase {
  constructor(
    private readonly reconciliation: CreditReconciliation,
    private readonly timers: ScheduledJobRepository,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(_command: ReconcileSettlementCommand): Promise<ReconcileSettlementRun> {
    const { reconciliation, timers, clock } = this;
    const settings = this.config.reconciliation;
    const payload: PayloadOf<typeof RECONCILE_SETTLEMENT_JOB> = { name: RECONCILE_SETTLEMENT_JOB };
    const next = new Date(clock.nowMs() + settings.intervalSeconds * 1000);
    await timers.schedule(RECONCILE_SETTLEMENT_TIMER_ID, payload, next, JOB_QUEUE[payload.name]);
    const total = { examined: 0, settled: 0, linked: 0, unmatched: 0, waiting: 0, batches: 0 };
    for (;;) {
      const batch = await reconciliation.reconcileBatch(settings.batchSize);
      total.batches += 1;
      total.examined += batch.examined;
      total.settled += batch.settled;
      total.linked += batch.linked;
      total.unmatched += batch.unmatched;
      total.waiting += batch.waiting;
      if (batch.examined < settings.batchSize) break;
      if (total.batches >= MAX_RECONCILIATION_BATCHES_PER_RUN) {
        await timers.schedule(RECONCILE_SETTLEMENT_TIMER_ID, payload, clock.now(), JOB_QUEUE[payload.name]);
        break;
      }
    }
    return total;
  }

  /** Makes sure the reconciliation timer exists (first start, or after its job was lost). */
  async ensureScheduled(): Promise<void> {
    if ((await this.timers.countByName(RECONCILE_SETTLEMENT_JOB)) > 0) return;
    const payload: PayloadOf<typeof RECONCILE_SETTLEMENT_JOB> = { name: RECONCILE_SETTLEMENT_JOB };
    await this.timers.schedule(RECONCILE_SETTLEMENT_TIMER_ID, payload, this.clock.now(), JOB_QUEUE[payload.name]);
  }
}
