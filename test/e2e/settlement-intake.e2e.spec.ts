import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { remoteJwks, verifyWebhook } from '#libs/events';
import {
  ADMIN_TOKEN,
  advanceClock,
  call,
  createPayment,
  newMember,
  startGateway,
  ukInitiation,
  waitForStatus,
  type Answer,
  type TestGateway,
  type TestMember,
} from '../support/payments-gateway.js';
import { expectReferenceSchema } from '../support/reference-schema.js';
import { WebhookReceiver } from '../support/webhook-receiver.js';
import { decideOnConsentPage } from './obie/consent-form.js';

/**
 * The credit intake end to end: an account opened through POST /virtual-accounts at the sandbox
 * settlement provider, credits booked at the provider (by its admin route and by a sandbox
 * payment to the account), read by the worker's settlement.read-credits timer once the service
 * clock passes the read interval, answered under the account's transactions in the reference's
 * shapes, the balances moved, VIRTUAL_ACCOUNT_CREDIT_RECEIVED delivered signed; a credit the
 * provider hands again is booked once.
 */

type Json = Record<string, unknown>;
interface AccountBody {
  readonly virtualAccount: Json & { readonly accountId: string };
}
interface TransactionsPage {
  readonly transactions: Array<Json & { readonly providerPaymentId: string }>;
  readonly pageInfo: Json;
}
interface BookedCredit {
  readonly id: string;
  readonly createdDateTime: string;
}

/** SETTLEMENT_CREDIT_READ_SECONDS: the default, so the timer fires only once the clock is moved past it. */
const READ_SECONDS = 30;

const receiver = new WebhookReceiver();
let gateway: TestGateway;
let member: TestMember;
let db: pg.Client;

const api = <T = Json>(method: string, path: string, body?: unknown): Promise<Answer<T>> =>
  call<T>(`${gateway.apiUrl}${path}`, method, member.auth, body);

async function openAccount(currency: 'EUR' | 'GBP'): Promise<{ id: string; providerAccountId: string; view: Json }> {
  const opened = await api<AccountBody>('POST', '/virtual-accounts', {
    currency,
    country: currency === 'EUR' ? 'DE' : 'GB',
    accountNickName: `Intake ${currency}`,
  });
  expect(opened.status, JSON.stringify(opened.body)).toBe(200);
  const id = opened.body.virtualAccount.accountId;
  const { rows } = await db.query<{ provider_account_id: string }>(
    'SELECT provider_account_id FROM settlement_account WHERE id = $1',
    [id],
  );
  return { id, providerAccountId: rows[0]?.provider_account_id ?? '', view: opened.body.virtualAccount };
}

