import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GetSettlementAccountUseCase,
  GetSettlementTransactionUseCase,
  ListSettlementTransactionsUseCase,
  ReadSettlementCreditsUseCase,
  SettlementCreditBooking,
  settlementCreditTimerId,
  type PageRequest,
} from '#libs/application';
import type { ConnectedConfig } from '#libs/common';
import {
  BankUnavailableError,
  SettlementProviderRegistry,
  type SettlementCredit,
  type SettlementCreditPage,
  type SettlementCreditQuery,
  type SettlementProviderConnector,
} from '#libs/connectors';
import {
  closeDataStores,
  openDataStores,
  type DataStores,
  type SettlementAccount,
  type SettlementTransactionListFilter,
} from '#libs/db';
import { newId, type MemberId } from '#libs/domain';
import { testConfig } from '../support/test-env.js';

const MEMBER = 'm:settlement-intake';
const OTHER_MEMBER = 'm:settlement-intake-other';
const PROVIDER = 'intake-test';

/**
 * A provider's credit feed: credits in the order received, the cursor the index after the last
 * one answered. `failNext` makes the next read fail; `repeatLast` answers the last credit again.
 */
class CreditFeed implements Pick<SettlementProviderConnector, 'providerId' | 'listCredits'> {
  readonly providerId = PROVIDER;
  readonly credits: SettlementCredit[] = [];
  readonly queries: SettlementCreditQuery[] = [];
  failNext = false;
  repeatLast = false;

  listCredits(_ctx: unknown, _account: string, query: SettlementCreditQuery): Promise<SettlementCreditPage> {
    this.queries.push(query);
    if (this.failNext) {
      this.failNext = false;
      return Promise.reject(new BankUnavailableError(PROVIDER, 503));
    }
    const start = query.cursor === undefined ? 0 : Number(query.cursor);
    const page = this.credits.slice(start, start + (query.limit ?? 100));
    const repeated = this.repeatLast && this.credits.length > 0 ? [this.credits[this.credits.length - 1]] : [];
    return Promise.resolve({ credits: [...repeated, ...page], cursor: String(start + page.length) });
  }
}

let stores: DataStores;
let config: ConnectedConfig;
const logger = pino({ level: 'silent' });

function credit(n: number, amount = '10.00', currency = 'EUR'): SettlementCredit {
  return {
    providerPaymentId: `pp-${n}`,
    amount: { value: amount, currency },
    createdDateTime: new Date(Date.UTC(2026, 10, 27, 10, 0, n)).toISOString(),
    description: `Order ${n}`,
    localInstrument: 'SEPA_INSTANT',
    debtor: { name: `Payer ${n}`, iban: 'DE89370400440532013000' },
    refId: `ref-${n}`,
  };
}

async function newAccount(memberId = MEMBER): Promise<SettlementAccount> {
  const id = newId('pa');
  const now = new Date();
  return stores.repositories.settlementAccounts.insert({
    id,
    memberId,
    providerId: PROVIDER,
    providerAccountId: `prov-${id}`,
    status: 'ACTIVE',
    currency: 'EUR',
    country: 'DE',
    accountName: 'Intake Test',
    iban: 'DE02100100109307118603',
    bic: 'PBNKDEFF',
    createdAt: now,
    updatedAt: now,
  });
}

function booking(): SettlementCreditBooking {
  const r = stores.repositories;
  return new SettlementCreditBooking(
    r.transactions,
    r.settlementAccounts,
    r.settlementTransactions,
    r.settlementLedger,
    stores.clock,
    logger,
  );
}

function reader(feed: CreditFeed): ReadSettlementCreditsUseCase {
  const r = stores.repositories;
  const registry = new SettlementProviderRegistry({ [PROVIDER]: () => feed as unknown as SettlementProviderConnector });
  return new ReadSettlementCreditsUseCase(
    r.settlementAccounts,
    r.scheduledJobs,
    registry,
    booking(),
    stores.clock,
    config,
    logger,
  );
}

