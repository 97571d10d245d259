import { JOB_QUEUE, type PayloadOf } from '#libs/common';
import type { ScheduledJobRepository } from '#libs/db';

export function settlementCreditTimerId(accountId: string): string {
  return `settlement.read-credits:${accountId}`;
}

/** Sets the account's credit reader (one timer row per account) to run at `dueAt`; bind `timers` with in(tx) to join a transaction. */
export async function scheduleCreditRead(
  timers: ScheduledJobRepository,
  accountId: string,
  dueAt: Date,
): Promise<void> {
  const payload: PayloadOf<'settlement.read-credits'> = { name: 'settlement.read-credits', accountId };
  await timers.schedule(settlementCreditTimerId(accountId), payload, dueAt, JOB_QUEUE['settlement.read-credits']);
}
