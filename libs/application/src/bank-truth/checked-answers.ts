import { BankRejectedError, FINAL_BANK_OUTCOMES, type InitiationProgress } from '#libs/connectors';
import type { OperatorOutcome } from '#libs/domain';
import { isClearRefusal, isRefusedBeforeSending } from './clear-refusal.js';

/** A status reason as stored (at most 256 characters). */
export function statusReason(text: string): string {
  return text.slice(0, 256);
}

/**
 * The status a failed send ends its resource in: REJECTED for the bank's refusal, FAILED for an
 * operation it does not offer or (on a first send only) a request the gateway could not make;
 * undefined when the outcome is unknown (the check stays open and asks again).
 */
export function failedSendEnding(
  error: unknown,
  firstSend: boolean,
): 'INITIATION_REJECTED' | 'INITIATION_FAILED' | undefined {
  if (!isClearRefusal(error) && !(firstSend && isRefusedBeforeSending(error))) return undefined;
  return error instanceof BankRejectedError ? 'INITIATION_REJECTED' : 'INITIATION_FAILED';
}

/**
 * Whether an answer leaves its check asking: not final, and the resource past its polling period
 * (flagged for an operator after the check's limit).
 */
export function keepsAsking(progress: InitiationProgress, pollUntil: Date, now: Date): boolean {
  return !FINAL_BANK_OUTCOMES.has(progress.outcome) && now >= pollUntil;
}

/** The change a bank's answer makes, its outcome mapped to the domain's status by `statusFor`. */
export function answerChange<S extends string>(
  progress: InitiationProgress,
  statusFor: Readonly<Record<InitiationProgress['outcome'], S>>,
  now: Date,
): {
  readonly status: S;
  readonly updatedAt: Date;
  readonly bankTransactionId: string;
  readonly bankPaymentStatus: string;
  readonly statusReasonInformation?: string;
} {
  return {
    status: statusFor[progress.outcome],
    updatedAt: now,
    bankTransactionId: progress.bankPaymentId,
    bankPaymentStatus: progress.bankStatus,
    ...(progress.statusReason === undefined ? {} : { statusReasonInformation: statusReason(progress.statusReason) }),
  };
}

/** The change an operator's finding makes: EXECUTED completes the resource, NOT_EXECUTED fails it. */
export function operatorChange(
  outcome: OperatorOutcome,
  operatorReason: string,
  now: Date,
): {
  readonly status: 'INITIATION_COMPLETED' | 'INITIATION_FAILED';
  readonly updatedAt: Date;
  readonly statusReasonInformation: string;
} {
  return {
    status: outcome === 'EXECUTED' ? 'INITIATION_COMPLETED' : 'INITIATION_FAILED',
    updatedAt: now,
    statusReasonInformation: statusReason(`Resolved by an operator: ${operatorReason}`),
  };
}
