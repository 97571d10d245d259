import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SettlementCreditBooking } from '#libs/application';
import type { SettlementCredit } from '#libs/connectors';
import { closeDataStores, openDataStores, type DataStores, type SettlementAccount } from '#libs/db';
import { newId } from '#libs/domain';
import {
  call,
  newMember,
  startGateway,
  type Answer,
  type TestGateway,
  type TestMember,
} from '../support/payments-gateway.js';
import { expectReferenceSchema } from '../support/reference-schema.js';
import { createSubTpp, newReseller } from '../support/sub-tpps.js';

/**
 * The settlement account routes against the real gateway and Postgres: every creation rule's
 * 400 naming its field, accounts and their transactions in the reference's shapes with paging
 * and filters, another member's account and transaction 404. The accounts read here are stored
 * as the creation flow leaves them once the provider has answered; the credits are booked by the
 * intake's booking use case.
 */

type Json = Record<string, unknown>;
interface ErrorAnswer {
  readonly error: { readonly errorCode?: string; readonly message: string; readonly paths?: readonly string[] };
}
interface AccountsPage {
  readonly virtualAccount: Json[];
  readonly pageInfo: { limit: number; offset?: string; nextOffset?: string; haveMore: boolean };
}
interface TransactionsPage {
  readonly transactions: Json[];
  readonly pageInfo: { limit: number; offset?: string; nextOffset?: string; haveMore: boolean };
}

let gateway: TestGateway;
let stores: DataStores;
let member: TestMember;
let other: TestMember;

function api<T = Json>(method: string, path: string, body?: unknown, who: TestMember = member): Promise<Answer<T>> {
  return call<T>(`${gateway.apiUrl}${path}`, method, who.auth, body);
}

let created = 0;
async function storedAccount(
  memberId: string,
  fields: Partial<SettlementAccount> & Pick<SettlementAccount, 'currency' | 'country'>,
): Promise<SettlementAccount> {
  const id = newId('pa');
  created += 1;
  const at = new Date(Date.UTC(2026, 10, 1, 0, 0, created));
  const euro = fields.currency === 'EUR';
  return stores.repositories.settlementAccounts.insert({
    id,
    memberId,
    providerId: 'sandbox-bank',
    providerAccountId: `prov-${id}`,
    status: 'ACTIVE',
    accountName: 'Acme Settlement',
    ...(euro ? { iban: 'DE02100100109307118603', bic: 'PBNKDEFF' } : { sortCode: '040004', accountNumber: '12345678' }),
    createdAt: at,
    updatedAt: at,
    ...fields,
  });
}

function credit(n: number, amount: string): SettlementCredit {
  return {
    providerPaymentId: `pp-${n}`,
    amount: { value: amount, currency: 'EUR' },
    createdDateTime: new Date(Date.UTC(2026, 10, n, 9, 30)).toISOString(),
    description: `Invoice ${n}`,
    localInstrument: 'SEPA',
    debtor: { name: `Payer ${n}`, iban: 'DE89370400440532013000' },
    refId: `ref-${n}`,
  };
}

beforeAll(async () => {
  gateway = await startGateway();
  stores = await openDataStores(gateway.config, { service: 'virtual-accounts-test' });
  member = await newMember(gateway);
  other = await newMember(gateway);
}, 120_000);

afterAll(async () => {
  await closeDataStores(stores);
  await gateway.close();
});

