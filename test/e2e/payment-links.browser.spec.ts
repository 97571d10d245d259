import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/chromium.js';
import { TppSite } from '../support/tpp-site.js';
import {
  TPP_CALLBACK,
  call,
  newMember,
  startGateway,
  waitForStatus,
  type TestGateway,
  type TestMember,
} from '../support/payments-gateway.js';
import { expectReferenceSchema } from '../support/reference-schema.js';

interface LinkBody {
  readonly id: string;
  readonly url: string;
  readonly status: string;
  readonly currentUsage?: { readonly remainingCount: number };
}

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

async function readLink(id: string): Promise<LinkBody> {
  const answer = await call<{ paymentLink: LinkBody }>(`${gateway.apiUrl}/v2/payment-links/${id}`, 'GET', member.auth);
  expect(answer.status).toBe(200);
  expectReferenceSchema('PaymentLinkResponse', answer.body, 'GET /v2/payment-links/{id}');
  return answer.body.paymentLink;
}

/** One payer: the link page, its button, the hosted bank selection, the sandbox bank's consent, back to the TPP. */
async function payThroughLink(page: Page, url: string): Promise<string> {
  await page.goto(url);
  expect(await page.title()).toBe('Pay by link');
  const summary = await page.locator('dl.summary').innerText();
  expect(summary).toContain('10.50 GBP');
  expect(summary).toContain('LINK ORDER 7');
  // Keyboard only: the one control is a plain button, reached with Tab and pressed with Enter.
  await page.keyboard.press('Tab');
  expect(await page.evaluate<string>('document.activeElement?.textContent ?? ""')).toBe('Continue to choose your bank');
  await Promise.all([
    page.waitForURL((next) => next.pathname.startsWith('/hosted-pages/payments/')),
    page.keyboard.press('Enter'),
  ]);
  await Promise.all([
    page.waitForURL((next) => next.origin === gateway.sandboxUrl),
    page.click('button[name="bankId"][value="ob-sandbox-gb"]'),
  ]);
  await page.fill('input[name="username"]', 'sandbox-success');
  await Promise.all([
    page.waitForURL((next) => next.host === 'tpp.example'),
    page.click('button[name="decision"][value="approve"]'),
  ]);
  const landed = new URL(page.url());
  expect(`${landed.origin}${landed.pathname}`).toBe(TPP_CALLBACK);
  const paymentId = landed.searchParams.get('paymentId');
  expect(paymentId).toMatch(/^pm2:/);
  return paymentId as string;
}

/**
 * Evaluated in the page: each element with its own text, and the WCAG contrast ratio of its text
 * colour against the first opaque background behind it (white when none is set).
 */
const TEXT_CONTRASTS = `(() => {
  const channels = (css) => (css.match(/[\\d.]+/g) ?? []).map(Number);
  const luminance = (rgb) => {
    const [r, g, b] = rgb.slice(0, 3).map((value) => {
      const c = value / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const background = (element) => {
    for (let at = element; at !== null; at = at.parentElement) {
      const rgba = channels(getComputedStyle(at).backgroundColor);
      if (rgba.length === 3 || rgba[3] > 0.99) return rgba;
    }
    return [255, 255, 255];
  };
  const found = [];
  for (const element of document.body.querySelectorAll('*')) {
    const own = [...element.childNodes]
      .filter((node) => node.nodeType === Node.TEXT_NODE)
      .map((node) => node.textContent)
      .join('')
      .trim();
    if (own === '') continue;
    const fore = luminance(channels(getComputedStyle(element).color));
    const back = luminance(background(element));
    found.push({ text: own.slice(0, 40), ratio: (Math.max(fore, back) + 0.05) / (Math.min(fore, back) + 0.05) });
  }
  return found;
})()`;

