import { JOB_QUEUE, type PayloadOf } from '#libs/common';
import type { ScheduledJobRepository } from '#libs/db';
import type { LifecycleTimer } from '../lifecycle/lifecycle.js';

export function settlementCreditTimerId(accountId: string): string {
  return `settlement.read-credits:${accountId}`;
}

/** The account's one credit-reader timer row, due at `dueAt`. */
export function settlementCreditReadTimer(accountId: string, dueAt: Date): LifecycleTimer {
  const payload: PayloadOf<'settlement.read-credits'> = { name: 'settlement.read-credits', accountId };
  return { id: settlementCreditTimerId(accountId), queue: JOB_QUEUE['settlement.read-credits'], payload, dueAt };
}

/** Sets the account's credit reader (one timer row per account) to run at `dueAt`; bind `timers` with in(tx) to join a transaction. */
export async function scheduleCreditRead(
  timers: ScheduledJobRepository,
  accountId: string,
  dueAt: Date,
): Promise<void> {
  const timer = settlementCreditReadTimer(accountId, dueAt);
  await timers.schedule(timer.id, timer.payload, timer.dueAt, timer.queue);
}
