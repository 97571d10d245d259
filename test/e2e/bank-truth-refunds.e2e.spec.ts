import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decideOnConsentPage } from './obie/consent-form.js';
import {
  ADMIN_TOKEN,
  advanceClock,
  call,
  createPayment,
  getPayment,
  newMember,
  startGateway,
  ukInitiation,
  waitForStatus,
  type TestGateway,
  type TestMember,
} from '../support/payments-gateway.js';

/**
 * Refunds under the rule for unknown outcomes, against the real api, worker and UK sandbox bank:
 * a refund whose payment order answer is lost stays pending and counted, and completes once sent
 * again under the same idempotency keys (one payment at the bank); a bank that never answers
 * leaves it pending past its polling period, counted and flagged for an operator, whose
 * NOT_EXECUTED gives the amount back to the payment's refundable sum.
 */

type Json = Record<string, unknown>;
interface RefundBody {
  readonly refund: Json & { readonly id: string; readonly status: string };
}
interface OutcomeCheckView {
  readonly resourceId: string;
  readonly flagged: boolean;
  readonly attempts: number;
}

const BANK = 'ob-sandbox-gb';
let gateway: TestGateway;
let member: TestMember;
let registrationId: string;

beforeAll(async () => {
  gateway = await startGateway({ worker: true, env: { PAYMENT_POLL_SCHEDULE_SECONDS: '1' } });
  member = await newMember(gateway);
  const issued = await call<{ credential: string; account: { identification: string; name: string } }>(
    `${gateway.sandboxUrl}/sandbox/registered-credentials/${BANK}`,
    'POST',
    `Bearer ${ADMIN_TOKEN}`,
    { clientId: 'gateway-sandbox', username: 'refund-merchant' },
  );
  expect(issued.status, JSON.stringify(issued.body)).toBe(200);
  const { identification, name } = issued.body.account;
  const registered = await call<{ registration: { id: string } }>(
    `${gateway.apiUrl}/refund/registrations`,
    'POST',
    member.auth,
    {
      bankId: BANK,
      debtor: { sortCode: identification.slice(0, 6), accountNumber: identification.slice(6), name },
      credentials: { grant: issued.body.credential },
    },
  );
  expect(registered.status, JSON.stringify(registered.body)).toBe(200);
  registrationId = registered.body.registration.id;
}, 120_000);

afterAll(async () => {
  await gateway?.close();
});

/** A completed GBP payment with its refund account. */
async function completedPayment(value: string): Promise<string> {
  const created = await createPayment(
    gateway,
    member,
    ukInitiation({ amount: { value, currency: 'GBP' }, returnRefundAccount: true }),
  );
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const back = await decideOnConsentPage(
    (created.body.payment.authentication as { redirectUrl: string }).redirectUrl,
    'sandbox-success',
    'approve',
  );
  expect((await call(back.toString(), 'GET', undefined)).status).toBe(303);
  const done = await waitForStatus(gateway, member, created.body.payment.id, ['INITIATION_COMPLETED']);
  return done.id;
}

