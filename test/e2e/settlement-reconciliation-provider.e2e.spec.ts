import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
 * The whole chain against the real gateway, worker and sandbox bank: settlement accounts opened
 * through POST /virtual-accounts at the sandbox provider, paid at the sandbox bank; the provider
 * books each payment's credit as its remittance marker says (at once, `settle-after-<N>h`,
 * `settle-amount-<x>`, `settle-never`), the intake worker reads it, the reconciliation worker
 * settles the payment (or ends it SETTLEMENT_INCOMPLETE), on the test clock.
 */

type Json = Record<string, unknown>;

const receiver = new WebhookReceiver();
let gateway: TestGateway;
let member: TestMember;
let gbpAccount: string;
let eurAccount: string;

async function openAccount(currency: 'EUR' | 'GBP'): Promise<string> {
  const opened = await call<{ virtualAccount: { accountId: string } }>(
    `${gateway.apiUrl}/virtual-accounts`,
    'POST',
    member.auth,
    { currency, country: currency === 'EUR' ? 'DE' : 'GB', accountNickName: `Settlement ${currency}` },
  );
  expect(opened.status, JSON.stringify(opened.body)).toBe(200);
  return opened.body.virtualAccount.accountId;
}

/** A payment to a settlement account approved at the sandbox bank, now SETTLEMENT_IN_PROGRESS. */
async function paid(initiation: Json): Promise<string> {
  const created = await createPayment(gateway, member, initiation);
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const back = await decideOnConsentPage(
    (created.body.payment.authentication as { redirectUrl: string }).redirectUrl,
    'sandbox-success',
    'approve',
  );
  expect((await call(back.toString(), 'GET', undefined)).status).toBe(303);
  return (
    await waitForStatus(gateway, member, created.body.payment.id, ['SETTLEMENT_IN_PROGRESS', 'SETTLEMENT_COMPLETED'])
  ).id;
}

/** The credits booked against a payment (amount and state), once the intake has booked one, as the admin API shows them. */
async function bookedAgainst(paymentId: string): Promise<unknown[]> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const view = await call<{ credits: Json[] }>(
      `${gateway.adminUrl}/admin/settlement/payments/${encodeURIComponent(paymentId)}`,
      'GET',
      `Bearer ${ADMIN_TOKEN}`,
    );
    expect(view.status, JSON.stringify(view.body)).toBe(200);
    if (view.body.credits.length > 0 || Date.now() > deadline)
      return view.body.credits.map((credit) => [credit['amount'], credit['reconciliationState']]);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const faster = (marker: string, value = '10.50') =>
  ukInitiation({
    amount: { value, currency: 'GBP' },
    creditor: { virtualAccountId: gbpAccount },
    remittanceInformationSecondary: marker,
  });
const sepa = (marker: string) =>
  sepaInitiation('ob-sandbox-eu-redirect', {
    creditor: { virtualAccountId: eurAccount },
    remittanceInformationSecondary: marker,
  });

beforeAll(async () => {
  gateway = await startGateway({
    worker: true,
    env: {
      PAYMENT_POLL_SCHEDULE_SECONDS: '1',
      // An hour between the interval's runs: credits booked by the intake and payments reaching
      // their final status bring the next run forward, and settle without waiting for it.
      SETTLEMENT_RECONCILE_INTERVAL_SECONDS: '3600',
      SETTLEMENT_CREDIT_READ_SECONDS: '1',
    },
  });
  member = await newMember(gateway);
  gbpAccount = await openAccount('GBP');
  eurAccount = await openAccount('EUR');
  await receiver.start();
  const put = await call(`${gateway.apiUrl}/webhook/config`, 'PUT', member.auth, {
    config: { type: ['PAYMENT_STATUS_CHANGED'], url: receiver.url },
  });
  expect(put.status).toBe(200);
}, 120_000);

afterAll(async () => {
  await receiver.stop();
  await gateway?.close();
});

describe('payments to settlement accounts settled by the provider\u2019s credits', () => {
  it('settles when the credit arrives; another amount ends SETTLEMENT_INCOMPLETE at the window end naming it; events signed', async () => {
    const settles = await paid(faster('thanks'));
    const short = await paid(faster('settle-amount-9.99'));
    const done = await waitForStatus(gateway, member, settles, ['SETTLEMENT_COMPLETED'], 30_000);
    expectReferencePayment(done, 'GET /v2/payments/{id}');
    expect((done.initiation as Json)['creditor']).toMatchObject({ virtualAccountId: gbpAccount });
    // Another amount is booked against the payment, which stays in progress until its window ends.
    expect(await bookedAgainst(short), 'the 9.99 credit booked against the payment').toEqual([
      [{ value: '9.99', currency: 'GBP' }, 'MISMATCHED'],
    ]);
    expect((await getPayment(gateway, member, short)).status).toBe('SETTLEMENT_IN_PROGRESS');
    await advanceClock(gateway, 86_400 + 60);
    const incomplete = await waitForStatus(gateway, member, short, ['SETTLEMENT_INCOMPLETE'], 30_000);
    expect(incomplete.statusReasonInformation).toContain('9.99 GBP');
    expect(incomplete.statusReasonInformation).toContain('expected 10.50 GBP');

    const mine = () => receiver.requests.filter((r) => r.body.includes(settles));
    await receiver.waitFor(
      'the settlement event',
      () => mine().some((r) => r.body.includes('SETTLEMENT_COMPLETED')),
      15_000,
    );
    const jwks = remoteJwks(`${gateway.apiUrl}/.well-known/jwks.json`);
    for (const request of mine()) {
      const verified = await verifyWebhook({ body: request.body, headers: request.headers, jwks });
      expect(verified.event).toBe('PAYMENT_STATUS_CHANGED');
    }
  }, 90_000);

  it('SEPA: a credit on day 14 settles, none ends SETTLEMENT_INCOMPLETE after 15 days; Faster Payments after 1 day', async () => {
    const day14 = await paid(sepa('settle-after-336h'));
    const never = await paid(sepa('settle-never'));
    const fasterNever = await paid(faster('settle-never', '3.00'));

    await advanceClock(gateway, 14 * 86_400 + 60);
    await waitForStatus(gateway, member, day14, ['SETTLEMENT_COMPLETED'], 30_000);
    const fasterEnded = await waitForStatus(gateway, member, fasterNever, ['SETTLEMENT_INCOMPLETE'], 30_000);
    expect(fasterEnded.statusReasonInformation).toContain('(1 day)');
    expect((await getPayment(gateway, member, never)).status).toBe('SETTLEMENT_IN_PROGRESS');

    await advanceClock(gateway, 86_400);
    const ended = await waitForStatus(gateway, member, never, ['SETTLEMENT_INCOMPLETE'], 30_000);
    expect(ended.statusReasonInformation).toContain('(15 days)');
    expectReferencePayment(ended, 'GET /v2/payments/{id}');
  }, 120_000);
});
