import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenRequest } from '#libs/db';
import { call, newMember, startGateway, type TestGateway, type TestMember } from '../support/payments-gateway.js';
import {
  browse,
  embeddedFormOf,
  expectHostedPageHeaders,
  unescapeHtml,
  type HostedPage,
} from '../support/hosted-forms.js';
import { TPP_REDIRECT, sepaTransferPayload, storeTokenRequest } from '../support/token-requests.js';

/**
 * The bank's embedded steps of a token request on the gateway's hosted pages, as a browser
 * without JavaScript takes them (plain form posts), at the Berlin Group sandbox bank.
 */
let gateway: TestGateway;
let member: TestMember;

type Json = Record<string, unknown>;

beforeAll(async () => {
  gateway = await startGateway({ worker: true, env: { PAYMENT_POLL_SCHEDULE_SECONDS: '1' } });
  member = await newMember(gateway);
}, 120_000);

afterAll(async () => {
  await gateway?.close();
});

function authorize(requestId: string, body: Json) {
  return call<Json>(
    `${gateway.apiUrl}/token-requests/${encodeURIComponent(requestId)}/authorization`,
    'POST',
    member.auth,
    body,
  );
}

function stored(requestId: string): Promise<TokenRequest | null> {
  return gateway.api.stores.repositories.tokenRequests.findById(requestId);
}

/** Posts the page's embedded form with `values`. */
function submit(page: HostedPage, values: Record<string, string>): Promise<HostedPage> {
  return browse(new URL(embeddedFormOf(page.html).action, gateway.apiUrl).toString(), values);
}

/** The text of the page's paragraphs, tags removed. */
function textOf(page: HostedPage): string {
  return unescapeHtml(page.html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' '));
}

async function transferOf(requestId: string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const request = await stored(requestId);
    const transfer =
      request?.transferId == null ? null : await gateway.api.stores.repositories.transfers.findById(request.transferId);
    if (transfer !== null) return transfer;
    if (Date.now() > deadline) throw new Error(`no transfer for ${requestId}`);
    await sleep(100);
  }
}

