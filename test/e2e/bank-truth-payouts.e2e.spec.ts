import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_TOKEN,
  advanceClock,
  call,
  newMember,
  startGateway,
  type TestGateway,
  type TestMember,
} from '../support/payments-gateway.js';
import { FailingProviderProxy } from '../support/failing-provider-proxy.js';

/**
 * Payouts under the rule for unknown outcomes, against the real api, worker and sandbox
 * settlement provider: a payout whose answer is lost keeps its reservation and completes once
 * sent again (one payout at the provider); a provider that never answers leaves the payout
 * pending past its polling period, reserved and flagged for an operator, whose NOT_EXECUTED
 * releases the funds.
 */

type Json = Record<string, unknown>;
interface PayoutBody {
  readonly payout: { readonly id: string; readonly status: string } & Json;
}
interface OutcomeCheckView {
  readonly kind: string;
  readonly resourceId: string;
  readonly operation: string;
  readonly flagged: boolean;
  readonly attempts: number;
}

const proxy = new FailingProviderProxy();
let gateway: TestGateway;
let member: TestMember;

beforeAll(async () => {
  const proxyUrl = await proxy.start();
  gateway = await startGateway({
    worker: true,
    env: { PAYMENT_POLL_SCHEDULE_SECONDS: '1', SANDBOX_SETTLEMENT_URL: `${proxyUrl}/settlement/v1` },
  });
  proxy.forwardTo(gateway.sandboxUrl);
  member = await newMember(gateway);
}, 120_000);

afterAll(async () => {
  await gateway?.close();
  await proxy.stop();
});

async function availableBalance(accountId: string): Promise<string> {
  const balances = await gateway.api.stores.repositories.settlementLedger.balances(accountId);
  return String((balances as unknown as Json)['availableBalance']);
}

/** A GBP settlement account of the member, credited `credit` at the provider and booked by the worker. */
async function creditedAccount(credit: string): Promise<string> {
  const opened = await call<{ virtualAccount: { accountId: string } }>(
    `${gateway.apiUrl}/virtual-accounts`,
    'POST',
    member.auth,
    { currency: 'GBP', country: 'GB' },
  );
  expect(opened.status, JSON.stringify(opened.body)).toBe(200);
  const id = opened.body.virtualAccount.accountId;
  const stored = await gateway.api.stores.repositories.settlementAccounts.findById(id);
  if (stored === null) throw new Error(`account ${id} not stored`);
  const booked = await call(
    `${gateway.sandboxUrl}/sandbox/settlement/accounts/${stored.providerAccountId}/credits`,
    'POST',
    `Bearer ${ADMIN_TOKEN}`,
    {
      amount: { value: credit, currency: 'GBP' },
      refId: `ref-${randomUUID().slice(0, 8)}`,
      description: 'Payin',
      debtor: { name: 'Payer', iban: 'NL91ABNA0417164300' },
    },
  );
  expect(booked.status).toBe(201);
  await expect
    .poll(
      async () => {
        await advanceClock(gateway, 31);
        return availableBalance(id);
      },
      { timeout: 20_000, interval: 300 },
    )
    .toBe(credit);
  return id;
}

