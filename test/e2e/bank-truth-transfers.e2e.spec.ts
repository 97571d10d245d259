import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Transfer } from '#libs/db';
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
import { storeTokenRequest, ukTransferPayload } from '../support/token-requests.js';

/**
 * Payments v1 transfers never report an outcome the bank contradicts: a submission whose answer
 * is lost stays PROCESSING and is asked again under the same idempotency key, and a bank that
 * never answers is flagged for an operator rather than ended. Against the real api, worker and
 * sandbox bank.
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

async function outcomeChecks(query = ''): Promise<OutcomeCheckView[]> {
  const answer = await call<{ outcomeChecks: OutcomeCheckView[] }>(
    `${gateway.adminUrl}/admin/outcome-checks${query}`,
    'GET',
    `Bearer ${ADMIN_TOKEN}`,
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.outcomeChecks;
}

/** Payments the sandbox bank holds under a consent. */
async function paymentsAtBank(bankConsentId: string): Promise<number> {
  const rows = await gateway.api.stores.prisma.$queryRaw<Array<{ n: bigint }>>`
    SELECT count(*) AS n FROM sandbox_bank.sb_payment WHERE consent_id = ${bankConsentId}`;
  return Number(rows[0]?.n ?? 0);
}

/** A UK transfer token request approved at the bank's consent page by `username`; the callback to call. */
async function approvedTransfer(username: string): Promise<{ requestId: string; callback: string }> {
  const request = await storeTokenRequest(gateway, member, ukTransferPayload('7.25'));
  const answer = await call<Record<string, unknown>>(
    `${gateway.apiUrl}/token-requests/${encodeURIComponent(request.id)}/authorization`,
    'POST',
    member.auth,
    { bankId: 'ob-sandbox-gb' },
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const back = await decideOnConsentPage(answer.body['redirectUrl'] as string, username, 'approve');
  return { requestId: request.id, callback: back.toString() };
}

async function transferOf(requestId: string): Promise<Transfer> {
  const { tokenRequests, transfers } = gateway.api.stores.repositories;
  const request = await tokenRequests.findById(requestId);
  expect(request?.transferId).toEqual(expect.any(String));
  const transfer = await transfers.findById(request?.transferId ?? '');
  expect(transfer).not.toBeNull();
  return transfer as Transfer;
}

async function bankConsentIdOf(requestId: string): Promise<string> {
  const request = await gateway.api.stores.repositories.tokenRequests.findById(requestId);
  expect(request?.bankConsentId).toEqual(expect.any(String));
  return request?.bankConsentId ?? '';
}

async function transferReaching(requestId: string, statuses: readonly string[], timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const transfer = await transferOf(requestId);
    if (statuses.includes(transfer.status)) return transfer;
    if (Date.now() > deadline) throw new Error(`transfer ${transfer.id}: still ${transfer.status}`);
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

describe('a transfer submission without a clear answer', () => {
  it('a lost answer leaves the transfer PROCESSING; asked again under the same key it ends SUCCESS, one payment at the bank', async () => {
    const faults = `${gateway.sandboxUrl}/sandbox/faults/ob-sandbox-gb`;
    const { requestId, callback } = await approvedTransfer('sandbox-success');
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
    // The bank made the payment; the gateway does not know it yet and says nothing final.
    expect(await paymentsAtBank(await bankConsentIdOf(requestId))).toBe(1);
    const pending = await transferOf(requestId);
    expect(pending.status).toBe('PROCESSING');
    expect((await outcomeChecks('?kind=transfer')).find((check) => check.resourceId === pending.id)).toMatchObject({
      operation: 'transfer-order',
    });

    await advanceClock(gateway, 180);
    const done = await transferReaching(requestId, ['SUCCESS']);
    expect(done.bankPaymentId).toEqual(expect.any(String));
    expect(await paymentsAtBank(await bankConsentIdOf(requestId))).toBe(1);
    expect((await outcomeChecks('?kind=transfer')).map((check) => check.resourceId)).not.toContain(done.id);
  }, 60_000);

  it('a bank that answers 500 every time: the transfer stays PROCESSING, asked again, flagged for an operator after 24 hours', async () => {
    const { requestId, callback } = await approvedTransfer('sandbox-bank-error');
    const landed = await call(callback, 'GET', undefined);
    expect(landed.status).toBe(303);
    const pending = await transferOf(requestId);
    expect(pending.status).toBe('PROCESSING');

    await advanceClock(gateway, 25 * 3600);
    const deadline = Date.now() + 30_000;
    let flagged: OutcomeCheckView | undefined;
    while (flagged === undefined && Date.now() < deadline) {
      flagged = (await outcomeChecks('?flagged=true')).find((check) => check.resourceId === pending.id);
      if (flagged === undefined) await sleep(200);
    }
    expect(flagged).toMatchObject({ kind: 'transfer', operation: 'transfer-order', flagged: true });
    expect(flagged?.attempts).toBeGreaterThanOrEqual(1);
    const events = await call<{ operatorEvents: Array<{ type: string; resourceId: string }> }>(
      `${gateway.adminUrl}/admin/operator-events?resourceId=${encodeURIComponent(pending.id)}`,
      'GET',
      `Bearer ${ADMIN_TOKEN}`,
    );
    expect(events.body.operatorEvents.map((event) => event.type)).toContain('OUTCOME_UNKNOWN_FLAGGED');

    // Past the 30-day polling period the transfer is still not ended: the check keeps it PROCESSING.
    await advanceClock(gateway, 31 * 24 * 3600);
    await sleep(3000);
    expect((await transferOf(requestId)).status).toBe('PROCESSING');
    expect((await outcomeChecks('?kind=transfer')).map((check) => check.resourceId)).toContain(pending.id);
  }, 60_000);
});
