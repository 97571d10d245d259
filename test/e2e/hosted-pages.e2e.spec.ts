import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasConnector } from '#libs/connectors';
import { decideOnConsentPage } from './obie/consent-form.js';
import {
  ADMIN_TOKEN,
  TPP_CALLBACK,
  advanceClock,
  call,
  createPayment,
  getPayment,
  newMember,
  sepaInitiation,
  startGateway,
  ukInitiation,
  waitForStatus,
  type PaymentBody,
  type TestGateway,
  type TestMember,
} from '../support/payments-gateway.js';
import { browse, expectHostedPageHeaders, unescapeHtml } from '../support/hosted-forms.js';

let gateway: TestGateway;
let member: TestMember;

type Json = Record<string, unknown>;

/** The bank buttons of the selection page (name="bankId"). */
function bankIdsOn(html: string): string[] {
  return [...html.matchAll(/<button type="submit" name="bankId" value="([^"]*)"/g)].map((match) =>
    unescapeHtml(match[1] ?? ''),
  );
}

/** A TPP's initiation without a bank: the gateway's hosted pages let the user pick one. */
function withoutBank(initiation: Json): Json {
  const { bankId: _bankId, ...rest } = initiation;
  return rest;
}

async function hostedPayment(
  initiation: Json = ukInitiation(),
): Promise<{ payment: PaymentBody['payment']; url: string }> {
  const created = await createPayment(gateway, member, withoutBank(initiation));
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const payment = created.body.payment;
  expect(payment.status).toBe('INITIATION_PENDING_REDIRECT_HP');
  const url = (payment.authentication as { redirectUrl: string }).redirectUrl;
  return { payment, url };
}

beforeAll(async () => {
  gateway = await startGateway({ worker: true, env: { PAYMENT_POLL_SCHEDULE_SECONDS: '1' } });
  member = await newMember(gateway);
}, 120_000);

afterAll(async () => {
  await gateway?.close();
});

