import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxClock } from '../../apps/sandbox-bank/src/store/sandbox-clock.js';
import {
  ADMIN_TOKEN,
  call,
  newMember,
  startGateway,
  type TestGateway,
  type TestMember,
} from '../support/payments-gateway.js';
import { expectReferenceSchema } from '../support/reference-schema.js';
import { sepaTransferPayload, storeTokenRequest } from '../support/token-requests.js';

/**
 * Immediate transfer requests authorised while the bank is closed are made as future-dated
 * payments for its next opening. ob-sandbox-eu (Berlin Group, embedded SCA, scheduled payments)
 * is open MON to FRI, 06:00 to 22:00 CET: the service clock is moved to a Wednesday noon (open)
 * or a Saturday noon (closed) before each request.
 */
let gateway: TestGateway;
let member: TestMember;

type Json = Record<string, unknown>;
const BANK_ID = 'ob-sandbox-eu';
const DAY_MS = 86_400_000;

function authorize(requestId: string, body: Json) {
  return call<Json>(
    `${gateway.apiUrl}/token-requests/${encodeURIComponent(requestId)}/authorization`,
    'POST',
    member.auth,
    body,
  );
}

/** The next `weekday` (0 = Sunday) at 11:00 UTC (12:00 or 13:00 in Berlin), at least an hour after the service clock. */
function nextWeekdayNoon(weekday: number): Date {
  const now = gateway.api.stores.clock.nowMs() + 3_600_000;
  const start = new Date(now);
  let day = Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate()) + 11 * 3_600_000;
  while (day < now || new Date(day).getUTCDay() !== weekday) day += DAY_MS;
  return new Date(day);
}

/** Moves the service clock (api and sandbox bank) forward to `target`. */
async function moveClockTo(target: Date): Promise<void> {
  const seconds = Math.ceil((target.getTime() - gateway.api.stores.clock.nowMs()) / 1000);
  const answer = await call<{ offsetMs: number }>(
    `${gateway.adminUrl}/admin/clock/advance`,
    'POST',
    `Bearer ${ADMIN_TOKEN}`,
    { seconds },
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const clock = gateway.bank.stores.clock;
  await expect.poll(() => (clock instanceof SandboxClock ? clock.offset : -1)).toBe(answer.body.offsetMs);
}

/** Authorises `requestId` at the embedded bank as a user who approves; the request ends PROCESSED. */
async function authoriseAtBank(requestId: string): Promise<void> {
  const steps: Json[] = [
    { bankId: BANK_ID },
    { credentials: { psuId: 'sandbox-success', password: '12345' } },
    { credentials: { scaMethod: 'sms' } },
    { credentials: { otp: '123456' } },
  ];
  let answer: Awaited<ReturnType<typeof authorize>> | undefined;
  for (const step of steps) {
    answer = await authorize(requestId, step);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  }
  expect(answer?.body).toEqual({ status: 'AUTHENTICATED' });
}

/** The transfer the request's token paid, as GET /transfers/{id} shows it (checked against the reference). */
async function transferOf(requestId: string): Promise<Json> {
  const request = await gateway.api.stores.repositories.tokenRequests.findById(requestId);
  expect(request?.status).toBe('PROCESSED');
  expect(request?.transferId).toMatch(/^t:/);
  const answer = await call<{ transfer: Json }>(
    `${gateway.apiUrl}/transfers/${encodeURIComponent(request?.transferId ?? '')}`,
    'GET',
    member.auth,
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expectReferenceSchema('Transfer', answer.body.transfer, `GET /transfers/${request?.transferId ?? ''}`);
  return answer.body.transfer;
}

/** The payment the sandbox bank made for the request: its kind (immediate or future) and request body. */
async function paymentAtBank(requestId: string): Promise<{ kind: string; request: Json }> {
  const stored = await gateway.api.stores.repositories.tokenRequests.findById(requestId);
  const rows = await gateway.api.stores.prisma.$queryRawUnsafe<{ kind: string; request: Json }[]>(
    'SELECT kind, request FROM sandbox_bank.sb_payment WHERE bank_id = $1 AND consent_id = $2',
    BANK_ID,
    stored?.bankConsentId ?? '',
  );
  expect(rows).toHaveLength(1);
  const [row] = rows;
  if (row === undefined) throw new Error(`no payment at the bank for ${requestId}`);
  return row;
}

beforeAll(async () => {
  gateway = await startGateway();
  member = await newMember(gateway);
}, 120_000);

afterAll(async () => {
  await gateway?.close();
});

describe('immediate transfer requests and the bank operating hours', () => {
  it('authorised while the bank is open: an immediate payment, not converted', async () => {
    await moveClockTo(nextWeekdayNoon(3));
    const request = await storeTokenRequest(gateway, member, sepaTransferPayload('8.00'));
    await authoriseAtBank(request.id);
    const stored = await gateway.api.stores.repositories.tokenRequests.findById(request.id);
    expect(stored?.convertedExecutionDate).toBeNull();
    const transfer = await transferOf(request.id);
    expect(transfer['convertedToFutureDatedPayment']).toBe(false);
    expect(transfer).not.toHaveProperty('executionDate');
    const payment = await paymentAtBank(request.id);
    expect(payment.kind).toBe('berlin-group-payment');
    expect(payment.request).not.toHaveProperty('requestedExecutionDate');
  });

  it('authorised on a Saturday: a future-dated payment for Monday, shown as converted', async () => {
    const saturday = nextWeekdayNoon(6);
    await moveClockTo(saturday);
    const monday = new Date(saturday.getTime() + 2 * DAY_MS).toISOString().slice(0, 10);
    const request = await storeTokenRequest(gateway, member, sepaTransferPayload('9.00'));
    await authoriseAtBank(request.id);
    const stored = await gateway.api.stores.repositories.tokenRequests.findById(request.id);
    expect(stored?.convertedExecutionDate).toMatch(new RegExp(`^${monday}T06:00:00\\+0[12]:00$`));
    const transfer = await transferOf(request.id);
    expect(transfer).toMatchObject({ convertedToFutureDatedPayment: true, executionDate: monday });
    expect(['PROCESSING', 'PENDING']).toContain(transfer['status']);
    const payment = await paymentAtBank(request.id);
    expect(payment.kind).toBe('berlin-group-future-payment');
    expect(payment.request['requestedExecutionDate']).toBe(monday);
  });

  it('authorised on a Saturday with disableFutureDatedPaymentConversion: the immediate payment asked for', async () => {
    await moveClockTo(nextWeekdayNoon(6));
    const request = await storeTokenRequest(
      gateway,
      member,
      sepaTransferPayload('10.00', { disableFutureDatedPaymentConversion: true }),
    );
    await authoriseAtBank(request.id);
    const stored = await gateway.api.stores.repositories.tokenRequests.findById(request.id);
    expect(stored?.convertedExecutionDate).toBeNull();
    const transfer = await transferOf(request.id);
    expect(transfer['convertedToFutureDatedPayment']).toBe(false);
    expect(transfer).not.toHaveProperty('executionDate');
    const payment = await paymentAtBank(request.id);
    expect(payment.kind).toBe('berlin-group-payment');
    expect(payment.request).not.toHaveProperty('requestedExecutionDate');
  });
});
