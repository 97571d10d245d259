import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, GatewayError, type AppConfig } from '#libs/common';
import {
  BankConnectors,
  BankRejectedError,
  type AccountInformationCapability,
  type BankCallContext,
  type TransactionQuery,
} from '#libs/connectors';
import { accountRefOf, pageOf, positionOf, type AccountRead, type MemberId } from '#libs/domain';
import { AccountInformationConsent, type AccountConsent } from './account-information-consent.js';
import { AccountReadCache } from './account-read-cache.js';
import { accountView, balanceView, standingOrderView, transactionView } from './account-views.js';
import { TppInitiatedAllowance } from './tpp-initiated-allowance.js';

type Json = Record<string, unknown>;

/** What every account-information call carries besides its own parameters. */
export interface AccountCall {
  readonly memberId: MemberId;
  /** `on-behalf-of`: the tokenId of the user's consent. */
  readonly tokenId: string | undefined;
  /** `token-customer-ip-address`: the user is present (passed to the bank); absent, the call is TPP-initiated. */
  readonly psuIpAddress?: string;
  /** True when the caller asked not to be served a kept read (`Cache-Control: no-cache`). */
  readonly noCache?: boolean;
  readonly traceId?: string;
}

export interface PageQuery {
  readonly limit: number;
  readonly offset?: string;
}

export interface TransactionsQuery extends PageQuery {
  /** ISO dates (YYYY-MM-DD), inclusive. */
  readonly startDate?: string;
  readonly endDate?: string;
}

/** Bank error codes that mean the consent itself is gone (revoked, expired, unknown): the user must re-authorise. */
const CONSENT_ENDED_CODES: ReadonlySet<string> = new Set([
  'UK.OBIE.Resource.InvalidConsentStatus',
  'UK.OBIE.Reauthenticate',
  'invalid_grant',
  'invalid_token',
  'CONSENT_INVALID',
  'CONSENT_EXPIRED',
  'CONSENT_UNKNOWN',
  'TOKEN_INVALID',
  'TOKEN_EXPIRED',
]);
/** Bank error codes that mean the account or resource is not there. */
const NOT_FOUND_CODES: ReadonlySet<string> = new Set(['RESOURCE_UNKNOWN', 'UK.OBIE.Resource.NotFound']);

const SUCCESS = 'SUCCESSFUL_REQUEST';

/** The key of an account's transaction list for a date window. */
function transactionsKey(bankAccountId: string, filter: TransactionQuery): string {
  return `transactions:${bankAccountId}:${filter.from ?? ''}:${filter.to ?? ''}`;
}

/** The bank's refusal in the interface's words; other errors as they are. */
function readError(error: unknown, what: string): unknown {
  if (!(error instanceof BankRejectedError)) return error;
  const code = error.bankErrorCode ?? '';
  if (CONSENT_ENDED_CODES.has(code))
    return new GatewayError('ReauthenticationRequired', {
      message: `The bank no longer accepts the consent (${code}): ${error.message}`.slice(0, 256),
      cause: error,
    });
  if (error.bankStatusCode === 429)
    return new GatewayError('RESOURCE_EXHAUSTED', { message: error.message, cause: error });
  if (error.bankStatusCode === 404 || NOT_FOUND_CODES.has(code)) return GatewayError.notFound(what);
  return error;
}

/** One call's consent, and the bank it asks (with the allowance it takes) only when it has to. */
class BankSession {
  private allowanceTaken = false;

  constructor(
    readonly consent: AccountConsent,
    readonly ctx: BankCallContext,
    private readonly connectors: BankConnectors,
    private readonly userPresent: boolean,
    private readonly allowance: TppInitiatedAllowance,
  ) {}

  get bankId(): string {
    return this.consent.bankId;
  }

  feature(name: string): boolean {
    return this.consent.feature(name);
  }

  async ask<T>(
    what: string,
    call: (api: AccountInformationCapability, grant: string, ctx: BankCallContext) => Promise<T>,
  ): Promise<T> {
    if (!this.userPresent && !this.allowanceTaken) {
      await this.allowance.take(this.consent);
      this.allowanceTaken = true;
    }
    const [bank, grant] = await Promise.all([this.consent.bank(), this.consent.grant()]);
    try {
      return await call(this.connectors.capability(bank, 'accounts'), grant, this.ctx);
    } catch (error) {
      throw readError(error, what);
    }
  }
}

function unsupported(bankId: string, what: string): GatewayError {
  return new GatewayError('UNIMPLEMENTED', { message: `Bank ${bankId} does not support ${what}.` });
}