describe('a payment link in a real browser', () => {
  it('is paid twice up to its maximum of 2, then the page says it is used up', async () => {
    const created = await call<{ paymentLink: LinkBody }>(`${gateway.apiUrl}/v2/payment-links`, 'POST', member.auth, {
      paymentTemplate: {
        amount: { value: '10.50', currency: 'GBP' },
        localInstrument: 'FASTER_PAYMENTS',
        creditor: { name: 'Merchant Ltd', sortCode: '040004', accountNumber: '12345678' },
        refId: 'LINK7',
        remittanceInformationPrimary: 'LINK ORDER 7',
        callbackUrl: TPP_CALLBACK,
      },
      linkConfig: { maxUsageCount: 2 },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const link = created.body.paymentLink;

    const context = await browser.newContext({ ignoreHTTPSErrors: true });
    const page = await context.newPage();
    try {
      await page.goto(link.url);
      const shot = await page.screenshot({ fullPage: true });
      expect(shot.length).toBeGreaterThan(1000);
      expect([...shot.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      expect(await page.locator('h1').innerText()).toBe('Pay by link');
      expect(await page.locator('p.merchant').innerText()).toContain('asks you to pay by bank transfer');
      expect(await page.locator('script').count()).toBe(0);
      // Every text on the page meets WCAG AA contrast (4.5:1) against what it is drawn on.
      const contrasts = await page.evaluate<{ text: string; ratio: number }[]>(TEXT_CONTRASTS);
      expect(contrasts.length).toBeGreaterThan(3);
      for (const { text, ratio } of contrasts) expect(ratio, text).toBeGreaterThanOrEqual(4.5);

      const first = await payThroughLink(page, link.url);
      expect((await readLink(link.id)).currentUsage).toEqual({ remainingCount: 1 });
      const second = await payThroughLink(page, link.url);
      expect(second).not.toBe(first);
      const usedUp = await readLink(link.id);
      expect(usedUp.status).toBe('USAGE_LIMIT_REACHED');
      expect(usedUp.currentUsage).toEqual({ remainingCount: 0 });

      const refused = await page.goto(link.url);
      expect(refused?.status()).toBe(410);
      expect(await page.locator('p.notice').innerText()).toContain('used up');
      expect(await page.getByRole('button').count()).toBe(0);
      expect(refused?.headers()['content-security-policy']).toContain("default-src 'none'");

      const linked = await gateway.api.stores.prisma.payment.findMany({
        where: { paymentLinkId: link.id },
        select: { id: true },
      });
      expect(linked.map((row) => row.id).sort()).toEqual([first, second].sort());
      for (const id of [first, second]) {
        const payment = await waitForStatus(gateway, member, id, ['INITIATION_COMPLETED']);
        expect((payment['initiation'] as { refId?: string }).refId).toMatch(/^LINK7[0-9A-Z]{5}$/);
      }
    } finally {
      await context.close();
    }
    // A use posted after the link is used up is refused as well (no new payment).
    const late = await fetch(link.url, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    expect(late.status).toBe(410);
    const text = await late.text();
    expect(text, text).toContain('used up');
  }, 90_000);

  it('takes a payer-chosen amount through its labelled field, refusing one over the per-payment limit', async () => {
    const created = await call<{ paymentLink: LinkBody }>(`${gateway.apiUrl}/v2/payment-links`, 'POST', member.auth, {
      paymentTemplate: {
        amount: { currency: 'GBP' },
        localInstrument: 'FASTER_PAYMENTS',
        creditor: { name: 'Club Ltd', sortCode: '040004', accountNumber: '12345678' },
        refId: 'DONATE',
        remittanceInformationPrimary: 'DONATION',
        callbackUrl: TPP_CALLBACK,
      },
      linkConfig: { perPaymentAmountLimit: '50.00', totalAmountLimit: '60.00' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const link = created.body.paymentLink;
    const context = await browser.newContext({ ignoreHTTPSErrors: true });
    const page = await context.newPage();
    try {
      await page.goto(link.url);
      expect(await page.locator('dl.summary').innerText()).toContain('up to 50.00 GBP');
      const field = page.getByLabel('Amount to pay (GBP)');
      await field.fill('75.00');
      const refused = await Promise.all([
        page.waitForResponse((response) => response.request().method() === 'POST'),
        page.getByRole('button', { name: 'Continue to choose your bank' }).click(),
      ]);
      expect(refused[0].status()).toBe(400);
      expect(await page.getByRole('alert').innerText()).toContain('at most 50.00 GBP');
      expect(await page.getByLabel('Amount to pay (GBP)').getAttribute('aria-invalid')).toBe('true');
      await page.getByLabel('Amount to pay (GBP)').fill('40.00');
      await Promise.all([
        page.waitForURL((next) => next.pathname.startsWith('/hosted-pages/payments/')),
        page.getByRole('button', { name: 'Continue to choose your bank' }).click(),
      ]);
      expect(await page.locator('dl.summary').innerText()).toContain('40.00 GBP');
    } finally {
      await context.close();
    }
    const read = await readLink(link.id);
    expect(read.currentUsage).toEqual({ remainingCount: 9_999_999, remainingAmount: '20.00' });
  }, 60_000);
});
