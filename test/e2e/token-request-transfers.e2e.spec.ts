import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Transfer } from '#libs/db';
import { decideOnConsentPage } from './obie/consent-form.js';
import {
  ADMIN_TOKEN,
  call,
  newMember,
  startGateway,
  type TestGateway,
  type TestMember,
} from '../support/payments-gateway.js';
import { TPP_REDIRECT, sepaTransferPayload, storeTokenRequest, ukTransferPayload } from '../support/token-requests.js';

let gateway: TestGateway;
let member: TestMember;

type Json = Record<string, unknown>;

function authorize(requestId: string, body: Json) {
  return call<Json>(
    `${gateway.apiUrl}/token-requests/${encodeURIComponent(requestId)}/authorization`,
    'POST',
    member.auth,
    body,
  );
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await sleep(100);
  }
}

/** The transfer the request's token paid, once it reaches one of `statuses`. */
async function transferReaching(requestId: string, statuses: readonly string[]): Promise<Transfer> {
  const { tokenRequests, transfers } = gateway.api.stores.repositories;
  const request = await tokenRequests.findById(requestId);
  expect(request?.transferId).toEqual(expect.any(String));
  return waitFor(
    async () => (await transfers.findById(request?.transferId ?? '')) as Transfer,
    (transfer) => statuses.includes(transfer.status),
    `transfer ${request?.transferId ?? ''}`,
  );
}

beforeAll(async () => {
  gateway = await startGateway({ worker: true, env: { PAYMENT_POLL_SCHEDULE_SECONDS: '1' } });
  member = await newMember(gateway);
}, 120_000);

afterAll(async () => {
  await gateway?.close();
});

