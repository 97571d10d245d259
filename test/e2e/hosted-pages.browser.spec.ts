import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/chromium.js';
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
let tpp: Server;
const tppVisits: URL[] = [];

/**
 * The TPP's site (https://tpp.example) on loopback: a throwaway self-signed certificate, and
 * Chromium told to resolve tpp.example to this server. page.route cannot stand in for it: the
 * browser reaches the TPP at the end of a redirect chain (bank -> /bank-callback -> TPP), and
 * routes see only the first request of a chain. Nothing leaves the machine.
 */
async function startTpp(): Promise<{ server: Server; port: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'tpp-site-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:P-256',
        '-nodes',
        '-keyout',
        'tpp.key',
        '-out',
        'tpp.crt',
        '-days',
        '1',
        '-subj',
        '/CN=tpp.example',
        '-addext',
        'subjectAltName=DNS:tpp.example',
      ],
      { cwd: dir, stdio: 'pipe' },
    );
    const server = createServer(
      { key: readFileSync(join(dir, 'tpp.key')), cert: readFileSync(join(dir, 'tpp.crt')) },
      (request, response) => {
        tppVisits.push(new URL(request.url ?? '/', 'https://tpp.example'));
        response
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
          .end('<!doctype html><title>Shop</title><p>Thank you for your payment.</p>');
      },
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { server, port: (server.address() as { port: number }).port };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

beforeAll(async () => {
  gateway = await startGateway({ worker: true, env: { PAYMENT_POLL_SCHEDULE_SECONDS: '1' } });
  member = await newMember(gateway);
  const site = await startTpp();
  tpp = site.server;
  browser = await launchChromium([`--host-resolver-rules=MAP tpp.example 127.0.0.1:${site.port}`]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  tpp?.closeAllConnections();
  await new Promise((resolve) => tpp?.close(resolve));
  await gateway?.close();
});

describe('hosted bank selection in a real browser', () => {
  it('pick the bank, approve at the bank, land on the TPP callback; the payment completes', async () => {
    const { bankId: _bankId, ...initiation } = ukInitiation({
      callbackState: 'browser-state',
      creditor: {
        name: '<img src=x onerror="window.__pwned=1">Shop & Co',
        sortCode: '040004',
        accountNumber: '12345678',
      },
    });
    const created = await createPayment(gateway, member, initiation);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const payment = created.body.payment;
    const hostedUrl = (payment.authentication as { redirectUrl: string }).redirectUrl;

    const context = await browser.newContext({ ignoreHTTPSErrors: true });
    const page = await context.newPage();
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    try {
      await page.goto(hostedUrl);
      expect(await page.title()).toBe('Pay by bank');
      const summary = await page.locator('dl.summary').innerText();
      expect(summary).toContain('10.50 GBP');
      expect(summary).toContain('<img src=x onerror="window.__pwned=1">Shop & Co');
      expect(await page.locator('dl.summary img').count()).toBe(0);
      // The stylesheet is allowed by its hash: it applies, and nothing is reported as blocked.
      expect(await page.evaluate<string>("getComputedStyle(document.querySelector('ul.banks')).listStyleType")).toBe(
        'none',
      );

      await Promise.all([
        page.waitForURL((url) => url.origin === gateway.sandboxUrl),
        page.click('button[name="bankId"][value="ob-sandbox-gb"]'),
      ]);
      await page.fill('input[name="username"]', 'sandbox-success');
      await Promise.all([
        page.waitForURL((url) => url.host === 'tpp.example'),
        page.click('button[name="decision"][value="approve"]'),
      ]);

      const landed = new URL(page.url());
      expect(`${landed.origin}${landed.pathname}`).toBe(TPP_CALLBACK);
      expect(landed.searchParams.get('paymentId')).toBe(payment.id);
      expect(landed.searchParams.get('callbackState')).toBe('browser-state');
      expect(await page.locator('p').innerText()).toBe('Thank you for your payment.');
      const callbacks = tppVisits.filter((url) => url.pathname === '/payments/callback');
      expect(callbacks.map((url) => url.searchParams.get('paymentId'))).toEqual([payment.id]);
      expect(await page.evaluate<unknown>('globalThis.__pwned')).toBeUndefined();
      expect(consoleErrors.filter((text) => /Content Security Policy/i.test(text))).toEqual([]);
    } finally {
      await context.close();
    }
    await waitForStatus(gateway, member, payment.id, ['INITIATION_COMPLETED']);
  });
});
