import { Injectable } from '@nestjs/common';
import type { MemberId } from '#libs/domain';
import type { Prisma, SettlementTransaction } from '../generated/prisma/client.js';
import { Repository } from '../repository.js';

export type NewSettlementTransaction = Prisma.SettlementTransactionUncheckedCreateInput;

/** The filters of GET /virtual-accounts/{accountId}/transactions. */
export interface SettlementTransactionListFilter {
  readonly refId?: string;
  /** Created (the provider's time) at or after. */
  readonly createdFrom?: Date;
  /** Created before (exclusive: the day after an inclusive end date). */
  readonly createdBefore?: Date;
  /** A decimal string. */
  readonly amount?: string;
  readonly providerPaymentId?: string;
  readonly transactionType?: string;
}

/** Where a page of transactions (newest first) ended: the last row's provider time and id. */
export interface SettlementTransactionCursor {
  readonly createdAt: Date;
  readonly id: string;
}

/** A settlement account's transactions: credits the provider reported and debits the gateway sent. */
@Injectable()
export class SettlementTransactionRepository extends Repository {
  /**
   * Stores the transaction unless the account already has one with its providerPaymentId: the
   * row stored, or null for a repeat (nothing written).
   */
  async insertOnce(row: NewSettlementTransaction): Promise<SettlementTransaction | null> {
    const written = await this.db.settlementTransaction.createMany({ data: [row], skipDuplicates: true });
    return written.count === 0 ? null : this.db.settlementTransaction.findUnique({ where: { id: row.id } });
  }

  /** One page of the account's transactions, newest first (the provider's time); `limit + 1` rows. */
  listForMember(
    memberId: MemberId,
    accountId: string,
    filter: SettlementTransactionListFilter,
    limit: number,
    cursor?: SettlementTransactionCursor,
  ): Promise<SettlementTransaction[]> {
    const and: Prisma.SettlementTransactionWhereInput[] = [{ memberId, accountId }];
    if (filter.refId !== undefined) and.push({ refId: filter.refId });
    if (filter.createdFrom !== undefined) and.push({ createdDateTime: { gte: filter.createdFrom } });
    if (filter.createdBefore !== undefined) and.push({ createdDateTime: { lt: filter.createdBefore } });
    if (filter.amount !== undefined) and.push({ amount: filter.amount });
    if (filter.providerPaymentId !== undefined) and.push({ providerPaymentId: filter.providerPaymentId });
    if (filter.transactionType !== undefined) and.push({ transactionType: filter.transactionType });
    if (cursor !== undefined)
      and.push({
        OR: [
          { createdDateTime: { lt: cursor.createdAt } },
          { createdDateTime: cursor.createdAt, id: { lt: cursor.id } },
        ],
      });
    return this.db.settlementTransaction.findMany({
      where: { AND: and },
      orderBy: [{ createdDateTime: 'desc' }, { id: 'desc' }],
      take: limit + 1,
    });
  }

  /**
   * Stores the transactions the account has no row for yet (by providerPaymentId; the first of
   * two in one call wins) in one statement: the rows stored.
   */
  insertManyOnce(rows: readonly NewSettlementTransaction[]): Promise<SettlementTransaction[]> {
    if (rows.length === 0) return Promise.resolve([]);
    return this.db.settlementTransaction.createManyAndReturn({ data: [...rows], skipDuplicates: true });
  }

  /** The member's transaction of the account, by the provider's id, or null. */
  findForMember(
    memberId: MemberId,
    accountId: string,
    providerPaymentId: string,
  ): Promise<SettlementTransaction | null> {
    return this.db.settlementTransaction.findFirst({ where: { memberId, accountId, providerPaymentId } });
  }
}