async function creditEvents(accountId: string): Promise<Array<Record<string, unknown>>> {
  const rows = await stores.prisma.$queryRawUnsafe<Array<{ body: string }>>(
    `SELECT body::text AS body FROM outbox_event WHERE event_type = 'VIRTUAL_ACCOUNT_CREDIT_RECEIVED' ORDER BY created_at, id`,
  );
  return rows
    .map(
      (row) =>
        (JSON.parse(row.body) as { virtualAccountCreditReceived: Record<string, unknown> })
          .virtualAccountCreditReceived,
    )
    .filter((payload) => payload['providerAccountId'] === accountId);
}

async function transactionCount(accountId: string): Promise<number> {
  return stores.prisma.settlementTransaction.count({ where: { accountId } });
}

beforeAll(async () => {
  config = await testConfig({ SETTLEMENT_CREDIT_PAGE_SIZE: '5' });
  stores = await openDataStores(config, { service: 'settlement-intake-test' });
  for (const id of [MEMBER, OTHER_MEMBER])
    await stores.prisma.member.upsert({ where: { id }, create: { id, name: id }, update: {} });
});

afterAll(async () => {
  await closeDataStores(stores);
});

describe('settlement credit booking (real Postgres)', () => {
  it('books a credit in one transaction: the CREDIT row, the ledger entry, the event with the interface payload', async () => {
    const account = await newAccount();
    const result = await booking().bookPage(account, [credit(1, '12.34')]);
    expect(result).toEqual({ booked: 1, repeats: 0, refused: 0 });
    const rows = await stores.prisma.settlementTransaction.findMany({ where: { accountId: account.id } });
    expect(rows).toHaveLength(1);
    const row = rows[0];
    expect(row.transactionType).toBe('CREDIT');
    expect(row.amount.toString()).toBe('12.34');
    expect(row.creditor).toEqual({
      name: 'Intake Test',
      iban: 'DE02100100109307118603',
      bic: 'PBNKDEFF',
    });
    const entries = await stores.repositories.settlementLedger.entries(account.id);
    expect(entries).toEqual([
      expect.objectContaining({ kind: 'CREDIT', sourceId: row.id, amount: '12.3400', bookedAfter: '12.3400' }),
    ]);
    expect(await stores.repositories.settlementLedger.balances(account.id)).toEqual({
      bookedBalance: '12.34',
      clearedBalance: '12.34',
      availableBalance: '12.34',
    });
    expect(await creditEvents(account.id)).toEqual([
      {
        providerPaymentId: 'pp-1',
        amount: '12.34',
        currency: 'EUR',
        paymentCreatedTime: credit(1).createdDateTime,
        description: 'Order 1',
        providerAccountId: account.id,
        locaInstrument: 'SEPA_INSTANT',
        debtorInformation: { name: 'Payer 1' },
        creditorInformation: { name: 'Intake Test' },
        memberId: MEMBER,
      },
    ]);
  });

  it('books a credit seen twice once, and refuses a credit in another currency or of no amount', async () => {
    const account = await newAccount();
    const page = [credit(1), credit(2), credit(1)];
    expect(await booking().bookPage(account, page)).toEqual({ booked: 2, repeats: 1, refused: 0 });
    expect(await booking().bookPage(account, page)).toEqual({ booked: 0, repeats: 3, refused: 0 });
    expect(await booking().bookPage(account, [credit(3, '5.00', 'GBP'), credit(4, '0.00')])).toEqual({
      booked: 0,
      repeats: 0,
      refused: 2,
    });
    expect(await transactionCount(account.id)).toBe(2);
    expect(await creditEvents(account.id)).toHaveLength(2);
    expect((await stores.repositories.settlementLedger.balances(account.id))?.bookedBalance).toBe('20.00');
  });

  it('the same credits booked by concurrent readers: each once', async () => {
    const account = await newAccount();
    const page = Array.from({ length: 20 }, (_, i) => credit(i + 1, '1.25'));
    const results = await Promise.all([booking().bookPage(account, page), booking().bookPage(account, page)]);
    expect(results.reduce((sum, result) => sum + result.booked, 0)).toBe(20);
    expect(await transactionCount(account.id)).toBe(20);
    expect(await creditEvents(account.id)).toHaveLength(20);
    expect((await stores.repositories.settlementLedger.balances(account.id))?.bookedBalance).toBe('25.00');
  });
});

