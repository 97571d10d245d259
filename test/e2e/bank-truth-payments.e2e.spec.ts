import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  type TestGateway,
  type TestMember,
} from '../support/payments-gateway.js';
import { sepaTransferPayload, storeTokenRequest } from '../support/token-requests.js';

/**
 * The gateway never reports a payment outcome the bank contradicts: returns from the bank
 * processed once, a payment order whose answer is lost asked again under the same idempotency
 * key, nothing expired without asking the bank, and a bank that never answers flagged for an
 * operator rather than ended. Against the real api, worker and sandbox bank.
 */

let gateway: TestGateway;
let member: TestMember;

interface OutcomeCheckView {
  readonly kind: string;
  readonly resourceId: string;
  readonly operation: string;
  readonly flagged: boolean;
  readonly attempts: number;
}

/** Orders the sandbox bank holds under a payment's consent. */
async function ordersAtBank(bankConsentId: string): Promise<number> {
  const rows = await gateway.api.stores.prisma.$queryRaw<Array<{ n: bigint }>>`
    SELECT count(*) AS n FROM sandbox_bank.sb_payment WHERE consent_id = ${bankConsentId}`;
  return Number(rows[0]?.n ?? 0);
}

async function bankConsentIdOf(paymentId: string): Promise<string> {
  const row = await gateway.api.stores.prisma.payment.findUniqueOrThrow({ where: { id: paymentId } });
  expect(row.bankConsentId).not.toBeNull();
  return row.bankConsentId ?? '';
}

/** A UK payment approved at the bank's consent page; the callback the bank sends the user to. */
async function approvedAtBank(overrides: Record<string, unknown> = {}, username = 'sandbox-success') {
  const created = await createPayment(gateway, member, ukInitiation(overrides));
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const payment = created.body.payment;
  const back = await decideOnConsentPage(
    (payment.authentication as { redirectUrl: string }).redirectUrl,
    username,
    'approve',
  );
  expect(`${back.origin}${back.pathname}`).toBe(`${gateway.apiUrl}/bank-callback`);
  return { payment, callback: back.toString() };
}

