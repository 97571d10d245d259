import { pollDelaySeconds } from '../shared/poll-delay.js';
import { isBankFinalTransferStatus, type TransferStatus } from './transfer-status.js';

/** What decides when a transfer's timer fires next. */
export interface TransferTimerInput {
  readonly status: TransferStatus;
  readonly now: Date;
  /** When the user's authorisation at the bank (PENDING_EXTERNAL_AUTHORIZATION) or an unanswered submission runs out. */
  readonly expiresAt: Date | null;
  /** The end of status polling (creation + the polling period). */
  readonly pollUntil: Date;
  /** Polls made so far. */
  readonly pollCount: number;
  /** Seconds between polls by attempt; the last value repeats. */
  readonly scheduleSeconds: readonly number[];
  /** Whether the bank holds the payment (its id or consent is known). */
  readonly atBank: boolean;
  /** Whether the user's step at the bank is a decoupled approval (polled rather than waited for). */
  readonly decoupled: boolean;
  /** Whether the submission's answer is unknown (an open outcome check asks the bank again). */
  readonly outcomeUnknown?: boolean;
}

function earliest(...dates: readonly (Date | null)[]): Date | null {
  const times = dates.filter((d): d is Date => d !== null).map((d) => d.getTime());
  return times.length === 0 ? null : new Date(Math.min(...times));
}

/**
 * When the transfer's timer should fire next, or null once the bank's part is over. A transfer
 * waiting for the user at the bank fires at its expiry (a decoupled approval is polled); a
 * submission whose answer never arrived fires when it must have ended; everything else is polled
 * on the schedule, never later than the end of the polling period.
 */
export function nextTransferTimer(input: TransferTimerInput): Date | null {
  if (isBankFinalTransferStatus(input.status)) return null;
  const poll = new Date(input.now.getTime() + pollDelaySeconds(input.scheduleSeconds, input.pollCount) * 1000);
  if (input.status === 'PENDING_EXTERNAL_AUTHORIZATION')
    return input.decoupled
      ? earliest(poll, input.expiresAt, input.pollUntil)
      : earliest(input.expiresAt, input.pollUntil);
  if (!input.atBank) return earliest(input.expiresAt ?? poll, input.pollUntil);
  return earliest(poll, input.pollUntil);
}

/** What a fired timer should do with a transfer that is not final at the bank. */
export type TransferTimerAction =
  | { readonly kind: 'expire' }
  | { readonly kind: 'give-up' }
  | { readonly kind: 'submission-lost' }
  | { readonly kind: 'poll' }
  | { readonly kind: 'wait' };

/**
 * The rule for a fired timer: a submission whose answer is unknown (its outcome check asks the
 * bank again) -> wait on, whatever the time, the polling period included; past the polling period
 * -> INITIATED (final: the bank holds the payment and gave no final status); a user who did not
 * authorise in time -> FAILURE_EXPIRED; a submission without a check and without the bank's
 * answer (stored before outcome checks) -> INITIATED; a transfer the bank holds -> ask the bank;
 * otherwise wait on.
 */
export function transferTimerAction(
  input: Omit<TransferTimerInput, 'scheduleSeconds' | 'pollCount'>,
): TransferTimerAction {
  const now = input.now.getTime();
  if (input.outcomeUnknown === true) return { kind: 'wait' };
  if (now >= input.pollUntil.getTime()) return { kind: 'give-up' };
  const expired = input.expiresAt !== null && now >= input.expiresAt.getTime();
  if (input.status === 'PENDING_EXTERNAL_AUTHORIZATION') {
    if (expired) return { kind: 'expire' };
    return input.decoupled ? { kind: 'poll' } : { kind: 'wait' };
  }
  if (!input.atBank) return expired ? { kind: 'submission-lost' } : { kind: 'wait' };
  return { kind: 'poll' };
}
