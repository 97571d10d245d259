import { Injectable } from '@nestjs/common';
import { Clock } from '#libs/common';
import type { ObieCall } from '../http/obie-call.js';
import { ObieError } from '../http/obie-error.js';
import { AccessTokens } from '../oauth/access-tokens.js';
import { assertUserApiAvailable } from '../payments/user-availability.js';
import { AccountStore, type Account } from '../store/account.store.js';
import { ConsentStore } from '../store/consent.store.js';
import { isScenarioUser, scenarioFor } from '../banks/scenario-users.js';
import type { Permission } from './account-access-request.js';
import { TPP_INITIATED_READS_PER_DAY, TppInitiatedAccess } from './tpp-initiated-access.js';
import { obAccount, obBalances, obStandingOrders, obTransaction } from './ais-representations.js';

interface Access {
  readonly username: string;
  readonly scenarioUser: boolean;
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

/** Transactions per page; later pages are reached through Links.Next (`page`, from 1). */
export const TRANSACTIONS_PAGE_SIZE = 100;

/** One page of a list: Links.Self, Next and Prev where there are such pages, Meta.TotalPages. */
function pagedResponse(call: ObieCall, data: object, page: number, pages: number): object {
  const link = (number: number): string => {
    const url = new URL(call.self);
    url.searchParams.set('page', String(number));
    return url.toString();
  };
  return {
    Data: data,
    Links: {
      Self: call.self,
      ...(page < pages ? { Next: link(page + 1) } : {}),
      ...(page > 1 ? { Prev: link(page - 1) } : {}),
    },
    Meta: { TotalPages: pages },
  };
}

function pageParam(value: string | undefined): number {
  if (value === undefined || value === '') return 1;
  if (!/^[1-9]\d{0,5}$/.test(value))
    throw ObieError.badRequest('UK.OBIE.Field.Invalid', 'page must be a positive integer.', 'page');
  return Number(value);
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
    private readonly reads: TppInitiatedAccess,
  ) {}

  async list(call: ObieCall, customerIp?: string): Promise<object> {
    const access = await this.access(call, ['ReadAccountsBasic', 'ReadAccountsDetail'], customerIp);
    const detail = access.permissions.has('ReadAccountsDetail');
    const accounts = await this.accounts.list(call.bank.id, access.username);
    return readResponse(call, { Account: accounts.map((account) => obAccount(account, detail)) });
  }

  async one(call: ObieCall, accountId: string, customerIp?: string): Promise<object> {
    const access = await this.access(call, ['ReadAccountsBasic', 'ReadAccountsDetail'], customerIp);
    const account = await this.account(call, access, accountId);
    return readResponse(call, { Account: [obAccount(account, access.permissions.has('ReadAccountsDetail'))] });
  }

  async balances(call: ObieCall, accountId: string, customerIp?: string): Promise<object> {
    const access = await this.access(call, ['ReadBalances'], customerIp);
    const account = await this.account(call, access, accountId);
    const pending = await this.accounts.pendingDebits(account.id);
    return readResponse(call, { Balance: obBalances(account, this.clock.now(), pending) });
  }

  async transactions(
    call: ObieCall,
    accountId: string,
    query: { from?: string; to?: string; page?: string },
    customerIp?: string,
  ): Promise<object> {
    const page = pageParam(query.page);
    const access = await this.access(call, ['ReadTransactionsBasic', 'ReadTransactionsDetail'], customerIp, page === 1);
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
    const pages = Math.max(1, Math.ceil(entries.length / TRANSACTIONS_PAGE_SIZE));
    const shown = entries.slice((page - 1) * TRANSACTIONS_PAGE_SIZE, page * TRANSACTIONS_PAGE_SIZE);
    return pagedResponse(call, { Transaction: shown.map((entry) => obTransaction(entry, detail)) }, page, pages);
  }

  async standingOrders(call: ObieCall, accountId: string, customerIp?: string): Promise<object> {
    const access = await this.access(call, ['ReadStandingOrdersBasic', 'ReadStandingOrdersDetail'], customerIp);
    const account = await this.account(call, access, accountId);
    const detail = access.permissions.has('ReadStandingOrdersDetail');
    return readResponse(call, {
      StandingOrder: obStandingOrders(account, this.clock.now(), detail, access.scenarioUser),
    });
  }

  /**
   * The user's authorised, unexpired consent, holding one of `needed`. A read that opens an
   * access (not a later page of it) is counted; one without the user present beyond the day's
   * allowance is refused (429).
   */
  private async access(
    call: ObieCall,
    needed: readonly Permission[],
    customerIp?: string,
    opensAccess = true,
  ): Promise<Access> {
    const token = await this.tokens.anyUserToken(call.bank.id, call.authorization, 'accounts');
    const consent = await this.consents.find(call.bank.id, token.consentId, 'account-access');
    if (consent === null || consent.status !== 'Authorised')
      throw new ObieError(
        403,
        'UK.OBIE.Resource.InvalidConsentStatus',
        'The account-access consent is not Authorised.',
      );
    assertUserApiAvailable(token.username);
    if (scenarioFor(token.username).revokesAccountAccess === true)
      throw new ObieError(
        403,
        'UK.OBIE.Resource.InvalidConsentStatus',
        'The account-access consent was revoked by the user at the bank.',
      );
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
    if (
      opensAccess &&
      !this.reads.admit(
        call.bank.id,
        token.consentId,
        customerIp !== undefined && customerIp !== '',
        isScenarioUser(token.username),
      )
    )
      throw new ObieError(
        429,
        'UK.OBIE.Rules.ResourceExhausted',
        `The consent has had ${TPP_INITIATED_READS_PER_DAY} reads without the user present in 24 hours.`,
      );
    return { username: token.username, scenarioUser: isScenarioUser(token.username), permissions, data };
  }

  private async account(call: ObieCall, access: Access, accountId: string): Promise<Account> {
    const account = await this.accounts.find(call.bank.id, access.username, accountId);
    if (account === null) throw ObieError.notFound('Account', accountId);
    return account;
  }
}
