import { JOB_QUEUE, type PayloadOf } from '#libs/common';
import {
  ScheduledJobRepository,
  SettlementReconciliationRepository,
  type Payment,
  type Transfer,
  type Tx,
} from '#libs/db';
import { settlementWindowEnd } from '#libs/domain';

/** The id of a payment's (or a transfer's: the ids never collide) settlement window timer. */
export function settlementWindowTimerId(paymentId: string): string {
  return `settlement.window-end:${paymentId}`;
}

/**
 * In the transaction that records a settlement-account payment's INITIATION_COMPLETED: its
 * settlement window timer (15 days for SEPA and SEPA_INSTANT, 1 day for other rails, from `now`,
 * the service clock's time of the bank's final status), and the credits with its reference that
 * were waiting for that status looked at again at once.
 */
export async function openSettlementWindow(tx: Tx, payment: Payment, now: Date): Promise<Date> {
  const windowEnd = settlementWindowEnd(payment.localInstrument, now);
  const payload: PayloadOf<'settlement.window-end'> = { name: 'settlement.window-end', paymentId: payment.id };
  await new ScheduledJobRepository(tx).schedule(
    settlementWindowTimerId(payment.id),
    payload,
    windowEnd,
    JOB_QUEUE[payload.name],
  );
  if (payment.virtualAccountId !== null)
    await new SettlementReconciliationRepository(tx).wakeWaitingCredits(payment.virtualAccountId, payment.refId);
  return windowEnd;
}

/** Whether a recorded move is a settlement-account payment reaching the bank's final status. */
export function opensSettlementWindow(payment: Pick<Payment, 'status' | 'virtualAccountId'>): boolean {
  return payment.status === 'INITIATION_COMPLETED' && payment.virtualAccountId !== null;
}

/**
 * In the transaction that records a settlement-account transfer's SUCCESS (the bank's final
 * status): its settlement window timer (as a payment's, by its rail, from `now`), and the credits
 * with its reference that were waiting for that status looked at again at once.
 */
export async function openTransferSettlementWindow(tx: Tx, transfer: Transfer, now: Date): Promise<Date> {
  const windowEnd = settlementWindowEnd(transfer.localInstrument, now);
  const payload: PayloadOf<'settlement.window-end'> = { name: 'settlement.window-end', transferId: transfer.id };
  await new ScheduledJobRepository(tx).schedule(
    settlementWindowTimerId(transfer.id),
    payload,
    windowEnd,
    JOB_QUEUE[payload.name],
  );
  if (transfer.virtualAccountId !== null && transfer.settlementRefId !== null)
    await new SettlementReconciliationRepository(tx).wakeWaitingCredits(
      transfer.virtualAccountId,
      transfer.settlementRefId,
    );
  return windowEnd;
}
