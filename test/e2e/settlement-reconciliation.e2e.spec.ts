import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDataStores, openDataStores, type DataStores } from '#libs/db';
import { newId } from '#libs/domain';
import { remoteJwks, verifyWebhook } from '#libs/events';
import { decideOnConsentPage } from './obie/consent-form.js';
import {
  ADMIN_TOKEN,
  advanceClock,
  call,
  createPayment,
  getPayment,
  newMember,
  sepaInitiation,
  startGateway,
  ukInitiation,
  waitForStatus,
  type TestGateway,
  type TestMember,
} from '../support/payments-gateway.js';
import { expectReferencePayment } from '../support/reference-payment-schema.js';
import { WebhookReceiver } from '../support/webhook-receiver.js';

/**
 * Payments to settlement accounts against the real gateway, worker and sandbox bank: completed
 * at the bank, SETTLEMENT_IN_PROGRESS with a window, settled when the account's credit is booked
 * (credits are stored here through the repositories, as the intake worker books them), ended
 * SETTLEMENT_INCOMPLETE when the window passes (test clock), a credit of another amount booked
 * against the payment without deciding it, events
 * delivered and signed, answers valid against the reference.
 */

type Json = Record<string, unknown>;

const receiver = new WebhookReceiver();
let gateway: TestGateway;
let stores: DataStores;
let member: TestMember;
let other: TestMember;
let gbpAccount: string;
let eurAccount: string;

