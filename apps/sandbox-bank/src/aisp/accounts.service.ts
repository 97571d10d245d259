import { Injectable } from '@nestjs/common';
import { Clock } from '#libs/common';
import type { ObieCall } from '../http/obie-call.js';
import { ObieError } from '../http/obie-error.js';
import { AccessTokens } from '../oauth/access-tokens.js';
import { assertUserApiAvailable } from '../payments/user-availability.js';
import { AccountStore, type Account } from '../store/account.store.js';
import { ConsentStore } from '../store/consent.store.js';
import type { Permission } from './account-access-request.js';
import { obAccount, obBalances, obStandingOrders, obTransaction } from './ais-representations.js';

interface Access {
  readonly username: string;
  readonly permissions: ReadonlySet<Permission>;
  readonly data: Readonly<Record<string, unknown>>;
}

function dateParam(value: string | undefined, name: string): Date | undefined {
  if (value === undefined || value === '') return undefined;
  const date = new Date(value);
  if (Number.isNaN(date.getTime()))
    throw ObieError.badRequest('UK.OBIE.Field.InvalidDate', `${name} must be an ISO 8601 date-time.`, name);
  return date;
}

/** A read's answer: its Data, a link to itself, one page. */
function readResponse(call: ObieCall, data: object): object {
  return { Data: data, Links: { Self: call.self }, Meta: { TotalPages: 1 } };
}

function later(a: Date | undefined, b: Date | undefined): Date | undefined {
  return a === undefined ? b : b === undefined ? a : a > b ? a : b;
}

function earlier(a: Date | undefined, b: Date | undefined): Date | undefined {
  return a === undefined ? b : b === undefined ? a : a < b ? a : b;
}

/** The account information API, within what the user's account-access consent permits. */
@Injectable()
export class AccountsService {
  constructor(
    private readonly tokens: AccessTokens,
    private readonly consents: ConsentStore,
    private readonly accounts: AccountStore,
    private readonly clock: Clock,
  ) {}

  async list(call: ObieCall): Promise<object> {
    const access = await this.access(call, ['ReadAccountsBasic', 'ReadAccountsDetail']);
    const detail = access.permissions.has('ReadAccountsDetail');
    const accounts = await this.accounts.list(call.bank.id, access.username);
    return readResponse(call, { Account: accounts.map((account) => obAccount(account, detail)) });
  }

  async one(call: ObieCall, accountId: string): Promise<object> {
    const access = await this.access(call, ['ReadAccountsBasic', 'ReadAccountsDetail']);
    const account = await this.account(call, access, accountId);
    return readResponse(call, { Account: [obAccount(account, access.permissions.has('ReadAccountsDetail'))] });
  }

  async balances(call: ObieCall, accountId: string): Promise<object> {
    const access = await this.access(call, ['ReadBalances']);
    const account = await this.account(call, access, accountId);
    return readResponse(call, { Balance: obBalances(account, this.clock.now()) });
  }

  async transactions(call: ObieCall, accountId: string, query: { from?: string; to?: string }): Promise<object> {
    const access = await this.access(call, ['ReadTransactionsBasic', 'ReadTransactionsDetail']);
    const account = await this.account(call, access, accountId);
    const from = later(
      dateParam(query.from, 'fromBookingDateTime'),
      dateParam(access.data['TransactionFromDateTime'] as string | undefined, 'TransactionFromDateTime'),
    );
    const to = earlier(
      dateParam(query.to, 'toBookingDateTime'),
      dateParam(access.data['TransactionToDateTime'] as string | undefined, 'TransactionToDateTime'),
    );
    const credits = access.permissions.has('ReadTransactionsCredits');
    const debits = access.permissions.has('ReadTransactionsDebits');
    const entries = (await this.accounts.transactions(account.id, from, to)).filter((entry) =>
      entry.creditDebit === 'Credit' ? credits : debits,
    );
    const detail = access.permissions.has('ReadTransactionsDetail');
    return readResponse(call, { Transaction: entries.map((entry) => obTransaction(entry, detail)) });
  }

  async standingOrders(call: ObieCall, accountId: string): Promise<object> {
    const access = await this.access(call, ['ReadStandingOrdersBasic', 'ReadStandingOrdersDetail']);
    const account = await this.account(call, access, accountId);
    const detail = access.permissions.has('ReadStandingOrdersDetail');
    return readResponse(call, { StandingOrder: obStandingOrders(account, this.clock.now(), detail) });
  }

  /** The user's authorised, unexpired consent, holding one of `needed`. */
  private async access(call: ObieCall, needed: readonly Permission[]): Promise<Access> {
    const token = await this.tokens.anyUserToken(call.bank.id, call.authorization, 'accounts');
    const consent = await this.consents.find(call.bank.id, token.consentId, 'account-access');
    if (consent === null || consent.status !== 'Authorised')
      throw new ObieError(
        403,
        'UK.OBIE.Resource.InvalidConsentStatus',
        'The account-access consent is not Authorised.',
      );
    assertUserApiAvailable(token.username);
    const data = (consent.request as { Data: Record<string, unknown> }).Data;
    const expires = dateParam(data['ExpirationDateTime'] as string | undefined, 'ExpirationDateTime');
    if (expires !== undefined && expires.getTime() <= this.clock.nowMs())
      throw new ObieError(403, 'UK.OBIE.Reauthenticate', 'The account-access consent has expired.');
    const permissions = new Set(data['Permissions'] as Permission[]);
    if (!needed.some((permission) => permissions.has(permission))) {
      throw new ObieError(
        403,
        'UK.OBIE.Resource.ConsentMismatch',
        `The consent does not grant ${needed.join(' or ')}.`,
      );
    }
    return { username: token.username, permissions, data };
  }

  private async account(call: ObieCall, access: Access, accountId: string): Promise<Account> {
    const account = await this.accounts.find(call.bank.id, access.username, accountId);
    if (account === null) throw ObieError.notFound('Account', accountId);
    return account;
  }
}