describe('POST /virtual-accounts: each rule a 400 naming the field', () => {
  const cases: ReadonlyArray<readonly [string, Json, string]> = [
    ['no currency', { country: 'DE' }, 'currency'],
    ['a currency that is not ISO 4217', { currency: 'EURO', country: 'DE' }, 'currency'],
    ['a currency settlement accounts are not opened in', { currency: 'USD', country: 'US' }, 'currency'],
    ['no country', { currency: 'EUR' }, 'country'],
    ['a lower-case country', { currency: 'EUR', country: 'de' }, 'country'],
    ['a country that is no ISO 3166 code', { currency: 'EUR', country: 'XX' }, 'country'],
    [
      'a nickname over 50 characters',
      { currency: 'EUR', country: 'DE', accountNickName: 'a'.repeat(51) },
      'accountNickName',
    ],
    [
      'a nickname with other characters',
      { currency: 'EUR', country: 'DE', accountNickName: 'shop!' },
      'accountNickName',
    ],
    [
      'an onBehalfOfId that is none of the member’s sub-TPPs',
      { currency: 'EUR', country: 'DE', onBehalfOfId: 'st:nobody' },
      'onBehalfOfId',
    ],
  ];
  for (const [name, body, field] of cases)
    it(name, async () => {
      const answer = await api<ErrorAnswer>('POST', '/virtual-accounts', body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body.error.paths).toEqual([field]);
      expect(answer.body.error.message).toContain(field);
    });

  it('an unregulated member without onBehalfOfId', async () => {
    const unregulated = await newMember(gateway, { regulated: false });
    const answer = await api<ErrorAnswer>('POST', '/virtual-accounts', { currency: 'EUR', country: 'DE' }, unregulated);
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(answer.body.error.paths).toEqual(['onBehalfOfId']);
  });

  it('another member’s sub-TPP as onBehalfOfId', async () => {
    const reseller = await newReseller(gateway);
    const subTppId = await createSubTpp(gateway, reseller);
    const answer = await api<ErrorAnswer>('POST', '/virtual-accounts', {
      currency: 'EUR',
      country: 'DE',
      onBehalfOfId: subTppId,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(answer.body.error.paths).toEqual(['onBehalfOfId']);
  });
});

describe('GET /virtual-accounts and GET /virtual-accounts/{accountId}', () => {
  it('lists the member’s accounts newest first in pages, filtered, each in the reference’s shape', async () => {
    const lister = await newMember(gateway);
    const eur = await storedAccount(lister.id, { currency: 'EUR', country: 'DE', accountNickName: 'Main EUR' });
    const gbp = await storedAccount(lister.id, { currency: 'GBP', country: 'GB', accountNickName: 'Main GBP' });
    const nl = await storedAccount(lister.id, { currency: 'EUR', country: 'NL' });
    // Not opened at the provider: never listed.
    await storedAccount(lister.id, { currency: 'EUR', country: 'DE', status: 'OPENING' });
    await storedAccount(other.id, { currency: 'EUR', country: 'DE' });

    const first = await api<AccountsPage>('GET', '/virtual-accounts?limit=2', undefined, lister);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expectReferenceSchema('GetVirtualAccountsResponse', first.body, 'GET /virtual-accounts');
    expect(first.body.virtualAccount.map((account) => account['accountId'])).toEqual([nl.id, gbp.id]);
    expect(first.body.pageInfo).toMatchObject({ limit: 2, haveMore: true });
    const second = await api<AccountsPage>(
      'GET',
      `/virtual-accounts?limit=2&offset=${first.body.pageInfo.nextOffset ?? ''}`,
      undefined,
      lister,
    );
    expect(second.body.virtualAccount.map((account) => account['accountId'])).toEqual([eur.id]);
    expect(second.body.pageInfo).toMatchObject({ limit: 2, haveMore: false });
    expect(second.body.pageInfo.nextOffset).toBeUndefined();

    const all = await api<AccountsPage>('GET', '/virtual-accounts', undefined, lister);
    expect(all.body.pageInfo.limit).toBe(200);
    expect(all.body.virtualAccount).toHaveLength(3);
    const clamped = await api<AccountsPage>('GET', '/virtual-accounts?limit=5000', undefined, lister);
    expect(clamped.body.pageInfo.limit).toBe(200);

    const gbpOnly = await api<AccountsPage>('GET', '/virtual-accounts?currency=GBP', undefined, lister);
    expect(gbpOnly.body.virtualAccount).toEqual([
      {
        accountId: gbp.id,
        status: 'ACTIVE',
        currency: 'GBP',
        country: 'GB',
        accountNickName: 'Main GBP',
        accountName: 'Acme Settlement',
        sortCode: '040004',
        accountNumber: '12345678',
        availableBalance: '0.00',
        bookedBalance: '0.00',
        clearedBalance: '0.00',
        createdDateTime: gbp.createdAt.toISOString(),
        updatedDateTime: gbp.updatedAt.toISOString(),
      },
    ]);
    const byCountry = await api<AccountsPage>('GET', '/virtual-accounts?country=NL', undefined, lister);
    expect(byCountry.body.virtualAccount.map((account) => account['accountId'])).toEqual([nl.id]);
    const byNick = await api<AccountsPage>('GET', '/virtual-accounts?nickname=Main%20EUR', undefined, lister);
    expect(byNick.body.virtualAccount.map((account) => account['accountId'])).toEqual([eur.id]);
  });

  it('refuses a limit below 1 and an offset it did not hand out, naming them', async () => {
    for (const [query, field] of [
      ['limit=0', 'limit'],
      ['limit=abc', 'limit'],
      ['offset=not-an-offset', 'offset'],
    ] as const) {
      const answer = await api<ErrorAnswer>('GET', `/virtual-accounts?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body.error.paths).toEqual([field]);
    }
  });

  it('answers one account with its balances; another member’s, an unopened one and an unknown id are 404', async () => {
    const account = await storedAccount(member.id, { currency: 'EUR', country: 'DE' });
    const one = await api<{ virtualAccount: Json }>('GET', `/virtual-accounts/${account.id}`);
    expect(one.status).toBe(200);
    expectReferenceSchema('GetVirtualAccountByIdResponse', one.body, 'GET /virtual-accounts/{accountId}');
    expect(one.body.virtualAccount).toMatchObject({
      accountId: account.id,
      iban: 'DE02100100109307118603',
      bic: 'PBNKDEFF',
      bookedBalance: '0.00',
    });
    const opening = await storedAccount(member.id, { currency: 'EUR', country: 'DE', status: 'OPENING' });
    for (const [path, who] of [
      [`/virtual-accounts/${account.id}`, other],
      [`/virtual-accounts/${opening.id}`, member],
      ['/virtual-accounts/pa:unknown', member],
    ] as const) {
      const missing = await api<ErrorAnswer>('GET', path, undefined, who);
      expect(missing.status, path).toBe(404);
      expect(missing.body.error.errorCode).toBe('NOT_FOUND');
    }
  });
});

describe('GET /virtual-accounts/{accountId}/transactions[/{providerPaymentId}]', () => {
  it('answers the credits booked with every field, in pages, filtered; balances moved; another member 404', async () => {
    const account = await storedAccount(member.id, { currency: 'EUR', country: 'DE' });
    const booking = new SettlementCreditBooking(
      stores.repositories.transactions,
      stores.repositories.settlementAccounts,
      stores.repositories.settlementTransactions,
      stores.repositories.settlementLedger,
      stores.clock,
      pino({ level: 'silent' }),
    );
    await booking.bookPage(account, [credit(1, '10.00'), credit(2, '20.50'), credit(3, '5.25')]);

    const got = await api<{ virtualAccount: Json }>('GET', `/virtual-accounts/${account.id}`);
    expect(got.body.virtualAccount).toMatchObject({
      bookedBalance: '35.75',
      clearedBalance: '35.75',
      availableBalance: '35.75',
    });

    const page = await api<TransactionsPage>('GET', `/virtual-accounts/${account.id}/transactions?limit=2`);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    expectReferenceSchema('GetVirtualAccountTransactionsResponse', page.body, 'GET transactions');
    expect(page.body.transactions[0]).toEqual({
      providerPaymentId: 'pp-3',
      transactionType: 'CREDIT',
      amount: { value: '5.25', currency: 'EUR' },
      createdDateTime: credit(3, '5.25').createdDateTime,
      description: 'Invoice 3',
      localInstrument: 'SEPA',
      refId: 'ref-3',
      debtor: { name: 'Payer 3', iban: 'DE89370400440532013000' },
      creditor: { name: 'Acme Settlement', iban: 'DE02100100109307118603', bic: 'PBNKDEFF' },
    });
    expect(page.body.transactions.map((t) => t['providerPaymentId'])).toEqual(['pp-3', 'pp-2']);
    expect(page.body.pageInfo.haveMore).toBe(true);
    const rest = await api<TransactionsPage>(
      'GET',
      `/virtual-accounts/${account.id}/transactions?limit=2&offset=${page.body.pageInfo.nextOffset ?? ''}`,
    );
    expect(rest.body.transactions.map((t) => t['providerPaymentId'])).toEqual(['pp-1']);

    for (const [query, ids] of [
      ['refId=ref-2', ['pp-2']],
      ['amount=10.00', ['pp-1']],
      ['providerPaymentId=pp-3', ['pp-3']],
      ['transactionType=CREDIT', ['pp-3', 'pp-2', 'pp-1']],
      ['transactionType=DEBIT', []],
      ['startDate=2026-11-02&endDate=2026-11-02', ['pp-2']],
      ['startDate=2026-11-02', ['pp-3', 'pp-2']],
    ] as const) {
      const filtered = await api<TransactionsPage>('GET', `/virtual-accounts/${account.id}/transactions?${query}`);
      expect(filtered.status, query).toBe(200);
      expect(
        filtered.body.transactions.map((t) => t['providerPaymentId']),
        query,
      ).toEqual(ids);
    }
    for (const [query, field] of [
      ['transactionType=BOTH', 'transactionType'],
      ['startDate=2026-13-01', 'startDate'],
      ['amount=ten', 'amount'],
    ] as const) {
      const refused = await api<ErrorAnswer>('GET', `/virtual-accounts/${account.id}/transactions?${query}`);
      expect(refused.status, query).toBe(400);
      expect(refused.body.error.paths).toEqual([field]);
    }

    const one = await api<{ transaction: Json }>('GET', `/virtual-accounts/${account.id}/transactions/pp-2`);
    expect(one.status).toBe(200);
    expectReferenceSchema('GetVirtualAccountTransactionResponse', one.body, 'GET one transaction');
    expect(one.body.transaction).toMatchObject({ providerPaymentId: 'pp-2', amount: { value: '20.50' } });

    for (const path of [
      `/virtual-accounts/${account.id}/transactions`,
      `/virtual-accounts/${account.id}/transactions/pp-2`,
    ]) {
      const foreign = await api<ErrorAnswer>('GET', path, undefined, other);
      expect(foreign.status, path).toBe(404);
      expect(foreign.body.error.errorCode).toBe('NOT_FOUND');
    }
    const unknown = await api<ErrorAnswer>('GET', `/virtual-accounts/${account.id}/transactions/pp-404`);
    expect(unknown.status).toBe(404);
  });

  it('answers the payment, transfer, payout or refund a transaction belongs to when it has one', async () => {
    const account = await storedAccount(member.id, { currency: 'EUR', country: 'DE' });
    await stores.prisma.settlementTransaction.create({
      data: {
        id: newId('stx'),
        accountId: account.id,
        memberId: member.id,
        transactionType: 'DEBIT',
        providerPaymentId: 'po-1',
        amount: '7.00',
        currency: 'EUR',
        localInstrument: 'SEPA_INSTANT',
        payoutId: 'po:123',
        creditor: { name: 'Supplier', iban: 'DE89370400440532013000' },
        createdDateTime: new Date(),
        receivedAt: new Date(),
      },
    });
    const one = await api<{ transaction: Json }>('GET', `/virtual-accounts/${account.id}/transactions/po-1`);
    expect(one.status).toBe(200);
    expectReferenceSchema('GetVirtualAccountTransactionResponse', one.body, 'GET a debit');
    expect(one.body.transaction).toMatchObject({ transactionType: 'DEBIT', payoutId: 'po:123' });
    expect(one.body.transaction['paymentId']).toBeUndefined();
  });
});
