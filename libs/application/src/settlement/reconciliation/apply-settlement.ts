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
  await repository.writePaymentMoves([step.write]);
  await repository.appendEvents(step.events);
  await repository.removeTimers([settlementWindowTimerId(step.payment.id)]);
  if (credit !== null) await repository.recordCreditOutcomes([credit]);
}