describe('settlement credit reader (real Postgres, a provider-shaped feed)', () => {
  it('reads page by page after the stored cursor, saves the cursor after each page and keeps its timer', async () => {
    const account = await newAccount();
    const feed = new CreditFeed();
    feed.credits.push(...Array.from({ length: 12 }, (_, i) => credit(i + 1)));
    const outcome = await reader(feed).execute({ accountId: account.id });
    expect(outcome).toEqual({ kind: 'read', pages: 3, booked: 12, repeats: 0 });
    expect(feed.queries.map((query) => query.cursor)).toEqual([undefined, '5', '10']);
    const stored = await stores.repositories.settlementAccounts.findById(account.id);
    expect(stored?.creditCursor).toBe('12');
    const timer = await stores.prisma.scheduledJob.findUnique({ where: { id: settlementCreditTimerId(account.id) } });
    expect(timer?.jobName).toBe('settlement.read-credits');
    const dueIn = (timer?.dueAt.getTime() ?? 0) - stores.clock.nowMs();
    expect(dueIn).toBeGreaterThan(25_000);
    expect(dueIn).toBeLessThanOrEqual(30_000);

    feed.credits.push(credit(13));
    expect(await reader(feed).execute({ accountId: account.id })).toEqual({
      kind: 'read',
      pages: 1,
      booked: 1,
      repeats: 0,
    });
    expect(feed.queries.at(-1)?.cursor).toBe('12');
    expect(await transactionCount(account.id)).toBe(13);
  });

  it('a crash after booking part of a page and before the cursor: the page is read again and booked once', async () => {
    const account = await newAccount();
    const feed = new CreditFeed();
    feed.credits.push(...Array.from({ length: 5 }, (_, i) => credit(i + 1, '2.00')));
    // The first run booked three credits of the page, then died: no cursor was saved.
    await booking().bookPage(account, feed.credits.slice(0, 3));
    const outcome = await reader(feed).execute({ accountId: account.id });
    expect(outcome).toEqual({ kind: 'read', pages: 2, booked: 2, repeats: 3 });
    expect(await transactionCount(account.id)).toBe(5);
    expect(await creditEvents(account.id)).toHaveLength(5);
    expect((await stores.repositories.settlementLedger.balances(account.id))?.bookedBalance).toBe('10.00');
  });

  it('a run overtaken by another (a slow provider answer) books nothing twice and never moves the cursor back', async () => {
    const account = await newAccount();
    const feed = new CreditFeed();
    feed.credits.push(...Array.from({ length: 12 }, (_, i) => credit(i + 1)));
    // The slow run's first page is answered only after a second run has read everything.
    let answerSlow: () => void = () => undefined;
    const slowAnswer = new Promise<void>((resolve) => (answerSlow = resolve));
    const slowFeed = {
      providerId: PROVIDER,
      listCredits: async (ctx: unknown, providerAccount: string, query: SettlementCreditQuery) => {
        const page = await feed.listCredits(ctx, providerAccount, query);
        await slowAnswer;
        return page;
      },
    } as unknown as CreditFeed;
    const slow = reader(slowFeed).execute({ accountId: account.id });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await reader(feed).execute({ accountId: account.id })).toEqual({
      kind: 'read',
      pages: 3,
      booked: 12,
      repeats: 0,
    });
    expect((await stores.repositories.settlementAccounts.findById(account.id))?.creditCursor).toBe('12');
    answerSlow();
    expect(await slow).toEqual({ kind: 'read', pages: 1, booked: 0, repeats: 5 });
    expect((await stores.repositories.settlementAccounts.findById(account.id))?.creditCursor).toBe('12');
    expect(await transactionCount(account.id)).toBe(12);
    expect(await creditEvents(account.id)).toHaveLength(12);
  });

  it('a provider repeating a credit: booked once', async () => {
    const account = await newAccount();
    const feed = new CreditFeed();
    feed.credits.push(credit(1), credit(2));
    feed.repeatLast = true;
    await reader(feed).execute({ accountId: account.id });
    await reader(feed).execute({ accountId: account.id });
    expect(await transactionCount(account.id)).toBe(2);
    expect((await stores.repositories.settlementLedger.balances(account.id))?.bookedBalance).toBe('20.00');
  });

  it('a provider error keeps the cursor and the timer; the next run goes on from there', async () => {
    const account = await newAccount();
    const feed = new CreditFeed();
    feed.credits.push(credit(1));
    await reader(feed).execute({ accountId: account.id });
    feed.credits.push(credit(2));
    feed.failNext = true;
    expect(await reader(feed).execute({ accountId: account.id })).toEqual({ kind: 'provider-error', booked: 0 });
    expect((await stores.repositories.settlementAccounts.findById(account.id))?.creditCursor).toBe('1');
    expect(await stores.prisma.scheduledJob.count({ where: { id: settlementCreditTimerId(account.id) } })).toBe(1);
    expect(await reader(feed).execute({ accountId: account.id })).toEqual({
      kind: 'read',
      pages: 1,
      booked: 1,
      repeats: 0,
    });
  });

  it('an account not opened at its provider is not read and its reader ends', async () => {
    const account = await newAccount();
    await stores.prisma.settlementAccount.update({ where: { id: account.id }, data: { status: 'OPENING' } });
    const feed = new CreditFeed();
    expect(await reader(feed).execute({ accountId: account.id })).toEqual({ kind: 'ended', reason: 'OPENING' });
    expect(feed.queries).toHaveLength(0);
    expect(await stores.prisma.scheduledJob.count({ where: { id: settlementCreditTimerId(account.id) } })).toBe(0);
  });
});

