import { expect } from 'vitest';
import { expectReferenceSchema } from '../../support/reference-schema.js';
import { call, type Answer, type TestGateway, type TestMember } from '../../support/payments-gateway.js';

type Json = Record<string, unknown>;

/** A user present at the TPP: reads carry the user's IP and do not spend the TPP-initiated allowance. */
export const USER_IP = '203.0.113.7';

export interface ReadOptions {
  readonly ip?: string | undefined;
  readonly noCache?: boolean;
  readonly tokenId?: string | undefined;
}

/** GET an account-information path of the gateway for `member` on behalf of `tokenId`. */
export function read<T = Json>(
  gateway: TestGateway,
  member: TestMember,
  tokenId: string | undefined,
  path: string,
  options: { readonly ip?: string | undefined; readonly noCache?: boolean } = { ip: USER_IP },
): Promise<Answer<T>> {
  return call<T>(`${gateway.apiUrl}${path}`, 'GET', member.auth, undefined, {
    ...(tokenId === undefined ? {} : { 'on-behalf-of': tokenId }),
    ...(options.ip === undefined ? {} : { 'token-customer-ip-address': options.ip }),
    ...(options.noCache === true ? { 'cache-control': 'no-cache' } : {}),
  });
}

const enc = encodeURIComponent;

/** Every transaction of an account, page after page of `limit`, each page checked against the reference. */
export async function allTransactions(
  gateway: TestGateway,
  member: TestMember,
  tokenId: string,
  accountId: string,
  limit: number,
  filter = '',
): Promise<{ readonly transactions: Json[]; readonly pages: number }> {
  const transactions: Json[] = [];
  let offset: string | undefined;
  let pages = 0;
  do {
    const page = await read<{ transactions: Json[]; offset?: string; status: string }>(
      gateway,
      member,
      tokenId,
      `/accounts/${enc(accountId)}/transactions?page.limit=${limit}${offset === undefined ? '' : `&page.offset=${enc(offset)}`}${filter}`,
    );
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    expectReferenceSchema('GetTransactionsResponse', page.body, 'GET /accounts/{id}/transactions');
    expect(page.body.status).toBe('SUCCESSFUL_REQUEST');
    expect(page.body.transactions.length).toBeLessThanOrEqual(limit);
    transactions.push(...page.body.transactions);
    offset = page.body.offset;
    pages += 1;
  } while (offset !== undefined && pages < 100);
  return { transactions, pages };
}

/** Cents of a decimal string (signed). */
export function cents(value: string): bigint {
  const negative = value.startsWith('-');
  const [whole = '0', fraction = ''] = value.replace('-', '').split('.');
  const amount = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
  return negative ? -amount : amount;
}

/**
 * Every endpoint for the token's user: the accounts, one account, all balances, one balance, the
 * transactions (all pages), one transaction, and standing orders where the bank has them; each
 * answer checked against the reference schema. Returns what was read.
 */
