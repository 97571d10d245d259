import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTLEMENT_PROVIDER, SettlementProvidersModule } from '#libs/application';
import { PlatformModule } from '#libs/common';
import {
  BankHttpClient,
  BankRejectedError,
  BerlinGroupConnector,
  ObieConnector,
  SandboxSettlementConnector,
  SettlementProviderRegistry,
  createSecretResolver,
  parseBankCatalogue,
  type PaymentInitiation,
  type ProviderCallContext,
  type ProviderSettlementAccount,
  type SettlementCredit,
} from '#libs/connectors';
import { SharedClock, closeDataStores, openDataStores, type DataStores } from '#libs/db';
import { Metrics } from '#libs/observability';
import {
  createSandboxBankProcess,
  type SandboxBankProcess,
} from '../../apps/sandbox-bank/src/create-sandbox-bank-process.js';
import { isValidIban } from '../../apps/sandbox-bank/src/berlin-group/iban.js';
import { SandboxClock } from '../../apps/sandbox-bank/src/store/sandbox-clock.js';
import { baseUrl, testConfig } from '../support/test-env.js';
import { decideOnConsentPage } from './obie/consent-form.js';
import { sandboxEntry } from './obie/sandbox-catalogue.js';

const ADMIN_TOKEN = 'test-admin-token-0123456789abcdef0123';
const CALLBACK = 'https://gateway.example/callback';
const PROVIDER = 'sandbox-bank';
const EPOCH = '2000-01-01T00:00:00.000Z';

let bank: SandboxBankProcess;
/** The gateway's side of the shared sandbox clock. */
let gateway: DataStores;
let sandboxUrl: string;
let apiKey: string;
let http: BankHttpClient;
let provider: SandboxSettlementConnector;

const ctx = (): ProviderCallContext => ({
  providerId: PROVIDER,
  deadlineMs: Date.now() + 10_000,
  traceId: randomUUID().replace(/-/g, ''),
});

function connectorWithKey(key: string): SandboxSettlementConnector {
  return new SandboxSettlementConnector(
    { providerId: PROVIDER, baseUrl: `${sandboxUrl}/settlement/v1`, apiKey: key },
    http,
  );
}

async function openAccount(currency: 'EUR' | 'GBP', accountNickName?: string): Promise<ProviderSettlementAccount> {
  return provider.openAccount(ctx(), {
    accountId: `va-${randomUUID()}`,
    currency,
    country: currency === 'EUR' ? 'DE' : 'GB',
    ...(accountNickName === undefined ? {} : { accountNickName }),
  });
}

