import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BankConnectors, type StandingOrderInitiation } from '#libs/connectors';
import { standingOrderInitiationOf, tokenRequestHandleOf } from '#libs/application';
import { decideOnConsentPage } from './obie/consent-form.js';
import { call, newMember, startGateway, type TestGateway, type TestMember } from '../support/payments-gateway.js';
import {
  TPP_REDIRECT,
  sepaStandingOrderPayload,
  storeTokenRequest,
  ukStandingOrderPayload,
} from '../support/token-requests.js';

let gateway: TestGateway;
let member: TestMember;

type Json = Record<string, unknown>;

/** `days` from the service clock's today, as an ISO date. */
function dayFromToday(days: number): string {
  const now = gateway.api.stores.clock.now();
  return new Date(now.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

function authorize(requestId: string, body: Json) {
  return call<Json>(
    `${gateway.apiUrl}/token-requests/${encodeURIComponent(requestId)}/authorization`,
    'POST',
    member.auth,
    body,
  );
}

/** The user decides on the bank's page; the bank sends the browser back through the gateway to the TPP. */
async function decideAndReturn(redirectUrl: string, user: string, decision: 'approve' | 'deny'): Promise<URL> {
  const back = await decideOnConsentPage(redirectUrl, user, decision);
  const callback = await call(back.toString(), 'GET', undefined);
  expect(callback.status).toBe(303);
  return new URL(callback.headers.get('location') ?? '');
}

/** What the bank says of the standing order the request set up, read through the gateway's own connector. */
async function standingOrderAtBank(requestId: string, bankId: string) {
  const { tokenRequests, banks } = gateway.api.stores.repositories;
  const request = await tokenRequests.findById(requestId);
  const bank = await banks.find(bankId);
  if (request === null || bank === null) throw new Error('request or bank missing');
  const connectors = gateway.api.api.get(BankConnectors);
  const initiation: StandingOrderInitiation = standingOrderInitiationOf(request, {
    redirectUri: `${gateway.apiUrl}/bank-callback`,
  });
  return connectors.capability(bank, 'standingOrders').getStandingOrderStatus(
    { bankId, deadlineMs: Date.now() + 10_000 },
    {
      ...tokenRequestHandleOf(request),
      ...(request.standingOrderSubmissionId === null ? {} : { bankPaymentId: request.standingOrderSubmissionId }),
    },
    initiation,
  );
}

/** The request once the worker's polls have ended it (the user answers in the banking app). */
async function endedRequest(requestId: string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const request = await gateway.api.stores.repositories.tokenRequests.findById(requestId);
    if (request?.status !== 'PENDING') return request;
    if (Date.now() > deadline) throw new Error(`token request ${requestId} still PENDING`);
    await sleep(200);
  }
}

beforeAll(async () => {
  gateway = await startGateway({ worker: true, env: { PAYMENT_POLL_SCHEDULE_SECONDS: '1' } });
  member = await newMember(gateway);
}, 120_000);

afterAll(async () => {
  await gateway?.close();
});

describe('standing-order token requests', () => {
  it('UK Open Banking: the consent authorised at the bank sets up a domestic standing order; PROCESSED with its id and a token', async () => {
    const payload = ukStandingOrderPayload(dayFromToday(3), dayFromToday(400));
    const request = await storeTokenRequest(gateway, member, payload);
    const answer = await authorize(request.id, { bankId: 'ob-sandbox-gb' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const landing = await decideAndReturn(answer.body['redirectUrl'] as string, 'sandbox-success', 'approve');
    expect(`${landing.origin}${landing.pathname}`).toBe(TPP_REDIRECT);
    const tokenId = landing.searchParams.get('tokenId');
    expect(tokenId).toMatch(/^tt:/);

    const stored = await gateway.api.stores.repositories.tokenRequests.findById(request.id);
    expect(stored).toMatchObject({ status: 'PROCESSED', tokenId, transferId: null });
    expect(stored?.standingOrderSubmissionId).toEqual(expect.any(String));
    const token = await gateway.api.stores.repositories.tokens.findById(tokenId ?? '');
    expect(token).toMatchObject({ kind: 'STANDING_ORDER', status: 'ACTIVE', bankId: 'ob-sandbox-gb' });
    expect(token?.payload).toMatchObject({
      standingOrder: { amount: '450.00', currency: 'GBP', frequency: 'MNTH' },
      tokenRequestId: request.id,
    });

    const atBank = await standingOrderAtBank(request.id, 'ob-sandbox-gb');
    expect(atBank.handle.bankPaymentId).toBe(stored?.standingOrderSubmissionId);
    expect(atBank).toMatchObject({ outcome: 'COMPLETED', bankStatus: 'InitiationCompleted' });
  });

  it('UK Open Banking: the user refusing at the bank leaves the request REJECTED, without a token or standing order', async () => {
    const request = await storeTokenRequest(gateway, member, ukStandingOrderPayload(dayFromToday(3), dayFromToday(90)));
    const answer = await authorize(request.id, { bankId: 'ob-sandbox-gb' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const landing = await decideAndReturn(answer.body['redirectUrl'] as string, 'sandbox-success', 'deny');
    expect(landing.searchParams.get('tokenId')).toBeNull();
    expect(landing.searchParams.get('error')).toBe('ACCESS_DENIED');
    const stored = await gateway.api.stores.repositories.tokenRequests.findById(request.id);
    expect(stored).toMatchObject({ status: 'REJECTED', tokenId: null, standingOrderSubmissionId: null });
  });

  it('UK Open Banking, approved in the banking app: the worker finds the approval and submits; PROCESSED, set up at the bank', async () => {
    const payload = ukStandingOrderPayload(dayFromToday(3), dayFromToday(400));
    const request = await storeTokenRequest(gateway, member, payload, { psuId: 'sandbox-success' });
    const answer = await authorize(request.id, { bankId: 'ob-sandbox-gb-decoupled' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toEqual({
      fields: { fields: [{ id: 'decoupled', type: 'DECOUPLED', displayName: 'Approve in your banking app' }] },
    });
    const stored = await endedRequest(request.id);
    expect(stored).toMatchObject({ status: 'PROCESSED', transferId: null });
    expect(stored?.tokenId).toMatch(/^tt:/);
    expect(stored?.standingOrderSubmissionId).toEqual(expect.any(String));
    const atBank = await standingOrderAtBank(request.id, 'ob-sandbox-gb-decoupled');
    expect(atBank.handle.bankPaymentId).toBe(stored?.standingOrderSubmissionId);
    expect(atBank.outcome).toBe('COMPLETED');
  });

  it('UK Open Banking, denied in the banking app: REJECTED, without a token or standing order', async () => {
    const payload = ukStandingOrderPayload(dayFromToday(3), dayFromToday(90));
    const request = await storeTokenRequest(gateway, member, payload, { psuId: 'sandbox-deny' });
    const answer = await authorize(request.id, { bankId: 'ob-sandbox-gb-decoupled' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const stored = await endedRequest(request.id);
    expect(stored).toMatchObject({ status: 'REJECTED', tokenId: null, standingOrderSubmissionId: null });
  });

  it.each([
    ['ob-sandbox-gb', 'TOWK'],
    ['ob-sandbox-eu-redirect', 'TOMN'],
  ])(
    '%s cannot express %s (twice a week or a month) in one order: 400 naming the frequency',
    async (bankId, frequency) => {
      const base = bankId === 'ob-sandbox-gb' ? ukStandingOrderPayload : sepaStandingOrderPayload;
      const payload = base(dayFromToday(3), dayFromToday(90));
      const body = { ...(payload['standingOrderBody'] as Json), frequency };
      const request = await storeTokenRequest(gateway, member, { ...payload, standingOrderBody: body });
      const answer = await authorize(request.id, { bankId });
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(JSON.stringify(answer.body)).toContain('frequency');
      const stored = await gateway.api.stores.repositories.tokenRequests.findById(request.id);
      expect(stored?.status).toBe('PENDING');
    },
  );

  it('Berlin Group: a periodic payment authorised by redirect; PROCESSED with a token, set up at the bank', async () => {
    const payload = sepaStandingOrderPayload(dayFromToday(2), dayFromToday(180));
    const request = await storeTokenRequest(gateway, member, payload);
    const answer = await authorize(request.id, { bankId: 'ob-sandbox-eu-redirect' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const landing = await decideAndReturn(answer.body['redirectUrl'] as string, 'sandbox-success', 'approve');
    expect(landing.searchParams.get('tokenId')).toMatch(/^tt:/);
    const stored = await gateway.api.stores.repositories.tokenRequests.findById(request.id);
    expect(stored?.status).toBe('PROCESSED');
    const atBank = await standingOrderAtBank(request.id, 'ob-sandbox-eu-redirect');
    expect(atBank.outcome).toBe('COMPLETED');
  });
});