async function newAccount(memberId: string, currency: 'GBP' | 'EUR'): Promise<string> {
  const id = newId('pa:');
  const now = new Date();
  await stores.repositories.settlementAccounts.insert({
    id,
    memberId,
    providerId: 'sandbox',
    providerAccountId: id,
    status: 'ACTIVE',
    currency,
    country: currency === 'GBP' ? 'GB' : 'DE',
    accountName: `Settlement ${currency}`,
    ...(currency === 'GBP'
      ? { sortCode: '040004', accountNumber: '87654321' }
      : { iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' }),
    createdAt: now,
    updatedAt: now,
  });
  return id;
}

/** Books a credit on the account as the intake worker does. */
async function bookCredit(accountId: string, refId: string, value: string, currency: string): Promise<string> {
  const id = newId('st');
  await stores.repositories.settlementTransactions.insertOnce({
    id,
    accountId,
    memberId: member.id,
    transactionType: 'CREDIT',
    providerPaymentId: randomBytes(6).toString('hex'),
    amount: value,
    currency,
    localInstrument: currency === 'GBP' ? 'FASTER_PAYMENTS' : 'SEPA',
    refId,
    createdDateTime: new Date(),
    receivedAt: new Date(),
  });
  return id;
}

/** A payment to the settlement account, approved at the sandbox bank: answered SETTLEMENT_IN_PROGRESS. */
async function paidToAccount(initiation: Json): Promise<{ id: string; refId: string }> {
  const created = await createPayment(gateway, member, initiation);
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  expectReferencePayment(created.body.payment, 'POST /v2/payments');
  const back = await decideOnConsentPage(
    (created.body.payment.authentication as { redirectUrl: string }).redirectUrl,
    'sandbox-success',
    'approve',
  );
  expect((await call(back.toString(), 'GET', undefined)).status).toBe(303);
  const started = await waitForStatus(gateway, member, created.body.payment.id, ['SETTLEMENT_IN_PROGRESS']);
  expectReferencePayment(started, 'GET /v2/payments/{id}');
  return { id: started.id, refId: (started.initiation as { refId: string }).refId };
}

const fasterPayment = (value = '10.50') =>
  ukInitiation({ amount: { value, currency: 'GBP' }, creditor: { virtualAccountId: gbpAccount } });
const sepaPayment = () => sepaInitiation('ob-sandbox-eu-redirect', { creditor: { virtualAccountId: eurAccount } });

beforeAll(async () => {
  gateway = await startGateway({
    worker: true,
    env: { PAYMENT_POLL_SCHEDULE_SECONDS: '1', SETTLEMENT_RECONCILE_INTERVAL_SECONDS: '1' },
  });
  stores = await openDataStores(gateway.config, { service: 'settlement-e2e', poolSize: 2 });
  member = await newMember(gateway);
  other = await newMember(gateway);
  gbpAccount = await newAccount(member.id, 'GBP');
  eurAccount = await newAccount(member.id, 'EUR');
  await receiver.start();
  const put = await call(`${gateway.apiUrl}/webhook/config`, 'PUT', member.auth, {
    config: { type: ['PAYMENT_STATUS_CHANGED'], url: receiver.url },
  });
  expect(put.status).toBe(200);
}, 120_000);

afterAll(async () => {
  await receiver.stop();
  await closeDataStores(stores);
  await gateway?.close();
});

describe('a payment to a settlement account', () => {
  it('names the account: the bank gets its identifiers and name, the answer the VirtualAccountCreditor', async () => {
    const created = await createPayment(gateway, member, fasterPayment());
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect((created.body.payment.initiation as Json)['creditor']).toEqual({
      virtualAccountId: gbpAccount,
      name: 'Settlement GBP',
    });
    const stored = await stores.prisma.payment.findUniqueOrThrow({ where: { id: created.body.payment.id } });
    expect(stored.virtualAccountId).toBe(gbpAccount);
    expect((stored.initiation as { creditor: Json }).creditor).toMatchObject({
      sortCode: '040004',
      accountNumber: '87654321',
    });
  });

  it('refuses an account of another member, an unknown one, another currency or a rail it has no identifiers for', async () => {
    const foreign = await newAccount(other.id, 'GBP');
    const cases: Json[] = [
      ukInitiation({ creditor: { virtualAccountId: foreign } }),
      ukInitiation({ creditor: { virtualAccountId: 'pa:unknown' } }),
      ukInitiation({ creditor: { virtualAccountId: eurAccount } }),
      sepaInitiation('ob-sandbox-eu-redirect', { creditor: { virtualAccountId: gbpAccount } }),
      ukInitiation({
        amount: { value: '1.00', currency: 'EUR' },
        localInstrument: 'SEPA',
        creditor: { virtualAccountId: gbpAccount },
      }),
    ];
    for (const initiation of cases) {
      const refused = await createPayment(gateway, member, initiation);
      expect(refused.status, JSON.stringify(refused.body)).toBe(400);
      expect((refused.body as unknown as { error: { paths: string[] } }).error.paths).toEqual([
        'initiation.creditor.virtualAccountId',
      ]);
    }
    const mixed = await createPayment(
      gateway,
      member,
      ukInitiation({ creditor: { virtualAccountId: gbpAccount, sortCode: '040004', accountNumber: '12345678' } }),
    );
    expect(mixed.status).toBe(400);
  });

  it('completed at the bank, settles when its credit arrives; PAYMENT_STATUS_CHANGED delivered and signed', async () => {
    const payment = await paidToAccount(fasterPayment('12.34'));
    const creditId = await bookCredit(gbpAccount, payment.refId, '12.34', 'GBP');
    const settled = await waitForStatus(gateway, member, payment.id, ['SETTLEMENT_COMPLETED'], 20_000);
    expectReferencePayment(settled, 'GET /v2/payments/{id}');
    const credit = await stores.prisma.settlementTransaction.findUniqueOrThrow({ where: { id: creditId } });
    expect(credit).toMatchObject({ paymentId: payment.id, reconciliationState: 'MATCHED' });
    expect(
      await stores.prisma.scheduledJob.findUnique({ where: { id: `settlement.window-end:${payment.id}` } }),
    ).toBeNull();

    const mine = () => receiver.requests.filter((r) => r.body.includes(payment.id));
    await receiver.waitFor(
      'the settlement event',
      () => mine().some((r) => r.body.includes('SETTLEMENT_COMPLETED')),
      15_000,
    );
    const jwks = remoteJwks(`${gateway.apiUrl}/.well-known/jwks.json`);
    const statuses: string[] = [];
    for (const request of mine()) {
      const verified = await verifyWebhook({ body: request.body, headers: request.headers, jwks });
      expect(verified.event).toBe('PAYMENT_STATUS_CHANGED');
      statuses.push(((verified.body['paymentStatusChanged'] ?? verified.body['payment']) as Json)['status'] as string);
    }
    expect(statuses).toEqual(
      expect.arrayContaining(['INITIATION_COMPLETED', 'SETTLEMENT_IN_PROGRESS', 'SETTLEMENT_COMPLETED']),
    );
  });

  it('a 0.01 credit sent ahead of the real one leaves the payment to the real credit, both shown against it', async () => {
    const payment = await paidToAccount(fasterPayment('20.00'));
    const ahead = await bookCredit(gbpAccount, payment.refId, '0.01', 'GBP');
    const linkedTo = async (id: string) =>
      (await stores.prisma.settlementTransaction.findUnique({ where: { id } }))?.paymentId ?? null;
    for (let tries = 0; (await linkedTo(ahead)) === null && tries < 200; tries += 1)
      await new Promise((resolve) => setTimeout(resolve, 100));
    const seen = await stores.prisma.settlementTransaction.findUnique({ where: { id: ahead } });
    expect(seen).toMatchObject({ paymentId: payment.id, reconciliationState: 'MISMATCHED' });
    expect((await getPayment(gateway, member, payment.id)).status).toBe('SETTLEMENT_IN_PROGRESS');

    const real = await bookCredit(gbpAccount, payment.refId, '20.00', 'GBP');
    const settled = await waitForStatus(gateway, member, payment.id, ['SETTLEMENT_COMPLETED'], 20_000);
    expect(settled.status).toBe('SETTLEMENT_COMPLETED');
    const credits = await stores.prisma.settlementTransaction.findMany({
      where: { paymentId: payment.id },
      orderBy: { receivedAt: 'asc' },
    });
    expect(credits.map((credit) => [credit.id, credit.amount.toFixed(2), credit.reconciliationState])).toEqual([
      [ahead, '0.01', 'MISMATCHED'],
      [real, '20.00', 'MATCHED'],
    ]);
  });

  it('a SEPA payment whose credit arrives on day 14 settles; one without a credit is SETTLEMENT_INCOMPLETE after 15 days, Faster Payments after 1 day', async () => {
    const early = await paidToAccount(sepaPayment());
    const never = await paidToAccount(sepaPayment());
    const faster = await paidToAccount(fasterPayment('5.00'));

    await advanceClock(gateway, 14 * 86_400);
    await bookCredit(eurAccount, early.refId, '25.00', 'EUR');
    await waitForStatus(gateway, member, early.id, ['SETTLEMENT_COMPLETED'], 20_000);
    // Faster Payments' one day has passed; SEPA's fifteen have not.
    const fasterEnded = await waitForStatus(gateway, member, faster.id, ['SETTLEMENT_INCOMPLETE'], 20_000);
    expect(fasterEnded.statusReasonInformation).toContain('(1 day)');
    expect((await getPayment(gateway, member, never.id)).status).toBe('SETTLEMENT_IN_PROGRESS');

    await advanceClock(gateway, 86_400 + 60);
    const neverEnded = await waitForStatus(gateway, member, never.id, ['SETTLEMENT_INCOMPLETE'], 20_000);
    expect(neverEnded.statusReasonInformation).toContain('(15 days)');
    expectReferencePayment(neverEnded, 'GET /v2/payments/{id}');

    // A credit after the window stays unmatched: final statuses never change.
    const late = await bookCredit(eurAccount, never.refId, '25.00', 'EUR');
    const unmatched = async () =>
      (await stores.prisma.settlementTransaction.findUniqueOrThrow({ where: { id: late } })).reconciliationState;
    const deadline = Date.now() + 15_000;
    while ((await unmatched()) === 'PENDING' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(await unmatched()).toBe('UNMATCHED');
    expect((await getPayment(gateway, member, never.id)).status).toBe('SETTLEMENT_INCOMPLETE');

    // The admin lists it, and refuses to match it with the final payment.
    const admin = `Bearer ${ADMIN_TOKEN}`;
    const list = await call<{ items: { id: string }[] }>(
      `${gateway.adminUrl}/admin/settlement/unmatched-credits?memberId=${encodeURIComponent(member.id)}`,
      'GET',
      admin,
    );
    expect(list.status).toBe(200);
    expect(list.body.items.map((item) => item.id)).toContain(late);
    const refused = await call(`${gateway.adminUrl}/admin/settlement/matches`, 'POST', admin, {
      creditId: late,
      paymentId: never.id,
    });
    expect(refused.status).toBe(409);
  }, 120_000);
});
