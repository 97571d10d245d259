import { fromMinorUnits, toMinorUnits } from '../money/minor-units.js';
import { paymentStatusMachine, type PaymentStatus } from '../payments/payment-status.js';

/**
 * Reconciliation of a settlement account's credits with the payments made to that account.
 *
 * A credit is matched by its reference (the provider's refId; a credit without one by its whole
 * description, trimmed) against the refId of the payments whose creditor is the credit's account
 * (and so of the same member). Among those payments:
 * 1. one awaiting settlement (INITIATION_COMPLETED or SETTLEMENT_IN_PROGRESS) with the credit's
 *    amount and currency: the credit settles it (SETTLEMENT_COMPLETED), the oldest first;
 * 2. otherwise, one the bank has not finished with yet (a credit may arrive before the bank's
 *    final status): the credit waits and is looked at again;
 * 3. otherwise, one awaiting settlement with another amount or currency: the payment ends
 *    SETTLEMENT_INCOMPLETE naming what was expected and what was received, and the credit names it;
 * 4. otherwise (no payment, or only final ones): the credit stays unmatched, a payin of its own.
 * A payment at INITIATION_COMPLETED passes through SETTLEMENT_IN_PROGRESS on the way (two moves,
 * each with its event). Final statuses never change.
 */

export const RECONCILIATION_STATES = ['PENDING', 'MATCHED', 'MISMATCHED', 'UNMATCHED'] as const;
export type ReconciliationState = (typeof RECONCILIATION_STATES)[number];

/** The statuses in which a payment to a settlement account takes a credit. */
export const AWAITING_SETTLEMENT: ReadonlySet<PaymentStatus> = new Set([
  'INITIATION_COMPLETED',
  'SETTLEMENT_IN_PROGRESS',
]);

export interface CreditAmount {
  /** Decimal string. */
  readonly amount: string;
  readonly currency: string;
}

export interface SettlementCandidate extends CreditAmount {
  readonly id: string;
  readonly status: PaymentStatus;
  readonly createdAt: Date;
}

export type CreditDecision =
  | { readonly kind: 'settle'; readonly paymentId: string; readonly moves: readonly PaymentStatus[] }
  | {
      readonly kind: 'mismatch';
      readonly paymentId: string;
      readonly moves: readonly PaymentStatus[];
      readonly reason: string;
    }
  | { readonly kind: 'defer' }
  | { readonly kind: 'unmatched' };

/** Whether the two amounts are the same money (decimal strings compared in 1/10^4 units). */
export function sameMoney(a: CreditAmount, b: CreditAmount): boolean {
  return a.currency === b.currency && toMinorUnits(a.amount) === toMinorUnits(b.amount);
}

/**
 * The statuses a payment at `from` passes through to end at `to` (SETTLEMENT_COMPLETED or
 * SETTLEMENT_INCOMPLETE), each move allowed by the payment status machine; null when none leads there.
 */
export function settlementMoves(from: PaymentStatus, to: PaymentStatus): readonly PaymentStatus[] | null {
  const path: PaymentStatus[] = from === 'INITIATION_COMPLETED' ? ['SETTLEMENT_IN_PROGRESS', to] : [to];
  let at = from;
  for (const next of path) {
    if (!paymentStatusMachine.canMove(at, next)) return null;
    at = next;
  }
  return path;
}

/** A payment the bank has not finished with: neither awaiting settlement nor final. */
function beforeBankFinal(status: PaymentStatus): boolean {
  return !AWAITING_SETTLEMENT.has(status) && !paymentStatusMachine.isFinal(status);
}

/** The statusReasonInformation of a payment settled by a credit of another amount. */
export function amountMismatchReason(expected: CreditAmount, received: CreditAmount): string {
  const text = (money: CreditAmount) => `${fromMinorUnits(toMinorUnits(money.amount))} ${money.currency}`;
  return `The credit received on the settlement account (${text(received)}) does not match the payment (expected ${text(expected)}).`;
}