/** An answer already in JSON text (a page kept as it was sent). */
export interface SerializedAnswer {
  readonly json: string;
}

function offsetPosition(offset: string | undefined): number {
  if (offset === undefined) return 0;
  const position = positionOf(offset);
  if (position === undefined)
    throw GatewayError.invalidField('page.offset', 'page.offset is not an offset this endpoint answered.');
  return position;
}

/**
 * The account-information reads (GET /accounts ... /standing-orders/{id}): the consent checked,
 * the bank asked with the user's grant (the user's IP passed on when present, the TPP-initiated
 * allowance taken when not), balances and transaction lists kept a minute per token, and the
 * answers in the interface's shapes.
 */
@Injectable()
export class AccountInformationReads {
  constructor(
    private readonly consents: AccountInformationConsent,
    private readonly allowance: TppInitiatedAllowance,
    private readonly cache: AccountReadCache,
    private readonly connectors: BankConnectors,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async accounts(call: AccountCall): Promise<{ accounts: Json[] }> {
    const session = await this.session(call, 'accounts');
    return { accounts: await this.accountViews(session) };
  }

  async account(call: AccountCall, accountId: string): Promise<{ account: Json }> {
    const session = await this.session(call, 'accounts');
    this.bankAccountId(session, accountId);
    const account = (await this.accountViews(session)).find((view) => view['id'] === accountId);
    if (account === undefined) throw GatewayError.notFound(accountId, `Account ${accountId} not found.`);
    return { account };
  }

  async balance(call: AccountCall, accountId: string): Promise<{ balance: Json; status: string }> {
    const session = await this.session(call, 'balances');
    return { balance: await this.balanceOf(session, call, accountId), status: SUCCESS };
  }

  /** GET /account-balance: the named accounts, or every account of the consent when none is named. */
  async balances(call: AccountCall, accountIds: readonly string[]): Promise<{ response: Json[] }> {
    const session = await this.session(call, 'balances');
    const ids =
      accountIds.length > 0 ? accountIds : (await this.accountViews(session)).map((view) => view['id'] as string);
    const response: Json[] = [];
    for (const id of ids) response.push({ balance: await this.balanceOf(session, call, id), status: SUCCESS });
    return { response };
  }

  /**
   * One page of the account's transactions, as JSON text: a page answered within the cache
   * window is kept as it was sent and served again without parsing the list.
   */
  async transactions(call: AccountCall, accountId: string, query: TransactionsQuery): Promise<SerializedAnswer> {
    const filter: TransactionQuery = {
      ...(query.startDate === undefined ? {} : { from: `${query.startDate}T00:00:00.000Z` }),
      ...(query.endDate === undefined ? {} : { to: `${query.endDate}T23:59:59.999Z` }),
    };
    const position = offsetPosition(query.offset);
    const ref = accountRefOf(accountId);
    const owner = { memberId: call.memberId, tokenId: call.tokenId ?? '' };
    const pageKey = `page:${transactionsKey(ref?.bankAccountId ?? '', filter)}:${position}:${query.limit}`;
    // The kept page is looked up while the consent is checked; it is only used once the consent holds.
    const [session, kept] = await Promise.all([
      this.session(call, 'transactions'),
      call.noCache === true || ref === undefined ? undefined : this.cache.findText(owner, pageKey),
    ]);
    if ((filter.from !== undefined || filter.to !== undefined) && !session.feature('supports_transactions_date_filter'))
      throw GatewayError.invalidField(
        query.startDate === undefined ? 'endDate' : 'startDate',
        `Bank ${session.bankId} does not filter transactions by date.`,
      );
    this.bankAccountId(session, accountId);
    if (kept !== undefined && session.consent.tokenId === owner.tokenId) return { json: kept };
    const all = await this.transactionViews(session, call, accountId, filter);
    const page = pageOf(all, position, query.limit);
    const json = JSON.stringify({
      transactions: page.items,
      ...(page.next === undefined ? {} : { offset: page.next }),
      status: SUCCESS,
    });
    await this.cache.storeText(owner, pageKey, json);
    return { json };
  }

  async transaction(
    call: AccountCall,
    accountId: string,
    transactionId: string,
  ): Promise<{ transaction: Json; status: string }> {
    const session = await this.session(call, 'transactions');
    const all = await this.transactionViews(session, call, accountId, {});
    const transaction = all.find((entry) => entry['id'] === transactionId);
    if (transaction === undefined)
      throw GatewayError.notFound(transactionId, `Transaction ${transactionId} not found.`);
    return { transaction, status: SUCCESS };
  }

  async standingOrders(
    call: AccountCall,
    accountId: string,
    query: PageQuery,
  ): Promise<{ standingOrders: Json[]; offset?: string; status: string }> {
    const session = await this.session(call, 'standingOrders');
    const position = offsetPosition(query.offset);
    const page = pageOf(await this.standingOrderViews(session, accountId), position, query.limit);
    return {
      standingOrders: [...page.items],
      ...(page.next === undefined ? {} : { offset: page.next }),
      status: SUCCESS,
    };
  }

  async standingOrder(
    call: AccountCall,
    accountId: string,
    standingOrderId: string,
  ): Promise<{ standingOrder: Json; status: string }> {
    const session = await this.session(call, 'standingOrders');
    const order = (await this.standingOrderViews(session, accountId)).find((view) => view['id'] === standingOrderId);
    if (order === undefined)
      throw GatewayError.notFound(standingOrderId, `Standing order ${standingOrderId} not found.`);
    return { standingOrder: order, status: SUCCESS };
  }

  private async session(call: AccountCall, read: AccountRead): Promise<BankSession> {
    const consent = await this.consents.resolve(call.memberId, call.tokenId, read);
    const ctx: BankCallContext = {
      bankId: consent.bankId,
      deadlineMs: Date.now() + this.config.payments.bankDeadlineMs,
      ...(call.traceId === undefined ? {} : { traceId: call.traceId }),
      ...(call.psuIpAddress === undefined ? {} : { psuIpAddress: call.psuIpAddress }),
    };
    return new BankSession(consent, ctx, this.connectors, call.psuIpAddress !== undefined, this.allowance);
  }

  /** The bank's id of an account id of this token's bank; 404 for anything else. */
  private bankAccountId(session: BankSession, accountId: string): string {
    const ref = accountRefOf(accountId);
    if (ref === undefined || ref.bankId !== session.bankId)
      throw GatewayError.notFound(accountId, `Account ${accountId} not found.`);
    return ref.bankAccountId;
  }

  private async accountViews(session: BankSession): Promise<Json[]> {
    const accounts = await session.ask('accounts', (api, grant, ctx) => api.listAccounts(ctx, grant));
    const features = {
      supportsSendPayment: session.feature('supports_send_payment'),
      supportsReceivePayment: session.feature('supports_receive_payment'),
    };
    return accounts.map((account) => accountView(session.bankId, account, features));
  }

  private async balanceOf(session: BankSession, call: AccountCall, accountId: string): Promise<Json> {
    const bankAccountId = this.bankAccountId(session, accountId);
    if (!session.feature('supports_balance')) throw unsupported(session.bankId, 'balances');
    return this.kept(session, call, `balance:${bankAccountId}`, async () =>
      balanceView(
        accountId,
        await session.ask(accountId, (api, grant, ctx) => api.getBalances(ctx, grant, bankAccountId)),
      ),
    );
  }

  /** The account's transactions, newest first, over every page the bank answers. */
  private async transactionViews(
    session: BankSession,
    call: AccountCall,
    accountId: string,
    filter: TransactionQuery,
  ): Promise<Json[]> {
    const bankAccountId = this.bankAccountId(session, accountId);
    return this.kept(session, call, transactionsKey(bankAccountId, filter), async () => {
      const entries = await session.ask(accountId, (api, grant, ctx) =>
        api.listTransactions(ctx, grant, bankAccountId, filter),
      );
      return [...entries]
        .sort((a, b) => Date.parse(b.bookingDateTime) - Date.parse(a.bookingDateTime))
        .map((entry) => transactionView(session.consent.tokenId, entry));
    });
  }

  private async standingOrderViews(session: BankSession, accountId: string): Promise<Json[]> {
    const bankAccountId = this.bankAccountId(session, accountId);
    if (!session.feature('supports_standing_order_list')) throw unsupported(session.bankId, 'standing orders');
    const orders = await session.ask(accountId, (api, grant, ctx) => api.listStandingOrders(ctx, grant, bankAccountId));
    return orders.map((order) => standingOrderView(session.consent.tokenId, order));
  }

  /** A read kept for the token (unless the caller asked for a fresh one), else made and kept. */
  private async kept<T>(session: BankSession, call: AccountCall, key: string, read: () => Promise<T>): Promise<T> {
    const owner = { memberId: call.memberId, tokenId: session.consent.tokenId };
    if (call.noCache !== true) {
      const known = await this.cache.find<T>(owner, key);
      if (known !== undefined) return known;
    }
    const value = await read();
    await this.cache.store(owner, key, value);
    return value;
  }
}
