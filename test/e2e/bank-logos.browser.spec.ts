import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/chromium.js';
import {
  createPayment,
  newMember,
  startGateway,
  ukInitiation,
  type TestGateway,
  type TestMember,
} from '../support/payments-gateway.js';

let gateway: TestGateway;
let member: TestMember;
let browser: Browser;

beforeAll(async () => {
  gateway = await startGateway();
  member = await newMember(gateway);
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await gateway?.close();
});

describe('bank logos', () => {
  it("every catalogue bank's logoUri and fullLogoUri answer 200 image/svg+xml, publicly, and parse as SVG", async () => {
    const banks = await gateway.api.stores.repositories.banks.listListed();
    expect(banks.length).toBeGreaterThan(10);
    const page = await browser.newPage();
    try {
      await page.goto(`${gateway.apiUrl}/healthz`);
      for (const bank of banks) {
        for (const uri of [bank.logoUri, bank.fullLogoUri]) {
          expect(uri, bank.id).toMatch(new RegExp(`^${gateway.apiUrl}/logos/${bank.id}(\\.full)?\\.svg$`));
          const response = await fetch(uri as string);
          expect(response.status, uri as string).toBe(200);
          expect(response.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
          expect(response.headers.get('cache-control')).toMatch(/^public, max-age=\d{6,}/);
          const text = await response.text();
          const parsed = await page.evaluate<{ root: string; errors: number; title: string | undefined }>(`(() => {
            const parsed = new DOMParser().parseFromString(${JSON.stringify(text)}, 'image/svg+xml');
            return {
              root: parsed.documentElement.nodeName,
              errors: parsed.getElementsByTagName('parsererror').length,
              title: parsed.querySelector('title')?.textContent,
            };
          })()`);
          expect(parsed, uri as string).toEqual({ root: 'svg', errors: 0, title: bank.name });
        }
      }
    } finally {
      await page.close();
    }
    const unknown = await fetch(`${gateway.apiUrl}/logos/no-such-bank.svg`);
    expect(unknown.status).toBe(404);
    const openapi = (await (await fetch(`${gateway.apiUrl}/openapi.json`)).json()) as { paths: object };
    expect(Object.keys(openapi.paths).filter((path) => path.startsWith('/logos'))).toEqual([]);
  });

  it('the hosted bank selection page shows every bank with its logo, loaded', async () => {
    const { bankId: _bankId, ...initiation } = ukInitiation();
    const created = await createPayment(gateway, member, initiation);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const hostedUrl = (created.body.payment.authentication as { redirectUrl: string }).redirectUrl;

    const page = await browser.newPage();
    const blocked: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') blocked.push(message.text());
    });
    try {
      await page.goto(hostedUrl);
      const logos = page.locator('ul.banks img.bank-logo');
      expect(await logos.count()).toBeGreaterThan(0);
      await page.waitForFunction('[...document.images].every((image) => image.complete)');
      const loaded = await page.evaluate<{ src: string; width: number }[]>(
        "[...document.querySelectorAll('ul.banks img.bank-logo')].map((image) => ({ src: image.src, width: image.naturalWidth }))",
      );
      for (const logo of loaded) {
        expect(logo.src).toMatch(new RegExp(`^${gateway.apiUrl}/logos/[a-z0-9-]+\\.svg$`));
        expect(logo.width, logo.src).toBeGreaterThan(0);
      }
      expect(blocked).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
