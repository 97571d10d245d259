import type { OutcomeRef, Tx } from '#libs/db';
import type { OutcomeChecks } from './outcome-checks.js';

/** A resource whose timer fired (a refund's, a payout's), as the unknown-outcome rule sees it. */
export interface TimedResource {
  readonly ref: OutcomeRef;
  /** Its row as the step locked it: the bank's (or provider's) id is there once its send's answer is recorded. */
  readonly row: { readonly memberId: string; readonly bankTransactionId: string | null; readonly pollUntil: Date };
  /** The operations its checks name: its send, and a status read of it once the bank has it. */
  readonly operations: { readonly send: string; readonly status: string };
  /** Not final yet. */
  readonly open: boolean;
  /** Whether a resource not yet sent is sent now (default: yes). */
  readonly sendable?: boolean;
  /** Whether its bank can be called at all (default: yes); 'unreachable' once its timer is set otherwise. */
  readonly reachable?: boolean;
}

/** The resource's own timer row, in the step's transaction. */
export interface TimerRow {
  readonly remove: () => Promise<void>;
  /** Sets (or clears) the timer for the resource's state: its next poll. */
  readonly set: () => Promise<void>;
}

/** What follows the step, after its transaction: nothing, a status read, the send, or the bank is unknown. */
export type TimerStep = 'none' | 'poll' | 'send' | 'unreachable';

/**
 * The unknown-outcome rule's part in a resource's timer, in the caller's transaction (the row
 * locked by its poll count): a final resource, or one with an open check, is left as it is (the
 * timer is removed; the check's answer sets it again); one past its polling period gets a check,
 * asked at once, and loses its timer; otherwise the next poll is set, and a resource about to be
 * sent gets its check (first asked after `answerWithinMs`) before the call.
 */
export async function timerStep(
  checks: OutcomeChecks,
  tx: Tx,
  resource: TimedResource,
  timer: TimerRow,
  now: Date,
  answerWithinMs: number,
): Promise<TimerStep> {
  const call = (operation: string) => ({ ...resource.ref, memberId: resource.row.memberId, operation });
  const sent = resource.row.bankTransactionId !== null;
  if (!resource.open || (await checks.find(resource.ref, tx)) !== null) {
    await timer.remove();
    return 'none';
  }
  if (now >= resource.row.pollUntil) {
    await checks.begin(tx, call(sent ? resource.operations.status : resource.operations.send), 0);
    await timer.remove();
    return 'none';
  }
  await timer.set();
  if (resource.reachable === false) return 'unreachable';
  if (sent) return 'poll';
  if (resource.sendable === false) return 'none';
  await checks.begin(tx, call(resource.operations.send), answerWithinMs);
  return 'send';
}
