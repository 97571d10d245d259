import { Injectable } from '@nestjs/common';
import type { MemberId } from '#libs/domain';
import type { Prisma, SettlementTransaction } from '../generated/prisma/client.js';
import { Repository } from '../repository.js';

export type NewSettlementTransaction = Prisma.SettlementTransactionUncheckedCreateInput;

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

  /** The member's transaction of the account, by the provider's id, or null. */
  findForMember(
    memberId: MemberId,
    accountId: string,
    providerPaymentId: string,
  ): Promise<SettlementTransaction | null> {
    return this.db.settlementTransaction.findFirst({ where: { memberId, accountId, providerPaymentId } });
  }
}
