import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/chromium.js';
import { projectRoot } from '#libs/common';
import {
  ADMIN_TOKEN,
  call,
  createPayment,
  sepaInitiation,
  startGateway,
  ukInitiation,
  type TestGateway,
  type TestMember,
} from '../support/payments-gateway.js';

/**
 * The pages a paying user sees, in a real browser: the sandbox bank's OBIE consent page, its
 * Berlin Group SCA page and the gateway's hosted bank selection name the merchant, show the
 * payee as people read it and the amount with its currency, and load the bank's logo.
 * Screenshots land in test-results/ (git-ignored) for a person to look at.
 */

const MERCHANT = 'Acme Coffee Roasters';
const SCREENSHOTS = join(projectRoot(), 'test-results');

let gateway: TestGateway;
let member: TestMember;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  gateway = await startGateway();
  const created = await call<{ member: { id: string }; apiKey: string }>(
    `${gateway.adminUrl}/admin/members`,
    'POST',
    `Bearer ${ADMIN_TOKEN}`,
    { name: MERCHANT },
  );
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  member = { id: created.body.member.id, auth: `Basic ${created.body.apiKey}` };
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await gateway?.close();
});

async function redirectUrlOf(initiation: Record<string, unknown>): Promise<string> {
  const created = await createPayment(gateway, member, initiation);
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return (created.body.payment.authentication as { redirectUrl: string }).redirectUrl;
}

/** Opens the page, waits for its images, saves a full-page screenshot and answers the page. */
async function visit(url: string, screenshot: string, run: (page: Page) => Promise<void>): Promise<void> {
  const page = await browser.newPage({ viewport: { width: 720, height: 900 } });
  // Anything the page asked for that failed or was blocked (the browser's own favicon request aside).
  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400 && !response.url().endsWith('/favicon.ico')) failed.push(response.url());
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) failed.push(message.text());
  });
  try {
    await page.goto(url);
    await page.waitForFunction('[...document.images].every((image) => image.complete)');
    await page.screenshot({ path: join(SCREENSHOTS, screenshot), fullPage: true });
    await run(page);
    expect(failed).toEqual([]);
  } finally {
    await page.close();
  }
}

/** The natural widths of the images matching `selector` (0 for one that did not load). */
function imageWidths(page: Page, selector: string): Promise<number[]> {
  return page.evaluate<number[]>(
    `[...document.querySelectorAll(${JSON.stringify(selector)})].map((image) => image.naturalWidth)`,
  );
}

describe('pages a user would trust', () => {
  it('the OBIE consent page names the merchant, the payee as people read it, the amount and the bank', async () => {
    const url = await redirectUrlOf(
      ukInitiation({
        amount: { value: '1234.50', currency: 'GBP' },
        remittanceInformationPrimary: 'ORDER 4711',
        creditor: { name: 'Acme Coffee Roasters Ltd', sortCode: '040004', accountNumber: '12345678' },
      }),
    );
    expect(new URL(url).origin).toBe(gateway.sandboxUrl);
    await visit(url, 'sandbox-obie-consent-page.png', async (page) => {
      expect(await page.locator('.requester').innerText()).toBe(MERCHANT);
      expect(await page.locator('p.lead').innerText()).toBe(`${MERCHANT} asks for your authorisation.`);
      const summary = await page.locator('dl.summary').innerText();
      expect(summary).toMatch(/Amount\s+1,234\.50 GBP/);
      expect(summary).toMatch(/Pay to\s+Acme Coffee Roasters Ltd/);
      expect(summary).toMatch(/Account\s+04-00-04 12345678/);
      expect(summary).toMatch(/Reference\s+ORDER 4711/);
      expect(summary).not.toContain('UK.OBIE');
      expect(await imageWidths(page, '.bank img')).toEqual([64]);
    });
  });

  it('the Berlin Group SCA page shows the payee with its IBAN in groups of four, the amount and the bank', async () => {
    const url = await redirectUrlOf(
      sepaInitiation('ob-sandbox-eu-redirect', {
        amount: { value: '2500.00', currency: 'EUR' },
        creditor: { name: 'Kaffeehaus Berlin GmbH', iban: 'DE89370400440532013000' },
      }),
    );
    expect(new URL(url).origin).toBe(gateway.sandboxUrl);
    await visit(url, 'sandbox-berlin-group-sca-page.png', async (page) => {
      const summary = await page.locator('dl.summary').innerText();
      expect(summary).toMatch(/Amount\s+2,500\.00 EUR/);
      expect(summary).toMatch(/Pay to\s+Kaffeehaus Berlin GmbH/);
      expect(summary).toMatch(/Account\s+DE89 3704 0044 0532 0130 00/);
      expect(await page.locator('.bank').innerText()).toBe('Sandbox Bank Europe Redirect');
      expect(await imageWidths(page, '.bank img')).toEqual([64]);
    });
  });

  it('the hosted bank selection page names the merchant and the payee, and shows every bank logo', async () => {
    const { bankId: _bankId, ...initiation } = ukInitiation({
      amount: { value: '42.00', currency: 'GBP' },
      creditor: { name: 'Acme Coffee Roasters Ltd', sortCode: '04-00-04', accountNumber: '12345678' },
    });
    const url = await redirectUrlOf(initiation);
    expect(new URL(url).origin).toBe(gateway.apiUrl);
    await visit(url, 'hosted-bank-selection-page.png', async (page) => {
      expect(await page.locator('p.merchant').innerText()).toBe(`${MERCHANT} asks you to pay by bank transfer.`);
      const summary = await page.locator('dl.summary').innerText();
      expect(summary).toMatch(/Amount\s+42\.00 GBP/);
      expect(summary).toMatch(/Pay to\s+Acme Coffee Roasters Ltd/);
      expect(summary).toMatch(/Account\s+04-00-04 12345678/);
      const widths = await imageWidths(page, 'ul.banks img.bank-logo');
      expect(widths.length).toBeGreaterThan(0);
      for (const width of widths) expect(width).toBeGreaterThan(0);
    });
  });
});
