import { JOB_QUEUE, type Clock, type PayloadOf } from '#libs/common';
import { RECONCILE_SETTLEMENT_TIMER_ID, type CreditReconciliation, type ReconciliationBatch } from '#libs/application';
import type { ScheduledJobRepository } from '#libs/db';

export const RECONCILE_SETTLEMENT_JOB = 'settlement.reconcile';
/** Batches one run makes before it leaves the rest to a run at once. */
export const MAX_BATCHES_PER_RUN = 50;

export interface ReconcileSettlementSettings {
  readonly intervalSeconds: number;
  readonly batchSize: number;
}

export interface ReconcileSettlementRun extends Omit<ReconciliationBatch, 'examined'> {
  readonly examined: number;
  readonly batches: number;
}

/**
 * A run of settlement.reconcile: the next run's timer first (a crash never loses it; the
 * interval follows the service clock), then batches of pending credits until one comes back
 * short or MAX_BATCHES_PER_RUN is reached (then the next run is due at once).
 */
export async function reconcileSettlement(
  reconciliation: CreditReconciliation,
  timers: ScheduledJobRepository,
  clock: Clock,
  settings: ReconcileSettlementSettings,
): Promise<ReconcileSettlementRun> {
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
    if (total.batches >= MAX_BATCHES_PER_RUN) {
      await timers.schedule(RECONCILE_SETTLEMENT_TIMER_ID, payload, clock.now(), JOB_QUEUE[payload.name]);
      break;
    }
  }
  return total;
}

/** Makes sure the reconciliation timer exists (first start, or after its job was lost). */
export async function ensureReconciliationScheduled(timers: ScheduledJobRepository, clock: Clock): Promise<void> {
  if ((await timers.countByName(RECONCILE_SETTLEMENT_JOB)) > 0) return;
  const payload: PayloadOf<typeof RECONCILE_SETTLEMENT_JOB> = { name: RECONCILE_SETTLEMENT_JOB };
  await timers.schedule(RECONCILE_SETTLEMENT_TIMER_ID, payload, clock.now(), JOB_QUEUE[payload.name]);
}
