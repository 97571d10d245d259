import { fromMinorUnits, toMinorUnits } from '../money/minor-units.js';
import type { PaymentLinkStatus } from './payment-link-status.js';

/** The reference's default maxUsageCount when the link configuration leaves it out. */
export const DEFAULT_MAX_USAGE_COUNT = 10_000_000;

/** What a link allows and how much of it has been used (amounts as decimal strings). */
export interface PaymentLinkUsageState {
  readonly status: PaymentLinkStatus;
  readonly maxUsageCount: number;
  readonly usedCount: number;
  readonly totalAmountLimit: string | null;
  readonly usedAmount: string;
  readonly expiresAt: Date | null;
}

/** Why a use is refused, or the state after it. */
export type PaymentLinkUseDecision =
  | { readonly kind: 'refuse'; readonly reason: 'not-active' | 'expired' | 'used-up' | 'amount-limit' }
  | {
      readonly kind: 'use';
      readonly usedCount: number;
      readonly usedAmount: string;
      readonly status: PaymentLinkStatus;
    };

/**
 * One more use of the link for `amount`: refused unless the link is active, not past its expiry,
 * below its maximum number of uses and (with a total amount limit) not pushed over it; otherwise
 * the counts after the use and the status they leave (USAGE_LIMIT_REACHED at the maximum,
 * AMOUNT_LIMIT_REACHED when the total is exhausted).
 */
export function decidePaymentLinkUse(state: PaymentLinkUsageState, amount: string, now: Date): PaymentLinkUseDecision {
  if (state.status !== 'LINK_ACTIVE') return { kind: 'refuse', reason: 'not-active' };
  if (state.expiresAt !== null && state.expiresAt.getTime() <= now.getTime())
    return { kind: 'refuse', reason: 'expired' };
  if (state.usedCount >= state.maxUsageCount) return { kind: 'refuse', reason: 'used-up' };
  const usedAmount = toMinorUnits(state.usedAmount) + toMinorUnits(amount);
  const limit = state.totalAmountLimit === null ? null : toMinorUnits(state.totalAmountLimit);
  if (limit !== null && usedAmount > limit) return { kind: 'refuse', reason: 'amount-limit' };
  const usedCount = state.usedCount + 1;
  const status: PaymentLinkStatus =
    usedCount >= state.maxUsageCount
      ? 'USAGE_LIMIT_REACHED'
      : limit !== null && usedAmount >= limit
        ? 'AMOUNT_LIMIT_REACHED'
        : 'LINK_ACTIVE';
  return { kind: 'use', usedCount, usedAmount: fromMinorUnits(usedAmount), status };
}

/** The counts and status a link is left with once a use is given back. */
export interface PaymentLinkGiveBack {
  readonly usedCount: number;
  readonly usedAmount: string;
  readonly status: PaymentLinkStatus;
}

/**
 * A use of `amount` given back (its payment ended without the money moving): the counts without
 * it (never below zero) and the status they leave. A canceled or expired link keeps its status;
 * one past its expiresAt becomes LINK_EXPIRED; otherwise the limits decide, as for a use
 * (USAGE_LIMIT_REACHED at the maximum, AMOUNT_LIMIT_REACHED with the total used, else LINK_ACTIVE).
 */
export function givePaymentLinkUseBack(state: PaymentLinkUsageState, amount: string, now: Date): PaymentLinkGiveBack {
  const usedCount = Math.max(0, state.usedCount - 1);
  const left = toMinorUnits(state.usedAmount) - toMinorUnits(amount);
  const usedAmount = left > 0n ? left : 0n;
  const limit = state.totalAmountLimit === null ? null : toMinorUnits(state.totalAmountLimit);
  const status: PaymentLinkStatus =
    state.status === 'LINK_CANCELED' || state.status === 'LINK_EXPIRED'
      ? state.status
      : state.expiresAt !== null && state.expiresAt.getTime() <= now.getTime()
        ? 'LINK_EXPIRED'
        : usedCount >= state.maxUsageCount
          ? 'USAGE_LIMIT_REACHED'
          : limit !== null && usedAmount >= limit
            ? 'AMOUNT_LIMIT_REACHED'
            : 'LINK_ACTIVE';
  return { usedCount, usedAmount: fromMinorUnits(usedAmount), status };
}

/** The reference's CurrentUsage: uses left and, with a total limit, the amount left. */
export function currentPaymentLinkUsage(state: PaymentLinkUsageState): {
  remainingCount: number;
  remainingAmount?: string;
} {
  const remainingCount = Math.max(0, state.maxUsageCount - state.usedCount);
  if (state.totalAmountLimit === null) return { remainingCount };
  const left = toMinorUnits(state.totalAmountLimit) - toMinorUnits(state.usedAmount);
  return { remainingCount, remainingAmount: fromMinorUnits(left > 0n ? left : 0n) };
}

/** When an active link's expiry timer fires: the expiry, or never. */
export function nextPaymentLinkTimer(state: Pick<PaymentLinkUsageState, 'status' | 'expiresAt'>): Date | null {
  return state.status === 'LINK_ACTIVE' ? state.expiresAt : null;
}