describe('embedded steps on the hosted token request pages', () => {
  it('usingWebApp: bank choice, credentials, SCA method, a wrong code asked again, the right one; the TPP with the token', async () => {
    const payload = sepaTransferPayload('8.40', { callbackState: 'hosted-embedded' });
    const request = await storeTokenRequest(gateway, member, payload, { tokenInternal: { usingWebApp: true } });
    const hosted = (await authorize(request.id, {})).body['redirectUrl'] as string;
    const chosen = await browse(hosted, { bankId: 'ob-sandbox-eu' });
    expect(chosen.status, chosen.html).toBe(303);
    expect(chosen.location).toBe(`/hosted-pages/token-requests/${request.callbackToken}/status`);

    // The bank's first step: the user id as text, the password as a password input.
    let page = await browse(new URL(chosen.location ?? '', gateway.apiUrl).toString());
    expect(page.status, page.html).toBe(200);
    expectHostedPageHeaders(page);
    let form = embeddedFormOf(page.html);
    expect(form.action).toBe(`/hosted-pages/token-requests/${request.callbackToken}/embedded`);
    expect(form).toMatchObject({ texts: ['psuId'], passwords: ['password'], choices: {} });
    expect(page.html).toContain('a payment of 8.40 EUR');

    // A field left empty is named on the same form.
    const empty = await submit(page, { psuId: 'sandbox-success' });
    expect(empty.status).toBe(400);
    expect(textOf(empty)).toMatch(/Please fill in: .+\./);
    expect(embeddedFormOf(empty.html).passwords).toEqual(['password']);

    // The SCA method, as a radio group of the bank's options.
    page = await submit(page, { psuId: 'sandbox-success', password: '12345' });
    expect(page.status, page.html).toBe(200);
    form = embeddedFormOf(page.html);
    expect(form.texts).toEqual([]);
    expect(form.choices['scaMethod']).toEqual(['sms', 'push']);

    // The one-time code; a wrong one comes back as the bank's retry, and the request is still open.
    page = await submit(page, { scaMethod: 'sms' });
    expect(page.status, page.html).toBe(200);
    expect(embeddedFormOf(page.html).texts).toEqual(['otp']);
    const retry = await submit(page, { otp: '000000' });
    expect(retry.status, retry.html).toBe(200);
    expectHostedPageHeaders(retry);
    expect(textOf(retry)).toContain('Your bank did not accept what you entered. Please try again.');
    expect(textOf(retry)).toContain('The one-time code is not correct. 2 attempts left.');
    expect(embeddedFormOf(retry.html).texts).toEqual(['otp']);
    expect(await stored(request.id)).toMatchObject({ status: 'PENDING', tokenId: null });
    // A reload of the status page shows the same step.
    expect(embeddedFormOf((await browse(`${hosted}/status`)).html).texts).toEqual(['otp']);

    const done = await submit(retry, { otp: '123456' });
    expect(done.status, done.html).toBe(303);
    const landing = new URL(done.location ?? '');
    expect(`${landing.origin}${landing.pathname}`).toBe(TPP_REDIRECT);
    const processed = await stored(request.id);
    expect(processed).toMatchObject({ status: 'PROCESSED', bankId: 'ob-sandbox-eu' });
    expect(landing.searchParams.get('requestId')).toBe(request.id);
    expect(landing.searchParams.get('state')).toBe('hosted-embedded');
    expect(landing.searchParams.get('tokenId')).toBe(processed?.tokenId);
    expect(processed?.tokenId).toMatch(/^tt:/);
    expect(JSON.parse(landing.searchParams.get('signature') ?? '{}')).toEqual(processed?.signature);
    const transfer = await transferOf(request.id);
    expect(transfer.amount.toFixed(2)).toBe('8.40');

    // Over: the form's address and the status page send the user on to the TPP.
    const again = await submit(retry, { otp: '123456' });
    expect(again.status).toBe(303);
    expect((await browse(new URL(again.location ?? '', gateway.apiUrl).toString())).location).toBe(done.location);
  });

  it('useWebappCredentialsFlow: the authorization answers the hosted page for an embedded step', async () => {
    const request = await storeTokenRequest(gateway, member, sepaTransferPayload('3.10'));
    const answer = await authorize(request.id, { bankId: 'ob-sandbox-eu', useWebappCredentialsFlow: true });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toEqual({
      redirectUrl: `${gateway.apiUrl}/hosted-pages/token-requests/${request.callbackToken}/status`,
    });
    let page = await browse(answer.body['redirectUrl'] as string);
    expect(page.status).toBe(200);
    expect(embeddedFormOf(page.html)).toMatchObject({ texts: ['psuId'], passwords: ['password'] });
    page = await submit(page, { psuId: 'sandbox-success', password: '12345' });
    page = await submit(page, { scaMethod: 'push' });
    const done = await submit(page, { otp: '123456' });
    expect(done.status, done.html).toBe(303);
    const landing = new URL(done.location ?? '');
    expect(landing.searchParams.get('tokenId')).toMatch(/^tt:/);
    expect(await stored(request.id)).toMatchObject({
      status: 'PROCESSED',
      tokenId: landing.searchParams.get('tokenId'),
    });
  });

  it('useWebappCredentialsFlow at a redirect bank: the bank page, as without it', async () => {
    const request = await storeTokenRequest(gateway, member, sepaTransferPayload('2.00'));
    const answer = await authorize(request.id, { bankId: 'ob-sandbox-eu-redirect', useWebappCredentialsFlow: true });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(String(answer.body['redirectUrl']).startsWith(gateway.sandboxUrl)).toBe(true);
    expect(answer.body['oauthState']).toEqual(expect.any(String));
  });

  it('three wrong passwords: the bank fails the authorisation; the TPP gets the REJECTED redirect', async () => {
    const request = await storeTokenRequest(gateway, member, sepaTransferPayload('4.00', { callbackState: 'no' }), {
      tokenInternal: { usingWebApp: true },
    });
    const hosted = `${gateway.apiUrl}/hosted-pages/token-requests/${request.callbackToken}`;
    expect((await browse(hosted, { bankId: 'ob-sandbox-eu' })).status).toBe(303);
    let page = await browse(`${hosted}/status`);
    for (let attempt = 1; attempt < 3; attempt += 1) {
      page = await submit(page, { psuId: 'sandbox-success', password: 'wrong' });
      expect(page.status, page.html).toBe(200);
      expect(textOf(page)).toContain('Your bank did not accept what you entered');
    }
    const ended = await submit(page, { psuId: 'sandbox-success', password: 'wrong' });
    expect(ended.status, ended.html).toBe(303);
    const landing = new URL(ended.location ?? '');
    expect(`${landing.origin}${landing.pathname}`).toBe(TPP_REDIRECT);
    expect(landing.searchParams.get('state')).toBe('no');
    expect(landing.searchParams.get('error')).toBe('REJECTED');
    expect(landing.searchParams.get('tokenId')).toBeNull();
    expect(landing.searchParams.get('signature')).toBeNull();
    expect(await stored(request.id)).toMatchObject({ status: 'REJECTED', tokenId: null });
  });

  it('an unknown token answers the 404 page on the form address', async () => {
    const page = await browse(`${gateway.apiUrl}/hosted-pages/token-requests/UnknownToken123/embedded`, { otp: '1' });
    expect(page.status).toBe(404);
    expectHostedPageHeaders(page);
  });
});
