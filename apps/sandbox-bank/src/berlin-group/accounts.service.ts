import { Injectable } from '@nestjs/common';
import { Clock } from '#libs/common';
import { AccountStore, type Account } from '../store/account.store.js';
import { xs2aAccount, xs2aBalances, xs2aTransaction } from './account-representations.js';
import { ConsentsService } from './consents.service.js';
import { consentGrants } from './consent-body.js';
import type { Xs2aBank } from './xs2a-banks.js';
import { Xs2aError } from './xs2a-error.js';

const DAY_MS = 86_400_000;
const BOOKING_STATUSES = ['booked', 'pending', 'both'] as const;

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
  ) {}

  async list(bank: Xs2aBank, consentId: string | undefined, base: string): Promise<object> {
    const { username, access } = await this.consents.usable(bank, consentId);
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

  async balances(bank: Xs2aBank, consentId: string | undefined, accountId: string): Promise<object> {
    const account = await this.account(bank, consentId, accountId, 'balances');
    return xs2aBalances(account, this.clock.now());
  }

  /** bookingStatus booked | pending | both; dateFrom is required, dateTo optional (both inclusive, ISO dates). */
  async transactions(
    bank: Xs2aBank,
    consentId: string | undefined,
    accountId: string,
    query: Readonly<Record<string, string | undefined>>,
  ): Promise<object> {
    const account = await this.account(bank, consentId, accountId, 'transactions');
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
    return {
      account: { iban: account.identification, currency: account.currency },
      transactions: {
        booked: entries.filter((entry) => entry.status === 'Booked' && wanted('booked')).map(xs2aTransaction),
        pending: entries.filter((entry) => entry.status !== 'Booked' && wanted('pending')).map(xs2aTransaction),
        _links: {},
      },
    };
  }

  private async account(
    bank: Xs2aBank,
    consentId: string | undefined,
    accountId: string,
    what: 'balances' | 'transactions',
  ): Promise<Account> {
    const { username, access } = await this.consents.usable(bank, consentId);
    const account = await this.accounts.find(bank.id, username, accountId);
    if (account === null || !consentGrants(access, account.identification, 'accounts'))
      throw new Xs2aError(403, 'RESOURCE_UNKNOWN', `Account ${accountId} is not covered by the consent.`);
    if (!consentGrants(access, account.identification, what))
      throw new Xs2aError(401, 'CONSENT_INVALID', `The consent does not cover the ${what} of this account.`);
    return account;
  }
}
