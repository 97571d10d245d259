import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { remoteJwks, verifyWebhook } from '#libs/events';
import { launchChromium } from '../support/chromium.js';
import { call, newMember, startGateway, type TestGateway, type TestMember } from '../support/payments-gateway.js';
import { expectReferenceSchema } from '../support/reference-schema.js';
import { TppSite } from '../support/tpp-site.js';
import { WebhookReceiver } from '../support/webhook-receiver.js';

type Json = Record<string, unknown>;
interface VrpConsentBody extends Json {
  readonly id: string;
  readonly status: string;
  readonly authentication?: { readonly redirectUrl: string };
}

const TPP_CALLBACK = 'https://tpp.example/vrp/callback';

let gateway: TestGateway;
let member: TestMember;
let browser: Browser;
const tpp = new TppSite();
const receiver = new WebhookReceiver();

function initiation(overrides: Json = {}): Json {
  return {
    bankId: 'ob-sandbox-gb',
    refId: `vrp-${randomBytes(4).toString('hex')}`,
    remittanceInformationPrimary: 'Sweep to savings',
    scheme: 'OBL_SWEEPING',
    localInstrument: 'FASTER_PAYMENTS',
    creditor: { name: 'J Smith Savings', sortCode: '040004', accountNumber: '12345678' },
    currency: 'GBP',
    maximumIndividualAmount: '250.00',
    periodicLimits: [{ maximumAmount: '1000.00', periodType: 'MONTH' }],
    callbackUrl: TPP_CALLBACK,
    callbackState: `browser-${randomBytes(4).toString('hex')}`,
    ...overrides,
  };
}

