import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/chromium.js';
import { TppSite } from '../support/tpp-site.js';
import {
  TPP_CALLBACK,
  createPayment,
  newMember,
  startGateway,
  ukInitiation,
  waitForStatus,
  type TestGateway,
  type TestMember,
} from '../support/payments-gateway.js';

let gateway: TestGateway;
let member: TestMember;
let browser: Browser;
const tpp = new TppSite();

beforeAll(async () => {
  gateway = await startGateway({ worker: true });
  member = await newMember(gateway);
  await tpp.start();
  browser = await launchChromium(tpp.chromiumArgs());
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await gateway?.close();
  await tpp.stop();
});

describe('a redirect payment in a real browser', () => {
  it('the bank page, approve, the gateway callback, the TPP landing page; the payment completes', async () => {
    const created = await createPayment(gateway, member, ukInitiation({ callbackState: 'browser-state' }));
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const payment = created.body.payment;
    // The TPP's site is a local HTTPS server with a throwaway certificate.
    const context = await browser.newContext({ ignoreHTTPSErrors: true });
    const page = await context.newPage();
    try {
      await page.goto((payment.authentication as { redirectUrl: string }).redirectUrl);
      await page.fill('input[name="username"]', 'sandbox-success');
      await Promise.all([
        page.waitForURL((url) => url.href.startsWith(TPP_CALLBACK)),
        page.click('button[name="decision"][value="approve"]'),
      ]);
      const landed = new URL(page.url());
      expect(landed.searchParams.get('paymentId')).toBe(payment.id);
      expect(landed.searchParams.get('callbackState')).toBe('browser-state');
      expect(await page.locator('p').innerText()).toBe('Thanks for your order.');
      expect(tpp.visits.find((url) => url.pathname === '/payments/callback')?.searchParams.get('paymentId')).toBe(
        payment.id,
      );
    } finally {
      await context.close();
    }
    await waitForStatus(gateway, member, payment.id, ['INITIATION_COMPLETED']);
  });
});