export async function readEverything(
  gateway: TestGateway,
  member: TestMember,
  tokenId: string,
  options: { readonly standingOrders: boolean; readonly filter?: string },
): Promise<{ readonly accounts: Json[]; readonly transactions: Json[]; readonly balances: Json[] }> {
  const listed = await read<{ accounts: Json[] }>(gateway, member, tokenId, '/accounts');
  expect(listed.status, JSON.stringify(listed.body)).toBe(200);
  expectReferenceSchema('GetAccountsResponse', listed.body, 'GET /accounts');
  const { accounts } = listed.body;
  expect(accounts.map((account) => (account['accountDetails'] as Json)['type'])).toEqual([
    ['CHECKING'],
    ['SAVINGS'],
    ['CARD'],
  ]);
  const current = accounts[0] ?? {};
  const currentId = current['id'] as string;

  const one = await read<{ account: Json }>(gateway, member, tokenId, `/accounts/${enc(currentId)}`);
  expect(one.status).toBe(200);
  expectReferenceSchema('GetAccountResponse', one.body, 'GET /accounts/{id}');
  expect(one.body.account).toEqual(current);

  const all = await read<{ response: Json[] }>(gateway, member, tokenId, '/account-balance');
  expect(all.status, JSON.stringify(all.body)).toBe(200);
  expectReferenceSchema('GetBalancesResponse', all.body, 'GET /account-balance');
  expect(all.body.response).toHaveLength(3);
  const named = await read<{ response: Json[] }>(
    gateway,
    member,
    tokenId,
    `/account-balance?accountId=${enc(currentId)}&accountId=${enc(accounts[2]?.['id'] as string)}`,
  );
  expect(named.body.response.map((entry) => (entry['balance'] as Json)['accountId'])).toEqual([
    currentId,
    accounts[2]?.['id'],
  ]);

  const balance = await read<{ balance: Json; status: string }>(
    gateway,
    member,
    tokenId,
    `/accounts/${enc(currentId)}/balance`,
  );
  expect(balance.status).toBe(200);
  expectReferenceSchema('GetBalanceResponse', balance.body, 'GET /accounts/{id}/balance');
  expect(balance.body.status).toBe('SUCCESSFUL_REQUEST');

  const { transactions, pages } = await allTransactions(gateway, member, tokenId, currentId, 100, options.filter);
  expect(transactions.length).toBeGreaterThan(200);
  expect(pages).toBeGreaterThan(2);
  expect(new Set(transactions.map((entry) => entry['id'])).size).toBe(transactions.length);
  const statuses = new Set(transactions.map((entry) => entry['status']));
  expect([...statuses].sort()).toEqual(['PROCESSING', 'SUCCESS']);
  expect(new Set(transactions.map((entry) => entry['type']))).toEqual(new Set(['CREDIT', 'DEBIT']));
  const times = transactions.map((entry) => Number(entry['createdAtMs']));
  expect([...times].sort((a, b) => b - a)).toEqual(times);
  // The balance agrees with the booked entries.
  const booked = transactions
    .filter((entry) => entry['status'] === 'SUCCESS')
    .reduce((sum, entry) => {
      const amount = cents((entry['amount'] as Json)['value'] as string);
      return entry['type'] === 'CREDIT' ? sum + amount : sum - amount;
    }, 0n);
  expect(booked).toBe(cents(((balance.body.balance['current'] as Json)['value'] as string) ?? '0'));

  // A recent entry: at Berlin Group banks a single entry is looked up within the last 90 days.
  const some = transactions[20] ?? {};
  const single = await read<{ transaction: Json }>(
    gateway,
    member,
    tokenId,
    `/accounts/${enc(currentId)}/transaction/${enc(some['id'] as string)}`,
  );
  expect(single.status).toBe(200);
  expectReferenceSchema('GetTransactionResponse', single.body, 'GET /accounts/{id}/transaction/{id}');
  expect(single.body.transaction).toEqual(some);

  const orders = await read<{ standingOrders: Json[] }>(
    gateway,
    member,
    tokenId,
    `/accounts/${enc(currentId)}/standing-orders?page.limit=10`,
  );
  if (!options.standingOrders) {
    expect(orders.status).toBe(501);
    expectReferenceSchema(
      'NotImplementedError',
      (orders.body as unknown as Json)['error'],
      'GET /accounts/{id}/standing-orders',
    );
  } else {
    expect(orders.status, JSON.stringify(orders.body)).toBe(200);
    expectReferenceSchema('GetStandingOrdersResponse', orders.body, 'GET /accounts/{id}/standing-orders');
    expect(orders.body.standingOrders.map((order) => [order['frequency'], order['status']])).toEqual([
      ['MNTH', 'ACTIVE'],
      ['MNTH', 'ACTIVE'],
      ['WEEK', 'INACTIVE'],
    ]);
    const first = orders.body.standingOrders[0] ?? {};
    const order = await read<{ standingOrder: Json }>(
      gateway,
      member,
      tokenId,
      `/accounts/${enc(currentId)}/standing-orders/${enc(first['id'] as string)}`,
    );
    expect(order.status).toBe(200);
    expectReferenceSchema('GetStandingOrderResponse', order.body, 'GET /accounts/{id}/standing-orders/{id}');
    expect(order.body.standingOrder).toEqual(first);
  }
  return { accounts, transactions, balances: all.body.response };
}
