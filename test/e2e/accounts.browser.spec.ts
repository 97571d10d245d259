import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/chromium.js';
import { newMember, startGateway, type TestGateway, type TestMember } from '../support/payments-gateway.js';
import { TPP_REDIRECT } from '../support/token-requests.js';
import { TppSite } from '../support/tpp-site.js';
import { consentUrl } from './accounts/account-consent.js';
import { readEverything } from './accounts/reads.js';

let gateway: TestGateway;
let member: TestMember;
let browser: Browser;
const tpp = new TppSite();

beforeAll(async () => {
  gateway = await startGateway();
  member = await newMember(gateway);
  await tpp.start();
  browser = await launchChromium(tpp.chromiumArgs());
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await gateway?.close();
  await tpp.stop();
});

/** The user consents in a real browser at the bank's page and lands at the TPP with the tokenId. */
async function consentInBrowser(bankId: string): Promise<string> {
  const context = await browser.newContext({ ignoreHTTPSErrors: true });
  const page = await context.newPage();
  try {
    await page.goto(await consentUrl(gateway, member, bankId));
    await page.fill('input[name="username"]', 'sandbox-success');
    await Promise.all([
      page.waitForURL((url) => url.href.startsWith(TPP_REDIRECT)),
      page.click('button[name="decision"][value="approve"]'),
    ]);
    const tokenId = new URL(page.url()).searchParams.get('tokenId');
    expect(tokenId).toMatch(/^tt:/);
    return tokenId ?? '';
  } finally {
    await context.close();
  }
}

describe('account information after a consent given in a real browser', () => {
  it('at the UK sandbox bank: every endpoint answers the user’s data in the reference shapes', async () => {
    const tokenId = await consentInBrowser('ob-sandbox-gb');
    const { accounts, transactions } = await readEverything(gateway, member, tokenId, { standingOrders: true });
    expect(accounts).toHaveLength(3);
    expect(transactions.length).toBeGreaterThan(200);
  });

  it('at a Berlin Group sandbox bank: every endpoint in the reference shapes, standing orders 501', async () => {
    const tokenId = await consentInBrowser('ob-sandbox-eu');
    const yearAgo = new Date(gateway.api.stores.clock.nowMs() - 366 * 86_400_000).toISOString().slice(0, 10);
    const { accounts, transactions } = await readEverything(gateway, member, tokenId, {
      standingOrders: false,
      filter: `&startDate=${yearAgo}`,
    });
    expect(accounts.map((account) => account['bankId'])).toEqual(['ob-sandbox-eu', 'ob-sandbox-eu', 'ob-sandbox-eu']);
    expect(transactions.length).toBeGreaterThan(200);
  });
});
