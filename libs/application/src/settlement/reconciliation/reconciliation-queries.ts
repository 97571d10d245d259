import { Injectable } from '@nestjs/common';
import { SettlementReconciliationRepository, type SettlementTransaction } from '#libs/db';
import { fromMinorUnits, toMinorUnits } from '#libs/domain';
import { renderPayment, type PaymentResource } from '../../payments/payment-view.js';
import { renderTransfer, type TransferResource } from '../../transfers/transfer-view.js';

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
}

export interface AdminPage<T> {
  readonly items: readonly T[];
  /** The next page's offset when more may follow. */
  readonly nextOffset?: number;
}

function creditView(row: SettlementTransaction): CreditView {
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
  };
}

function page<R, T>(rows: readonly R[], offset: number, limit: number, view: (row: R) => T): AdminPage<T> {
  return {
    items: rows.slice(0, limit).map(view),
    ...(rows.length > limit ? { nextOffset: offset + limit } : {}),
  };
}

/** The admin's views of reconciliation: credits no payment took, and payments and transfers awaiting their credit. */
@Injectable()
export class ReconciliationQueries {
  constructor(private readonly reconciliation: SettlementReconciliationRepository) {}

  async unmatchedCredits(memberId: string | undefined, offset: number, limit: number): Promise<AdminPage<CreditView>> {
    return page(await this.reconciliation.listUnmatchedCredits(memberId, offset, limit), offset, limit, creditView);
  }

  async awaitingSettlement(
    memberId: string | undefined,
    offset: number,
    limit: number,
  ): Promise<AdminPage<PaymentResource>> {
    return page(await this.reconciliation.listAwaitingSettlement(memberId, offset, limit), offset, limit, (row) =>
      renderPayment(row),
    );
  }

  async awaitingTransfers(
    memberId: string | undefined,
    offset: number,
    limit: number,
  ): Promise<AdminPage<TransferResource>> {
    return page(await this.reconciliation.listAwaitingTransfers(memberId, offset, limit), offset, limit, (row) =>
      renderTransfer(row),
    );
  }
}
