const MINUTE_MS = 60_000;

/**
 * When each attempt is made, in minutes after the first attempt: the interface's example
 * (10, 30, 70, 150 minutes from the initial delivery: each gap double the one before) carried
 * on while it stays inside 72 hours, and a last attempt at 72 hours. Ten attempts in all.
 */
export const ATTEMPT_OFFSETS_MINUTES: readonly number[] = [0, 10, 30, 70, 150, 310, 630, 1270, 2550, 4320];

export const MAX_ATTEMPTS = ATTEMPT_OFFSETS_MINUTES.length;

/** No attempt is made later than this after the first one. */
export const RETRY_WINDOW_MS = 72 * 60 * MINUTE_MS;

/** Attempts never follow each other more closely than this (after a long Retry-After, say). */
export const MIN_RETRY_GAP_MS = MINUTE_MS;

export interface FailedAttempt {
  /** When the first attempt of this round was made. */
  readonly firstAttemptAt: Date;
  /** Attempts made so far, including the one that just failed (1 after the first). */
  readonly attemptsMade: number;
  /** When the failed attempt ended. */
  readonly now: Date;
  /** What the receiver asked for with Retry-After (429 and 503 only), in milliseconds. */
  readonly retryAfterMs?: number;
}

/**
 * When to try again after a failed attempt, or undefined when the delivery is dead (ten
 * attempts made, or the 72-hour window is over). Retry-After is honoured: the next attempt is
 * never earlier than the receiver asked, unless that is past the window, in which case the last
 * attempt is made at the window's end.
 */
export function nextAttemptAt(attempt: FailedAttempt): Date | undefined {
  if (attempt.attemptsMade >= MAX_ATTEMPTS) return undefined;
  const first = attempt.firstAttemptAt.getTime();
  const now = attempt.now.getTime();
  const deadline = first + RETRY_WINDOW_MS;
  if (now >= deadline) return undefined;
  const planned = first + (ATTEMPT_OFFSETS_MINUTES[attempt.attemptsMade] ?? 0) * MINUTE_MS;
  const next = Math.max(planned, now + MIN_RETRY_GAP_MS, now + Math.max(0, attempt.retryAfterMs ?? 0));
  return new Date(Math.min(next, deadline));
}

/**
 * Retry-After (RFC 9110): delay-seconds or an HTTP-date, as milliseconds from `nowMs`;
 * undefined when absent or unreadable. Capped at the retry window.
 */
export function parseRetryAfter(value: string | undefined, nowMs: number): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  let ms: number;
  if (/^\d{1,10}$/.test(text)) {
    ms = Number(text) * 1000;
  } else {
    const date = Date.parse(text);
    if (Number.isNaN(date) || !/[a-z]/i.test(text)) return undefined;
    ms = date - nowMs;
  }
  return Math.min(Math.max(0, ms), RETRY_WINDOW_MS);
}
