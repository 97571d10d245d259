import { Injectable } from '@nestjs/common';
import { Clock } from '#libs/common';
import { isScenarioUser, scenarioFor } from '../banks/scenario-users.js';
import { TPP_INITIATED_READS_PER_DAY, TppInitiatedAccess } from '../aisp/tpp-initiated-access.js';
import { AccountStore, type Account } from '../store/account.store.js';
import { xs2aAccount, xs2aBalances, xs2aTransaction } from './account-representations.js';
import { ConsentsService } from './consents.service.js';
import { consentGrants } from './consent-body.js';
import type { Xs2aBank } from './xs2a-banks.js';
import { Xs2aError } from './xs2a-error.js';

const DAY_MS = 86_400_000;
const BOOKING_STATUSES = ['booked', 'pending', 'both'] as const;
/** Transactions per page; later pages are reached through `_links.next` (`page`, from 1). */
export const XS2A_TRANSACTIONS_PAGE_SIZE = 100;

/** Who is reading: the consent named by Consent-ID and, when the user is present, the PSU-IP-Address. */
export interface Xs2aRead {
  readonly consentId: string | undefined;
  readonly psuIpAddress?: string;
}

function pageParam(value: string | undefined): number {
  if (value === undefined || value === '') return 1;
  if (!/^[1-9]\d{0,5}$/.test(value)) throw Xs2aError.format('page must be a positive integer.', 'page');
  return Number(value);
}

function isoDate(value: string | undefined, name: string, required: boolean): Date | undefined {
  if (value === undefined || value === '') {
    if (required) throw Xs2aError.format(`${name} is required.`, name);
    return undefined;
  }
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value)))
    throw new Xs2aError(400, 'PERIOD_INVALID', `${name} must be an ISO date.`, name);
  return new Date(`${value}T00:00:00Z`);
}

/** Account information under a valid consent (Consent-ID): the accounts it covers, their balances and transactions. */
@Injectable()
export class BerlinGroupAccountsService {
  constructor(
    private readonly consents: ConsentsService,
    private readonly accounts: AccountStore,
    private readonly clock: Clock,
    private readonly reads: TppInitiatedAccess,
  ) {}

  /**
   * The consent, usable and not revoked by the user, its read counted; a read without the user
   * present beyond the day's allowance is refused (429 ACCESS_EXCEEDED).
   */
  private async usable(bank: Xs2aBank, read: Xs2aRead, opensAccess = true) {
    const usable = await this.consents.usable(bank, read.consentId);
    if (scenarioFor(usable.username).revokesAccountAccess === true)
      throw new Xs2aError(401, 'CONSENT_INVALID', 'The consent was revoked by the PSU (revokedByPsu).');
    if (
      opensAccess &&
      !this.reads.admit(bank.id, read.consentId ?? '', read.psuIpAddress !== undefined, isScenarioUser(usable.username))
    )
      throw new Xs2aError(
        429,
        'ACCESS_EXCEEDED',
        `The consent has had ${TPP_INITIATED_READS_PER_DAY} accesses without the PSU present today.`,
      );
    return usable;
  }

  async list(bank: Xs2aBank, read: Xs2aRead, base: string): Promise<object> {
    const { username, access } = await this.usable(bank, read);
    const held = (await this.accounts.list(bank.id, username)).filter((account) =>
      consentGrants(access, account.identification, 'accounts'),
    );
    return {
      accounts: held.map((account) =>
        xs2aAccount(account, bank.berlinGroup.bic, base, {
          balances: consentGrants(access, account.identification, 'balances'),
          transactions: consentGrants(access, account.identification, 'transactions'),
        }),
      ),
    };
  }

  async balances(bank: Xs2aBank, read: Xs2aRead, accountId: string): Promise<object> {
    const account = await this.account(bank, read, accountId, 'balances');
    return xs2aBalances(account, this.clock.now(), await this.accounts.pendingDebits(account.id));
  }

  /** bookingStatus booked | pending | both; dateFrom is required, dateTo optional (both inclusive, ISO dates). */
  async transactions(
    bank: Xs2aBank,
    read: Xs2aRead,
    accountId: string,
    query: Readonly<Record<string, string | undefined>>,
    self: string,
  ): Promise<object> {
    const page = pageParam(query['page']);
    const account = await this.account(bank, read, accountId, 'transactions', page === 1);
    const bookingStatus = query['bookingStatus'];
    if (bookingStatus === undefined) throw Xs2aError.format('bookingStatus is required.', 'bookingStatus');
    if (!(BOOKING_STATUSES as readonly string[]).includes(bookingStatus))
      throw new Xs2aError(
        400,
        'PARAMETER_NOT_SUPPORTED',
        `bookingStatus ${bookingStatus} is not supported (booked, pending, both).`,
        'bookingStatus',
      );
    const from = isoDate(query['dateFrom'], 'dateFrom', true);
    const toDay = isoDate(query['dateTo'], 'dateTo', false);
    const to = toDay === undefined ? undefined : new Date(toDay.getTime() + DAY_MS - 1);
    if (from !== undefined && to !== undefined && from > to)
      throw new Xs2aError(400, 'PERIOD_INVALID', 'dateFrom is after dateTo.', 'dateFrom');
    const entries = await this.accounts.transactions(account.id, from, to);
    const wanted = (status: string): boolean => bookingStatus === 'both' || bookingStatus === status.toLowerCase();
    const listed = entries.filter((entry) => wanted(entry.status === 'Booked' ? 'booked' : 'pending'));
    const pages = Math.max(1, Math.ceil(listed.length / XS2A_TRANSACTIONS_PAGE_SIZE));
    const shown = listed.slice((page - 1) * XS2A_TRANSACTIONS_PAGE_SIZE, page * XS2A_TRANSACTIONS_PAGE_SIZE);
    const link = (number: number): string => {
      const url = new URL(self);
      url.searchParams.set('page', String(number));
      return `${url.pathname}${url.search}`;
    };
    return {
      account: { iban: account.identification, currency: account.currency },
      transactions: {
        booked: shown.filter((entry) => entry.status === 'Booked').map(xs2aTransaction),
        pending: shown.filter((entry) => entry.status !== 'Booked').map(xs2aTransaction),
        _links: {
          ...(page < pages ? { next: { href: link(page + 1) } } : {}),
          ...(page > 1 ? { previous: { href: link(page - 1) } } : {}),
        },
      },
    };
  }

  private async account(
    bank: Xs2aBank,
    read: Xs2aRead,
    accountId: string,
    what: 'balances' | 'transactions',
    opensAccess = true,
  ): Promise<Account> {
    const { username, access } = await this.usable(bank, read, opensAccess);
    const account = await this.accounts.find(bank.id, username, accountId);
    if (account === null || !consentGrants(access, account.identification, 'accounts'))
      throw new Xs2aError(403, 'RESOURCE_UNKNOWN', `Account ${accountId} is not covered by the consent.`);
    if (!consentGrants(access, account.identification, what))
      throw new Xs2aError(401, 'CONSENT_INVALID', `The consent does not cover the ${what} of this account.`);
    return account;
  }
}
