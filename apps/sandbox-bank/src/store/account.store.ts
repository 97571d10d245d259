import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Clock } from '#libs/common';
import { SandboxDb, type Prisma } from './sandbox-db.js';
import { scenarioFor } from '../banks/scenario-users.js';

export type Account = Prisma.SbAccountModel;
export type AccountTransaction = Prisma.SbTransactionModel;

const DAY_MS = 86_400_000;

export function digits(seed: string, count: number): string {
  const hex = createHash('sha256').update(seed).digest('hex');
  return BigInt(`0x${hex}`).toString().slice(-count).padStart(count, '0');
}

/** How a bank's accounts look: their currency and identifier scheme (sort code and number by default). */
export interface AccountProfile {
  readonly currency: string;
  readonly schemeName: string;
  /** The account's identification under the scheme, derived from its (stable) id. */
  identification(accountId: string): string;
}

export const UK_ACCOUNT_PROFILE: AccountProfile = {
  currency: 'GBP',
  schemeName: 'UK.OBIE.SortCodeAccountNumber',
  identification: (id) => `60${digits(`${id}:sort`, 4)}${digits(`${id}:number`, 8)}`,
};

function accountId(bankId: string, username: string, nickname: string): string {
  return `ACC-${createHash('sha256').update(`${bankId}|${username}|${nickname}`).digest('hex').slice(0, 20)}`;
}

/** The accounts a sandbox user holds; created, with a little history, when the bank first sees the user. */
@Injectable()
export class AccountStore {
  constructor(
    private readonly prisma: SandboxDb,
    private readonly clock: Clock,
  ) {}

  /** The user's accounts, current account first. */
  async ensureAccounts(
    bankId: string,
    username: string,
    profile: AccountProfile = UK_ACCOUNT_PROFILE,
  ): Promise<Account[]> {
    const existing = await this.list(bankId, username);
    if (existing.length > 0) return existing;
    await this.seed(bankId, username, profile);
    return this.list(bankId, username);
  }

  list(bankId: string, username: string): Promise<Account[]> {
    return this.prisma.sbAccount.findMany({ where: { bankId, username }, orderBy: { nickname: 'asc' } });
  }

  find(bankId: string, username: string, id: string): Promise<Account | null> {
    return this.prisma.sbAccount.findFirst({ where: { id, bankId, username } });
  }

  findById(id: string): Promise<Account | null> {
    return this.prisma.sbAccount.findUnique({ where: { id } });
  }

  /** The debtor account the consent's user chose, or null while none is chosen. */
  findDebtor(consent: { readonly debtorAccountId: string | null }): Promise<Account | null> {
    return consent.debtorAccountId === null ? Promise.resolve(null) : this.findById(consent.debtorAccountId);
  }

  transactions(accountId: string, from: Date | undefined, to: Date | undefined): Promise<AccountTransaction[]> {
    return this.prisma.sbTransaction.findMany({
      where: {
        accountId,
        bookingDateTime: { ...(from === undefined ? {} : { gte: from }), ...(to === undefined ? {} : { lte: to }) },
      },
      orderBy: [{ bookingDateTime: 'desc' }, { id: 'asc' }],
    });
  }

  private async seed(bankId: string, username: string, profile: AccountProfile): Promise<void> {
    const now = this.clock.nowMs();
    const holder = username;
    const current = accountId(bankId, username, 'Current');
    const savings = accountId(bankId, username, 'Savings');
    const account = (
      id: string,
      nickname: string,
      subType: string,
      balance: string,
    ): Prisma.SbAccountCreateManyInput => ({
      id,
      bankId,
      username,
      nickname,
      holderName: holder,
      currency: profile.currency,
      accountType: 'Personal',
      accountSubType: subType,
      schemeName: profile.schemeName,
      identification: profile.identification(id),
      balance,
      createdAt: new Date(now),
    });
    await this.prisma.sbAccount.createMany({
      data: [
        account(current, 'Current', 'CurrentAccount', scenarioFor(username).openingBalance),
        account(savings, 'Savings', 'Savings', '2500.00'),
      ],
      skipDuplicates: true,
    });
    const entry = (
      id: string,
      accountRef: string,
      daysAgo: number,
      creditDebit: 'Credit' | 'Debit',
      amount: string,
      information: string,
      counterparty: string,
    ): Prisma.SbTransactionCreateManyInput => ({
      id,
      accountId: accountRef,
      creditDebit,
      status: 'Booked',
      amount,
      currency: profile.currency,
      bookingDateTime: new Date(now - daysAgo * DAY_MS),
      information,
      counterpartyName: counterparty,
    });
    await this.prisma.sbTransaction.createMany({
      data: [
        entry(`${current}-T1`, current, 20, 'Credit', '2500.00', 'Salary', 'Sandbox Employer Ltd'),
        entry(`${current}-T2`, current, 5, 'Debit', '42.10', 'Groceries', 'Corner Shop'),
        entry(`${current}-T3`, current, 1, 'Debit', '3.40', 'Coffee', 'Cafe Sandbox'),
        entry(`${savings}-T1`, savings, 10, 'Credit', '1.25', 'Interest', 'Sandbox Bank'),
      ],
      skipDuplicates: true,
    });
  }
}
