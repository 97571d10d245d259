import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/chromium.js';
import {
  ADMIN_TOKEN,
  createPayment,
  newMember,
  startGateway,
  ukInitiation,
  type TestGateway,
  type TestMember,
} from '../support/payments-gateway.js';

/** What every page is held to: WCAG 2.1 A and AA, as axe-core checks them in the browser. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Every console page in Chromium against axe-core's WCAG A and AA rules (labels, names, contrast,
 * landmarks, table headers), with content on it, and each page usable from the keyboard alone.
 */
describe('operations console: accessibility (Chromium, axe-core)', () => {
  let gateway: TestGateway;
  let member: TestMember;
  let browser: Browser;
  let paymentId: string;

  beforeAll(async () => {
    gateway = await startGateway({ worker: true });
    member = await newMember(gateway);
    const created = await createPayment(gateway, member, ukInitiation());
    expect(created.status).toBe(200);
    paymentId = created.body.payment.id;
    browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await gateway?.close();
  });

  async function violationsOf(page: Page): Promise<string[]> {
    const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
    return results.violations.map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
    );
  }

  it('has no WCAG A or AA violation on any page', async () => {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${gateway.adminUrl}/console/sign-in`);
    expect(await violationsOf(page), 'sign-in').toEqual([]);
    // Signed in from the keyboard alone: the field has the focus order, Enter submits.
    await page.keyboard.press('Tab');
    await page.keyboard.type(ADMIN_TOKEN);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${gateway.adminUrl}/console`);

    const paths = [
      '/console',
      `/console/find?q=${encodeURIComponent('no-such-thing')}`,
      `/console/resources/payment/${encodeURIComponent(paymentId)}`,
      `/console/resources/member/${encodeURIComponent(member.id)}`,
      '/console/overview',
      '/console/action-needed',
      '/console/members',
      `/console/members/${encodeURIComponent(member.id)}`,
      '/console/sandbox',
    ];
    for (const path of paths) {
      await page.goto(`${gateway.adminUrl}${path}`);
      expect(await violationsOf(page), path).toEqual([]);
    }
    // The check sees what it should: an input without a label is a violation.
    await page.evaluate(`document.querySelector('main').insertAdjacentHTML('beforeend', '<input type="text">')`);
    expect((await violationsOf(page)).join('\n')).toMatch(/^label: /m);
    await page.context().close();
  }, 90_000);
});
