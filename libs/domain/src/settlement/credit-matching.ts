import { fromMinorUnits, toMinorUnits } from '../money/minor-units.js';
import { paymentStatusMachine, type PaymentStatus } from '../payments/payment-status.js';

/**
 * Reconciliation of a settlement account's credits with the payments made to that account.
 *
 * A credit is matched by its reference (the provider's refId; a credit without one by its whole
 * description, trimmed) against the refId of the payments whose creditor is the credit's account
 * (and so of the same member). Anyone who knows a reference can send a credit carrying it, so no
 * credit of another amount decides a payment on its own. Among those payments:
 * 1. one awaiting settlement (INITIATION_COMPLETED or SETTLEMENT_IN_PROGRESS) with the credit's
 *    amount and currency: the credit settles it (SETTLEMENT_COMPLETED), the oldest first;
 * 2. otherwise, one awaiting settlement whose credits already booked against it, with this one,
 *    add up to its amount exactly (same currency): they settle it together;
 * 3. otherwise, one the bank has not finished with yet (a credit may arrive before the bank's
 *    final status): the credit waits and is looked at again;
 * 4. otherwise, one awaiting settlement (the oldest): the credit is booked against it (linked,
 *    MISMATCHED until it takes part in a match) and the payment stays SETTLEMENT_IN_PROGRESS;
 * 5. otherwise (no payment, or only final ones): the credit stays unmatched, a payin of its own.
 * At the end of the payment's window (decideWindowEnd) a credit of the exact amount, or all its
 * credits adding up to it, still settle it; otherwise it ends SETTLEMENT_INCOMPLETE with a reason
 * naming every credit seen (ids and amounts), or saying none came. More than the amount (credits
 * adding up past it) settles nothing by itself: the payment waits for a credit of its exact
 * amount, or ends SETTLEMENT_INCOMPLETE at the window's end naming them.
 * A payment at INITIATION_COMPLETED passes through SETTLEMENT_IN_PROGRESS on the way (each move
 * with its event). Final statuses never change.
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

/** A booked credit the rules name: its id and amount. */
export interface SeenCredit extends CreditAmount {
  readonly id: string;
}

export interface SettlementCandidate extends CreditAmount {
  readonly id: string;
  readonly status: PaymentStatus;
  readonly createdAt: Date;
  /** Credits already booked against it that have not settled it (none when absent). */
  readonly linked?: readonly SeenCredit[];
}

export type CreditDecision =
  | {
      readonly kind: 'settle';
      readonly paymentId: string;
      readonly moves: readonly PaymentStatus[];
      /** The credits booked against the payment before that settle it with this one (rule 2). */
      readonly withLinked: readonly string[];
    }
  | { readonly kind: 'link'; readonly paymentId: string; readonly moves: readonly PaymentStatus[] }
  | { readonly kind: 'defer' }
  | { readonly kind: 'unmatched' };

/** What a payment's window end does with the credits booked against it and those still pending. */
export type WindowEndDecision =
  | { readonly kind: 'settle'; readonly moves: readonly PaymentStatus[]; readonly creditIds: readonly string[] }
  | {
      readonly kind: 'incomplete';
      readonly moves: readonly PaymentStatus[];
      readonly reason: string;
      /** Every credit seen (booked against it before, or pending now): all stay booked against it. */
      readonly creditIds: readonly string[];
    };

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

/** The credits' total, when they are all in `currency`; null otherwise. */
function totalIn(currency: string, credits: readonly CreditAmount[]): CreditAmount | null {
  if (credits.some((credit) => credit.currency !== currency)) return null;
  const minor = credits.reduce((sum, credit) => sum + toMinorUnits(credit.amount), 0n);
  return { amount: fromMinorUnits(minor), currency };
}

/** Whether `credits` together are exactly the payment's amount and currency. */
export function addUpTo(payment: CreditAmount, credits: readonly CreditAmount[]): boolean {
  const total = credits.length === 0 ? null : totalIn(payment.currency, credits);
  return total !== null && sameMoney(payment, total);
}

