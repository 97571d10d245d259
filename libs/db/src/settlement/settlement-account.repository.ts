import { Injectable } from '@nestjs/common';
import type { MemberId, SettlementAccountProviderStatus, SettlementAccountStatus } from '#libs/domain';
import type { Prisma } from '../generated/prisma/client.js';
import { Repository } from '../repository.js';
import { olderThan } from '../list-clauses.js';
import { SETTLEMENT_ACCOUNT_OPENING, SETTLEMENT_ACCOUNT_REFUSED } from './settlement-account-statuses.js';
import { SETTLEMENT_ACCOUNT_STATUS, type SettlementAccount } from './settlement-account-row.js';
import { readSettlementAccountView, type SettlementAccountView } from './settlement-account-view-read.js';
import { viewPool } from '../views/read-by-id.js';

/** A settlement account about to be stored: its balances start at zero and move only through the ledger. */
export type NewSettlementAccount = Omit<
  Prisma.SettlementAccountUncheckedCreateInput,
  'status' | 'version' | 'bookedBalance' | 'availableBalance' | 'clearedBalance' | 'creditCursor' | 'creditsReadAt'
> & { readonly status: SettlementAccountStatus };

export { SETTLEMENT_ACCOUNT_OPENING, SETTLEMENT_ACCOUNT_REFUSED };

/** The filters of GET /virtual-accounts. */
export interface SettlementAccountListFilter {
  readonly currency?: string;
  readonly country?: string;
  readonly nickname?: string;
  readonly onBehalfOfId?: string;
}

/** Where a page of accounts (newest first) ended: the last row's creation time and id. */
export interface SettlementAccountCursor {
  readonly createdAt: Date;
  readonly id: string;
}

/** What the provider answered when it opened the account. */
export interface OpenedSettlementAccount {
  readonly providerAccountId: string;
  readonly status: SettlementAccountProviderStatus;
  readonly accountName: string | null;
  readonly iban: string | null;
  readonly bic: string | null;
  readonly sortCode: string | null;
  readonly accountNumber: string | null;
  readonly updatedAt: Date;
}

/**
 * What a status move writes to an account (its lifecycle's change): the status, when it moved,
 * and, once opened, the provider's id and identifiers.
 */
export type SettlementAccountChange =
  OpenedSettlementAccount | { readonly status: typeof SETTLEMENT_ACCOUNT_REFUSED; readonly updatedAt: Date };

/** Settlement accounts. Balances are written only by SettlementLedgerRepository. */
@Injectable()
export class SettlementAccountRepository extends Repository {
  insert(row: NewSettlementAccount): Promise<SettlementAccount> {
    return this.db.settlementAccount.create({ data: row }).then(SETTLEMENT_ACCOUNT_STATUS.row);
  }

  /** What the member sees of its opened account (the resource's columns only), or null (also for another member's id). */
  findViewForMember(memberId: MemberId, id: string): Promise<SettlementAccountView | null> {
    return readSettlementAccountView(viewPool(this.db), memberId, id);
  }

  /** The member's account, or null (also for another member's id). */
  findForMember(memberId: MemberId, id: string): Promise<SettlementAccount | null> {
    return this.db.settlementAccount.findFirst({ where: { id, memberId } }).then(SETTLEMENT_ACCOUNT_STATUS.rowOrNull);
  }

  /** For workers, which act for whichever member owns the account. */
  findById(id: string): Promise<SettlementAccount | null> {
    return this.db.settlementAccount.findUnique({ where: { id } }).then(SETTLEMENT_ACCOUNT_STATUS.rowOrNull);
  }

  /** One page of the member's accounts, newest first; `limit + 1` rows are read so the caller knows whether more follow. */
  listForMember(memberId: MemberId, offset: number, limit: number): Promise<SettlementAccount[]> {
    return this.db.settlementAccount
      .findMany({
        where: { memberId },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        skip: offset,
        take: limit + 1,
      })
      .then(SETTLEMENT_ACCOUNT_STATUS.rows);
  }

  /**
   * The member's account as members see it: opened at its provider (not OPENING or REFUSED), or
   * null (also for another member's id).
   */
  findOpenedForMember(memberId: MemberId, id: string): Promise<SettlementAccount | null> {
    return this.db.settlementAccount
      .findFirst({
        where: { id, memberId, status: { notIn: [SETTLEMENT_ACCOUNT_OPENING, SETTLEMENT_ACCOUNT_REFUSED] } },
      })
      .then(SETTLEMENT_ACCOUNT_STATUS.rowOrNull);
  }

  /** One page of the member's opened accounts, newest first; `limit + 1` rows so the caller knows whether more follow. */
  listOpenedForMember(
    memberId: MemberId,
    filter: SettlementAccountListFilter,
    limit: number,
    cursor?: SettlementAccountCursor,
  ): Promise<SettlementAccount[]> {
    const and: Prisma.SettlementAccountWhereInput[] = [
      { memberId, status: { notIn: [SETTLEMENT_ACCOUNT_OPENING, SETTLEMENT_ACCOUNT_REFUSED] } },
    ];
    if (filter.currency !== undefined) and.push({ currency: filter.currency });
    if (filter.country !== undefined) and.push({ country: filter.country });
    if (filter.nickname !== undefined) and.push({ accountNickName: filter.nickname });
    if (filter.onBehalfOfId !== undefined) and.push({ onBehalfOfId: filter.onBehalfOfId });
    if (cursor !== undefined) and.push(olderThan(cursor));
    return this.db.settlementAccount
      .findMany({
        where: { AND: and },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        take: limit + 1,
      })
      .then(SETTLEMENT_ACCOUNT_STATUS.rows);
  }

  /**
   * Applies a status move only while the account is still at the version read (its lifecycle's
   * update): the account as changed, or null when someone changed it first (nothing written).
   */
  async update(current: SettlementAccount, change: SettlementAccountChange): Promise<SettlementAccount | null> {
    const written = await this.db.settlementAccount.updateMany({
      where: { id: current.id, version: current.version },
      data: { ...change, version: { increment: 1 } },
    });
    return written.count === 0 ? null : this.findById(current.id);
  }

  /**
   * Where the next read of the account's credits resumes, written after each page is booked, only
   * while the stored cursor is still `from`, the one the page was read from: a reader that another
   * has overtaken (the provider's cursors are opaque, so "further" is "read from the stored one")
   * never moves the cursor back. Answers whether it was written.
   */
  async saveCreditCursor(id: string, from: string | null, cursor: string | null, readAt: Date): Promise<boolean> {
    const written = await this.db.settlementAccount.updateMany({
      where: { id, creditCursor: from },
      data: { creditCursor: cursor, creditsReadAt: readAt },
    });
    return written.count > 0;
  }
}