describe('transfer token requests, redeemed as the user authorises', () => {
  it('UK bank over HTTP: the callback makes the token and the transfer; the transfer reaches SUCCESS', async () => {
    const payload = ukTransferPayload('12.34');
    const request = await storeTokenRequest(gateway, member, payload);
    const answer = await authorize(request.id, { bankId: 'ob-sandbox-gb' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const back = await decideOnConsentPage(answer.body['redirectUrl'] as string, 'sandbox-success', 'approve');
    const callback = await call(back.toString(), 'GET', undefined);
    const landing = new URL(callback.headers.get('location') ?? '');
    expect(`${landing.origin}${landing.pathname}`).toBe(TPP_REDIRECT);
    const stored = await gateway.api.stores.repositories.tokenRequests.findById(request.id);
    expect(stored).toMatchObject({ status: 'PROCESSED', tokenId: landing.searchParams.get('tokenId') });
    const transfer = await transferReaching(request.id, ['SUCCESS']);
    expect(transfer).toMatchObject({ currency: 'GBP', refId: payload['refId'] });
    expect(String(transfer.amount)).toBe('12.34');
    expect(transfer.payload).toMatchObject({
      refId: payload['refId'],
      tokenId: stored?.tokenId,
      amount: { value: '12.34', currency: 'GBP' },
      description: 'Order 4711',
    });
    const token = await gateway.api.stores.repositories.tokens.findById(stored?.tokenId ?? '');
    expect(token).toMatchObject({ kind: 'TRANSFER', status: 'ACTIVE', sealedGrant: null });
    expect(String(token?.redeemedAmount)).toBe('12.34');
  });

  it('Berlin Group redirect bank (one step): the callback pays; PROCESSED with a transfer reaching SUCCESS', async () => {
    const request = await storeTokenRequest(gateway, member, sepaTransferPayload('25.00'));
    const answer = await authorize(request.id, { bankId: 'ob-sandbox-eu-redirect' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const back = await decideOnConsentPage(answer.body['redirectUrl'] as string, 'sandbox-success', 'approve');
    const callback = await call(back.toString(), 'GET', undefined);
    expect(callback.status).toBe(303);
    expect(new URL(callback.headers.get('location') ?? '').searchParams.get('tokenId')).toMatch(/^tt:/);
    await transferReaching(request.id, ['SUCCESS']);
  });

  it('Berlin Group embedded bank: credentials, method, one-time code; AUTHENTICATED, token and transfer', async () => {
    const request = await storeTokenRequest(gateway, member, sepaTransferPayload('7.00'));
    let answer = await authorize(request.id, { bankId: 'ob-sandbox-eu' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const ids = (body: Json) =>
      ((body['fields'] as { fields: { id: string; type: string }[] }).fields ?? [])
        .filter((field) => field.type === 'FIELD' || field.type === 'PASSWORD')
        .map((field) => field.id);
    expect(ids(answer.body)).toEqual(['psuId', 'password']);
    answer = await authorize(request.id, { credentials: { psuId: 'sandbox-success', password: '12345' } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(ids(answer.body)).toEqual(['scaMethod']);
    answer = await authorize(request.id, { credentials: { scaMethod: 'sms' } });
    expect(ids(answer.body)).toEqual(['otp']);
    const missing = await authorize(request.id, { credentials: { other: 'x' } });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain('credentials.otp');
    answer = await authorize(request.id, { credentials: { otp: '123456' } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toEqual({ status: 'AUTHENTICATED' });
    const done = await gateway.api.stores.repositories.tokenRequests.findById(request.id);
    expect(done?.status).toBe('PROCESSED');
    expect(done?.tokenId).toMatch(/^tt:/);
    await transferReaching(request.id, ['SUCCESS', 'PROCESSING']);
  });

  it('UK decoupled bank: one DECOUPLED field; the timer polls the bank until approval, then token and transfer', async () => {
    const request = await storeTokenRequest(gateway, member, ukTransferPayload('3.00'), { psuId: 'sandbox-success' });
    const answer = await authorize(request.id, { bankId: 'ob-sandbox-gb-decoupled' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toEqual({
      fields: { fields: [{ id: 'decoupled', type: 'DECOUPLED', displayName: 'Approve in your banking app' }] },
    });
    const processed = await waitFor(
      () => gateway.api.stores.repositories.tokenRequests.findById(request.id),
      (row) => row?.status !== 'PENDING',
      `token request ${request.id}`,
    );
    expect(processed?.status).toBe('PROCESSED');
    expect(processed?.tokenId).toMatch(/^tt:/);
    await transferReaching(request.id, ['SUCCESS']);
  });

  it('UK decoupled bank with auto-redeem off: the approval gives a token keeping the grant; POST /transfers pays', async () => {
    const explicitMember = await newMember(gateway);
    const off = await call(`${gateway.adminUrl}/admin/members/${explicitMember.id}`, 'PATCH', `Bearer ${ADMIN_TOKEN}`, {
      autoRedeem: false,
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    const request = await storeTokenRequest(gateway, explicitMember, ukTransferPayload('4.20'), {
      psuId: 'sandbox-success',
    });
    const answer = await call<Json>(
      `${gateway.apiUrl}/token-requests/${encodeURIComponent(request.id)}/authorization`,
      'POST',
      explicitMember.auth,
      { bankId: 'ob-sandbox-gb-decoupled' },
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const processed = await waitFor(
      () => gateway.api.stores.repositories.tokenRequests.findById(request.id),
      (row) => row?.status !== 'PENDING',
      `token request ${request.id}`,
    );
    expect(processed).toMatchObject({ status: 'PROCESSED', transferId: null });
    const token = await gateway.api.stores.repositories.tokens.findById(processed?.tokenId ?? '');
    expect(token?.sealedGrant).toEqual(expect.any(String));
    expect(String(token?.redeemedAmount)).toBe('0');

    const redeemed = await call<{ transfer: { id: string; status: string } }>(
      `${gateway.apiUrl}/transfers`,
      'POST',
      explicitMember.auth,
      { payload: { tokenId: token?.id } },
    );
    expect(redeemed.status, JSON.stringify(redeemed.body)).toBe(200);
    const transfer = await waitFor(
      () => gateway.api.stores.repositories.transfers.findById(redeemed.body.transfer.id),
      (row) => row?.status === 'SUCCESS',
      `transfer ${redeemed.body.transfer.id}`,
    );
    expect(String(transfer?.amount)).toBe('4.2');
  });

  it('UK decoupled bank, a user who denies: REJECTED without a token', async () => {
    const request = await storeTokenRequest(gateway, member, ukTransferPayload('3.00'), { psuId: 'sandbox-deny' });
    const answer = await authorize(request.id, { bankId: 'ob-sandbox-gb-decoupled' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const ended = await waitFor(
      () => gateway.api.stores.repositories.tokenRequests.findById(request.id),
      (row) => row?.status !== 'PENDING',
      `token request ${request.id}`,
    );
    expect(ended).toMatchObject({ status: 'REJECTED', tokenId: null });
  });
});
