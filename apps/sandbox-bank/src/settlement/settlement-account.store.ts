import { Injectable } from '@nestjs/common';
import { Decimal } from 'decimal.js';
import { Clock } from '#libs/common';
import { SandboxDb, type Prisma } from '../store/sandbox-db.js';
import { newResourceId } from '../store/secret-hash.js';
import { isUniqueViolation } from '../store/unique-violation.js';
import { SettlementApiError } from './settlement-api-error.js';
import {
  compactIban,
  identifiersFor,
  isSettlementBankAccount,
  type SettlementAccountIdentifiers,
  type SettlementCurrency,
} from './settlement-identifiers.js';

export type SettlementAccount = Prisma.SbSettlementAccountModel;

/** Payout statuses that no longer hold money back (the payout did not happen). */
export const PAYOUTS_NOT_PAID = ['REJECTED', 'FAILED'] as const;

export interface SettlementBalances {
  readonly available: string;
  readonly booked: string;
  readonly cleared: string;
}

export interface NewSettlementAccount {
  readonly reference: string;
  readonly currency: SettlementCurrency;
  readonly country: string;
  readonly name: string;
}

/** The provider's settlement accounts and what they hold. */
@Injectable()
export class SettlementAccountStore {
  constructor(
    private readonly prisma: SandboxDb,
    private readonly clock: Clock,
  ) {}

  /** Opens the account, or answers the one already opened under the reference (`created` false). */
  async open(request: NewSettlementAccount): Promise<{ account: SettlementAccount; created: boolean }> {
    const existing = await this.prisma.sbSettlementAccount.findUnique({ where: { reference: request.reference } });
    if (existing !== null) return { account: this.sameRequest(existing, request), created: false };
    const id = newResourceId('SA');
    try {
      const account = await this.prisma.sbSettlementAccount.create({
        data: {
          id,
          ...request,
          ...identifiersFor(request.currency, id),
          status: 'ACTIVE',
          createdAt: this.clock.now(),
        },
      });
      return { account, created: true };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const winner = await this.prisma.sbSettlementAccount.findUnique({ where: { reference: request.reference } });
      if (winner === null) throw error;
      return { account: this.sameRequest(winner, request), created: false };
    }
  }

  async get(id: string): Promise<SettlementAccount> {
    const account = await this.prisma.sbSettlementAccount.findUnique({ where: { id } });
    if (account === null) throw SettlementApiError.notFound('Account', id);
    return account;
  }

  /**
   * The account with these identifiers: the account, null when they are at the provider's bank
   * but name no account, undefined when they are elsewhere.
   */
  async byIdentifiers(
    identifiers: SettlementAccountIdentifiers,
    db: Prisma.TransactionClient = this.prisma,
  ): Promise<SettlementAccount | null | undefined> {
    const iban = identifiers.iban === undefined ? undefined : compactIban(identifiers.iban);
    if (!isSettlementBankAccount({ ...identifiers, ...(iban === undefined ? {} : { iban }) })) return undefined;
    if (iban !== undefined) return db.sbSettlementAccount.findUnique({ where: { iban } });
    if (identifiers.sortCode === undefined || identifiers.accountNumber === undefined) return null;
    return db.sbSettlementAccount.findUnique({
      where: { sortCode_accountNumber: { sortCode: identifiers.sortCode, accountNumber: identifiers.accountNumber } },
    });
  }

  /**
   * Credits that have arrived (available_at reached on the sandbox clock) less payouts: the
   * available balance holds back every payout not rejected or failed, the booked (and cleared)
   * balance only the settled ones.
   */
  async balances(accountId: string, db: Prisma.TransactionClient = this.prisma): Promise<SettlementBalances> {
    const [credited, held, settled] = await Promise.all([
      db.sbSettlementCredit.aggregate({
        where: { accountId, availableAt: { lte: this.clock.now() } },
        _sum: { amount: true },
      }),
      db.sbSettlementPayout.aggregate({
        where: { accountId, status: { notIn: [...PAYOUTS_NOT_PAID] } },
        _sum: { amount: true },
      }),
      db.sbSettlementPayout.aggregate({ where: { accountId, status: 'SETTLED' }, _sum: { amount: true } }),
    ]);
    const credits = new Decimal(credited._sum.amount?.toString() ?? '0');
    const booked = credits.minus(settled._sum.amount?.toString() ?? '0').toFixed(2);
    return { available: credits.minus(held._sum.amount?.toString() ?? '0').toFixed(2), booked, cleared: booked };
  }

  /** Sets how many of the account's next resumed credit pages start again with the last credit handed out. */
  async setRepeat(accountId: string, pages: number): Promise<void> {
    const updated = await this.prisma.sbSettlementAccount.updateMany({
      where: { id: accountId },
      data: { repeatPending: pages },
    });
    if (updated.count === 0) throw SettlementApiError.notFound('Account', accountId);
  }

  /** Takes one pending repeat of the account; true when there was one. */
  async takeRepeat(accountId: string): Promise<boolean> {
    const taken = await this.prisma.sbSettlementAccount.updateMany({
      where: { id: accountId, repeatPending: { gt: 0 } },
      data: { repeatPending: { decrement: 1 } },
    });
    return taken.count > 0;
  }

  private sameRequest(account: SettlementAccount, request: NewSettlementAccount): SettlementAccount {
    if (account.currency !== request.currency || account.country !== request.country)
      throw new SettlementApiError(
        409,
        `Reference ${request.reference} already names an account in another currency or country.`,
      );
    return account;
  }
}
