import { setTimeout as sleep } from 'node:timers/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Transfer } from '#libs/db';
import { launchChromium } from '../support/chromium.js';
import { TppSite } from '../support/tpp-site.js';
import { call, newMember, startGateway, type TestGateway, type TestMember } from '../support/payments-gateway.js';
import { TPP_REDIRECT, sepaTransferPayload, storeTokenRequest, ukTransferPayload } from '../support/token-requests.js';

let gateway: TestGateway;
let member: TestMember;
let browser: Browser;
const tpp = new TppSite();

beforeAll(async () => {
  gateway = await startGateway({ worker: true, env: { PAYMENT_POLL_SCHEDULE_SECONDS: '1' } });
  member = await newMember(gateway);
  await tpp.start();
  browser = await launchChromium(tpp.chromiumArgs());
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await gateway?.close();
  await tpp.stop();
});

async function authorize(requestId: string, body: Record<string, unknown>): Promise<string> {
  const answer = await call<{ redirectUrl: string }>(
    `${gateway.apiUrl}/token-requests/${encodeURIComponent(requestId)}/authorization`,
    'POST',
    member.auth,
    body,
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.redirectUrl;
}

/** At the sandbox bank's page: the username, then approve; the browser ends at the TPP. */
async function approveAtBank(page: Page): Promise<URL> {
  await page.fill('input[name="username"]', 'sandbox-success');
  await Promise.all([
    page.waitForURL((url) => url.href.startsWith(TPP_REDIRECT)),
    page.click('button[name="decision"][value="approve"]'),
  ]);
  return new URL(page.url());
}

async function transferOf(requestId: string, statuses: readonly string[]): Promise<Transfer> {
  const { tokenRequests, transfers } = gateway.api.stores.repositories;
  const deadline = Date.now() + 30_000;
  for (;;) {
    const request = await tokenRequests.findById(requestId);
    const transfer = request?.transferId == null ? null : await transfers.findById(request.transferId);
    if (transfer !== null && statuses.includes(transfer.status)) return transfer;
    if (Date.now() > deadline) throw new Error(`no transfer in ${statuses.join('/')} for ${requestId}`);
    await sleep(100);
  }
}

describe('transfer token requests in a real browser', () => {
  it('auto-redeem: the bank page, approve, the TPP with tokenId and signature; PROCESSED, the transfer SUCCESS', async () => {
    const payload = ukTransferPayload('19.99', { callbackState: 'browser-state' });
    const request = await storeTokenRequest(gateway, member, payload);
    const context = await browser.newContext({ ignoreHTTPSErrors: true });
    const page = await context.newPage();
    try {
      await page.goto(await authorize(request.id, { bankId: 'ob-sandbox-gb' }));
      const landed = await approveAtBank(page);
      expect(landed.searchParams.get('requestId')).toBe(request.id);
      expect(landed.searchParams.get('state')).toBe('browser-state');
      expect(landed.searchParams.get('tokenId')).toMatch(/^tt:/);
      expect(JSON.parse(landed.searchParams.get('signature') ?? '{}')).toHaveProperty('memberId', 'm:gateway');
      expect(await page.locator('p').innerText()).toBe('Thanks for your order.');
    } finally {
      await context.close();
    }
    const stored = await gateway.api.stores.repositories.tokenRequests.findById(request.id);
    expect(stored?.status).toBe('PROCESSED');
    expect(stored?.transferId).toMatch(/^t:/);
    await transferOf(request.id, ['SUCCESS']);
  });

  it('usingWebApp: the hosted bank selection page, a bank, its page, the TPP; the token and the transfer', async () => {
    const request = await storeTokenRequest(gateway, member, ukTransferPayload('5.00'), {
      tokenInternal: { usingWebApp: true },
    });
    const hosted = await authorize(request.id, {});
    expect(hosted).toBe(`${gateway.apiUrl}/hosted-pages/token-requests/${request.callbackToken}`);
    const context = await browser.newContext({ ignoreHTTPSErrors: true, javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      await page.goto(hosted);
      expect(await page.locator('h2').innerText()).toBe('Choose your bank');
      // Only banks that pay over Faster Payments are offered.
      const offered: string[] = [];
      for (const button of await page.locator('button[name="bankId"]').all())
        offered.push((await button.getAttribute('value')) ?? '');
      expect(offered).toContain('ob-sandbox-gb');
      expect(offered).not.toContain('ob-sandbox-eu');
      await Promise.all([
        page.waitForURL((url) => url.href.startsWith(gateway.sandboxUrl)),
        page.click('button[name="bankId"][value="ob-sandbox-gb"]'),
      ]);
      const landed = await approveAtBank(page);
      expect(landed.searchParams.get('tokenId')).toMatch(/^tt:/);
    } finally {
      await context.close();
    }
    const stored = await gateway.api.stores.repositories.tokenRequests.findById(request.id);
    expect(stored).toMatchObject({ status: 'PROCESSED', bankId: 'ob-sandbox-gb' });
    await transferOf(request.id, ['SUCCESS']);
  });

  it('usingWebApp at an embedded bank: its fields on the hosted page, step by step, then the TPP with the token', async () => {
    const request = await storeTokenRequest(
      gateway,
      member,
      sepaTransferPayload('6.50', { callbackState: 'eu-state' }),
      {
        tokenInternal: { usingWebApp: true },
      },
    );
    const context = await browser.newContext({ ignoreHTTPSErrors: true, javaScriptEnabled: false });
    const page = await context.newPage();
    const hosted = `${gateway.apiUrl}/hosted-pages/token-requests/${request.callbackToken}`;
    try {
      await page.goto(await authorize(request.id, {}));
      await Promise.all([
        page.waitForURL(`${hosted}/status`),
        page.click('button[name="bankId"][value="ob-sandbox-eu"]'),
      ]);
      expect(await page.locator('h1').innerText()).toBe('Confirm with your bank');
      await page.getByLabel('Online banking user ID').fill('sandbox-success');
      expect(await page.locator('input[name="password"]').getAttribute('type')).toBe('password');
      await page.getByLabel('Password or PIN').fill('12345');
      await Promise.all([page.waitForURL(`${hosted}/embedded`), page.click('button[type="submit"]')]);
      // The bank's SCA methods, one radio button each.
      expect(await page.locator('input[type="radio"][name="scaMethod"]').count()).toBe(2);
      await page.check('input[type="radio"][name="scaMethod"][value="sms"]');
      await Promise.all([page.waitForSelector('input[name="otp"]'), page.click('button[type="submit"]')]);
      await page.fill('input[name="otp"]', '123456');
      await Promise.all([
        page.waitForURL((url) => url.href.startsWith(TPP_REDIRECT)),
        page.click('button[type="submit"]'),
      ]);
      const landed = new URL(page.url());
      expect(landed.searchParams.get('requestId')).toBe(request.id);
      expect(landed.searchParams.get('state')).toBe('eu-state');
      expect(landed.searchParams.get('tokenId')).toMatch(/^tt:/);
      expect(JSON.parse(landed.searchParams.get('signature') ?? '{}')).toHaveProperty('memberId', 'm:gateway');
      expect(await page.locator('p').innerText()).toBe('Thanks for your order.');
      const stored = await gateway.api.stores.repositories.tokenRequests.findById(request.id);
      expect(stored).toMatchObject({
        status: 'PROCESSED',
        bankId: 'ob-sandbox-eu',
        tokenId: landed.searchParams.get('tokenId'),
      });
    } finally {
      await context.close();
    }
    const transfer = await transferOf(request.id, ['SUCCESS', 'PROCESSING']);
    expect(transfer.amount.toFixed(2)).toBe('6.50');
  });
});
