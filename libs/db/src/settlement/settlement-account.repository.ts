import { Injectable } from '@nestjs/common';
import type { MemberId } from '#libs/domain';
import type { Prisma, SettlementAccount } from '../generated/prisma/client.js';
import { Repository } from '../repository.js';

/** A settlement account about to be stored: its balances start at zero and move only through the ledger. */
export type NewSettlementAccount = Omit<
  Prisma.SettlementAccountUncheckedCreateInput,
  'version' | 'bookedBalance' | 'availableBalance' | 'clearedBalance' | 'creditCursor' | 'creditsReadAt'
>;

/** Settlement accounts. Balances are written only by SettlementLedgerRepository. */
@Injectable()
export class SettlementAccountRepository extends Repository {
  insert(row: NewSettlementAccount): Promise<SettlementAccount> {
    return this.db.settlementAccount.create({ data: row });
  }

  /** The member's account, or null (also for another member's id). */
  findForMember(memberId: MemberId, id: string): Promise<SettlementAccount | null> {
    return this.db.settlementAccount.findFirst({ where: { id, memberId } });
  }

  /** For workers, which act for whichever member owns the account. */
  findById(id: string): Promise<SettlementAccount | null> {
    return this.db.settlementAccount.findUnique({ where: { id } });
  }

  /** One page of the member's accounts, newest first; `limit + 1` rows are read so the caller knows whether more follow. */
  listForMember(memberId: MemberId, offset: number, limit: number): Promise<SettlementAccount[]> {
    return this.db.settlementAccount.findMany({
      where: { memberId },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      skip: offset,
      take: limit + 1,
    });
  }

  /** Where the next read of the account's credits resumes, written after each page is booked. */
  async saveCreditCursor(id: string, cursor: string | null, readAt: Date): Promise<void> {
    await this.db.settlementAccount.update({ where: { id }, data: { creditCursor: cursor, creditsReadAt: readAt } });
  }
}
