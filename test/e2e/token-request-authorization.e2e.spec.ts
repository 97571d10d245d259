import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decideOnConsentPage } from './obie/consent-form.js';
import { call, newMember, startGateway, type TestGateway, type TestMember } from '../support/payments-gateway.js';
import { verifyLandingAsDocumented } from '../support/signature-example.js';
import { TPP_REDIRECT, accessPayload, storeTokenRequest, ukTransferPayload } from '../support/token-requests.js';

let gateway: TestGateway;
let member: TestMember;

type Json = Record<string, unknown>;

function authorize(requestId: string, body: Json, who: TestMember = member) {
  return call<Json>(
    `${gateway.apiUrl}/token-requests/${encodeURIComponent(requestId)}/authorization`,
    'POST',
    who.auth,
    body,
  );
}

/** The bank's page by plain HTTP (approve or deny), then the gateway's callback: where the user lands. */
async function throughBank(redirectUrl: string, decision: 'approve' | 'deny', username = 'sandbox-success') {
  const back = await decideOnConsentPage(redirectUrl, username, decision);
  expect(`${back.origin}${back.pathname}`).toBe(`${gateway.apiUrl}/bank-callback`);
  const callback = await call(back.toString(), 'GET', undefined);
  expect(callback.status).toBe(303);
  return { back, landing: new URL(callback.headers.get('location') ?? '') };
}

beforeAll(async () => {
  gateway = await startGateway({ worker: true, env: { PAYMENT_POLL_SCHEDULE_SECONDS: '1' } });
  member = await newMember(gateway);
}, 120_000);

afterAll(async () => {
  await gateway?.close();
});

describe('an account-information token request at the UK sandbox bank', () => {
  it('the consent page, the callback, an ACCESS token and a signed redirect the TPP verifies', async () => {
    const payload = accessPayload(['ACCOUNTS', 'BALANCES', 'TRANSACTIONS']);
    const request = await storeTokenRequest(gateway, member, payload);
    const answer = await authorize(request.id, { bankId: 'ob-sandbox-gb', consentAccepted: true });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const redirectUrl = answer.body['redirectUrl'] as string;
    expect(redirectUrl.startsWith(gateway.sandboxUrl)).toBe(true);
    expect(answer.body['oauthState']).toBe(`tr.${request.callbackToken}`);

    const { back, landing } = await throughBank(redirectUrl, 'approve');
    expect(`${landing.origin}${landing.pathname}`).toBe(TPP_REDIRECT);
    expect(landing.searchParams.get('requestId')).toBe(request.id);
    expect(landing.searchParams.get('state')).toBe(payload['callbackState']);
    const tokenId = landing.searchParams.get('tokenId') ?? '';
    expect(tokenId).toMatch(/^tt:/);
    const signature = JSON.parse(landing.searchParams.get('signature') ?? '{}') as Json;
    expect(Object.keys(signature)).toEqual(['keyId', 'memberId', 'signature']);
    expect(signature['memberId']).toBe('m:gateway');

    const verified = await verifyLandingAsDocumented(gateway.apiUrl, landing, payload['callbackState'] as string);
    expect(verified).toEqual({ valid: true, requestId: request.id, tokenId });
    // A signature over another token id does not verify.
    const forged = new URL(landing);
    forged.searchParams.set('tokenId', 'tt:someOtherToken');
    expect((await verifyLandingAsDocumented(gateway.apiUrl, forged, payload['callbackState'] as string)).valid).toBe(
      false,
    );

    const { tokenRequests, tokens } = gateway.api.stores.repositories;
    const stored = await tokenRequests.findById(request.id);
    expect(stored).toMatchObject({ status: 'PROCESSED', tokenId, bankId: 'ob-sandbox-gb', signature });
    const token = await tokens.findById(tokenId);
    expect(token).toMatchObject({ kind: 'ACCESS', status: 'ACTIVE', memberId: member.id, tokenRequestId: request.id });
    expect(token?.sealedGrant).toEqual(expect.any(String));
    expect(token?.expiresAt?.getTime()).toBeGreaterThan(Date.now() + 89 * 86_400_000);
    expect(token?.payload).toMatchObject({
      tokenRequestId: request.id,
      initiatorId: member.id,
      access: { resources: [{ account: {} }, { balance: {} }, { transactions: {} }] },
    });

    // A reload of the callback calls no bank and lands at the same place.
    const again = await call(back.toString(), 'GET', undefined);
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toBe(landing.toString());
    // A PROCESSED request cannot be authorised again.
    const twice = await authorize(request.id, { bankId: 'ob-sandbox-gb' });
    expect(twice.status).toBe(400);
    expect(JSON.stringify(twice.body)).toContain('PROCESSED');
  });

  it('a user who denies: REJECTED, back at the TPP with error=ACCESS_DENIED and no token', async () => {
    const payload = accessPayload(['ACCOUNTS']);
    const request = await storeTokenRequest(gateway, member, payload);
    const answer = await authorize(request.id, { bankId: 'ob-sandbox-gb' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const { landing } = await throughBank(answer.body['redirectUrl'] as string, 'deny');
    expect(landing.searchParams.get('requestId')).toBe(request.id);
    expect(landing.searchParams.get('error')).toBe('ACCESS_DENIED');
    expect(landing.searchParams.get('message')).toEqual(expect.any(String));
    expect(landing.searchParams.get('tokenId')).toBeNull();
    const stored = await gateway.api.stores.repositories.tokenRequests.findById(request.id);
    expect(stored).toMatchObject({ status: 'REJECTED', tokenId: null });
  });
});

describe('POST /token-requests/{id}/authorization: what it refuses', () => {
  it('another member, an unknown id: 404', async () => {
    const request = await storeTokenRequest(gateway, member, accessPayload(['ACCOUNTS']));
    const other = await newMember(gateway);
    expect((await authorize(request.id, { bankId: 'ob-sandbox-gb' }, other)).status).toBe(404);
    expect((await authorize('rq:unknown', { bankId: 'ob-sandbox-gb' })).status).toBe(404);
  });

  it('no bank in the body nor in the request: 400 naming bankId; an unknown bank: 400 naming bankId', async () => {
    const request = await storeTokenRequest(gateway, member, ukTransferPayload());
    const none = await authorize(request.id, {});
    expect(none.status).toBe(400);
    expect(JSON.stringify(none.body)).toContain('bankId');
    const unknown = await authorize(request.id, { bankId: 'no-such-bank' });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).toContain('bankId');
  });

  it('requestOptions.bankId is used when the body names none', async () => {
    const request = await storeTokenRequest(gateway, member, ukTransferPayload(), { bankId: 'ob-sandbox-gb' });
    const answer = await authorize(request.id, {});
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect((answer.body['redirectUrl'] as string).startsWith(gateway.sandboxUrl)).toBe(true);
    expect((await gateway.api.stores.repositories.tokenRequests.findById(request.id))?.bankId).toBe('ob-sandbox-gb');
  });

  it('an expired request: 400 naming tokenRequestId', async () => {
    const request = await storeTokenRequest(gateway, member, ukTransferPayload(), {}, -1);
    const answer = await authorize(request.id, { bankId: 'ob-sandbox-gb' });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain('tokenRequestId');
  });

  it('a body field the reference does not have: 400', async () => {
    const request = await storeTokenRequest(gateway, member, ukTransferPayload());
    const answer = await authorize(request.id, { bankId: 'ob-sandbox-gb', surprise: true });
    expect(answer.status).toBe(400);
  });
});
