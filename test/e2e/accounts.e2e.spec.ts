import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '#libs/domain';
import { expectReferenceSchema } from '../support/reference-schema.js';
import {
  ADMIN_TOKEN,
  advanceClock,
  call,
  newMember,
  startGateway,
  type TestGateway,
  type TestMember,
} from '../support/payments-gateway.js';
import { storeTokenRequest, ukTransferPayload } from '../support/token-requests.js';
import { accessToken, bankReads } from './accounts/account-consent.js';
import { allTransactions, read, readEverything, USER_IP } from './accounts/reads.js';

type Json = Record<string, unknown>;

let gateway: TestGateway;
let member: TestMember;
const enc = encodeURIComponent;

/** The error object of an error answer. */
const errorOf = (body: unknown): Json => ((body as Json)['error'] ?? {}) as Json;

beforeAll(async () => {
  gateway = await startGateway({ env: { PAYMENT_BANK_DEADLINE_MS: '4000' } });
  member = await newMember(gateway);
}, 120_000);

afterAll(async () => {
  await gateway?.close();
});

async function firstAccountId(tokenId: string): Promise<string> {
  const listed = await read<{ accounts: Json[] }>(gateway, member, tokenId, '/accounts');
  expect(listed.status, JSON.stringify(listed.body)).toBe(200);
  return listed.body.accounts[0]?.['id'] as string;
}

