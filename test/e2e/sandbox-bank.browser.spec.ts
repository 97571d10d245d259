import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { Browser } from 'playwright-core';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/chromium.js';
import { BankHttpClient, ObieConnector, createSecretResolver, type PaymentInitiation } from '#libs/connectors';
import {
  createSandboxBankProcess,
  type SandboxBankProcess,
} from '../../apps/sandbox-bank/src/create-sandbox-bank-process.js';
import { baseUrl, testConfig } from '../support/test-env.js';
import { sandboxEntry } from './obie/sandbox-catalogue.js';

let bank: SandboxBankProcess;
let connector: ObieConnector;
let browser: Browser;
let callbackServer: Server;
let callbackUrl: string;
const callbacks: URL[] = [];

function payment(redirectUri: string, creditorName = 'Merchant Ltd'): PaymentInitiation {
  const id = randomUUID();
  return {
    paymentId: id,
    refId: `ref-${id.slice(0, 8)}`,
    amount: { value: '12.34', currency: 'GBP' },
    localInstrument: 'FASTER_PAYMENTS',
    creditor: { name: creditorName, identifier: { type: 'gbDomestic', sortCode: '040004', accountNumber: '12345678' } },
    remittanceInformationPrimary: 'BROWSER-TEST',
    redirectUri,
    state: randomUUID(),
    nonce: randomUUID(),
  };
}

async function authorizeUrl(initiation: PaymentInitiation): Promise<string> {
  const started = await connector.initiatePayment(
    { bankId: 'ob-sandbox-gb', deadlineMs: Date.now() + 10_000 },
    initiation,
  );
  if (started.next.kind !== 'redirect') throw new Error('expected a redirect');
  return started.next.redirectUrl;
}

beforeAll(async () => {
  bank = await createSandboxBankProcess(await testConfig());
  await bank.app.listen(0, '127.0.0.1');
  const http = new BankHttpClient({ logger: pino({ level: 'silent' }) });
  connector = new ObieConnector(sandboxEntry('ob-sandbox-gb', baseUrl(bank.app)), {
    http,
    secrets: createSecretResolver({}),
  });

  // The gateway's callback, as far as the browser is concerned: records where it landed.
  callbackServer = createServer((request, response) => {
    callbacks.push(new URL(request.url ?? '/', callbackUrl));
    response
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end('<!doctype html><title>Back at the gateway</title><p>Thank you.</p>');
  });
  await new Promise<void>((resolve) => callbackServer.listen(0, '127.0.0.1', resolve));
  callbackUrl = `http://127.0.0.1:${(callbackServer.address() as { port: number }).port}/callback`;

  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  callbackServer?.closeAllConnections();
  await new Promise((resolve) => callbackServer?.close(resolve));
  await bank?.close();
});

describe('sandbox bank consent page in a real browser', () => {
  it('types the username, approves, and lands on the callback with code and state', async () => {
    const initiation = payment(callbackUrl);
    const page = await browser.newPage();
    try {
      await page.goto(await authorizeUrl(initiation));
      expect(await page.title()).toContain('Sandbox Bank GB');
      expect(await page.locator('dl').innerText()).toContain('12.34 GBP');
      await page.fill('input[name="username"]', 'sandbox-success');
      await Promise.all([
        page.waitForURL((url) => url.pathname === '/callback'),
        page.click('button[name="decision"][value="approve"]'),
      ]);
      const landed = new URL(page.url());
      expect(landed.searchParams.get('state')).toBe(initiation.state);
      expect(landed.searchParams.get('code')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
      expect(await page.locator('p').innerText()).toBe('Thank you.');
      const arrived = callbacks.filter((url) => url.pathname === '/callback');
      expect(arrived.at(-1)?.searchParams.get('code')).toBe(landed.searchParams.get('code'));
    } finally {
      await page.close();
    }
  });

  it('deny sends the user back with error=access_denied, even with no username typed', async () => {
    const initiation = payment(callbackUrl);
    const page = await browser.newPage();
    try {
      await page.goto(await authorizeUrl(initiation));
      await Promise.all([
        page.waitForURL((url) => url.pathname === '/callback'),
        page.click('button[name="decision"][value="deny"]'),
      ]);
      const landed = new URL(page.url());
      expect(landed.searchParams.get('error')).toBe('access_denied');
      expect(landed.searchParams.get('state')).toBe(initiation.state);
      expect(landed.searchParams.has('code')).toBe(false);
    } finally {
      await page.close();
    }
  });

  it('shows what the third party wrote as text, never as markup', async () => {
    const hostile = '<img src=x onerror="window.__pwned=1">Evil & Co';
    const page = await browser.newPage();
    try {
      await page.goto(await authorizeUrl(payment(callbackUrl, hostile)));
      expect(await page.locator('dl').innerText()).toContain(hostile);
      expect(await page.locator('dl img').count()).toBe(0);
      expect(await page.evaluate<unknown>('globalThis.__pwned')).toBeUndefined();
    } finally {
      await page.close();
    }
  });
});