describe('settlement account queries (real Postgres)', () => {
  const r = () => stores.repositories;
  const getAccount = (memberId: MemberId, accountId: string) =>
    new GetSettlementAccountUseCase(r().settlementAccounts).execute({ memberId, accountId });
  const listTransactions = (
    memberId: MemberId,
    accountId: string,
    page: PageRequest,
    filter: SettlementTransactionListFilter,
  ) =>
    new ListSettlementTransactionsUseCase(r().settlementAccounts, r().settlementTransactions).execute({
      memberId,
      accountId,
      page,
      filter,
    });
  // A booked transaction is answered from its row: no provider is asked.
  const getTransaction = (memberId: MemberId, accountId: string, providerPaymentId: string) =>
    new GetSettlementTransactionUseCase(
      r().settlementAccounts,
      r().settlementTransactions,
      new SettlementProviderRegistry({}),
      booking(),
      config,
    ).execute({ memberId, accountId, providerPaymentId });
  const member = MEMBER as MemberId;
  const other = OTHER_MEMBER as MemberId;

  it('pages the transactions newest first, filters them, and answers another member 404', async () => {
    const account = await newAccount();
    await booking().bookPage(
      account,
      Array.from({ length: 7 }, (_, i) => credit(i + 1, `${i + 1}.00`)),
    );
    const first = await listTransactions(member, account.id, { limit: 3 }, {});
    expect(first.transactions.map((t) => t.providerPaymentId)).toEqual(['pp-7', 'pp-6', 'pp-5']);
    expect(first.pageInfo).toMatchObject({ limit: 3, haveMore: true });
    const second = await listTransactions(member, account.id, { limit: 5, offset: first.pageInfo.nextOffset! }, {});
    expect(second.transactions.map((t) => t.providerPaymentId)).toEqual(['pp-4', 'pp-3', 'pp-2', 'pp-1']);
    expect(second.pageInfo.haveMore).toBe(false);
    const filtered = await listTransactions(member, account.id, { limit: 10 }, { amount: '3.00' });
    expect(filtered.transactions.map((t) => t.refId)).toEqual(['ref-3']);
    const one = await getTransaction(member, account.id, 'pp-2');
    expect(one.transaction).toMatchObject({
      providerPaymentId: 'pp-2',
      transactionType: 'CREDIT',
      amount: { value: '2.00', currency: 'EUR' },
      localInstrument: 'SEPA_INSTANT',
      debtor: { name: 'Payer 2', iban: 'DE89370400440532013000' },
      creditor: { name: 'Intake Test', iban: 'DE02100100109307118603', bic: 'PBNKDEFF' },
    });
    await expect(getAccount(other, account.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(getTransaction(other, account.id, 'pp-2')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(listTransactions(other, account.id, { limit: 3 }, {})).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});
