import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Clock } from '#libs/common';
import { SandboxDb, type Prisma } from './sandbox-db.js';
import { Decimal } from 'decimal.js';
import { isScenarioUser, scenarioFor } from '../banks/scenario-users.js';
import { accountHistory, entryTime, isPending } from './account-history.js';

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
  /** The scheme of a card account's (masked) card number. */
  readonly cardSchemeName?: string;
}

export const UK_ACCOUNT_PROFILE: AccountProfile = {
  currency: 'GBP',
  schemeName: 'UK.OBIE.SortCodeAccountNumber',
  identification: (id) => `60${digits(`${id}:sort`, 4)}${digits(`${id}:number`, 8)}`,
  cardSchemeName: 'UK.OBIE.PAN',
};

function accountId(bankId: string, username: string, nickname: string): string {
  return `ACC-${createHash('sha256').update(`${bankId}|${username}|${nickname}`).digest('hex').slice(0, 20)}`;
}

/** Accounts whose identity a process remembers at most; the oldest is forgotten first. */
const MAX_IDENTITIES = 10_000;

/** The accounts a sandbox user holds; created, with a little history, when the bank first sees the user. */
@Injectable()
export class AccountStore {
  private readonly identities = new Map<string, Account>();

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

  /**
   * The account for what names it (scheme, identification, holder, currency, type), remembered
   * by this process: nothing but an account's balance ever changes once it is created, so a
   * payment's representation costs no read after the first. Its balance is the one first read:
   * read the account (`findById`) where the balance matters.
   */
  async identityOf(id: string): Promise<Account | null> {
    const known = this.identities.get(id);
    if (known !== undefined) return known;
    const account = await this.findById(id);
    if (account === null) return null;
    if (this.identities.size >= MAX_IDENTITIES) this.identities.delete(this.identities.keys().next().value ?? '');
    this.identities.set(id, account);
    return account;
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

  /** What the account's pending debits add up to (held from its available balance). */
  async pendingDebits(accountId: string): Promise<Decimal> {
    const sum = await this.prisma.sbTransaction.aggregate({
      where: { accountId, status: 'Pending', creditDebit: 'Debit' },
      _sum: { amount: true },
    });
    return new Decimal(sum._sum.amount?.toString() ?? '0');
  }

  private async seed(bankId: string, username: string, profile: AccountProfile): Promise<void> {
    if (isScenarioUser(username)) return this.seedHistory(bankId, username, profile);
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

  /** A scenario user's three accounts with a year of history (account-history.ts). */
  private async seedHistory(bankId: string, username: string, profile: AccountProfile): Promise<void> {
    const now = this.clock.now();
    const savingsId = accountId(bankId, username, 'Savings');
    const history = accountHistory(
      `${bankId}|${username}`,
      now,
      profile.currency,
      new Decimal(scenarioFor(username).openingBalance),
      { schemeName: profile.schemeName, identification: profile.identification(savingsId) },
    );
    const ids = history.map((account) => accountId(bankId, username, account.nickname));
    await this.prisma.sbAccount.createMany({
      data: history.map((account, index) => {
        const id = ids[index] ?? '';
        const card = account.subType === 'CreditCard';
        return {
          id,
          bankId,
          username,
          nickname: account.nickname,
          holderName: username,
          currency: profile.currency,
          accountType: 'Personal',
          accountSubType: account.subType,
          schemeName: card ? (profile.cardSchemeName ?? 'PAN') : profile.schemeName,
          identification: card ? `4000********${digits(`${id}:pan`, 4)}` : profile.identification(id),
          balance: account.balance.toFixed(2),
          createdAt: new Date(now.getTime() - 400 * DAY_MS),
        };
      }),
      skipDuplicates: true,
    });
    await this.prisma.sbTransaction.createMany({
      data: history.flatMap((account, index) => {
        const owner = ids[index] ?? '';
        return account.entries.map((entry, position) => ({
          id: `${owner}-H${String(position).padStart(4, '0')}`,
          accountId: owner,
          creditDebit: entry.creditDebit,
          status: isPending(entry) ? 'Pending' : 'Booked',
          amount: entry.amount.toFixed(2),
          currency: profile.currency,
          bookingDateTime: entryTime(now, entry),
          information: entry.information,
          reference: entry.reference ?? null,
          counterpartyName: entry.counterparty,
          counterpartySchemeName: entry.counterpartyAccount?.schemeName ?? null,
          counterpartyIdentification: entry.counterpartyAccount?.identification ?? null,
        }));
      }),
      skipDuplicates: true,
    });
  }
}
