import type { InitiationProgress } from '#libs/connectors';
import type { OutcomeRef } from '#libs/db';
import type { OutcomeChecks } from './outcome-checks.js';

/** What one domain does when the check of one of its resources' calls is due (see askAgain). */
export interface AskAgainSteps<R> {
  /** The resource as it stands; null when it is gone. */
  readonly load: () => Promise<R | null>;
  /** Whether the resource is not final yet. */
  readonly isOpen: (resource: R) => boolean;
  /** Whether the bank (or provider) has no id of it yet: the send's answer was never recorded. */
  readonly isUnsent: (resource: R) => boolean;
  /** The same send again, under the same idempotency basis; it ends or backs off the check itself. */
  readonly sendAgain: (resource: R) => Promise<unknown>;
  /** A status read at the bank; throws when there is no clear answer. */
  readonly readStatus: (resource: R) => Promise<InitiationProgress>;
  /** The answer recorded; it ends the check, or leaves it asking. */
  readonly record: (resource: R, progress: InitiationProgress) => Promise<unknown>;
}

/**
 * A due check of a money-moving call, asked once more: a resource gone or final ends the check;
 * one the bank has no id of is sent again; otherwise the bank is asked where it stands (no clear
 * answer backs the check off). Answered when the check ended.
 */
export async function askAgain<R>(
  checks: OutcomeChecks,
  ref: OutcomeRef,
  steps: AskAgainSteps<R>,
): Promise<'answered' | 'unanswered'> {
  const resource = await steps.load();
  if (resource === null || !steps.isOpen(resource)) {
    await checks.answered(ref);
    return 'answered';
  }
  if (steps.isUnsent(resource)) await steps.sendAgain(resource);
  else {
    let progress: InitiationProgress;
    try {
      progress = await steps.readStatus(resource);
    } catch (error) {
      await checks.unanswered(ref, error);
      return 'unanswered';
    }
    await steps.record(resource, progress);
  }
  return (await checks.find(ref)) === null ? 'answered' : 'unanswered';
}
