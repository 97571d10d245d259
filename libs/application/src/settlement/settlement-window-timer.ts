import { JOB_QUEUE, type PayloadOf } from '#libs/common';
import {
  ScheduledJobRepository,
  SettlementReconciliationRepository,
  type Payment,
  type Transfer,
  type Tx,
} from '#libs/db';
import { settlementWindowEnd } from '#libs/domain';
import { wakeReconciliation } from './reconciliation/reconciliation-timer.js';

/** The id of a payment's (or a transfer's: the ids never collide) settlement window timer. */
export function settlementWindowTimerId(paymentId: string): string {
  return `settlement.window-end:${paymentId}`;
}

/**
 * In the transaction that records a settlement-account payment's INITIATION_COMPLETED: its
 * settlement window timer (15 days for SEPA and SEPA_INSTANT, 1 day for other rails, from `now`,
 * the service clock's time of the bank's final status), and the credits with its reference that
 * were waiting for that status looked at again at once (`wakeCredits`).
 */
export async function openSettlementWindow(tx: Tx, payment: Payment, now: Date): Promise<Date> {
  const windowEnd = settlementWindowEnd(payment.localInstrument, now);
  const payload: PayloadOf<'settlement.window-end'> = { name: 'settlement.window-end', paymentId: payment.id };
  const timers = new ScheduledJobRepository(tx);
  await timers.schedule(settlementWindowTimerId(payment.id), payload, windowEnd, JOB_QUEUE[payload.name]);
  if (payment.virtualAccountId !== null) await wakeCredits(tx, timers, payment.virtualAccountId, payment.refId, now);
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
  const timers = new ScheduledJobRepository(tx);
  await timers.schedule(settlementWindowTimerId(transfer.id), payload, windowEnd, JOB_QUEUE[payload.name]);
  if (transfer.virtualAccountId !== null && transfer.settlementRefId !== null)
    await wakeCredits(tx, timers, transfer.virtualAccountId, transfer.settlementRefId, now);
  return windowEnd;
}

/** The credits of an account and reference waiting for a final status looked at again, by the next run brought forward when there were any. */
async function wakeCredits(
  tx: Tx,
  timers: ScheduledJobRepository,
  accountId: string,
  reference: string,
  now: Date,
): Promise<void> {
  const woken = await new SettlementReconciliationRepository(tx).wakeWaitingCredits(accountId, reference);
  if (woken > 0) await wakeReconciliation(timers, now);
}
