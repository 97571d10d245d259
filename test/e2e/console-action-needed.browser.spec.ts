import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '#libs/domain';
import { launchChromium } from '../support/chromium.js';
import { signInToConsole } from '../support/console-sign-in.js';
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
import { answer, WebhookReceiver } from '../support/webhook-receiver.js';
import { decideOnConsentPage } from './obie/consent-form.js';

const SCREENSHOTS = 'docs/console';
const ADMIN = `Bearer ${ADMIN_TOKEN}`;

/**
 * The console's "Action needed" page in Chromium against the real gateway, worker and sandbox
 * bank: a payment whose bank never answered, flagged and resolved with a reason; an unmatched
 * settlement credit matched with the payment it pays; a delivery that gave up, replayed.
 */
describe('operations console: action needed (Chromium)', () => {
  let gateway: TestGateway;
  let member: TestMember;
  let browser: Browser;
  const receiver = new WebhookReceiver();

  beforeAll(async () => {
    gateway = await startGateway({
      worker: true,
      env: { PAYMENT_POLL_SCHEDULE_SECONDS: '1', SETTLEMENT_RECONCILE_INTERVAL_SECONDS: '1' },
    });
    member = await newMember(gateway);
    await receiver.start();
    const put = await call(`${gateway.apiUrl}/webhook/config`, 'PUT', member.auth, {
      config: { type: ['PAYMENT_STATUS_CHANGED'], url: receiver.url },
    });
    expect(put.status).toBe(200);
    browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await gateway?.close();
    await receiver.stop();
  });

  async function signedIn(): Promise<Page> {
    const page = await (await browser.newContext()).newPage();
    await signInToConsole(page, gateway.adminUrl);
    await page.getByRole('link', { name: 'Action needed' }).click();
    await page.waitForURL(`${gateway.adminUrl}/console/action-needed`);
    return page;
  }

  /** A UK payment approved at the bank as `username`, its user back at the gateway. */
  async function approvedPayment(initiation: Record<string, unknown>, username = 'sandbox-success') {
    const created = await createPayment(gateway, member, initiation);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const back = await decideOnConsentPage(
      (created.body.payment.authentication as { redirectUrl: string }).redirectUrl,
      username,
      'approve',
    );
    expect((await call(back.toString(), 'GET', undefined)).status).toBe(303);
    return created.body.payment.id;
  }

  it('resolves a flagged payment with a reason, recorded as the admin API records it', async () => {
    // The bank answers 500 to every order: the payment stays pending and, a day on, is flagged.
    const paymentId = await approvedPayment(ukInitiation(), 'sandbox-bank-error');
    await advanceClock(gateway, 25 * 3600);
    const flagged = async () =>
      (
        await call<{ outcomeChecks: { resourceId: string }[] }>(
          `${gateway.adminUrl}/admin/outcome-checks?flagged=true`,
          'GET',
          ADMIN,
        )
      ).body.outcomeChecks.map((check) => check.resourceId);
    await expect.poll(flagged, { timeout: 30_000 }).toContain(paymentId);

    const page = await signedIn();
    const row = page.locator('table.flagged tbody tr', { hasText: paymentId });
    await row.getByLabel('Reason').fill('Bank confirmed by phone that no order was executed (ticket OPS-7).');
    await row.getByRole('button', { name: `Resolve ${paymentId}` }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain('reason recorded');
    expect(await page.locator('table.flagged tbody tr', { hasText: paymentId }).count()).toBe(0);

    expect(await flagged()).not.toContain(paymentId);
    const events = await call<{ operatorEvents: { type: string; detail: { reason?: string } }[] }>(
      `${gateway.adminUrl}/admin/operator-events?resourceId=${encodeURIComponent(paymentId)}`,
      'GET',
      ADMIN,
    );
    const resolved = events.body.operatorEvents.find((event) => event.type === 'OUTCOME_CHECK_RESOLVED');
    expect(resolved?.detail.reason).toBe('Bank confirmed by phone that no order was executed (ticket OPS-7).');
    // Never ended silently: the payment is as it was.
    expect((await getPayment(gateway, member, paymentId)).status).toBe('INITIATION_PENDING_REDIRECT_AUTH_VERIFICATION');
    await page.context().close();
  }, 90_000);

  it('matches an unmatched credit with the payment it pays: the payment settles', async () => {
    const { repositories, prisma } = gateway.api.stores;
    const accountId = newId('pa:');
    const now = new Date();
    await repositories.settlementAccounts.insert({
      id: accountId,
      memberId: member.id,
      providerId: 'sandbox',
      providerAccountId: accountId,
      status: 'ACTIVE',
      currency: 'GBP',
      country: 'GB',
      accountName: 'Settlement GBP',
      sortCode: '040004',
      accountNumber: '87654321',
      createdAt: now,
      updatedAt: now,
    });
    const paymentId = await approvedPayment(
      ukInitiation({ amount: { value: '12.34', currency: 'GBP' }, creditor: { virtualAccountId: accountId } }),
    );
    await waitForStatus(gateway, member, paymentId, ['SETTLEMENT_IN_PROGRESS']);
    // The payer's bank sent the money without the reference: nothing takes the credit.
    const creditId = newId('st');
    await repositories.settlementTransactions.insertOnce({
      id: creditId,
      accountId,
      memberId: member.id,
      transactionType: 'CREDIT',
      providerPaymentId: randomBytes(6).toString('hex'),
      amount: '12.34',
      currency: 'GBP',
      localInstrument: 'FASTER_PAYMENTS',
      refId: `no-such-reference-${randomBytes(3).toString('hex')}`,
      createdDateTime: new Date(),
      receivedAt: new Date(),
    });
    const state = async () =>
      (await prisma.settlementTransaction.findUniqueOrThrow({ where: { id: creditId } })).reconciliationState;
    await expect.poll(state, { timeout: 20_000 }).toBe('UNMATCHED');

    const page = await signedIn();
    const row = page.locator('table.unmatched tbody tr', { hasText: creditId });
    await row.getByLabel('Payment or transfer id').fill(paymentId);
    await page.screenshot({ path: `${SCREENSHOTS}/action-needed.png`, fullPage: true });
    await row.getByRole('button', { name: `Match credit ${creditId}` }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain('credit is matched');
    expect(await state()).toBe('MATCHED');
    expect((await getPayment(gateway, member, paymentId)).status).toBe('SETTLEMENT_COMPLETED');
    await page.context().close();
  }, 90_000);

  it('replays a delivery that gave up: the receiver gets the event again', async () => {
    receiver.responder = answer(500);
    const created = await createPayment(gateway, member, ukInitiation());
    expect(created.status).toBe(200);
    const paymentId = created.body.payment.id;
    const deliveryOf = async () =>
      gateway.api.stores.prisma.webhookDelivery.findFirst({
        where: { memberId: member.id, body: { contains: paymentId } },
        orderBy: { createdAt: 'asc' },
      });
    await expect.poll(async () => (await deliveryOf())?.attemptCount ?? 0, { timeout: 15_000 }).toBeGreaterThan(0);
    // Every retry comes due and fails, until the delivery gives up.
    const deadline = Date.now() + 60_000;
    let delivery = await deliveryOf();
    while (delivery?.status === 'PENDING' && Date.now() < deadline) {
      await advanceClock(gateway, 6 * 3600);
      await new Promise((resolve) => setTimeout(resolve, 300));
      delivery = await deliveryOf();
    }
    expect(delivery?.status).toBe('DEAD');
    const deliveryId = delivery?.id ?? '';
    const eventId = delivery?.eventId ?? '';

    receiver.responder = answer(200);
    const page = await signedIn();
    await page.getByLabel(`Select ${deliveryId}`).check();
    await page.getByRole('button', { name: 'Replay selected' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain('queued again');
    await expect.poll(async () => (await deliveryOf())?.status, { timeout: 15_000 }).toBe('DELIVERED');
    // The same event, answered 200 this time.
    expect(receiver.requests.filter((request) => request.headers['webhook-id'] === eventId).length).toBeGreaterThan(
      delivery?.attemptCount ?? 0,
    );
    await page.context().close();
  }, 120_000);

  it('lists a bank whose calls go unanswered as failing, from the calls of every process', async () => {
    const bankId = 'ob-sandbox-eu-redirect';
    const faults = `${gateway.sandboxUrl}/sandbox/faults/${bankId}`;
    const page = await signedIn();
    /** The bank's row of the Action needed page's slow or failing banks, if it is listed. */
    const listed = async () => {
      await page.goto(`${gateway.adminUrl}/console/action-needed`);
      return page.locator('table.bank-calls tbody tr', { hasText: bankId }).count();
    };
    expect(await listed()).toBe(0);
    // The worker's status probes call the bank too: enough failed payment calls make a fifth of all.
    expect((await call(faults, 'PUT', ADMIN, { latencyMs: 0, errorRate: 1 })).status).toBe(200);
    let failedCalls = 0;
    try {
      while ((await listed()) === 0 && failedCalls < 60) {
        for (let index = 0; index < 5; index += 1) {
          const created = await createPayment(gateway, member, sepaInitiation(bankId));
          expect(created.status).toBeGreaterThanOrEqual(500);
          failedCalls += 1;
        }
      }
    } finally {
      expect((await call(faults, 'PUT', ADMIN, { latencyMs: 0, errorRate: 0 })).status).toBe(200);
    }
    const row = page.locator('table.bank-calls tbody tr', { hasText: bankId });
    expect(await row.locator('td').last().textContent()).toBe('failing');
    // Its calls as counted: at least the payments' failed ones, once the api has written its
    // counts (each process writes them once a second).
    const unanswered = async () => {
      await listed();
      return Number((await row.locator('td').nth(3).textContent())?.split(' ')[0]);
    };
    await expect.poll(unanswered, { timeout: 5000 }).toBeGreaterThanOrEqual(failedCalls);
    expect(await row.locator('td').last().textContent()).toBe('failing');
    await page.goto(`${gateway.adminUrl}/console/overview`);
    expect(await page.locator('figure#bank-latency svg').getAttribute('aria-label')).toContain(bankId);
    await page.screenshot({ path: `${SCREENSHOTS}/overview.png`, fullPage: true });
    await page.context().close();
  }, 90_000);
});
