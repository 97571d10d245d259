import { JOB_QUEUE, type PayloadOf } from '#libs/common';
import { ScheduledJobRepository, type Tx } from '#libs/db';

/** The id of a token request's one timer row. */
export function tokenRequestTimerId(tokenRequestId: string): string {
  return `token-requests.timer:${tokenRequestId}`;
}

/** Sets the request's timer (a decoupled poll, or the end of its window) in the caller's transaction. */
export async function scheduleTokenRequestTimer(tx: Tx, tokenRequestId: string, due: Date): Promise<void> {
  const payload: PayloadOf<'token-requests.timer'> = { name: 'token-requests.timer', tokenRequestId };
  await new ScheduledJobRepository(tx).schedule(
    tokenRequestTimerId(tokenRequestId),
    payload,
    due,
    JOB_QUEUE['token-requests.timer'],
  );
}

/**
 * When a request waiting for a decoupled approval is next asked about: the bank's polling
 * schedule's interval for the polls made so far (the last one repeating), and no later than the
 * end of the request's window (when the timer expires it instead).
 */
export function nextDecoupledPollAt(
  expiresAt: Date,
  scheduleSeconds: readonly number[],
  polls: number,
  now: Date,
): Date {
  const seconds = scheduleSeconds[Math.min(polls, scheduleSeconds.length - 1)] ?? 5;
  return new Date(Math.min(now.getTime() + seconds * 1000, expiresAt.getTime()));
}
