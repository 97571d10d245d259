import type { AppConfig } from '#libs/common';

/** The timing rules of Payments v2, from the typed configuration. */
export interface PaymentRules {
  /** How long a user has for a step (bank login, hosted pages, embedded fields, decoupled approval). */
  readonly authorisationWindowMs: number;
  /** Longest one bank call of a payment may take. */
  readonly bankDeadlineMs: number;
  /** Polling period from creation; after it a non-final payment has no final status available. */
  readonly pollingMs: number;
  /** Poll schedule for banks without their own. */
  readonly defaultScheduleSeconds: readonly number[];
}

export function paymentRules(config: AppConfig): PaymentRules {
  return {
    authorisationWindowMs: config.payments.authorisationWindowMinutes * 60_000,
    bankDeadlineMs: config.payments.bankDeadlineMs,
    pollingMs: config.payments.pollingDays * 86_400_000,
    defaultScheduleSeconds: config.payments.pollScheduleSeconds,
  };
}

/** A grace after an unanswered initiation's bank deadline before the timer declares it lost. */
export const LOST_INITIATION_GRACE_MS = 60_000;