describe('account information at the UK sandbox bank', () => {
  it('every endpoint answers the user’s data in the reference shapes; paging walks the bank’s pages', async () => {
    const tokenId = await accessToken(gateway, member, 'ob-sandbox-gb', 'sandbox-success');
    const { accounts, transactions } = await readEverything(gateway, member, tokenId, { standingOrders: true });
    expect(accounts[0]).toMatchObject({
      bankId: 'ob-sandbox-gb',
      name: 'Current',
      accountDetails: {
        identifier: 'gbDomestic',
        currency: 'GBP',
        ProviderAccountDetails: {
          cma9AccountDetails: { accountType: 'PERSONAL_ACCOUNT', accountSubtype: 'CURRENT_ACCOUNT' },
        },
      },
      accountFeatures: { supportsInformation: true, supportsSendPayment: true },
    });
    expect(accounts[2]).toMatchObject({ accountDetails: { identifier: 'pan', type: ['CARD'] } });
    expect(transactions.some((entry) => entry['description'] === 'Salary')).toBe(true);
    // Pages of 37 over the bank's pages of 100 give the same list.
    const again = await allTransactions(gateway, member, tokenId, accounts[0]?.['id'] as string, 37);
    expect(again.transactions.map((entry) => entry['id'])).toEqual(transactions.map((entry) => entry['id']));
  });

  it('date filters narrow the list to the booking dates asked for', async () => {
    const tokenId = await accessToken(gateway, member, 'ob-sandbox-gb', 'sandbox-slow');
    const accountId = await firstAccountId(tokenId);
    const now = gateway.api.stores.clock.now();
    const day = (daysAgo: number): string => new Date(now.getTime() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    const { transactions } = await allTransactions(
      gateway,
      member,
      tokenId,
      accountId,
      100,
      `&startDate=${day(60)}&endDate=${day(30)}`,
    );
    expect(transactions.length).toBeGreaterThan(10);
    const from = Date.parse(`${day(60)}T00:00:00Z`);
    const to = Date.parse(`${day(30)}T23:59:59.999Z`);
    for (const entry of transactions) {
      expect(Number(entry['createdAtMs'])).toBeGreaterThanOrEqual(from);
      expect(Number(entry['createdAtMs'])).toBeLessThanOrEqual(to);
    }
    const bad = await read(
      gateway,
      member,
      tokenId,
      `/accounts/${enc(accountId)}/transactions?page.limit=10&startDate=2026-02-30`,
    );
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('startDate');
  });
});

describe('account information at a Berlin Group sandbox bank', () => {
  it('every endpoint in the reference shapes; standing orders 501; dateFrom/dateTo and bookingStatus over pages', async () => {
    const tokenId = await accessToken(gateway, member, 'ob-sandbox-eu', 'sandbox-success');
    const now = gateway.api.stores.clock.now();
    const yearAgo = new Date(now.getTime() - 366 * 86_400_000).toISOString().slice(0, 10);
    // Without startDate the bank is asked for 90 days (XS2A needs dateFrom); the year is asked for here.
    const { accounts } = await readEverything(gateway, member, tokenId, {
      standingOrders: false,
      filter: `&startDate=${yearAgo}`,
    });
    expect(accounts[0]).toMatchObject({
      bankId: 'ob-sandbox-eu',
      accountDetails: {
        identifier: 'iban',
        currency: 'EUR',
        bic: 'SBOXDEFF',
        ProviderAccountDetails: { nextGenPsd2AccountDetails: { cashAccountType: 'CACC', usage: 'PRIV' } },
      },
    });
    const start = new Date(now.getTime() - 20 * 86_400_000).toISOString().slice(0, 10);
    const { transactions } = await allTransactions(
      gateway,
      member,
      tokenId,
      accounts[0]?.['id'] as string,
      100,
      `&startDate=${start}`,
    );
    expect(transactions.length).toBeGreaterThan(3);
    expect(transactions.every((entry) => Number(entry['createdAtMs']) >= Date.parse(`${start}T00:00:00Z`))).toBe(true);
    expect(transactions.some((entry) => entry['status'] === 'PROCESSING')).toBe(true);
  });

  it('a bank whose catalogue entry has no date filter: 400 naming startDate', async () => {
    const tokenId = await accessToken(gateway, member, 'ob-sandbox-eu-redirect', 'sandbox-success');
    const accountId = await firstAccountId(tokenId);
    const answer = await read(
      gateway,
      member,
      tokenId,
      `/accounts/${enc(accountId)}/transactions?page.limit=5&startDate=2026-01-01`,
    );
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain('startDate');
    expect((await read(gateway, member, tokenId, `/accounts/${enc(accountId)}/transactions?page.limit=5`)).status).toBe(
      200,
    );
  });
});

describe('the consent on every call', () => {
  let tokenId: string;
  beforeAll(async () => {
    tokenId = await accessToken(gateway, member, 'ob-sandbox-gb', 'sandbox-success', ['ACCOUNTS']);
  }, 60_000);

  it('no on-behalf-of: 400; an unknown token: 404', async () => {
    const missing = await read(gateway, member, undefined, '/accounts');
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain('on-behalf-of');
    expect((await read(gateway, member, 'tt:unknown', '/accounts')).status).toBe(404);
  });

  it('another member’s token: 404, and the bank is never asked', async () => {
    const before = await bankReads(gateway, tokenId);
    const other = await newMember(gateway);
    for (const path of ['/accounts', '/account-balance', `/accounts/${enc('a:x:y')}/transactions?page.limit=5`]) {
      const answer = await read(gateway, other, tokenId, path);
      expect(answer.status, path).toBe(404);
    }
    expect(await bankReads(gateway, tokenId)).toEqual(before);
  });

  it('a resource the consent does not grant, or a token that is not for account information: 403', async () => {
    const accountId = await firstAccountId(tokenId);
    const balance = await read(gateway, member, tokenId, `/accounts/${enc(accountId)}/balance`);
    expect(balance.status).toBe(403);
    expectReferenceSchema('PermissionDeniedError', errorOf(balance.body), '403');
    const { repositories } = gateway.api.stores;
    const access = await repositories.tokens.findById(tokenId);
    const transfer = await repositories.tokens.insert({
      id: newId('tt'),
      memberId: member.id,
      tokenRequestId: (await storeTokenRequest(gateway, member, ukTransferPayload())).id,
      kind: 'TRANSFER',
      status: 'ACTIVE',
      bankId: 'ob-sandbox-gb',
      payload: { transfer: {} },
      sealedGrant: access?.sealedGrant ?? null,
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    const answer = await read(gateway, member, transfer.id, '/accounts');
    expect(answer.status).toBe(403);
    expect(errorOf(answer.body)['errorCode']).toBe('PermissionDenied');
  });

  it('an account id of another bank: 404', async () => {
    const answer = await read(gateway, member, tokenId, `/accounts/${enc('a:b2Itc2FuZGJveC1ldQ:QUNDLTE')}`);
    expect(answer.status).toBe(404);
  });

  it('a cancelled consent: 403 ReauthenticationRequired', async () => {
    const cancelled = await accessToken(gateway, member, 'ob-sandbox-gb', 'sandbox-success', ['ACCOUNTS']);
    const cancel = await call(`${gateway.apiUrl}/tokens/${enc(cancelled)}/cancel`, 'PUT', member.auth);
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    const answer = await read(gateway, member, cancelled, '/accounts');
    expect(answer.status).toBe(403);
    expect(errorOf(answer.body)['errorCode']).toBe('ReauthenticationRequired');
  });

  it('a consent the bank revoked: 403 ReauthenticationRequired with the bank’s reason (UK and Berlin Group)', async () => {
    for (const bankId of ['ob-sandbox-gb', 'ob-sandbox-eu']) {
      const revoked = await accessToken(gateway, member, bankId, 'sandbox-consent-revoked', ['ACCOUNTS']);
      const answer = await read(gateway, member, revoked, '/accounts');
      expect(answer.status, bankId).toBe(403);
      expectReferenceSchema('PermissionDeniedError', errorOf(answer.body), '403 revoked');
      expect(errorOf(answer.body)['errorCode']).toBe('ReauthenticationRequired');
      expect(String(errorOf(answer.body)['message'])).toMatch(/revoked/i);
    }
  });
});

describe('TPP-initiated calls (no token-customer-ip-address)', () => {
  it('four in 24 hours reach the bank; the fifth is 429 without reaching it; the user present is never limited; a day later it reads again', async () => {
    const tokenId = await accessToken(gateway, member, 'ob-sandbox-gb', 'sandbox-success');
    const before = await bankReads(gateway, tokenId);
    for (let i = 0; i < 4; i += 1)
      expect((await read(gateway, member, tokenId, '/accounts', { ip: undefined })).status).toBe(200);
    const fifth = await read(gateway, member, tokenId, '/accounts', { ip: undefined });
    expect(fifth.status).toBe(429);
    expectReferenceSchema('ResourceExhaustedError', errorOf(fifth.body), '429');
    expect(errorOf(fifth.body)['errorCode']).toBe('RESOURCE_EXHAUSTED');
    const after = await bankReads(gateway, tokenId);
    expect(after.tppInitiated).toBe(4);
    expect(after.total - before.total).toBe(4);
    // The user present: not counted, not limited.
    expect((await read(gateway, member, tokenId, '/accounts', { ip: USER_IP })).status).toBe(200);
    await advanceClock(gateway, 24 * 3600 + 1);
    expect((await read(gateway, member, tokenId, '/accounts', { ip: undefined })).status).toBe(200);
  });

  it('a bad token-customer-ip-address: 400', async () => {
    const answer = await read(gateway, member, 'tt:any', '/accounts', { ip: 'not-an-ip' });
    expect(answer.status).toBe(400);
  });
});

describe('reads kept for a minute', () => {
  it('a balance read twice reaches the bank once; Cache-Control: no-cache asks again', async () => {
    const tokenId = await accessToken(gateway, member, 'ob-sandbox-gb', 'sandbox-success');
    const accountId = await firstAccountId(tokenId);
    const start = await bankReads(gateway, tokenId);
    const first = await read(gateway, member, tokenId, `/accounts/${enc(accountId)}/balance`, { ip: undefined });
    const second = await read(gateway, member, tokenId, `/accounts/${enc(accountId)}/balance`, { ip: undefined });
    expect(second.body).toEqual(first.body);
    expect((await bankReads(gateway, tokenId)).total - start.total).toBe(1);
    await read(gateway, member, tokenId, `/accounts/${enc(accountId)}/balance`, { ip: undefined, noCache: true });
    expect((await bankReads(gateway, tokenId)).total - start.total).toBe(2);
    // Transaction pages: the second page comes from the list kept with the first.
    const page = await read<{ offset: string }>(
      gateway,
      member,
      tokenId,
      `/accounts/${enc(accountId)}/transactions?page.limit=50`,
    );
    await read(
      gateway,
      member,
      tokenId,
      `/accounts/${enc(accountId)}/transactions?page.limit=50&page.offset=${enc(page.body.offset)}`,
    );
    expect((await bankReads(gateway, tokenId)).total - start.total).toBe(3);
  });
});

describe('errors from the bank', () => {
  it('a bank 5xx: 500 with token-external-error; a bank past the deadline: 504', async () => {
    const failing = await accessToken(gateway, member, 'ob-sandbox-gb', 'sandbox-bank-error', ['ACCOUNTS']);
    const error = await read(gateway, member, failing, '/accounts');
    expect(error.status).toBe(500);
    expect(error.headers.get('token-external-error')).toBe('true');

    const tokenId = await accessToken(gateway, member, 'ob-sandbox-gb', 'sandbox-success', ['ACCOUNTS']);
    const faults = `${gateway.sandboxUrl}/sandbox/faults/ob-sandbox-gb`;
    await call(faults, 'PUT', `Bearer ${ADMIN_TOKEN}`, { latencyMs: 6000, errorRate: 0 });
    try {
      const slow = await read(gateway, member, tokenId, '/accounts');
      expect(slow.status).toBe(504);
      expectReferenceSchema('GatewayTimeoutError', errorOf(slow.body), '504');
    } finally {
      await call(faults, 'PUT', `Bearer ${ADMIN_TOKEN}`, { latencyMs: 0, errorRate: 0 });
    }
  });
});

describe('reads kept in Postgres (ACCOUNT_INFORMATION_CACHE=postgres)', () => {
  let pg: TestGateway;
  let owner: TestMember;
  beforeAll(async () => {
    pg = await startGateway({ env: { ACCOUNT_INFORMATION_CACHE: 'postgres' } });
    owner = await newMember(pg);
  }, 120_000);
  afterAll(async () => {
    await pg?.close();
  });

  it('a transaction page read twice reaches the bank once; the kept rows are the member’s and the token’s', async () => {
    const tokenId = await accessToken(pg, owner, 'ob-sandbox-gb', 'sandbox-success');
    const listed = await read<{ accounts: Json[] }>(pg, owner, tokenId, '/accounts');
    const accountId = listed.body.accounts[0]?.['id'] as string;
    const start = await bankReads(pg, tokenId);
    const path = `/accounts/${enc(accountId)}/transactions?page.limit=100`;
    const first = await read(pg, owner, tokenId, path);
    const second = await read(pg, owner, tokenId, path);
    expect(second.body).toEqual(first.body);
    expect((await bankReads(pg, tokenId)).total - start.total).toBe(1);
    const rows = await pg.api.stores.prisma.aisCachedRead.findMany({ where: { tokenId } });
    // The list and the page, both under the member and the token.
    expect(rows.map((row) => row.readKey.split(':')[0]).sort()).toEqual(['page', 'transactions']);
    expect(rows.every((row) => row.memberId === owner.id && row.tokenId === tokenId)).toBe(true);
    // Another member never reaches the kept read (nor the bank) with this token.
    const other = await newMember(pg);
    expect((await read(pg, other, tokenId, path)).status).toBe(404);
  });
});
