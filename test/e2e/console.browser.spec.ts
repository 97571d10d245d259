import { mkdirSync } from 'node:fs';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { ConsoleModule } from '../../apps/api/src/console/console.module.js';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/chromium.js';
import { signInToConsole } from '../support/console-sign-in.js';
import {
  ADMIN_TOKEN,
  call,
  createPayment,
  newMember,
  startGateway,
  ukInitiation,
  type TestGateway,
  type TestMember,
} from '../support/payments-gateway.js';
import { WebhookReceiver } from '../support/webhook-receiver.js';

const SCREENSHOTS = 'docs/console';

describe('operations console (admin port, Chromium)', () => {
  let gateway: TestGateway;
  let member: TestMember;
  let browser: Browser;
  const receiver = new WebhookReceiver();

  beforeAll(async () => {
    gateway = await startGateway({ worker: true });
    member = await newMember(gateway);
    await receiver.start();
    const put = await call(`${gateway.apiUrl}/webhook/config`, 'PUT', member.auth, {
      config: { type: ['PAYMENT_STATUS_CHANGED'], url: receiver.url },
    });
    expect(put.status).toBe(200);
    browser = await launchChromium();
    mkdirSync(SCREENSHOTS, { recursive: true });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await gateway?.close();
    await receiver.stop();
  });

  /** A session cookie got by signing in over HTTP, for the requests a browser would not make. */
  async function signedInCookie(): Promise<string> {
    const reply = await fetch(`${gateway.adminUrl}/console/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ adminToken: ADMIN_TOKEN }).toString(),
      redirect: 'manual',
    });
    expect(reply.status).toBe(303);
    const cookie = reply.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    return cookie.split(';')[0] ?? '';
  }

  it('signs in through the form, finds a payment by refId, reads its timeline, replays its webhook and signs out', async () => {
    const initiation = ukInitiation();
    const created = await createPayment(gateway, member, initiation);
    expect(created.status).toBe(200);
    const paymentId = created.body.payment.id;
    // The payment's first status change is delivered to the member's receiver.
    await expect.poll(() => receiver.requests.length, { timeout: 15_000 }).toBeGreaterThan(0);

    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${gateway.adminUrl}/console`);
    expect(new URL(page.url()).pathname).toBe('/console/sign-in');
    await page.screenshot({ path: `${SCREENSHOTS}/sign-in.png` });

    await page.getByLabel('Admin token').fill('not-the-token');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('not the admin token');

    await page.getByLabel('Admin token').fill(ADMIN_TOKEN);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${gateway.adminUrl}/console`);
    await page.screenshot({ path: `${SCREENSHOTS}/find.png` });

    await page.getByLabel('Id or refId').fill(String(initiation['refId']));
    await page.keyboard.press('Enter');
    await page.waitForURL(`${gateway.adminUrl}/console/resources/payment/${encodeURIComponent(paymentId)}`);
    const heading = await page.getByRole('heading', { level: 1 }).textContent();
    expect(heading).toBe(`Payment ${paymentId}`);
    // The timeline shows what the admin API's status history holds, in order.
    const history = await call<{ changes: { toStatus: string; eventId: string }[] }>(
      `${gateway.adminUrl}/admin/status-history/${encodeURIComponent(paymentId)}`,
      'GET',
      `Bearer ${ADMIN_TOKEN}`,
    );
    const expected = history.body.changes.map((change) => change.toStatus);
    expect(expected.length).toBeGreaterThan(0);
    const shown = await page.locator('table.timeline tbody tr td:nth-child(3)').allTextContents();
    expect(shown).toEqual(expected);
    // Its member is one link away.
    expect(await page.getByRole('link', { name: member.id }).getAttribute('href')).toBe(
      `/console/resources/member/${encodeURIComponent(member.id)}`,
    );
    await page.screenshot({ path: `${SCREENSHOTS}/payment.png`, fullPage: true });

    // Its first event's delivery, delivered, is replayed: the receiver gets the same event again.
    const firstEvent = history.body.changes[0]?.eventId ?? '';
    const row = page.locator('table.deliveries tbody tr', { hasText: firstEvent });
    await expect.poll(() => row.locator('td:nth-child(4)').textContent(), { timeout: 15_000 }).toBe('DELIVERED');
    const before = receiver.requests.filter((request) => request.headers['webhook-id'] === firstEvent).length;
    expect(before).toBe(1);
    await row.getByRole('button', { name: /^Replay delivery / }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain('queued again');
    await expect
      .poll(() => receiver.requests.filter((request) => request.headers['webhook-id'] === firstEvent).length, {
        timeout: 15_000,
      })
      .toBe(2);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${gateway.adminUrl}/console/sign-in`);
    await page.goto(`${gateway.adminUrl}/console`);
    expect(new URL(page.url()).pathname).toBe('/console/sign-in');
    await context.close();
  });

  it("draws payments per status and webhook deliveries per hour on the overview, from the gateway's own data", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signInToConsole(page, gateway.adminUrl);

    /** The current hour's figure of a chart's table (its last row), in the named column. */
    async function lastHour(chart: string, column: string): Promise<number> {
      await page.goto(`${gateway.adminUrl}/console/overview`);
      const figure = page.locator(`figure#${chart}`);
      await figure.locator('summary').click();
      const headers = await figure.locator('thead th').allTextContents();
      const cell = figure
        .locator('tbody tr')
        .last()
        .locator('td')
        .nth(headers.indexOf(column) - 1);
      return Number(await cell.textContent());
    }

    const before = await lastHour('payments-by-status', 'In progress');
    const delivered = await lastHour('webhook-deliveries', 'Answered 2xx');
    const created = await createPayment(gateway, member, ukInitiation());
    expect(created.status).toBe(200);
    expect(await lastHour('payments-by-status', 'In progress')).toBe(before + 1);
    // Its status changes are delivered to the member's receiver, and counted.
    await expect
      .poll(() => lastHour('webhook-deliveries', 'Answered 2xx'), { timeout: 15_000 })
      .toBeGreaterThan(delivered);
    expect(await page.locator('figure#payments-by-status svg[role=img]').getAttribute('aria-labelledby')).toBe(
      'payments-by-status-title',
    );
    await context.close();
  });

  it('refuses anonymous pages and actions, and actions without the CSRF token', async () => {
    const anonymousPage = await fetch(`${gateway.adminUrl}/console/resources/payment/pm2:x`, { redirect: 'manual' });
    expect(anonymousPage.status).toBe(303);
    expect(anonymousPage.headers.get('location')).toBe('/console/sign-in');

    const anonymousAction = await fetch(`${gateway.adminUrl}/console/sign-out`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'csrf=x',
      redirect: 'manual',
    });
    expect(anonymousAction.status).toBe(403);

    const cookie = await signedInCookie();
    const withoutCsrf = await fetch(`${gateway.adminUrl}/console/sign-out`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
      body: '',
      redirect: 'manual',
    });
    expect(withoutCsrf.status).toBe(403);
    // The session is still live: the refused action did nothing.
    const home = await fetch(`${gateway.adminUrl}/console`, { headers: { cookie }, redirect: 'manual' });
    expect(home.status).toBe(200);
  });

  /** Every route of the console's controllers, read from their Nest metadata, `:params` filled in. */
  function consoleRoutes(): { method: 'GET' | 'POST'; path: string; public: boolean }[] {
    const controllers = (Reflect.getMetadata('controllers', ConsoleModule) ?? []) as (new (
      ...args: never[]
    ) => object)[];
    return controllers.flatMap((controller) => {
      const prefix = String(Reflect.getMetadata(PATH_METADATA, controller));
      return Object.getOwnPropertyNames(controller.prototype).flatMap((name) => {
        const handler = (controller.prototype as Record<string, unknown>)[name];
        if (typeof handler !== 'function' || name === 'constructor') return [];
        const path = Reflect.getMetadata(PATH_METADATA, handler) as string | undefined;
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as number | undefined;
        if (path === undefined || method === undefined) return [];
        const full = `/${[prefix, path].filter((part) => part !== '/' && part !== '').join('/')}`.replace(
          /:[A-Za-z]+/g,
          'x',
        );
        return [
          {
            method: method === 0 ? ('GET' as const) : ('POST' as const),
            path: full,
            public: Reflect.getMetadata('console:public', handler) === true,
          },
        ];
      });
    });
  }

  it('refuses every console page and action without a session, and every action without its CSRF token', async () => {
    const routes = consoleRoutes();
    expect(routes.filter((route) => route.method === 'GET').length).toBeGreaterThanOrEqual(8);
    expect(routes.filter((route) => route.method === 'POST').length).toBeGreaterThanOrEqual(12);
    const cookie = await signedInCookie();
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    for (const route of routes.filter((candidate) => !candidate.public)) {
      const anonymous = await fetch(`${gateway.adminUrl}${route.path}`, {
        method: route.method,
        redirect: 'manual',
        ...(route.method === 'POST' ? { headers: form, body: 'csrf=x&reason=r&target=x&name=n' } : {}),
      });
      if (route.method === 'GET') {
        expect(anonymous.status, route.path).toBe(303);
        expect(anonymous.headers.get('location'), route.path).toBe('/console/sign-in');
      } else {
        expect(anonymous.status, route.path).toBe(403);
        const withoutCsrf = await fetch(`${gateway.adminUrl}${route.path}`, {
          method: 'POST',
          redirect: 'manual',
          headers: { ...form, cookie },
          body: 'reason=r&target=x&name=n',
        });
        expect(withoutCsrf.status, route.path).toBe(403);
      }
    }
  });

  it('sends a strict Content-Security-Policy and is not on the public port', async () => {
    const signIn = await fetch(`${gateway.adminUrl}/console/sign-in`);
    const csp = signIn.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(await signIn.text()).not.toMatch(/<script|<style|https?:\/\//);

    for (const path of ['/console', '/console/sign-in']) {
      expect((await fetch(`${gateway.apiUrl}${path}`, { redirect: 'manual' })).status).toBe(404);
    }
  });
});