/** What a credit does, given the payments to its account with its reference (see the rules above). */
export function decideCredit(credit: CreditAmount, candidates: readonly SettlementCandidate[]): CreditDecision {
  const sorted = [...candidates].sort(oldestFirst);
  const awaiting = sorted.filter((payment) => AWAITING_SETTLEMENT.has(payment.status));
  for (const payment of awaiting) {
    if (!sameMoney(payment, credit)) continue;
    const moves = settlementMoves(payment.status, 'SETTLEMENT_COMPLETED');
    if (moves !== null) return { kind: 'settle', paymentId: payment.id, moves, withLinked: [] };
  }
  for (const payment of awaiting) {
    const linked = payment.linked ?? [];
    if (linked.length === 0 || !addUpTo(payment, [...linked, credit])) continue;
    const moves = settlementMoves(payment.status, 'SETTLEMENT_COMPLETED');
    if (moves !== null)
      return { kind: 'settle', paymentId: payment.id, moves, withLinked: linked.map((seen) => seen.id) };
  }
  if (sorted.some((payment) => beforeBankFinal(payment.status))) return { kind: 'defer' };
  const target = awaiting[0];
  if (target === undefined) return { kind: 'unmatched' };
  // Booked against the payment, which stays (or moves to) SETTLEMENT_IN_PROGRESS.
  if (target.status === 'SETTLEMENT_IN_PROGRESS') return { kind: 'link', paymentId: target.id, moves: [] };
  return paymentStatusMachine.canMove(target.status, 'SETTLEMENT_IN_PROGRESS')
    ? { kind: 'link', paymentId: target.id, moves: ['SETTLEMENT_IN_PROGRESS'] }
    : { kind: 'unmatched' };
}

/** The statusReasonInformation of a payment whose window ended with credits that do not settle it. */
export function creditsSeenReason(expected: CreditAmount, credits: readonly SeenCredit[]): string {
  const text = (money: CreditAmount) => `${fromMinorUnits(toMinorUnits(money.amount))} ${money.currency}`;
  const head = `The credits received on the settlement account do not match the payment (expected ${text(expected)}): `;
  const listed: string[] = [];
  for (const [index, credit] of credits.entries()) {
    const entry = `${credit.id} ${text(credit)}`;
    const rest = credits.length - index - 1;
    if ((head + [...listed, entry].join(', ')).length + (rest > 0 ? ` and ${rest} more.`.length : 1) > 256) {
      return `${head}${listed.join(', ')} and ${credits.length - index} more.`;
    }
    listed.push(entry);
  }
  return `${head}${listed.join(', ')}.`;
}

/**
 * The end of a payment's settlement window: `pending`, the credits with its reference not yet
 * decided, and the credits booked against it (`payment.linked`). A pending credit of its exact
 * amount settles it (oldest first); else all of them together when they add up to it exactly;
 * else it ends SETTLEMENT_INCOMPLETE, naming them (or saying none came: `noCreditReason`).
 * Null when the payment does not await settlement.
 */
export function decideWindowEnd(
  payment: SettlementCandidate,
  pending: readonly SeenCredit[],
  noCreditReason: string,
): WindowEndDecision | null {
  if (!AWAITING_SETTLEMENT.has(payment.status)) return null;
  const complete = settlementMoves(payment.status, 'SETTLEMENT_COMPLETED');
  const incomplete = settlementMoves(payment.status, 'SETTLEMENT_INCOMPLETE');
  if (complete === null || incomplete === null) return null;
  const exact = pending.find((credit) => sameMoney(payment, credit));
  if (exact !== undefined) return { kind: 'settle', moves: complete, creditIds: [exact.id] };
  const seen = [...(payment.linked ?? []), ...pending];
  if (addUpTo(payment, seen)) return { kind: 'settle', moves: complete, creditIds: seen.map((credit) => credit.id) };
  return {
    kind: 'incomplete',
    moves: incomplete,
    reason: seen.length === 0 ? noCreditReason : creditsSeenReason(payment, seen),
    creditIds: seen.map((credit) => credit.id),
  };
}

/** What an operator's match of a credit with a payment does. */
export type ManualDecision =
  | { readonly kind: 'settle'; readonly paymentId: string; readonly moves: readonly PaymentStatus[] }
  | {
      readonly kind: 'mismatch';
      readonly paymentId: string;
      readonly moves: readonly PaymentStatus[];
      readonly reason: string;
    };

/**
 * What an operator's linking of `credit` to `payment` does: settle it (same amount and currency) or end it
 * SETTLEMENT_INCOMPLETE with the reason; null when the payment does not await settlement.
 */
export function settleWith(payment: SettlementCandidate, credit: CreditAmount): ManualDecision | null {
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
