import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenRequest } from '#libs/db';
import { decideOnConsentPage } from './obie/consent-form.js';
import {
  ADMIN_TOKEN,
  advanceClock,
  call,
  newMember,
  startGateway,
  type TestGateway,
  type TestMember,
} from '../support/payments-gateway.js';
import { TPP_REDIRECT, storeTokenRequest, ukStandingOrderPayload } from '../support/token-requests.js';

/**
 * Standing orders never end on an answer the bank did not give: a UK standing order whose
 * submission answer is lost (after a redirect return or an approval in the banking app) keeps its
 * token request PENDING with an outcome check, and is asked again under the same idempotency key
 * until the bank answers. Against the real api, worker and sandbox bank.
 */

let gateway: TestGateway;
let member: TestMember;

interface OutcomeCheckView {
  readonly kind: string;
  readonly resourceId: string;
  readonly operation: string;
}

async function standingOrderChecks(): Promise<OutcomeCheckView[]> {
  const answer = await call<{ outcomeChecks: OutcomeCheckView[] }>(
    `${gateway.adminUrl}/admin/outcome-checks?kind=standing-order`,
    'GET',
    `Bearer ${ADMIN_TOKEN}`,
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.outcomeChecks;
}

/** Standing orders the sandbox bank holds under a consent. */
async function standingOrdersAtBank(bankConsentId: string): Promise<number> {
  const rows = await gateway.api.stores.prisma.$queryRaw<Array<{ n: bigint }>>`
    SELECT count(*) AS n FROM sandbox_bank.sb_payment
    WHERE consent_id = ${bankConsentId} AND kind = 'domestic-standing-order'`;
  return Number(rows[0]?.n ?? 0);
}

function dayFromToday(days: number): string {
  const now = gateway.api.stores.clock.now();
  return new Date(now.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await sleep(200);
  }
}

async function requestOf(id: string): Promise<TokenRequest> {
  const request = await gateway.api.stores.repositories.tokenRequests.findById(id);
  expect(request).not.toBeNull();
  return request as TokenRequest;
}

beforeAll(async () => {
  gateway = await startGateway({ worker: true, env: { PAYMENT_POLL_SCHEDULE_SECONDS: '1' } });
  member = await newMember(gateway);
}, 120_000);

afterAll(async () => {
  await gateway?.close();
});

describe('a standing order submission without a clear answer', () => {
  it('a lost answer keeps the request PENDING; asked again under the same key it is PROCESSED, one standing order at the bank', async () => {
    const request = await storeTokenRequest(
      gateway,
      member,
      ukStandingOrderPayload(dayFromToday(3), dayFromToday(400)),
    );
    const answer = await call<Record<string, unknown>>(
      `${gateway.apiUrl}/token-requests/${encodeURIComponent(request.id)}/authorization`,
      'POST',
      member.auth,
      { bankId: 'ob-sandbox-gb' },
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const back = await decideOnConsentPage(answer.body['redirectUrl'] as string, 'sandbox-success', 'approve');

    const faults = `${gateway.sandboxUrl}/sandbox/faults/ob-sandbox-gb`;
    const lose = await call(faults, 'PUT', `Bearer ${ADMIN_TOKEN}`, {
      latencyMs: 0,
      errorRate: 0,
      lostAnswerRate: 1,
      only: ['domestic-standing-orders'],
    });
    expect(lose.status, JSON.stringify(lose.body)).toBe(200);
    let landing: URL;
    try {
      const landed = await call(back.toString(), 'GET', undefined);
      expect(landed.status).toBe(303);
      landing = new URL(landed.headers.get('location') ?? '');
      // A second return (a reload) calls no bank again.
      expect((await call(back.toString(), 'GET', undefined)).status).toBe(303);
    } finally {
      const fixed = await call(faults, 'PUT', `Bearer ${ADMIN_TOKEN}`, { latencyMs: 0, errorRate: 0 });
      expect(fixed.status).toBe(200);
    }
    // The user goes on to the TPP without an outcome: neither a token nor an error.
    expect(`${landing.origin}${landing.pathname}`).toBe(TPP_REDIRECT);
    expect(landing.searchParams.get('tokenId')).toBeNull();
    expect(landing.searchParams.get('error')).toBeNull();

    // The bank set up the standing order; the gateway does not know it yet and says nothing final.
    const pending = await requestOf(request.id);
    const bankConsentId = pending.bankConsentId ?? '';
    expect(await standingOrdersAtBank(bankConsentId)).toBe(1);
    expect(pending).toMatchObject({ status: 'PENDING', tokenId: null });
    expect((await standingOrderChecks()).find((check) => check.resourceId === request.id)).toMatchObject({
      operation: 'standing-order-submission',
    });

    await advanceClock(gateway, 180);
    const deadline = Date.now() + 30_000;
    let done = await requestOf(request.id);
    while (done.status === 'PENDING' && Date.now() < deadline) {
      await sleep(200);
      done = await requestOf(request.id);
    }
    expect(done.status).toBe('PROCESSED');
    expect(done.tokenId).toMatch(/^tt:/);
    expect(done.standingOrderSubmissionId).toEqual(expect.any(String));
    expect(await standingOrdersAtBank(bankConsentId)).toBe(1);
    expect((await standingOrderChecks()).map((check) => check.resourceId)).not.toContain(request.id);
  }, 90_000);
});

describe('a decoupled standing order approved in the banking app, its submission answer lost', () => {
  it('keeps the request PENDING with a check; asked again under the same key it is PROCESSED, one standing order at the bank', async () => {
    const request = await storeTokenRequest(
      gateway,
      member,
      ukStandingOrderPayload(dayFromToday(3), dayFromToday(400)),
      { psuId: 'sandbox-success' },
    );
    const faults = `${gateway.sandboxUrl}/sandbox/faults/ob-sandbox-gb-decoupled`;
    const lose = await call(faults, 'PUT', `Bearer ${ADMIN_TOKEN}`, {
      latencyMs: 0,
      errorRate: 0,
      lostAnswerRate: 1,
      only: ['domestic-standing-orders'],
    });
    expect(lose.status, JSON.stringify(lose.body)).toBe(200);
    let bankConsentId: string;
    try {
      const answer = await call<Record<string, unknown>>(
        `${gateway.apiUrl}/token-requests/${encodeURIComponent(request.id)}/authorization`,
        'POST',
        member.auth,
        { bankId: 'ob-sandbox-gb-decoupled' },
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body).toEqual({
        fields: { fields: [{ id: 'decoupled', type: 'DECOUPLED', displayName: 'Approve in your banking app' }] },
      });
      bankConsentId = (await requestOf(request.id)).bankConsentId ?? '';
      // The user approves in the app; the gateway's poll finds it and submits; the bank's answer is lost.
      await waitFor(
        () => standingOrdersAtBank(bankConsentId),
        (n) => n > 0,
        'standing orders at the bank',
      );
      await waitFor(
        async () => (await standingOrderChecks()).find((check) => check.resourceId === request.id),
        (check) => check !== undefined,
        'the standing order check',
      );
      await sleep(1_000);
    } finally {
      const fixed = await call(faults, 'PUT', `Bearer ${ADMIN_TOKEN}`, { latencyMs: 0, errorRate: 0 });
      expect(fixed.status).toBe(200);
    }

    // The bank set up the standing order; the gateway does not know it yet and says nothing final.
    const pending = await requestOf(request.id);
    expect(pending).toMatchObject({ status: 'PENDING', tokenId: null });
    expect(await standingOrdersAtBank(bankConsentId)).toBe(1);
    expect((await standingOrderChecks()).find((check) => check.resourceId === request.id)).toMatchObject({
      operation: 'standing-order-submission',
    });

    await advanceClock(gateway, 180);
    const done = await waitFor(
      () => requestOf(request.id),
      (row) => row.status !== 'PENDING',
      `token request ${request.id}`,
    );
    expect(done.status).toBe('PROCESSED');
    expect(done.tokenId).toMatch(/^tt:/);
    expect(done.standingOrderSubmissionId).toEqual(expect.any(String));
    expect(await standingOrdersAtBank(bankConsentId)).toBe(1);
    expect((await standingOrderChecks()).map((check) => check.resourceId)).not.toContain(request.id);
  }, 90_000);
});

describe('a decoupled standing order approved as its window ends, its submission answer lost', () => {
  it('the approval found at expiry goes through the checked path: PENDING with a check, then PROCESSED, one standing order at the bank', async () => {
    const request = await storeTokenRequest(
      gateway,
      member,
      ukStandingOrderPayload(dayFromToday(3), dayFromToday(400)),
      { psuId: 'sandbox-success' },
      1,
    );
    const faults = `${gateway.sandboxUrl}/sandbox/faults/ob-sandbox-gb-decoupled`;
    const lose = await call(faults, 'PUT', `Bearer ${ADMIN_TOKEN}`, {
      latencyMs: 0,
      errorRate: 0,
      lostAnswerRate: 1,
      only: ['domestic-standing-orders'],
    });
    expect(lose.status, JSON.stringify(lose.body)).toBe(200);
    let bankConsentId: string;
    try {
      const answer = await call<Record<string, unknown>>(
        `${gateway.apiUrl}/token-requests/${encodeURIComponent(request.id)}/authorization`,
        'POST',
        member.auth,
        { bankId: 'ob-sandbox-gb-decoupled' },
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      // The window ends before a poll finds the approval: the last look at the bank finds it.
      await advanceClock(gateway, 90);
      bankConsentId = (await requestOf(request.id)).bankConsentId ?? '';
      await waitFor(
        () => standingOrdersAtBank(bankConsentId),
        (n) => n > 0,
        'standing orders at the bank',
      );
      await waitFor(
        async () => (await standingOrderChecks()).find((check) => check.resourceId === request.id),
        (check) => check !== undefined,
        'the standing order check',
      );
      await sleep(1_000);
    } finally {
      const fixed = await call(faults, 'PUT', `Bearer ${ADMIN_TOKEN}`, { latencyMs: 0, errorRate: 0 });
      expect(fixed.status).toBe(200);
    }
    expect(await requestOf(request.id)).toMatchObject({ status: 'PENDING', tokenId: null });
    expect(await standingOrdersAtBank(bankConsentId)).toBe(1);

    await advanceClock(gateway, 180);
    const done = await waitFor(
      () => requestOf(request.id),
      (row) => row.status !== 'PENDING',
      `token request ${request.id}`,
    );
    expect(done.status).toBe('PROCESSED');
    expect(done.standingOrderSubmissionId).toEqual(expect.any(String));
    expect(await standingOrdersAtBank(bankConsentId)).toBe(1);
    expect((await standingOrderChecks()).map((check) => check.resourceId)).not.toContain(request.id);
  }, 90_000);
});