async function postRefund(paymentId: string, value: string, refId = `rf-${randomBytes(4).toString('hex')}`) {
  const answer = await call<RefundBody>(`${gateway.apiUrl}/refunds`, 'POST', member.auth, {
    initiation: {
      refId,
      amount: { value, currency: 'GBP' },
      originalPaymentId: paymentId,
      registrationId,
      localInstrument: 'FASTER_PAYMENTS',
    },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.refund;
}

async function refundStatus(id: string): Promise<string> {
  const answer = await call<RefundBody>(`${gateway.apiUrl}/refunds/${encodeURIComponent(id)}`, 'GET', member.auth);
  expect(answer.status).toBe(200);
  return answer.body.refund.status;
}

async function remaining(paymentId: string): Promise<unknown> {
  const payment = await getPayment(gateway, member, paymentId);
  return (payment['refundDetails'] as { remainingRefundAmount?: { value: string } }).remainingRefundAmount?.value;
}

async function checkOf(id: string, query = '?kind=refund'): Promise<OutcomeCheckView | undefined> {
  const answer = await call<{ outcomeChecks: OutcomeCheckView[] }>(
    `${gateway.adminUrl}/admin/outcome-checks${query}`,
    'GET',
    `Bearer ${ADMIN_TOKEN}`,
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.outcomeChecks.find((check) => check.resourceId === id);
}

/** Payment orders the sandbox bank made for a refund (its refId is the order's reference). */
async function ordersAtBank(refId: string): Promise<number> {
  const rows = await gateway.api.stores.prisma.$queryRaw<Array<{ n: bigint }>>`
    SELECT count(*) AS n FROM sandbox_bank.sb_payment
    WHERE kind = 'domestic-payment' AND request::text LIKE ${`%"${refId}"%`}`;
  return Number(rows[0]?.n ?? 0);
}

async function setFaults(body: Json): Promise<void> {
  const answer = await call(`${gateway.sandboxUrl}/sandbox/faults/${BANK}`, 'PUT', `Bearer ${ADMIN_TOKEN}`, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

describe('a refund without a clear answer from the bank', () => {
  it('a lost order answer leaves it pending and counted; sent again under the same keys it completes, one order at the bank', async () => {
    const paymentId = await completedPayment('10.00');
    await setFaults({ latencyMs: 0, errorRate: 0, lostAnswerRate: 1, only: ['domestic-payments'] });
    const refId = `rf-${randomBytes(4).toString('hex')}`;
    let id = '';
    try {
      id = (await postRefund(paymentId, '4.00', refId)).id;
      await expect.poll(async () => (await checkOf(id))?.attempts ?? 0, { timeout: 20_000 }).toBeGreaterThan(0);
    } finally {
      await setFaults({ latencyMs: 0, errorRate: 0 });
    }
    expect(await ordersAtBank(refId)).toBe(1);
    expect(await refundStatus(id)).toBe('INITIATION_PENDING');
    expect(await remaining(paymentId)).toBe('6');

    await expect
      .poll(
        async () => {
          await advanceClock(gateway, 120);
          return refundStatus(id);
        },
        { timeout: 30_000, interval: 300 },
      )
      .toBe('INITIATION_COMPLETED');
    expect(await ordersAtBank(refId)).toBe(1);
    expect(await checkOf(id)).toBeUndefined();
    expect(await remaining(paymentId)).toBe('6');
  }, 90_000);

  it('a bank that never answers: pending past the polling period, counted, flagged; the operator’s NOT_EXECUTED gives the amount back', async () => {
    const paymentId = await completedPayment('8.00');
    await setFaults({ latencyMs: 0, errorRate: 1 });
    let id = '';
    try {
      id = (await postRefund(paymentId, '3.00')).id;
      await expect.poll(async () => (await checkOf(id))?.attempts ?? 0, { timeout: 20_000 }).toBeGreaterThan(0);
      await advanceClock(gateway, 31 * 86_400);
      await expect
        .poll(async () => (await checkOf(id, '?flagged=true'))?.flagged ?? false, { timeout: 30_000 })
        .toBe(true);
      expect(await refundStatus(id)).toBe('INITIATION_PENDING');
      expect(await remaining(paymentId)).toBe('5');
    } finally {
      await setFaults({ latencyMs: 0, errorRate: 0 });
    }

    const resolved = await call<{ operatorEvent: { detail: Json } }>(
      `${gateway.adminUrl}/admin/outcome-checks/refund/${encodeURIComponent(id)}/resolve`,
      'POST',
      `Bearer ${ADMIN_TOKEN}`,
      { reason: 'The bank confirmed no payment was made (ticket OPS-9).', outcome: 'NOT_EXECUTED' },
    );
    expect(resolved.status, JSON.stringify(resolved.body)).toBe(200);
    expect(resolved.body.operatorEvent.detail).toMatchObject({
      outcome: 'NOT_EXECUTED',
      resourceStatus: 'INITIATION_FAILED',
    });
    expect(await refundStatus(id)).toBe('INITIATION_FAILED');
    expect(await remaining(paymentId)).toBe('8');
    expect(await checkOf(id)).toBeUndefined();
  }, 120_000);
});
