import { AWAITING_USER_STATUSES, isBankFinalPaymentStatus, type PaymentStatus } from './payment-status.js';
import { pollDelaySeconds } from '../shared/poll-delay.js';

/** What decides when a payment's timer fires next. */
export interface PaymentTimerInput {
  readonly status: PaymentStatus;
  readonly now: Date;
  /** When the user's current step (or an unanswered initiation) runs out. */
  readonly expiresAt: Date | null;
  /** The end of status polling (creation + the polling period). */
  readonly pollUntil: Date;
  /** Polls made so far. */
  readonly pollCount: number;
  /** Seconds between polls by attempt; the last value repeats. */
  readonly scheduleSeconds: readonly number[];
  /** Whether the bank already holds the payment or its consent (an initiation answer arrived). */
  readonly atBank: boolean;
}

function earliest(...dates: readonly (Date | null)[]): Date | null {
  const times = dates.filter((d): d is Date => d !== null).map((d) => d.getTime());
  return times.length === 0 ? null : new Date(Math.min(...times));
}

/**
 * When the payment's timer should fire next, or null when none is needed (the bank's part is
 * over). A payment waiting for the user fires at its expiry (nothing to ask the bank before the
 * user acts), except decoupled approval, which is polled; an initiation still unanswered fires
 * when its bank call must have ended; everything else is polled on the schedule. Never later
 * than the end of the polling period, when the 30-day rule applies.
 */
export function nextPaymentTimer(input: PaymentTimerInput): Date | null {
  if (isBankFinalPaymentStatus(input.status)) return null;
  const poll = new Date(input.now.getTime() + pollDelaySeconds(input.scheduleSeconds, input.pollCount) * 1000);
  if (input.status === 'INITIATION_PENDING_DECOUPLED_AUTH') return earliest(poll, input.expiresAt, input.pollUntil);
  if (AWAITING_USER_STATUSES.has(input.status)) return earliest(input.expiresAt, input.pollUntil);
  if (input.status === 'INITIATION_PENDING' && !input.atBank) return earliest(input.expiresAt ?? poll, input.pollUntil);
  return earliest(poll, input.pollUntil);
}

/** What a fired timer should do with a payment that is not final. */
export type PaymentTimerAction =
  | { readonly kind: 'expire' }
  | { readonly kind: 'give-up' }
  | { readonly kind: 'initiation-lost' }
  | { readonly kind: 'poll' }
  | { readonly kind: 'wait' };

/**
 * The rule for a fired timer: past the polling period -> INITIATION_NO_FINAL_STATUS_AVAILABLE;
 * a user who did not act in time -> INITIATION_EXPIRED; an initiation whose bank call never
 * reported back -> failed; a payment the bank holds -> ask the bank; otherwise wait on.
 */
export function paymentTimerAction(
  input: Omit<PaymentTimerInput, 'scheduleSeconds' | 'pollCount'>,
): PaymentTimerAction {
  const now = input.now.getTime();
  if (now >= input.pollUntil.getTime()) return { kind: 'give-up' };
  const expired = input.expiresAt !== null && now >= input.expiresAt.getTime();
  if (AWAITING_USER_STATUSES.has(input.status)) {
    if (expired) return { kind: 'expire' };
    return input.status === 'INITIATION_PENDING_DECOUPLED_AUTH' ? { kind: 'poll' } : { kind: 'wait' };
  }
  if (input.status === 'INITIATION_PENDING' && !input.atBank)
    return expired ? { kind: 'initiation-lost' } : { kind: 'wait' };
  return { kind: 'poll' };
}
