import type { CreditOutcome, SettlementReconciliationRepository } from '#libs/db';
import { settlementWindowTimerId } from '../settlement-window-timer.js';
import type { SettlementStep } from './settlement-step.js';

/**
 * Writes one payment's settlement moves with their events, removes its window timer and records
 * the credit's outcome, in the transaction `repository` is bound to.
 */
export async function applySettlement(
  repository: SettlementReconciliationRepository,
  step: SettlementStep,
  credit: CreditOutcome | null,
): Promise<void> {
  await repository.writeSettlements({
    writes: [step.write],
    events: step.events,
    timerIds: [settlementWindowTimerId(step.payment.id)],
    outcomes: credit === null ? [] : [credit],
  });
}