async function outcomeChecks(query = ''): Promise<OutcomeCheckView[]> {
  const answer = await call<{ outcomeChecks: OutcomeCheckView[] }>(
    `${gateway.adminUrl}/admin/outcome-checks${query}`,
    'GET',
    `Bearer ${ADMIN_TOKEN}`,
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.outcomeChecks;
}

beforeAll(async () => {
  gateway = await startGateway({ worker: true, env: { PAYMENT_POLL_SCHEDULE_SECONDS: '1' } });
  member = await newMember(gateway);
}, 120_000);

afterAll(async () => {
  await gateway?.close();
});

describe('returns from the bank are processed once', () => {
  it('three concurrent callbacks: one order at the bank, the payment completed, every user sent to the TPP', async () => {
    const { payment, callback } = await approvedAtBank();
    const answers = await Promise.all([1, 2, 3].map(() => call(callback, 'GET', undefined)));
    for (const answer of answers) {
      expect(answer.status).toBe(303);
      const landing = new URL(answer.headers.get('location') ?? '');
      expect(`${landing.origin}${landing.pathname}`).toBe(TPP_CALLBACK);
      expect(landing.searchParams.get('paymentId')).toBe(payment.id);
    }
    const done = await waitForStatus(gateway, member, payment.id, ['INITIATION_COMPLETED']);
    expect(done.bankPaymentId).toEqual(expect.any(String));
    expect(await ordersAtBank(await bankConsentIdOf(payment.id))).toBe(1);
    // A later reload calls nothing and still lands.
    const reload = await call(callback, 'GET', undefined);
    expect(reload.status).toBe(303);
    expect((await getPayment(gateway, member, payment.id)).status).toBe('INITIATION_COMPLETED');
    expect(await ordersAtBank(await bankConsentIdOf(payment.id))).toBe(1);
  });
});

describe('nothing expires without asking the bank', () => {
  it('a Berlin Group payment approved without coming back is completed, not expired, once its window has passed', async () => {
    const created = await createPayment(
      gateway,
      member,
      sepaInitiation('ob-sandbox-eu-redirect', { localInstrument: 'SEPA_INSTANT' }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.payment.status).toBe('INITIATION_PENDING_REDIRECT_AUTH');
    // The user approves at the bank and closes the tab: the callback is never called.
    await decideOnConsentPage(
      (created.body.payment.authentication as { redirectUrl: string }).redirectUrl,
      'sandbox-success',
      'approve',
    );
    await advanceClock(gateway, 16 * 60);
    const ended = await waitForStatus(
      gateway,
      member,
      created.body.payment.id,
      ['INITIATION_COMPLETED', 'INITIATION_EXPIRED'],
      30_000,
    );
    expect(ended.status).toBe('INITIATION_COMPLETED');
  });

  it('a Berlin Group transfer token request approved without coming back is processed with its transfer, not expired', async () => {
    const request = await storeTokenRequest(gateway, member, sepaTransferPayload('9.00'));
    const authorised = await call<Record<string, unknown>>(
      `${gateway.apiUrl}/token-requests/${encodeURIComponent(request.id)}/authorization`,
      'POST',
      member.auth,
      { bankId: 'ob-sandbox-eu-redirect' },
    );
    expect(authorised.status, JSON.stringify(authorised.body)).toBe(200);
    await decideOnConsentPage(authorised.body['redirectUrl'] as string, 'sandbox-success', 'approve');
    await advanceClock(gateway, 16 * 60);
    const { tokenRequests, transfers } = gateway.api.stores.repositories;
    const deadline = Date.now() + 30_000;
    let row = await tokenRequests.findById(request.id);
    while ((row?.status === 'PENDING' || row?.transferId === null) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      row = await tokenRequests.findById(request.id);
    }
    expect(row?.status).toBe('PROCESSED');
    expect(row?.transferId).toEqual(expect.any(String));
    expect(await transfers.findById(row?.transferId ?? '')).not.toBeNull();
  });

  it('a UK payment whose user approved without coming back expires: no order was ever sent', async () => {
    const { payment } = await approvedAtBank();
    await advanceClock(gateway, 16 * 60);
    const ended = await waitForStatus(
      gateway,
      member,
      payment.id,
      ['INITIATION_EXPIRED', 'INITIATION_COMPLETED'],
      30_000,
    );
    expect(ended.status).toBe('INITIATION_EXPIRED');
    expect(await ordersAtBank(await bankConsentIdOf(payment.id))).toBe(0);
  });
});

describe('a payment order without a clear answer', () => {
  it('a lost answer leaves the payment pending; asked again under the same key it completes, one order at the bank', async () => {
    const faults = `${gateway.sandboxUrl}/sandbox/faults/ob-sandbox-gb`;
    const { payment, callback } = await approvedAtBank();
    const lose = await call(faults, 'PUT', `Bearer ${ADMIN_TOKEN}`, {
      latencyMs: 0,
      errorRate: 0,
      lostAnswerRate: 1,
      only: ['domestic-payments'],
    });
    expect(lose.status, JSON.stringify(lose.body)).toBe(200);
    try {
      const landed = await call(callback, 'GET', undefined);
      expect(landed.status).toBe(303);
    } finally {
      const fixed = await call(faults, 'PUT', `Bearer ${ADMIN_TOKEN}`, { latencyMs: 0, errorRate: 0 });
      expect(fixed.status).toBe(200);
    }
    // The bank made the order; the gateway does not know it yet and says nothing final.
    expect(await ordersAtBank(await bankConsentIdOf(payment.id))).toBe(1);
    const pending = await getPayment(gateway, member, payment.id);
    expect(pending.status).toBe('INITIATION_PENDING_REDIRECT_AUTH_VERIFICATION');
    expect((await outcomeChecks('?kind=payment')).map((check) => check.resourceId)).toContain(payment.id);

    await advanceClock(gateway, 180);
    const done = await waitForStatus(gateway, member, payment.id, ['INITIATION_COMPLETED'], 30_000);
    expect(done.bankPaymentId).toEqual(expect.any(String));
    expect(await ordersAtBank(await bankConsentIdOf(payment.id))).toBe(1);
    expect((await outcomeChecks('?kind=payment')).map((check) => check.resourceId)).not.toContain(payment.id);
  });

  it('a bank that answers 500 every time: the payment stays pending, asked again, and is flagged for an operator after 24 hours', async () => {
    const { payment, callback } = await approvedAtBank({}, 'sandbox-bank-error');
    const landed = await call(callback, 'GET', undefined);
    expect(landed.status).toBe(303);
    expect((await getPayment(gateway, member, payment.id)).status).toBe(
      'INITIATION_PENDING_REDIRECT_AUTH_VERIFICATION',
    );

    await advanceClock(gateway, 25 * 3600);
    const deadline = Date.now() + 30_000;
    let flagged: OutcomeCheckView | undefined;
    while (flagged === undefined && Date.now() < deadline) {
      flagged = (await outcomeChecks('?flagged=true')).find((check) => check.resourceId === payment.id);
      if (flagged === undefined) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(flagged).toMatchObject({ kind: 'payment', operation: 'payment-order', flagged: true });
    expect(flagged?.attempts).toBeGreaterThanOrEqual(1);
    // Never ended silently: still pending, and the operator was told.
    expect((await getPayment(gateway, member, payment.id)).status).toBe(
      'INITIATION_PENDING_REDIRECT_AUTH_VERIFICATION',
    );
    const events = await call<{ operatorEvents: Array<{ type: string; resourceId: string }> }>(
      `${gateway.adminUrl}/admin/operator-events?resourceId=${encodeURIComponent(payment.id)}`,
      'GET',
      `Bearer ${ADMIN_TOKEN}`,
    );
    expect(events.body.operatorEvents.map((event) => event.type)).toContain('OUTCOME_UNKNOWN_FLAGGED');

    // The operator resolves it: recorded, and the check ends.
    const resolved = await call(
      `${gateway.adminUrl}/admin/outcome-checks/payment/${encodeURIComponent(payment.id)}/resolve`,
      'POST',
      `Bearer ${ADMIN_TOKEN}`,
      { reason: 'Bank confirmed no order was executed.' },
    );
    expect(resolved.status, JSON.stringify(resolved.body)).toBe(200);
    expect((await outcomeChecks()).map((check) => check.resourceId)).not.toContain(payment.id);
    const again = await call(
      `${gateway.adminUrl}/admin/outcome-checks/payment/${encodeURIComponent(payment.id)}/resolve`,
      'POST',
      `Bearer ${ADMIN_TOKEN}`,
      { reason: 'twice' },
    );
    expect(again.status).toBe(404);
  }, 60_000);
});