async function bookAtProvider(providerAccountId: string, body: Json): Promise<BookedCredit> {
  const answer = await call<BookedCredit>(
    `${gateway.sandboxUrl}/sandbox/settlement/accounts/${encodeURIComponent(providerAccountId)}/credits`,
    'POST',
    `Bearer ${ADMIN_TOKEN}`,
    body,
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

async function transactions(accountId: string): Promise<TransactionsPage> {
  const page = await api<TransactionsPage>('GET', `/virtual-accounts/${encodeURIComponent(accountId)}/transactions`);
  expect(page.status, JSON.stringify(page.body)).toBe(200);
  return page.body;
}

async function until<T>(
  what: string,
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await sleep(50);
  }
}

async function count(sql: string, values: unknown[]): Promise<number> {
  const { rows } = await db.query<{ n: number }>(sql, values);
  return rows[0]?.n ?? 0;
}

beforeAll(async () => {
  gateway = await startGateway({ worker: true });
  member = await newMember(gateway);
  db = new pg.Client({ connectionString: gateway.config.databaseUrl });
  await db.connect();
  await receiver.start();
  const put = await call(`${gateway.apiUrl}/webhook/config`, 'PUT', member.auth, {
    config: { type: ['VIRTUAL_ACCOUNT_CREDIT_RECEIVED'], url: receiver.url },
  });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
}, 120_000);

afterAll(async () => {
  await receiver.stop();
  await db?.end().catch(() => undefined);
  await gateway?.close();
});

/** The account's CREDIT rows, ledger CREDIT entries and credit events, and its balances as answered. */
async function booking(accountId: string): Promise<{ rows: number; entries: number; events: number; balances: Json }> {
  const got = await api<AccountBody>('GET', `/virtual-accounts/${encodeURIComponent(accountId)}`);
  expect(got.status, JSON.stringify(got.body)).toBe(200);
  const { bookedBalance, availableBalance, clearedBalance } = got.body.virtualAccount;
  return {
    rows: await count(
      "SELECT count(*)::int AS n FROM settlement_transaction WHERE account_id = $1 AND transaction_type = 'CREDIT'",
      [accountId],
    ),
    entries: await count(
      "SELECT count(*)::int AS n FROM settlement_ledger_entry WHERE account_id = $1 AND kind = 'CREDIT'",
      [accountId],
    ),
    events: await count(
      "SELECT count(*)::int AS n FROM outbox_event WHERE event_type = 'VIRTUAL_ACCOUNT_CREDIT_RECEIVED' AND body::jsonb #>> '{virtualAccountCreditReceived,providerAccountId}' = $1",
      [accountId],
    ),
    balances: { bookedBalance, availableBalance, clearedBalance },
  };
}

/** The notifications of credits to the account, each verified against the gateway's published keys. */
async function verifiedCreditEvents(accountId: string): Promise<Json[]> {
  const jwks = remoteJwks(`${gateway.apiUrl}/.well-known/jwks.json`);
  const events: Json[] = [];
  for (const request of receiver.requests) {
    if (!request.body.includes(accountId)) continue;
    const verified = await verifyWebhook({ body: request.body, headers: request.headers, jwks });
    expect(verified.event).toBe('VIRTUAL_ACCOUNT_CREDIT_RECEIVED');
    expect(request.headers['token-event']).toBe('VIRTUAL_ACCOUNT_CREDIT_RECEIVED');
    events.push(verified.body['virtualAccountCreditReceived'] as Json);
  }
  return events;
}

describe('settlement credit intake through the worker', () => {
  it('reads a credit booked at the provider once the read interval has passed: answered with every field, balances moved, the event delivered signed', async () => {
    const account = await openAccount('EUR');
    expect(account.view).toMatchObject({ bookedBalance: '0.00', availableBalance: '0.00', clearedBalance: '0.00' });
    expect(
      await count('SELECT count(*)::int AS n FROM scheduled_job WHERE id = $1', [
        `settlement.read-credits:${account.id}`,
      ]),
    ).toBe(1);
    const refId = `ref-${randomBytes(4).toString('hex')}`;
    const booked = await bookAtProvider(account.providerAccountId, {
      amount: { value: '42.50', currency: 'EUR' },
      refId,
      description: 'Invoice 77',
      localInstrument: 'SEPA_INSTANT',
      debtor: { name: 'Unknown Payer', iban: 'NL91ABNA0417164300' },
    });

    // Not read before its interval has passed on the service clock.
    await sleep(500);
    expect((await transactions(account.id)).transactions).toEqual([]);

    await advanceClock(gateway, READ_SECONDS + 1);
    const page = await until(
      'the credit under the account',
      () => transactions(account.id),
      (found) => found.transactions.length === 1,
    );
    expectReferenceSchema('GetVirtualAccountTransactionsResponse', page, 'GET transactions');
    const expected = {
      providerPaymentId: booked.id,
      transactionType: 'CREDIT',
      amount: { value: '42.50', currency: 'EUR' },
      createdDateTime: booked.createdDateTime,
      description: 'Invoice 77',
      localInstrument: 'SEPA_INSTANT',
      refId,
      debtor: { name: 'Unknown Payer', iban: 'NL91ABNA0417164300' },
      creditor: { name: 'Intake EUR', iban: account.view['iban'], bic: account.view['bic'] },
    };
    expect(page.transactions).toEqual([expected]);

    const one = await api<{ transaction: Json }>(
      'GET',
      `/virtual-accounts/${encodeURIComponent(account.id)}/transactions/${encodeURIComponent(booked.id)}`,
    );
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    expectReferenceSchema('GetVirtualAccountTransactionResponse', one.body, 'GET one transaction');
    expect(one.body.transaction).toEqual(expected);

    expect(await booking(account.id)).toEqual({
      rows: 1,
      entries: 1,
      events: 1,
      balances: { bookedBalance: '42.50', availableBalance: '42.50', clearedBalance: '42.50' },
    });

    await receiver.waitFor('the credit notification', () => receiver.requests.some((r) => r.body.includes(booked.id)));
    expect(await verifiedCreditEvents(account.id)).toEqual([
      {
        providerPaymentId: booked.id,
        amount: '42.50',
        currency: 'EUR',
        paymentCreatedTime: booked.createdDateTime,
        description: 'Invoice 77',
        providerAccountId: account.id,
        locaInstrument: 'SEPA_INSTANT',
        debtorInformation: { name: 'Unknown Payer' },
        creditorInformation: { name: 'Intake EUR' },
        memberId: member.id,
      },
    ]);

    // The provider hands the last credit again at the start of the next page: booked once.
    const repeat = await call(
      `${gateway.sandboxUrl}/sandbox/settlement/accounts/${encodeURIComponent(account.providerAccountId)}/repeat`,
      'PUT',
      `Bearer ${ADMIN_TOKEN}`,
      { pages: 1 },
    );
    expect(repeat.status, JSON.stringify(repeat.body)).toBe(200);
    const second = await bookAtProvider(account.providerAccountId, {
      amount: { value: '7.25', currency: 'EUR' },
      description: 'Invoice 78',
      debtor: { name: 'Second Payer', iban: 'NL91ABNA0417164300' },
    });
    await advanceClock(gateway, READ_SECONDS + 1);
    const both = await until(
      'the second credit',
      () => transactions(account.id),
      (found) => found.transactions.length >= 2,
    );
    expect(both.transactions.map((t) => t.providerPaymentId)).toEqual([second.id, booked.id]);
    // The switch was used: the page the reader got started with the first credit again.
    expect(
      await count('SELECT repeat_pending AS n FROM sandbox_bank.sb_settlement_account WHERE id = $1', [
        account.providerAccountId,
      ]),
    ).toBe(0);
    expect(await booking(account.id)).toEqual({
      rows: 2,
      entries: 2,
      events: 2,
      balances: { bookedBalance: '49.75', availableBalance: '49.75', clearedBalance: '49.75' },
    });
    await receiver.waitFor('the second notification', () => receiver.requests.some((r) => r.body.includes(second.id)));
    const events = await verifiedCreditEvents(account.id);
    expect(events.map((event) => event['providerPaymentId'])).toEqual([booked.id, second.id]);
    expect(events[1]).toMatchObject({ amount: '7.25', locaInstrument: 'SEPA', description: 'Invoice 78' });
  }, 45_000);

  it('answers a credit the intake has not read yet by asking the provider for it: booked then, once, and the intake books it no more', async () => {
    const account = await openAccount('GBP');
    const booked = await bookAtProvider(account.providerAccountId, {
      amount: { value: '7.77', currency: 'GBP' },
      refId: `early-${randomBytes(4).toString('hex')}`,
      description: 'Asked for early',
      debtor: { name: 'Early Payer', sortCode: '040004', accountNumber: '12345678' },
    });
    // The service clock has not passed the read interval: the intake has not read it.
    expect((await transactions(account.id)).transactions).toEqual([]);
    const path = `/virtual-accounts/${encodeURIComponent(account.id)}/transactions`;
    const one = await api<{ transaction: Json }>('GET', `${path}/${encodeURIComponent(booked.id)}`);
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    expectReferenceSchema('GetVirtualAccountTransactionResponse', one.body, 'GET one transaction');
    expect(one.body.transaction).toMatchObject({
      providerPaymentId: booked.id,
      transactionType: 'CREDIT',
      amount: { value: '7.77', currency: 'GBP' },
      description: 'Asked for early',
    });
    expect(await booking(account.id)).toEqual({
      rows: 1,
      entries: 1,
      events: 1,
      balances: { bookedBalance: '7.77', availableBalance: '7.77', clearedBalance: '7.77' },
    });
    // Asked again, and unknown to the provider.
    expect((await api('GET', `${path}/${encodeURIComponent(booked.id)}`)).status).toBe(200);
    const unknown = await api<{ error: Json }>('GET', `${path}/no-such-credit`);
    expect(unknown.status).toBe(404);

    // The intake reads the same credit later and finds it booked.
    await advanceClock(gateway, READ_SECONDS + 1);
    await until(
      'the intake read',
      () =>
        count('SELECT count(*)::int AS n FROM settlement_account WHERE id = $1 AND credits_read_at IS NOT NULL', [
          account.id,
        ]),
      (read) => read === 1,
    );
    expect(await booking(account.id)).toMatchObject({ rows: 1, entries: 1, events: 1 });
    expect((await transactions(account.id)).transactions.map((row) => row.providerPaymentId)).toEqual([booked.id]);
  }, 45_000);

  it('reads the credit a sandbox payment through the gateway to the account made', async () => {
    const account = await openAccount('GBP');
    const initiation = ukInitiation({
      amount: { value: '12.34', currency: 'GBP' },
      creditor: {
        name: 'Intake GBP',
        sortCode: account.view['sortCode'],
        accountNumber: account.view['accountNumber'],
      },
    });
    const created = await createPayment(gateway, member, initiation);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const back = await decideOnConsentPage(
      (created.body.payment.authentication as { redirectUrl: string }).redirectUrl,
      'sandbox-success',
      'approve',
    );
    expect((await call(back.toString(), 'GET', undefined)).status).toBe(303);
    const done = await waitForStatus(gateway, member, created.body.payment.id, [
      'INITIATION_COMPLETED',
      'INITIATION_REJECTED',
      'INITIATION_FAILED',
    ]);
    expect(done.status).toBe('INITIATION_COMPLETED');

    await advanceClock(gateway, READ_SECONDS + 1);
    const page = await until(
      'the payment credit',
      () => transactions(account.id),
      (found) => found.transactions.length === 1,
    );
    expectReferenceSchema('GetVirtualAccountTransactionsResponse', page, 'GET transactions');
    const [credit] = page.transactions;
    expect(credit).toMatchObject({
      transactionType: 'CREDIT',
      amount: { value: '12.34', currency: 'GBP' },
      localInstrument: 'FASTER_PAYMENTS',
      refId: initiation['refId'],
      creditor: { sortCode: account.view['sortCode'], accountNumber: account.view['accountNumber'] },
    });
    expect((credit?.['debtor'] as Json | undefined)?.['name']).toEqual(expect.any(String));
    expect(await booking(account.id)).toEqual({
      rows: 1,
      entries: 1,
      events: 1,
      balances: { bookedBalance: '12.34', availableBalance: '12.34', clearedBalance: '12.34' },
    });
    await receiver.waitFor('the payment credit notification', () =>
      receiver.requests.some((r) => r.body.includes(credit?.providerPaymentId ?? '?')),
    );
    expect(await verifiedCreditEvents(account.id)).toEqual([
      expect.objectContaining({
        providerPaymentId: credit?.providerPaymentId,
        amount: '12.34',
        currency: 'GBP',
        providerAccountId: account.id,
        locaInstrument: 'FASTER_PAYMENTS',
        memberId: member.id,
      }),
    ]);
  }, 45_000);
});
