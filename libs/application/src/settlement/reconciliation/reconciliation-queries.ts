import { Injectable } from '@nestjs/common';
import { GatewayError } from '#libs/common';
import {
  PaymentRepository,
  SettlementReconciliationRepository,
  TransferRepository,
  type CreditFilter,
  type SettlementTransaction,
} from '#libs/db';
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
  /** The payment it is booked against: MATCHED when it settled it, MISMATCHED when it did not (yet). */
  readonly paymentId?: string;
  /** The Payments v1 transfer it is booked against, as paymentId. */
  readonly transferId?: string;
}

/** A payment to a settlement account with the credits booked against it, oldest booked first. */
export interface PaymentSettlementView {
  readonly payment: PaymentResource;
  readonly credits: readonly CreditView[];
}

/** A Payments v1 transfer to a settlement account with the credits booked against it. */
export interface TransferSettlementView {
  readonly transfer: TransferResource;
  readonly credits: readonly CreditView[];
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
    ...(row.paymentId === null ? {} : { paymentId: row.paymentId }),
    ...(row.transferId === null ? {} : { transferId: row.transferId }),
  };
}

function page<R, T>(rows: readonly R[], offset: number, limit: number, view: (row: R) => T): AdminPage<T> {
  return {
    items: rows.slice(0, limit).map(view),
    ...(rows.length > limit ? { nextOffset: offset + limit } : {}),
  };
}

/**
 * The admin's views of reconciliation (global: every member's rows, one member's when asked):
 * credits no payment took, every credit with the payment or transfer it is booked against,
 * payments and transfers awaiting their credit, and a payment's or transfer's booked credits.
 */
@Injectable()
export class ReconciliationQueries {
  constructor(
    private readonly reconciliation: SettlementReconciliationRepository,
    private readonly payments: PaymentRepository,
    private readonly transfers: TransferRepository,
  ) {}

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

  /** Credits in every state (or as `filter` asks), newest booked first, each naming what it is booked against. */
  async credits(filter: CreditFilter, offset: number, limit: number): Promise<AdminPage<CreditView>> {
    return page(await this.reconciliation.listCredits(filter, offset, limit), offset, limit, creditView);
  }

  /** One credit; 404 for an unknown id (or a debit). */
  async credit(id: string): Promise<CreditView> {
    const row = await this.reconciliation.findCredit(id);
    if (row === null) throw GatewayError.notFound(id, `Credit ${id} not found.`);
    return creditView(row);
  }

  /** A payment to a settlement account and the credits booked against it; 404 for any other id. */
  async paymentSettlement(paymentId: string): Promise<PaymentSettlementView> {
    const payment = await this.payments.findById(paymentId);
    if (payment === null || payment.virtualAccountId === null)
      throw GatewayError.notFound(paymentId, `Payment ${paymentId} to a settlement account not found.`);
    const credits = await this.reconciliation.creditsBookedAgainst({ paymentId });
    return { payment: renderPayment(payment), credits: credits.map(creditView) };
  }

  /** A Payments v1 transfer to a settlement account and the credits booked against it; 404 for any other id. */
  async transferSettlement(transferId: string): Promise<TransferSettlementView> {
    const transfer = await this.transfers.findById(transferId);
    if (transfer === null || transfer.virtualAccountId === null)
      throw GatewayError.notFound(transferId, `Transfer ${transferId} to a settlement account not found.`);
    const credits = await this.reconciliation.creditsBookedAgainst({ transferId });
    return { transfer: renderTransfer(transfer), credits: credits.map(creditView) };
  }
}
