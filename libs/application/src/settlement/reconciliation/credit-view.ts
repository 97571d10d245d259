import type { SettlementTransaction } from '#libs/db';
import { fromMinorUnits, toMinorUnits } from '#libs/domain';

/** A credit as the admin lists show it. */
export interface CreditView {
  readonly id: string;
  readonly accountId: string;
  readonly memberId: string;
  readonly providerPaymentId: string;
  readonly amount: { readonly value: string; readonly currency: string };
  readonly refId?: string;
  readonly description?: string;
  readonly createdDateTime: string;
  readonly receivedAt: string;
  readonly reconciliationState: string;
  /** The payment it is booked against: MATCHED when it settled it, MISMATCHED when it did not (yet). */
  readonly paymentId?: string;
  /** The Payments v1 transfer it is booked against, as paymentId. */
  readonly transferId?: string;
}

export function creditView(row: SettlementTransaction): CreditView {
  return {
    id: row.id,
    accountId: row.accountId,
    memberId: row.memberId,
    providerPaymentId: row.providerPaymentId,
    amount: { value: fromMinorUnits(toMinorUnits(row.amount.toFixed())), currency: row.currency },
    ...(row.refId === null ? {} : { refId: row.refId }),
    ...(row.description === null ? {} : { description: row.description }),
    createdDateTime: row.createdDateTime.toISOString(),
    receivedAt: row.receivedAt.toISOString(),
    reconciliationState: row.reconciliationState,
    ...(row.paymentId === null ? {} : { paymentId: row.paymentId }),
    ...(row.transferId === null ? {} : { transferId: row.transferId }),
  };
}