async function admin(method: string, path: string, body: unknown): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${sandboxUrl}/sandbox/settlement/accounts/${path}`, {
    method,
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

async function bookCredit(
  account: ProviderSettlementAccount,
  fields: Record<string, unknown> = {},
): Promise<{ id: string; refId?: string }> {
  const answer = await admin('POST', `${account.providerAccountId}/credits`, {
    amount: { value: '10.00', currency: account.currency },
    refId: `ref-${randomUUID().slice(0, 8)}`,
    description: 'Unknown payer',
    debtor: { name: 'Unknown Payer', iban: 'NL91ABNA0417164300' },
    ...fields,
  });
  expect(answer.status).toBe(201);
  return answer.body as { id: string; refId?: string };
}

/** Every credit the account has received, page after page. */
async function allCredits(account: ProviderSettlementAccount): Promise<SettlementCredit[]> {
  const credits: SettlementCredit[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 20; page += 1) {
    const next = await provider.listCredits(ctx(), account.providerAccountId, {
      since: EPOCH,
      limit: 50,
      ...(cursor === undefined ? {} : { cursor }),
    });
    credits.push(...next.credits);
    if (next.credits.length === 0) return credits;
    cursor = next.cursor;
  }
  return credits;
}

async function advanceClock(seconds: number): Promise<void> {
  const clock = gateway.clock;
  if (!(clock instanceof SharedClock)) throw new Error('the sandbox runs on the shared clock');
  const offset = await clock.advance(seconds);
  await expect.poll(() => (bank.stores.clock instanceof SandboxClock ? bank.stores.clock.offset : -1)).toBe(offset);
}

/** A UK Open Banking payment by the sandbox user `sandbox-success` to a GBP settlement account, approved and submitted. */
async function payToAccount(account: ProviderSettlementAccount, remittance?: string): Promise<PaymentInitiation> {
  const connector = new ObieConnector(sandboxEntry('ob-sandbox-gb', sandboxUrl), {
    http,
    secrets: createSecretResolver({}),
  });
  const id = randomUUID();
  const payment: PaymentInitiation = {
    paymentId: id,
    refId: `ref-${id.slice(0, 12)}`,
    amount: { value: '12.34', currency: 'GBP' },
    localInstrument: 'FASTER_PAYMENTS',
    creditor: {
      name: 'Settlement Account',
      identifier: {
        type: 'gbDomestic',
        sortCode: account.sortCode ?? '',
        accountNumber: account.accountNumber ?? '',
      },
    },
    remittanceInformationPrimary: `INV-${id.slice(0, 6)}`,
    ...(remittance === undefined ? {} : { remittanceInformationSecondary: remittance }),
    redirectUri: CALLBACK,
    state: randomUUID(),
    nonce: randomUUID(),
  };
  const bankCtx = { bankId: 'ob-sandbox-gb', deadlineMs: Date.now() + 10_000 };
  const started = await connector.initiatePayment(bankCtx, payment);
  if (started.next.kind !== 'redirect') throw new Error(`expected a redirect, got ${started.next.kind}`);
  const back = await decideOnConsentPage(started.next.redirectUrl, 'sandbox-success', 'approve');
  const progress = await connector.completeRedirect(bankCtx, {
    handle: started.handle,
    params: Object.fromEntries(back.searchParams),
    redirectUri: CALLBACK,
    initiation: payment,
  });
  expect(progress.outcome).toBe('COMPLETED');
  return payment;
}

/** A Berlin Group SEPA payment by `sandbox-success` at the redirect bank to a EUR settlement account. */
async function payByBerlinGroup(account: ProviderSettlementAccount, remittance: string): Promise<PaymentInitiation> {
  const file = join(import.meta.dirname, '../../config/banks/sandbox.yaml');
  const entry = parseBankCatalogue(await readFile(file, 'utf8'), {
    source: file,
    placeholders: { SANDBOX_BANK_URL: sandboxUrl, PUBLIC_BASE_URL: 'http://gateway.test' },
  }).find((candidate) => candidate.id === 'ob-sandbox-eu-redirect');
  if (entry === undefined) throw new Error('ob-sandbox-eu-redirect is not in the catalogue');
  const connector = new BerlinGroupConnector(entry, { http });
  const id = randomUUID();
  const payment: PaymentInitiation = {
    paymentId: id,
    refId: `ref-${id.slice(0, 12)}`,
    amount: { value: '15.20', currency: 'EUR' },
    localInstrument: 'SEPA',
    creditor: { name: 'Settlement Account', identifier: { type: 'iban', iban: account.iban ?? '' } },
    remittanceInformationPrimary: `INV-${id.slice(0, 6)}`,
    remittanceInformationSecondary: remittance,
    redirectUri: CALLBACK,
    state: randomUUID(),
    nonce: randomUUID(),
  };
  const bankCtx = { bankId: entry.id, deadlineMs: Date.now() + 10_000 };
  const started = await connector.initiatePayment(bankCtx, payment);
  if (started.next.kind !== 'redirect') throw new Error(`expected a redirect, got ${started.next.kind}`);
  const back = await decideOnConsentPage(started.next.redirectUrl, 'sandbox-success', 'approve');
  const progress = await connector.completeRedirect(bankCtx, {
    handle: started.handle,
    params: Object.fromEntries(back.searchParams),
    redirectUri: CALLBACK,
    initiation: payment,
  });
  const final = await connector.getPaymentStatus(bankCtx, progress.handle, payment);
  expect(final.outcome).toBe('COMPLETED');
  return payment;
}

beforeAll(async () => {
  const config = await testConfig({ ADMIN_TOKEN });
  bank = await createSandboxBankProcess(config);
  await bank.app.listen(0, '127.0.0.1');
  gateway = await openDataStores(config, { service: 'test-gateway', poolSize: 1 });
  sandboxUrl = baseUrl(bank.app);
  apiKey = config.settlement.sandbox.apiKey ?? '';
  http = new BankHttpClient({ logger: pino({ level: 'silent' }), backoff: { baseMs: 20, maxMs: 100 } });
  provider = connectorWithKey(apiKey);
});

afterAll(async () => {
  await http.close();
  await closeDataStores(gateway);
  await bank.close();
});

describe('settlement provider contract: accounts', () => {
  it('opens a EUR account with a valid IBAN and BIC, ACTIVE and empty; the same accountId opens it once', async () => {
    const accountId = `va-${randomUUID()}`;
    const account = await provider.openAccount(ctx(), { accountId, currency: 'EUR', country: 'DE' });
    expect(account).toMatchObject({
      status: 'ACTIVE',
      currency: 'EUR',
      country: 'DE',
      accountName: 'Sandbox Settlement Account',
      bic: 'SBXSDEFFSTL',
      availableBalance: '0.00',
      bookedBalance: '0.00',
      clearedBalance: '0.00',
    });
    expect(account.iban).toMatch(/^DE\d{2}99960000\d{10}$/);
    expect(isValidIban(account.iban ?? '')).toBe(true);
    expect(account.sortCode).toBeUndefined();
    expect(await provider.openAccount(ctx(), { accountId, currency: 'EUR', country: 'DE' })).toEqual(account);
    expect(await provider.getAccount(ctx(), account.providerAccountId)).toEqual(account);
  });

  it('opens a GBP account with a sort code and an 8-digit account number, named as asked', async () => {
    const account = await openAccount('GBP', 'Acme Trading Ltd');
    expect(account).toMatchObject({
      status: 'ACTIVE',
      currency: 'GBP',
      sortCode: '040599',
      accountName: 'Acme Trading Ltd',
    });
    expect(account.accountNumber).toMatch(/^\d{8}$/);
    expect(account.iban).toBeUndefined();
  });

  it('refuses a wrong key (401 UNAUTHENTICATED) and an unknown account (404 NOT_FOUND) as BankRejectedErrors', async () => {
    const refused = await connectorWithKey('wrong-key')
      .getAccount(ctx(), 'SA-none')
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(BankRejectedError);
    expect(refused).toMatchObject({ bankId: PROVIDER, bankStatusCode: 401, bankErrorCode: 'UNAUTHENTICATED' });
    const missing = await provider.getAccount(ctx(), 'SA-none').catch((error: unknown) => error);
    expect(missing).toMatchObject({ bankStatusCode: 404, bankErrorCode: 'NOT_FOUND' });
  });
});

describe('settlement provider contract: the gateway side', () => {
  it('SettlementProvidersModule, under the configuration api and worker get in tests, opens accounts at the sandbox bank', async () => {
    // As test/support/payments-gateway.ts configures api and worker: only SANDBOX_BANK_URL names the bank.
    const config = await testConfig({ SANDBOX_BANK_URL: sandboxUrl });
    const platform = PlatformModule.forRoot({
      config,
      logger: pino({ level: 'silent' }),
      metrics: new Metrics('test'),
    });
    @Module({ imports: [platform, SettlementProvidersModule] })
    class Root {}
    const app = await NestFactory.createApplicationContext(Root, { logger: false, abortOnError: false });
    try {
      const providerId = app.get<string>(DEFAULT_SETTLEMENT_PROVIDER);
      expect(providerId).toBe(PROVIDER);
      const connector = app.get(SettlementProviderRegistry).forProvider(providerId);
      const account = await connector.openAccount(
        { providerId, deadlineMs: Date.now() + 10_000 },
        { accountId: `va-${randomUUID()}`, currency: 'EUR', country: 'NL' },
      );
      expect(account).toMatchObject({ status: 'ACTIVE', currency: 'EUR', country: 'NL' });
    } finally {
      await app.close();
    }
  });
});

describe('settlement provider contract: credits', () => {
  it('an admin-booked credit from an unknown payer is listed with its fields and fetched by id', async () => {
    const account = await openAccount('EUR');
    const booked = await bookCredit(account, {
      amount: { value: '25.50', currency: 'EUR' },
      refId: 'payer-ref-1',
      localInstrument: 'SEPA_INSTANT',
      providerPaymentId: `unknown-${randomUUID().slice(0, 8)}`,
    });
    const page = await provider.listCredits(ctx(), account.providerAccountId, { since: EPOCH });
    expect(page.credits).toHaveLength(1);
    const [credit] = page.credits;
    expect(credit).toMatchObject({
      providerPaymentId: booked.id,
      amount: { value: '25.50', currency: 'EUR' },
      description: 'Unknown payer',
      localInstrument: 'SEPA_INSTANT',
      debtor: { name: 'Unknown Payer', iban: 'NL91ABNA0417164300' },
      creditor: { name: 'Sandbox Settlement Account', iban: account.iban, bic: 'SBXSDEFFSTL' },
      refId: 'payer-ref-1',
    });
    expect(await provider.getCredit(ctx(), account.providerAccountId, booked.id)).toEqual(credit);
    expect((await provider.getAccount(ctx(), account.providerAccountId)).availableBalance).toBe('25.50');
    // The same providerPaymentId cannot be booked twice.
    const again = await admin('POST', `${account.providerAccountId}/credits`, {
      amount: { value: '1.00', currency: 'EUR' },
      providerPaymentId: booked.id,
    });
    expect(again.status).toBe(409);
  });

  it('pages in a stable order, resumes after the cursor, keeps the cursor on an empty page, and repeats a credit when switched to', async () => {
    const account = await openAccount('GBP');
    const booked = [];
    for (let index = 0; index < 3; index += 1) booked.push((await bookCredit(account)).id);
    const first = await provider.listCredits(ctx(), account.providerAccountId, { since: EPOCH, limit: 2 });
    expect(first.credits.map((credit) => credit.providerPaymentId)).toEqual(booked.slice(0, 2));
    const second = await provider.listCredits(ctx(), account.providerAccountId, {
      since: EPOCH,
      limit: 2,
      ...(first.cursor === undefined ? {} : { cursor: first.cursor }),
    });
    expect(second.credits.map((credit) => credit.providerPaymentId)).toEqual([booked[2]]);
    const empty = await provider.listCredits(ctx(), account.providerAccountId, {
      since: EPOCH,
      ...(second.cursor === undefined ? {} : { cursor: second.cursor }),
    });
    expect(empty).toEqual({ credits: [], cursor: second.cursor });

    // The switch: the next resumed page starts again with the last credit already handed out.
    expect((await admin('PUT', `${account.providerAccountId}/repeat`, { pages: 1 })).status).toBe(200);
    const fourth = await bookCredit(account);
    const repeated = await provider.listCredits(ctx(), account.providerAccountId, {
      since: EPOCH,
      ...(second.cursor === undefined ? {} : { cursor: second.cursor }),
    });
    expect(repeated.credits.map((credit) => credit.providerPaymentId)).toEqual([booked[2], fourth.id]);
    const after = await provider.listCredits(ctx(), account.providerAccountId, {
      since: EPOCH,
      ...(repeated.cursor === undefined ? {} : { cursor: repeated.cursor }),
    });
    expect(after.credits).toEqual([]);

    // Since a time, without a cursor: only what arrived at or after it.
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await provider.listCredits(ctx(), account.providerAccountId, { since: future })).credits).toEqual([]);
  });

  it('refuses a cursor it did not hand out', async () => {
    const account = await openAccount('EUR');
    const refused = await provider
      .listCredits(ctx(), account.providerAccountId, { since: EPOCH, cursor: 'not-a-cursor' })
      .catch((error: unknown) => error);
    expect(refused).toMatchObject({ bankStatusCode: 400, bankErrorCode: 'INVALID_REQUEST' });
  });
});

describe('settlement provider contract: credits from sandbox payments', () => {
  it('a UK Open Banking payment to a settlement account credits it with the payment refId, amount, payer and remittance', async () => {
    const account = await openAccount('GBP');
    const payment = await payToAccount(account, 'thanks');
    const [credit, ...others] = await allCredits(account);
    expect(others).toEqual([]);
    expect(credit).toMatchObject({
      amount: { value: '12.34', currency: 'GBP' },
      refId: payment.refId,
      description: `${payment.remittanceInformationPrimary} thanks`,
      localInstrument: 'FASTER_PAYMENTS',
      debtor: { name: 'sandbox-success' },
      creditor: { sortCode: account.sortCode, accountNumber: account.accountNumber },
    });
    expect(credit?.debtor?.sortCode).toMatch(/^\d{6}$/);
    expect(credit?.debtor?.accountNumber).toMatch(/^\d{8}$/);
  });

  it('a Berlin Group SEPA payment to a settlement IBAN credits it with the end-to-end id as refId', async () => {
    const account = await openAccount('EUR');
    const payment = await payByBerlinGroup(account, 'settle-amount-15.00');
    const credits = await allCredits(account);
    expect(credits).toMatchObject([
      {
        amount: { value: '15.00', currency: 'EUR' },
        refId: payment.refId,
        description: `${payment.remittanceInformationPrimary} settle-amount-15.00`,
        localInstrument: 'SEPA',
        debtor: { name: 'sandbox-success' },
        creditor: { iban: account.iban },
      },
    ]);
    expect(isValidIban(credits[0]?.debtor?.iban ?? '')).toBe(true);
  });

  it('settle-never: no credit; settle-amount-<decimal>: another amount; settle-garbled-ref: nothing matches', async () => {
    const never = await openAccount('GBP');
    await payToAccount(never, 'settle-never');
    expect(await allCredits(never)).toEqual([]);

    const other = await openAccount('GBP');
    const short = await payToAccount(other, 'settle-amount-10.01');
    expect(await allCredits(other)).toMatchObject([
      { amount: { value: '10.01', currency: 'GBP' }, refId: short.refId },
    ]);

    const garbledAccount = await openAccount('GBP');
    const garbled = await payToAccount(garbledAccount, 'settle-garbled-ref');
    const [credit] = await allCredits(garbledAccount);
    expect(credit?.amount.value).toBe('12.34');
    expect(credit?.refId).not.toContain(garbled.refId);
    expect(credit?.description).not.toContain(garbled.remittanceInformationPrimary);
  });
});

describe('settlement provider contract: payouts', () => {
  async function fundedAccount(): Promise<ProviderSettlementAccount> {
    const account = await openAccount('EUR');
    await bookCredit(account, { amount: { value: '100.00', currency: 'EUR' } });
    return account;
  }

  function payout(account: ProviderSettlementAccount, name: string, value = '30.00') {
    return {
      payoutId: `po-${randomUUID()}`,
      refId: `ref-${randomUUID().slice(0, 8)}`,
      amount: { value, currency: 'EUR' },
      description: 'Payout 123456',
      providerAccountId: account.providerAccountId,
      creditor: { name, iban: 'NL91ABNA0417164300' },
    };
  }

  it('a payout is PROCESSING, then COMPLETED; the same payoutId twice is one payout, debited once', async () => {
    const account = await fundedAccount();
    const request = payout(account, 'Payee Ltd');
    const sent = await provider.sendPayout(ctx(), request);
    expect(sent).toMatchObject({ outcome: 'PROCESSING', bankStatus: 'PROCESSING' });
    expect(sent.bankPaymentId).toMatch(/^PO-/);
    expect(await provider.sendPayout(ctx(), request)).toEqual(sent);
    expect((await provider.getAccount(ctx(), account.providerAccountId)).availableBalance).toBe('70.00');
    expect(await provider.getPayoutStatus(ctx(), sent.bankPaymentId)).toEqual({
      bankPaymentId: sent.bankPaymentId,
      outcome: 'COMPLETED',
      bankStatus: 'SETTLED',
    });
    expect(await provider.getAccount(ctx(), account.providerAccountId)).toMatchObject({
      availableBalance: '70.00',
      bookedBalance: '70.00',
    });
    const reused = await provider
      .sendPayout(ctx(), { ...request, amount: { value: '31.00', currency: 'EUR' } })
      .catch((error: unknown) => error);
    expect(reused).toMatchObject({ bankStatusCode: 409, bankErrorCode: 'CONFLICT' });
  });

  it('rejected, failed and pending payouts by creditor name; above the balance: rejected for funds (AM04)', async () => {
    const account = await fundedAccount();
    expect(await provider.sendPayout(ctx(), payout(account, 'sandbox-payout-rejected'))).toMatchObject({
      outcome: 'REJECTED',
      bankStatus: 'REJECTED',
      statusReason: 'AC04: The creditor account is closed.',
    });

    const failing = await provider.sendPayout(ctx(), payout(account, 'sandbox-payout-failed'));
    expect(failing.outcome).toBe('PROCESSING');
    expect(await provider.getPayoutStatus(ctx(), failing.bankPaymentId)).toMatchObject({
      outcome: 'FAILED',
      statusReason: 'MS03: Reason not specified.',
    });

    const pending = await provider.sendPayout(ctx(), payout(account, 'Shop sandbox-payout-pending'));
    for (let read = 0; read < 3; read += 1)
      expect(await provider.getPayoutStatus(ctx(), pending.bankPaymentId)).toMatchObject({ outcome: 'PROCESSING' });

    // 100.00 credited, 30.00 held by the pending payout: 70.00 left.
    expect((await provider.getAccount(ctx(), account.providerAccountId)).availableBalance).toBe('70.00');
    const tooMuch = await provider.sendPayout(ctx(), payout(account, 'Payee Ltd', '70.01'));
    expect(tooMuch).toMatchObject({ outcome: 'REJECTED_INSUFFICIENT_FUNDS', bankStatus: 'REJECTED' });
    expect(tooMuch.statusReason).toMatch(/^AM04: /);
    expect(await provider.getPayoutStatus(ctx(), tooMuch.bankPaymentId)).toMatchObject({
      outcome: 'REJECTED_INSUFFICIENT_FUNDS',
    });
    expect(await provider.sendPayout(ctx(), payout(account, 'Payee Ltd', '70.00'))).toMatchObject({
      outcome: 'PROCESSING',
    });
  });

  it('refuses a payout in another currency than the account', async () => {
    const account = await fundedAccount();
    const refused = await provider
      .sendPayout(ctx(), { ...payout(account, 'Payee Ltd'), amount: { value: '1.00', currency: 'GBP' } })
      .catch((error: unknown) => error);
    expect(refused).toMatchObject({ bankStatusCode: 400, bankErrorCode: 'INVALID_REQUEST' });
  });
});

describe('settlement provider contract: account verification', () => {
  it('answers every outcome for an account of the provider', async () => {
    const account = await openAccount('EUR', 'Acme Trading Ltd');
    const check = (name: string) => provider.verifyAccount(ctx(), { name, currency: 'EUR', iban: account.iban ?? '' });
    expect(await check('Acme Trading Ltd')).toEqual({
      status: 'MATCH',
      reasons: ['EXACT_MATCH'],
      details: 'The account details match.',
    });
    expect(await check('A Trading Ltd')).toEqual({
      status: 'CLOSE_MATCH',
      reasons: ['NAME_MISMATCH'],
      matchedName: 'Acme Trading Ltd',
      details: 'The name provided is a close match.',
    });
    expect(await check('Other Company')).toMatchObject({ status: 'NO_MATCH', reasons: ['NAME_MISMATCH'] });
    expect(await check('sandbox-vop-unavailable')).toMatchObject({
      status: 'VERIFICATION_NOT_POSSIBLE',
      reasons: ['UNKNOWN'],
    });
    const gbp = await openAccount('GBP', 'Acme Trading Ltd');
    expect(
      await provider.verifyAccount(ctx(), {
        name: 'acme trading ltd',
        currency: 'GBP',
        sortCode: gbp.sortCode ?? '',
        accountNumber: gbp.accountNumber ?? '',
        accountType: 'BUSINESS',
      }),
    ).toMatchObject({ status: 'CLOSE_MATCH', matchedName: 'Acme Trading Ltd' });
  });

  it('an unknown account at the provider is an account mismatch; elsewhere Jane Doe matches and J Doe is close', async () => {
    expect(
      await provider.verifyAccount(ctx(), {
        name: 'Acme Trading Ltd',
        currency: 'GBP',
        sortCode: '040599',
        accountNumber: '00000000',
      }),
    ).toEqual({
      status: 'NO_MATCH',
      reasons: ['ACCOUNT_MISMATCH', 'NAME_MISMATCH'],
      details: 'The account and name do not match.',
    });
    const outside = (name: string) =>
      provider.verifyAccount(ctx(), { name, currency: 'EUR', iban: 'NL91ABNA0417164300' });
    expect(await outside('Jane Doe')).toMatchObject({ status: 'MATCH' });
    expect(await outside('J Doe')).toMatchObject({ status: 'CLOSE_MATCH', matchedName: 'Jane Doe' });
    expect(await outside('John Smith')).toMatchObject({ status: 'NO_MATCH' });
  });
});

// Last: it moves this database's sandbox clock forward.
describe('settlement provider contract: arrival on the sandbox clock', () => {
  it('settle-after-24h and an admin credit available in 24h are not visible before 24h on the clock, and are after', async () => {
    const paid = await openAccount('GBP');
    const payment = await payToAccount(paid, 'settle-after-24h');
    const booked = await openAccount('EUR');
    const credit = await bookCredit(booked, { availableAt: new Date(Date.now() + 24 * 3_600_000).toISOString() });

    expect(await allCredits(paid)).toEqual([]);
    expect(await allCredits(booked)).toEqual([]);
    const hidden = await provider
      .getCredit(ctx(), booked.providerAccountId, credit.id)
      .catch((error: unknown) => error);
    expect(hidden).toMatchObject({ bankStatusCode: 404 });
    expect((await provider.getAccount(ctx(), booked.providerAccountId)).availableBalance).toBe('0.00');

    await advanceClock(23 * 3600);
    expect(await allCredits(paid)).toEqual([]);
    await advanceClock(2 * 3600);
    expect(await allCredits(paid)).toMatchObject([{ refId: payment.refId, amount: { value: '12.34' } }]);
    expect(await allCredits(booked)).toMatchObject([{ providerPaymentId: credit.id, refId: credit.refId }]);
    expect((await provider.getAccount(ctx(), booked.providerAccountId)).availableBalance).toBe('10.00');
  });
});
