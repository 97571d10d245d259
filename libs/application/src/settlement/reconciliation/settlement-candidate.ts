import type { CreditForReconciliation, Payment } from '#libs/db';
import type { ManualCredit, ManualPayment, SettlementCandidate } from '#libs/domain';

/** A stored payment as the matching rules read it. */
export function candidateOf(payment: Payment): SettlementCandidate & ManualPayment {
  return {
    id: payment.id,
    memberId: payment.memberId,
    virtualAccountId: payment.virtualAccountId,
    status: payment.status,
    amount: payment.amount.toFixed(),
    currency: payment.currency,
    createdAt: payment.createdAt,
  };
}

/** A stored credit as the matching rules read it. */
export function creditOf(credit: CreditForReconciliation): ManualCredit {
  return {
    id: credit.id,
    memberId: credit.memberId,
    accountId: credit.accountId,
    transactionType: credit.transactionType,
    reconciliationState: credit.reconciliationState,
    paymentId: credit.paymentId,
    transferId: credit.transferId,
    amount: credit.amount,
    currency: credit.currency,
  };
}

/** The key a credit and the payments it may settle share: the account and the reference. */
export function referenceKey(accountId: string, reference: string): string {
  return `${accountId}\u0000${reference}`;
}
