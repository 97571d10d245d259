/**
 * When the bank does not answer: the one rule for a money-moving call whose outcome is unknown.
 * The resource stays in its pending status while a check row asks the bank again, on this
 * backoff, until the bank answers; only a clear refusal ends it otherwise. Past the limit the
 * check is flagged for an operator and goes on asking at the longest interval.
 */

/** The resources whose money-moving calls are checked, and the job that asks each again. */
export const OUTCOME_KINDS = ['payment', 'payout', 'refund', 'transfer', 'standing-order'] as const;
export type OutcomeKind = (typeof OUTCOME_KINDS)[number];

export function isOutcomeKind(value: string): value is OutcomeKind {
  return (OUTCOME_KINDS as readonly string[]).includes(value);
}

/** Seconds before asking again, by the number of times already asked without an answer; the last repeats. */
export const ASK_AGAIN_SECONDS: readonly number[] = [30, 60, 120, 300, 600, 1_800, 3_600];

/** How long a check may stay without an answer before an operator is told (24 hours). */
export const OPERATOR_FLAG_AFTER_MS = 24 * 60 * 60 * 1000;

export function askAgainDelaySeconds(attempts: number): number {
  const index = Math.max(0, Math.min(attempts, ASK_AGAIN_SECONDS.length - 1));
  return ASK_AGAIN_SECONDS[index] ?? 3_600;
}

/** When to ask again after `attempts` unanswered tries, the latest at `now`. */
export function nextAskAt(now: Date, attempts: number): Date {
  return new Date(now.getTime() + askAgainDelaySeconds(attempts) * 1000);
}

/** Whether an unanswered check must now be flagged for an operator (once). */
export function isDueForOperator(check: { readonly since: Date; readonly flaggedAt: Date | null }, now: Date): boolean {
  return check.flaggedAt === null && now.getTime() - check.since.getTime() >= OPERATOR_FLAG_AFTER_MS;
}

/** The operator events: a flag raised, and an operator's resolution of it. */
export const OPERATOR_EVENT_TYPES = ['OUTCOME_UNKNOWN_FLAGGED', 'OUTCOME_CHECK_RESOLVED'] as const;
export type OperatorEventType = (typeof OPERATOR_EVENT_TYPES)[number];

/**
 * What an operator found out at the bank or provider about a resource whose outcome stayed
 * unknown: the money moved (EXECUTED) or it did not (NOT_EXECUTED).
 */
export const OPERATOR_OUTCOMES = ['EXECUTED', 'NOT_EXECUTED'] as const;
export type OperatorOutcome = (typeof OPERATOR_OUTCOMES)[number];