async function create(body: Json): Promise<VrpConsentBody> {
  const answer = await call<{ vrpConsent: VrpConsentBody }>(`${gateway.apiUrl}/vrp-consents`, 'POST', member.auth, {
    initiation: body,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expectReferenceSchema('VrpConsentResponse', answer.body, 'POST /vrp-consents');
  return answer.body.vrpConsent;
}

async function statusOf(id: string): Promise<string> {
  const answer = await call<{ vrpConsent: VrpConsentBody }>(
    `${gateway.apiUrl}/vrp-consents/${encodeURIComponent(id)}`,
    'GET',
    member.auth,
  );
  expectReferenceSchema('VrpConsentResponse', answer.body, 'GET /vrp-consents/{id}');
  return answer.body.vrpConsent.status;
}

/** At the sandbox bank's page: log in and approve; the browser ends at the TPP's site. */
async function approveAtBank(page: Page): Promise<URL> {
  await page.fill('input[name="username"]', 'sandbox-success');
  await Promise.all([
    page.waitForURL((url) => url.href.startsWith(TPP_CALLBACK)),
    page.click('button[name="decision"][value="approve"]'),
  ]);
  expect(await page.locator('p').innerText()).toBe('Thanks for your order.');
  return new URL(page.url());
}

async function signedEventFor(id: string, status: string): Promise<void> {
  const matching = () =>
    receiver.requests.filter((request) => {
      const body = JSON.parse(request.body) as { vrpConsentStatusChanged?: Json };
      return body.vrpConsentStatusChanged?.['vrpConsentId'] === id && body.vrpConsentStatusChanged['status'] === status;
    });
  await receiver.waitFor(`${status} of ${id}`, () => matching().length > 0, 20_000);
  const [request] = matching();
  if (request === undefined) throw new Error('no event');
  const verified = await verifyWebhook({
    body: request.body,
    headers: request.headers,
    jwks: remoteJwks(`${gateway.apiUrl}/.well-known/jwks.json`),
  });
  expect(verified.event).toBe('VRP_CONSENT_STATUS_CHANGED');
  expect(request.headers['token-event']).toBe('VRP_CONSENT_STATUS_CHANGED');
}

beforeAll(async () => {
  gateway = await startGateway({ worker: true });
  member = await newMember(gateway);
  await receiver.start();
  const put = await call(`${gateway.apiUrl}/webhook/config`, 'PUT', member.auth, {
    config: { type: ['VRP_CONSENT_STATUS_CHANGED'], url: receiver.url },
  });
  expect(put.status).toBe(200);
  await tpp.start();
  browser = await launchChromium(tpp.chromiumArgs());
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await gateway?.close();
  await tpp.stop();
  await receiver.stop();
});

describe('a VRP consent authorised in a real browser', () => {
  it('with a bankId: the bank page, approve, the gateway callback, the TPP with id and state; AUTHORIZED and a signed webhook', async () => {
    const body = initiation();
    const consent = await create(body);
    expect(consent.status).toBe('PENDING_REDIRECT_AUTH');
    const context = await browser.newContext({ ignoreHTTPSErrors: true });
    const page = await context.newPage();
    try {
      await page.goto(consent.authentication?.redirectUrl ?? '');
      const landed = await approveAtBank(page);
      expect(landed.searchParams.get('vrpConsentId')).toBe(consent.id);
      expect(landed.searchParams.get('callbackState')).toBe(body['callbackState']);
    } finally {
      await context.close();
    }
    expect(await statusOf(consent.id)).toBe('AUTHORIZED');
    await signedEventFor(consent.id, 'AUTHORIZED');

    // Payments under it up to its limits (250.00 each, 1000.00 a month): the next is refused.
    const vrp = (value: string) =>
      call<{ payment: { status: string }; error: { errorCode: string; vrpConsentId: string } }>(
        `${gateway.apiUrl}/v2/payments`,
        'POST',
        member.auth,
        {
          initiation: {
            vrpConsentId: consent.id,
            refId: `b-${randomBytes(4).toString('hex')}`,
            remittanceInformationPrimary: 'Sweep to savings',
            amount: { value, currency: 'GBP' },
            localInstrument: 'FASTER_PAYMENTS',
            creditor: body['creditor'],
            callbackUrl: TPP_CALLBACK,
          },
        },
      );
    expect((await vrp('250.01')).body.error).toMatchObject({ errorCode: 'Rules.VrpConsentViolation' });
    for (let made = 0; made < 4; made += 1) {
      const answer = await vrp('250.00');
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(['INITIATION_COMPLETED', 'INITIATION_PROCESSING']).toContain(answer.body.payment.status);
    }
    const over = await vrp('0.01');
    expect(over.status).toBe(400);
    expect(over.body.error).toMatchObject({ errorCode: 'Rules.VrpConsentViolation', vrpConsentId: consent.id });
  });

  it('without a bankId: the hosted bank selection (PENDING_MORE_INFO), pick the bank, approve there, back to the TPP; AUTHORIZED', async () => {
    const body = initiation({ bankId: undefined });
    const consent = await create(body);
    expect(consent.status).toBe('PENDING_MORE_INFO');
    const redirectUrl = consent.authentication?.redirectUrl ?? '';
    expect(redirectUrl).toContain('/hosted-pages/vrp-consents/');
    const context = await browser.newContext({ ignoreHTTPSErrors: true });
    const page = await context.newPage();
    try {
      await page.goto(redirectUrl);
      expect(await page.locator('h2').innerText()).toBe('Choose your bank');
      expect(await page.locator('body').innerText()).toContain('J Smith Savings');
      const buttons = page.locator('button[name="bankId"]');
      const banks: (string | null)[] = [];
      for (let index = 0; index < (await buttons.count()); index += 1)
        banks.push(await buttons.nth(index).getAttribute('value'));
      expect(banks).toEqual(['ob-sandbox-gb']);
      await Promise.all([
        page.waitForURL((url) => !url.href.startsWith(redirectUrl)),
        page.click('button[value="ob-sandbox-gb"]'),
      ]);
      expect(await statusOf(consent.id)).toBe('PENDING_REDIRECT_AUTH');
      const landed = await approveAtBank(page);
      expect(landed.searchParams.get('vrpConsentId')).toBe(consent.id);
      expect(landed.searchParams.get('callbackState')).toBe(body['callbackState']);
      // The selection page, visited again, sends the user on to the TPP.
      await page.goto(redirectUrl);
      expect(page.url().startsWith(TPP_CALLBACK)).toBe(true);
    } finally {
      await context.close();
    }
    expect(await statusOf(consent.id)).toBe('AUTHORIZED');
    const read = await call<{ vrpConsent: { initiation: Json } }>(
      `${gateway.apiUrl}/vrp-consents/${encodeURIComponent(consent.id)}`,
      'GET',
      member.auth,
    );
    expect(read.body.vrpConsent.initiation['bankId']).toBe('ob-sandbox-gb');
    await signedEventFor(consent.id, 'AUTHORIZED');
  });
});