describe('hosted bank selection (plain HTTP, as a browser without scripts)', () => {
  it('a payment without bankId waits at the hosted pages; the page shows the payment and the banks that can make it', async () => {
    const { payment, url } = await hostedPayment(
      ukInitiation({
        remittanceInformationPrimary: 'ORDER-77',
        creditor: { name: 'Merchant Ltd', sortCode: '040004', accountNumber: '12345678' },
      }),
    );
    expect(url).toMatch(new RegExp(`^${gateway.apiUrl}/hosted-pages/payments/[1-9A-HJ-NP-Za-km-z]+$`));
    const page = await browse(url);
    expect(page.status).toBe(200);
    expectHostedPageHeaders(page);
    expect(page.html).toContain('10.50 GBP');
    expect(page.html).toContain('Merchant Ltd');
    expect(page.html).toContain('ORDER-77');
    const banks = bankIdsOn(page.html);
    expect(banks).toContain('ob-sandbox-gb');
    expect(banks).toEqual(expect.arrayContaining(['ob-sandbox-gb-decoupled', 'ob-sandbox-gb-payments']));
    for (const euroOnly of [
      'ob-sandbox-eu',
      'ob-sandbox-eu-redirect',
      'ob-sandbox-de-blz',
      'ob-sandbox-nl-instant',
      'ob-sandbox-fr-accounts',
    ])
      expect(banks).not.toContain(euroOnly);
    expect((await getPayment(gateway, member, payment.id)).status).toBe('INITIATION_PENDING_REDIRECT_HP');
  });

  it('the list narrows by country and name with a plain GET form', async () => {
    const { url } = await hostedPayment();
    expect(bankIdsOn((await browse(`${url}?search=decoupled`)).html)).toEqual(['ob-sandbox-gb-decoupled']);
    const elsewhere = await browse(`${url}?country=DE`);
    expect(elsewhere.status).toBe(200);
    expect(bankIdsOn(elsewhere.html)).toEqual([]);
    expect(elsewhere.html).toContain('No bank matches your search');
    expect(bankIdsOn((await browse(`${url}?country=gb`)).html)).toContain('ob-sandbox-gb');
  });

  it('a euro payment is not offered the UK banks', async () => {
    const { url } = await hostedPayment(sepaInitiation('ob-sandbox-eu'));
    const banks = bankIdsOn((await browse(url)).html);
    expect(banks).not.toContain('ob-sandbox-gb');
    expect(banks.includes('ob-sandbox-eu')).toBe(hasConnector('berlin-group'));
  });

  it('a bank that is not offered is refused with the page again (400), and the payment stays at selection', async () => {
    const { payment, url } = await hostedPayment();
    for (const bankId of ['ob-sandbox-eu', 'ob-sandbox-fr-accounts', 'no-such-bank', '']) {
      const refused = await browse(url, { bankId });
      expect(refused.status, bankId).toBe(400);
      expectHostedPageHeaders(refused);
      expect(refused.html).toContain('cannot make this payment');
      expect(bankIdsOn(refused.html)).toContain('ob-sandbox-gb');
    }
    expect((await getPayment(gateway, member, payment.id)).status).toBe('INITIATION_PENDING_REDIRECT_HP');
  });

  it('choose the UK bank, consent at the bank, back through /bank-callback to the TPP: INITIATION_COMPLETED', async () => {
    const { payment, url } = await hostedPayment(ukInitiation({ callbackState: 'hp-state-1' }));
    const chosen = await browse(url, { bankId: 'ob-sandbox-gb' });
    expect(chosen.status, chosen.html).toBe(303);
    expect(chosen.headers.get('referrer-policy')).toBe('no-referrer');
    const authorize = chosen.location ?? '';
    expect(authorize.startsWith(`${gateway.sandboxUrl}/banks/ob-sandbox-gb/`)).toBe(true);

    const atBank = await getPayment(gateway, member, payment.id);
    expect(atBank.status).toBe('INITIATION_PENDING_REDIRECT_AUTH');
    expect(atBank.initiation).toMatchObject({ bankId: 'ob-sandbox-gb', localInstrument: 'FASTER_PAYMENTS' });
    expect(atBank.authentication).toEqual({ redirectUrl: authorize });

    const back = await decideOnConsentPage(authorize, 'sandbox-success', 'approve');
    expect(`${back.origin}${back.pathname}`).toBe(`${gateway.apiUrl}/bank-callback`);
    const callback = await call(back.toString(), 'GET', undefined);
    expect(callback.status).toBe(303);
    const landing = new URL(callback.headers.get('location') ?? '');
    expect(`${landing.origin}${landing.pathname}`).toBe(TPP_CALLBACK);
    expect(landing.searchParams.get('paymentId')).toBe(payment.id);
    expect(landing.searchParams.get('callbackState')).toBe('hp-state-1');
    const done = await waitForStatus(gateway, member, payment.id, ['INITIATION_COMPLETED']);
    expect(done.bankPaymentId).toEqual(expect.any(String));

    // The choice is made: the page no longer offers banks, and a second choice is refused.
    const again = await browse(url);
    expect(again.status).toBe(409);
    expectHostedPageHeaders(again);
    expect(bankIdsOn(again.html)).toEqual([]);
    expect(again.html).toContain('A bank has already been chosen');
    expect(again.html).toContain(`href="${TPP_CALLBACK}?paymentId=`);
    expect((await browse(url, { bankId: 'ob-sandbox-gb-payments' })).status).toBe(409);
    const status = await browse(`${url}/status`);
    expect(status.status).toBe(303);
    expect(new URL(status.location ?? '').searchParams.get('paymentId')).toBe(payment.id);
  });

  it('AUTO_SELECT resolves the rail at the chosen bank', async () => {
    const { payment, url } = await hostedPayment(ukInitiation({ localInstrument: 'AUTO_SELECT' }));
    expect(bankIdsOn((await browse(url)).html)).toContain('ob-sandbox-gb');
    const chosen = await browse(url, { bankId: 'ob-sandbox-gb' });
    expect(chosen.status, chosen.html).toBe(303);
    const atBank = await getPayment(gateway, member, payment.id);
    expect(atBank.status).toBe('INITIATION_PENDING_REDIRECT_AUTH');
    expect(atBank.initiation).toMatchObject({ bankId: 'ob-sandbox-gb', localInstrument: 'FASTER_PAYMENTS' });
  });

  it('decoupled: a waiting page that reloads the status until the bank has the approval, then the TPP', async () => {
    const { payment, url } = await hostedPayment(ukInitiation({ risk: { psuId: 'sandbox-success' } }));
    const chosen = await browse(url, { bankId: 'ob-sandbox-gb-decoupled' });
    expect(chosen.status, chosen.html).toBe(303);
    expect(chosen.location).toBe(new URL(`${url}/status`).pathname);
    let page = await browse(`${url}/status`);
    const deadline = Date.now() + 40_000;
    let sawWaitingPage = false;
    while (page.status === 200 && Date.now() < deadline) {
      sawWaitingPage = true;
      expectHostedPageHeaders(page);
      expect(page.html).toContain('Approve in your banking app');
      expect(page.html).toContain(`<meta http-equiv="refresh" content="5; url=${new URL(`${url}/status`).pathname}">`);
      await new Promise((resolve) => setTimeout(resolve, 200));
      page = await browse(`${url}/status`);
    }
    expect(sawWaitingPage).toBe(true);
    expect(page.status).toBe(303);
    const landing = new URL(page.location ?? '');
    expect(`${landing.origin}${landing.pathname}`).toBe(TPP_CALLBACK);
    expect(landing.searchParams.get('paymentId')).toBe(payment.id);
    await waitForStatus(gateway, member, payment.id, ['INITIATION_COMPLETED']);
  }, 90_000);

  it('a bank that fails the initiation ends the payment; the page says so and links back to the TPP', async () => {
    const fault = await call(`${gateway.sandboxUrl}/sandbox/faults/ob-sandbox-gb`, 'PUT', `Bearer ${ADMIN_TOKEN}`, {
      latencyMs: 0,
      errorRate: 1,
    });
    expect(fault.status).toBe(200);
    try {
      const { payment, url } = await hostedPayment();
      const failed = await browse(url, { bankId: 'ob-sandbox-gb' });
      expect(failed.status).toBe(502);
      expectHostedPageHeaders(failed);
      expect(failed.html).toContain('The payment could not be started');
      expect(failed.html).toContain(`href="${TPP_CALLBACK}?paymentId=${encodeURIComponent(payment.id)}`);
      const ended = await getPayment(gateway, member, payment.id);
      expect(ended.status).toBe('INITIATION_FAILED');
      expect(ended.initiation).toMatchObject({ bankId: 'ob-sandbox-gb', localInstrument: 'FASTER_PAYMENTS' });
      expect(ended.errorInfo).toMatchObject({ httpErrorCode: 500, tokenExternalError: true });
      expect((await browse(url)).status).toBe(409);
    } finally {
      await call(`${gateway.sandboxUrl}/sandbox/faults/ob-sandbox-gb`, 'PUT', `Bearer ${ADMIN_TOKEN}`, {
        latencyMs: 0,
        errorRate: 0,
      });
    }
  });

  it('an unknown token answers a 404 page on every hosted route', async () => {
    const base = `${gateway.apiUrl}/hosted-pages/payments/UnknownToken123`;
    for (const page of [
      await browse(base),
      await browse(base, { bankId: 'ob-sandbox-gb' }),
      await browse(`${base}/status`),
      await browse(`${base}/embedded`, { otp: '1' }),
      await browse(`${gateway.apiUrl}/hosted-pages/payments/not%20a%20token`),
    ]) {
      expect(page.status).toBe(404);
      expectHostedPageHeaders(page);
      expect(page.html).toContain('This payment link is not recognised');
    }
  });

  it('escapes what the TPP sent: a creditor name with markup shows as text', async () => {
    const name = '<script>alert("x")</script> & Sons';
    const { url } = await hostedPayment(
      ukInitiation({
        creditor: { name, sortCode: '040004', accountNumber: '12345678' },
        remittanceInformationPrimary: 'A<b>B',
      }),
    );
    const page = await browse(url);
    expect(page.status).toBe(200);
    expect(page.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Sons');
    expect(page.html).toContain('A&lt;b&gt;B');
    expect(page.html).not.toMatch(/<script|<b>/i);
  });

  it('the hosted pages are not in the OpenAPI document', async () => {
    const document = await call<{ paths: Record<string, unknown> }>(`${gateway.apiUrl}/openapi.json`, 'GET', undefined);
    expect(Object.keys(document.body.paths).filter((path) => path.startsWith('/hosted-pages'))).toEqual([]);
  });
});

describe.skipIf(!hasConnector('berlin-group'))(
  'embedded authentication through the hosted pages (Berlin Group sandbox bank)',
  () => {
    /** The embedded form's action and its fields: text and password inputs, and radio groups with their values. */
    function embeddedForm(html: string): { action: string; inputs: string[]; choices: Record<string, string[]> } {
      const form = /<form method="post" action="([^"]*)">([\s\S]*?)<\/form>/.exec(html);
      expect(form, html).not.toBeNull();
      const body = form?.[2] ?? '';
      const inputs = [...body.matchAll(/<input type="(?:text|password)" id="[^"]*" name="([^"]*)"/g)].map((match) =>
        unescapeHtml(match[1] ?? ''),
      );
      const choices: Record<string, string[]> = {};
      for (const match of body.matchAll(/<input type="radio" id="[^"]*" name="([^"]*)" value="([^"]*)"/g)) {
        const name = unescapeHtml(match[1] ?? '');
        choices[name] = [...(choices[name] ?? []), unescapeHtml(match[2] ?? '')];
      }
      return { action: unescapeHtml(form?.[1] ?? ''), inputs, choices };
    }

    const VALUES: Readonly<Record<string, string>> = { psuId: 'sandbox-success', password: '12345', otp: '123456' };

    it('credentials, SCA method, a wrong one-time code (asked again), the right one: back to the TPP', async () => {
      const { payment, url } = await hostedPayment(sepaInitiation('ob-sandbox-eu'));
      let page = await browse(url, { bankId: 'ob-sandbox-eu' });
      let wrongCodeSent = false;
      for (let step = 0; step < 6 && page.status === 200; step += 1) {
        expectHostedPageHeaders(page);
        const form = embeddedForm(page.html);
        const values: Record<string, string> = {};
        for (const name of form.inputs) values[name] = VALUES[name] ?? 'x';
        for (const [name, options] of Object.entries(form.choices)) values[name] = options[0] ?? '';
        if (form.inputs.includes('otp') && !wrongCodeSent) {
          values['otp'] = '000000';
          wrongCodeSent = true;
          const retry = await browse(new URL(form.action, gateway.apiUrl).toString(), values);
          expect(retry.status).toBe(200);
          expect(retry.html).toContain('did not accept what you entered');
          expect((await getPayment(gateway, member, payment.id)).status).toBe('INITIATION_PENDING_EMBEDDED_AUTH');
          page = retry;
          continue;
        }
        page = await browse(new URL(form.action, gateway.apiUrl).toString(), values);
      }
      expect(wrongCodeSent).toBe(true);
      expect(page.status, page.html).toBe(303);
      const landing = new URL(page.location ?? '');
      expect(`${landing.origin}${landing.pathname}`).toBe(TPP_CALLBACK);
      expect(landing.searchParams.get('paymentId')).toBe(payment.id);
      await waitForStatus(gateway, member, payment.id, ['INITIATION_COMPLETED', 'INITIATION_PROCESSING']);
    });

    it('an empty field is named on the same form (400)', async () => {
      const { url } = await hostedPayment(sepaInitiation('ob-sandbox-eu'));
      const page = await browse(url, { bankId: 'ob-sandbox-eu' });
      expect(page.status).toBe(200);
      const form = embeddedForm(page.html);
      const empty = await browse(new URL(form.action, gateway.apiUrl).toString(), {});
      expect(empty.status).toBe(400);
      expect(empty.html).toContain('Please fill in');
    });
  },
);

describe('expiry', () => {
  it('a payment whose bank was not chosen in time: the page says it has expired', async () => {
    const { payment, url } = await hostedPayment();
    await advanceClock(gateway, 16 * 60);
    const page = await browse(url);
    expect(page.status).toBe(410);
    expect(page.html).toContain('This payment link has expired');
    expect(bankIdsOn(page.html)).toEqual([]);
    expect((await browse(url, { bankId: 'ob-sandbox-gb' })).status).toBe(410);
    await waitForStatus(gateway, member, payment.id, ['INITIATION_EXPIRED']);
    expect((await browse(url)).status).toBe(410);
  });
});