async function postPayout(accountId: string, value: string): Promise<PayoutBody['payout']> {
  const answer = await call<PayoutBody>(`${gateway.apiUrl}/payouts`, 'POST', member.auth, {
    initiation: {
      description: 'Invoice 2026-0001',
      refId: `po-${randomUUID().slice(0, 8)}`,
      amount: { value, currency: 'GBP' },
      debtor: { accountId },
      creditor: { name: 'Jane Doe', sortCode: '040004', accountNumber: '12345678' },
    },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.payout;
}

async function payoutStatus(id: string): Promise<string> {
  const answer = await call<PayoutBody>(`${gateway.apiUrl}/payouts/${encodeURIComponent(id)}`, 'GET', member.auth);
  expect(answer.status).toBe(200);
  return answer.body.payout.status;
}

async function checkOf(id: string, query = '?kind=payout'): Promise<OutcomeCheckView | undefined> {
  const answer = await call<{ outcomeChecks: OutcomeCheckView[] }>(
    `${gateway.adminUrl}/admin/outcome-checks${query}`,
    'GET',
    `Bearer ${ADMIN_TOKEN}`,
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.outcomeChecks.find((check) => check.resourceId === id);
}

/** Payouts the sandbox provider holds under the gateway's payout id. */
async function payoutsAtProvider(payoutId: string): Promise<number> {
  const rows = await gateway.api.stores.prisma.$queryRaw<Array<{ n: bigint }>>`
    SELECT count(*) AS n FROM sandbox_bank.sb_settlement_payout WHERE payout_id = ${payoutId}`;
  return Number(rows[0]?.n ?? 0);
}

describe('a payout without a clear answer from the provider', () => {
  it('a lost answer keeps the reservation; sent again, it completes, one payout at the provider', async () => {
    const accountId = await creditedAccount('50.00');
    const faults = `${gateway.sandboxUrl}/sandbox/faults/${gateway.config.settlement.sandbox.providerId}`;
    const lose = await call(faults, 'PUT', `Bearer ${ADMIN_TOKEN}`, {
      latencyMs: 0,
      errorRate: 0,
      lostAnswerRate: 1,
      only: ['payouts'],
    });
    expect(lose.status, JSON.stringify(lose.body)).toBe(200);
    let payoutId = '';
    try {
      payoutId = (await postPayout(accountId, '20.00')).id;
      await expect.poll(async () => (await checkOf(payoutId))?.attempts ?? 0, { timeout: 20_000 }).toBeGreaterThan(0);
    } finally {
      const fixed = await call(faults, 'PUT', `Bearer ${ADMIN_TOKEN}`, { latencyMs: 0, errorRate: 0 });
      expect(fixed.status).toBe(200);
    }
    // The provider made the payout; the gateway does not know it yet: pending, still reserved.
    expect(await payoutsAtProvider(payoutId)).toBe(1);
    expect(await payoutStatus(payoutId)).toBe('INITIATION_PENDING');
    expect(await availableBalance(accountId)).toBe('30.00');

    await expect
      .poll(
        async () => {
          await advanceClock(gateway, 120);
          return payoutStatus(payoutId);
        },
        { timeout: 30_000, interval: 300 },
      )
      .toBe('INITIATION_COMPLETED');
    expect(await payoutsAtProvider(payoutId)).toBe(1);
    expect(await checkOf(payoutId)).toBeUndefined();
    const balances = await gateway.api.stores.repositories.settlementLedger.balances(accountId);
    expect({ ...balances }).toEqual({ bookedBalance: '30.00', clearedBalance: '30.00', availableBalance: '30.00' });
  }, 90_000);

  it('a provider that never answers: pending past the polling period, reserved, flagged; the operator’s NOT_EXECUTED releases it', async () => {
    const accountId = await creditedAccount('40.00');
    proxy.failing = ['POST /settlement/v1/payouts'];
    let payoutId = '';
    try {
      payoutId = (await postPayout(accountId, '15.00')).id;
      await expect.poll(async () => (await checkOf(payoutId))?.attempts ?? 0, { timeout: 20_000 }).toBeGreaterThan(0);
      expect(await availableBalance(accountId)).toBe('25.00');

      // A month on: past the polling period and the operator limit, the provider still failing.
      await advanceClock(gateway, 31 * 86_400);
      await expect
        .poll(async () => (await checkOf(payoutId, '?flagged=true'))?.flagged ?? false, { timeout: 30_000 })
        .toBe(true);
      expect(await payoutStatus(payoutId)).toBe('INITIATION_PENDING');
      expect(await availableBalance(accountId)).toBe('25.00');
      expect(await payoutsAtProvider(payoutId)).toBe(0);
      const events = await call<{ operatorEvents: Array<{ type: string }> }>(
        `${gateway.adminUrl}/admin/operator-events?resourceId=${encodeURIComponent(payoutId)}`,
        'GET',
        `Bearer ${ADMIN_TOKEN}`,
      );
      expect(events.body.operatorEvents.map((event) => event.type)).toContain('OUTCOME_UNKNOWN_FLAGGED');
    } finally {
      proxy.failing = [];
    }

    const resolve = `${gateway.adminUrl}/admin/outcome-checks/payout/${encodeURIComponent(payoutId)}/resolve`;
    const wrong = await call(resolve, 'POST', `Bearer ${ADMIN_TOKEN}`, { reason: 'x', outcome: 'MAYBE' });
    expect(wrong.status).toBe(400);
    expect(await payoutStatus(payoutId)).toBe('INITIATION_PENDING');

    const resolved = await call<{ operatorEvent: { detail: Json } }>(resolve, 'POST', `Bearer ${ADMIN_TOKEN}`, {
      reason: 'The provider confirmed it never received the payout (ticket OPS-7).',
      outcome: 'NOT_EXECUTED',
    });
    expect(resolved.status, JSON.stringify(resolved.body)).toBe(200);
    expect(resolved.body.operatorEvent.detail).toMatchObject({
      outcome: 'NOT_EXECUTED',
      resourceStatus: 'INITIATION_FAILED',
    });
    expect(await payoutStatus(payoutId)).toBe('INITIATION_FAILED');
    expect(await availableBalance(accountId)).toBe('40.00');
    expect(await checkOf(payoutId)).toBeUndefined();
    const events = await gateway.api.stores.prisma.outboxEvent.findMany({
      where: { eventType: 'PAYOUT_STATUS_CHANGED', body: { contains: payoutId } },
      orderBy: { createdAt: 'asc' },
    });
    // The creation's event is past the 30-day retention by now; the failure is announced once.
    expect(
      events.map((event) => (JSON.parse(event.body) as { payoutStatusChanged: Json }).payoutStatusChanged['status']),
    ).toEqual(['INITIATION_FAILED']);
    // Once resolved, its timer is gone.
    expect(await gateway.api.stores.prisma.scheduledJob.count({ where: { id: `payouts.poll:${payoutId}` } })).toBe(0);
  }, 120_000);
});