function oldestFirst(a: SettlementCandidate, b: SettlementCandidate): number {
  return a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** What a credit does, given the payments to its account with its reference (see the rules above). */
export function decideCredit(credit: CreditAmount, candidates: readonly SettlementCandidate[]): CreditDecision {
  const sorted = [...candidates].sort(oldestFirst);
  const awaiting = sorted.filter((payment) => AWAITING_SETTLEMENT.has(payment.status));
  const exact = awaiting.find((payment) => sameMoney(payment, credit));
  if (exact !== undefined) return settleWith(exact, credit) ?? { kind: 'unmatched' };
  if (sorted.some((payment) => beforeBankFinal(payment.status))) return { kind: 'defer' };
  const other = awaiting[0];
  return (other === undefined ? null : settleWith(other, credit)) ?? { kind: 'unmatched' };
}

/**
 * What linking `credit` to `payment` does: settle it (same amount and currency) or end it
 * SETTLEMENT_INCOMPLETE with the reason; null when the payment does not await settlement.
 */
export function settleWith(
  payment: SettlementCandidate,
  credit: CreditAmount,
): Exclude<CreditDecision, { readonly kind: 'defer' | 'unmatched' }> | null {
  if (sameMoney(payment, credit)) {
    const moves = settlementMoves(payment.status, 'SETTLEMENT_COMPLETED');
    return moves === null ? null : { kind: 'settle', paymentId: payment.id, moves };
  }
  const moves = settlementMoves(payment.status, 'SETTLEMENT_INCOMPLETE');
  return moves === null
    ? null
    : { kind: 'mismatch', paymentId: payment.id, moves, reason: amountMismatchReason(payment, credit) };
}

/** Why an operator's match of a credit with a payment is refused, or undefined when it may be made. */
export type ManualMatchRefusal =
  | { readonly code: 'NOT_A_CREDIT' | 'OTHER_MEMBER' | 'OTHER_ACCOUNT' | 'CURRENCY_MISMATCH'; readonly message: string }
  | { readonly code: 'CREDIT_RECONCILED' | 'PAYMENT_NOT_AWAITING'; readonly message: string };

export interface ManualCredit extends CreditAmount {
  readonly id: string;
  readonly memberId: string;
  readonly accountId: string;
  readonly transactionType: string;
  readonly reconciliationState: string;
  readonly paymentId: string | null;
  readonly transferId: string | null;
}

export interface ManualPayment extends SettlementCandidate {
  readonly memberId: string;
  readonly virtualAccountId: string | null;
  /** What the messages call it: a Payments v2 payment (the default) or a Payments v1 transfer. */
  readonly noun?: 'payment' | 'transfer';
  /** Its status as its own machine names it, when that is not `status` (a transfer's). */
  readonly ownStatus?: string;
}

/**
 * The rules an operator's match goes through before the same settlement moves as the worker's:
 * a credit not yet linked, of the payment's member, account and currency, and a payment still
 * awaiting settlement (final statuses never change). Another amount makes the payment
 * SETTLEMENT_INCOMPLETE, as it does for the worker.
 */
export function manualMatchRefusal(credit: ManualCredit, payment: ManualPayment): ManualMatchRefusal | undefined {
  const noun = payment.noun ?? 'payment';
  const Noun = noun === 'payment' ? 'Payment' : 'Transfer';
  if (credit.transactionType !== 'CREDIT')
    return { code: 'NOT_A_CREDIT', message: `Transaction ${credit.id} is not a credit.` };
  if (credit.memberId !== payment.memberId)
    return {
      code: 'OTHER_MEMBER',
      message: `Credit ${credit.id} and ${noun} ${payment.id} belong to different members.`,
    };
  if (payment.virtualAccountId !== credit.accountId)
    return {
      code: 'OTHER_ACCOUNT',
      message: `${Noun} ${payment.id} does not pay settlement account ${credit.accountId}.`,
    };
  if (credit.currency !== payment.currency)
    return {
      code: 'CURRENCY_MISMATCH',
      message: `Credit ${credit.id} is in ${credit.currency}; ${noun} ${payment.id} is in ${payment.currency}.`,
    };
  if (
    credit.paymentId !== null ||
    credit.transferId !== null ||
    credit.reconciliationState === 'MATCHED' ||
    credit.reconciliationState === 'MISMATCHED'
  )
    return { code: 'CREDIT_RECONCILED', message: `Credit ${credit.id} is already matched.` };
  if (!AWAITING_SETTLEMENT.has(payment.status))
    return {
      code: 'PAYMENT_NOT_AWAITING',
      message: `${Noun} ${payment.id} is ${payment.ownStatus ?? payment.status}; only a ${noun} awaiting settlement can be matched.`,
    };
  return undefined;
}
