import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_TOKEN,
  advanceClock,
  newMember,
  startGateway,
  ukInitiation,
  type TestGateway,
  type TestMember,
} from '../support/payments-gateway.js';
import { expectReferencePayments } from '../support/reference-payment-schema.js';

/**
 * Idempotency-Key on the real POST /v2/payments: the api and the sandbox bank in this process,
 * real Postgres and Redis. Payments without bankId go to the hosted pages (no bank call); with
 * `ob-sandbox-gb` the bank is asked, and its injected faults make a request slow or failing.
 */

const BANK_ID = 'ob-sandbox-gb';

interface Answer {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
}

interface PaymentAnswer {
  payment: { id: string; status: string };
}

interface ErrorBody {
  error: { errorCode?: string; message: string; paths?: string[]; tokenTraceId: string };
}

let gateway: TestGateway;
let alice: TestMember;
let bob: TestMember;
let counter = 0;
const unique = (): string => `${Date.now().toString(36)}${(++counter).toString(36)}`;

/** A Payments v2 initiation as its exact JSON text (the fingerprint is over these bytes). */
function paymentBody(options: { bank?: boolean; value?: string; refId?: string } = {}): string {
  return JSON.stringify({
    initiation: ukInitiation({
      ...(options.bank === true ? {} : { bankId: undefined }),
      refId: options.refId ?? `idem-${unique()}`,
      amount: { value: options.value ?? '10.00', currency: 'GBP' },
    }),
  });
}

/** POST /v2/payments with the body sent as given and answered as text (bytes compared, not JSON). */
async function pay(member: TestMember, body: string, key?: string | readonly string[]): Promise<Answer> {
  const headers = new Headers({ authorization: member.auth, 'content-type': 'application/json' });
  for (const value of key === undefined ? [] : typeof key === 'string' ? [key] : key)
    headers.append('idempotency-key', value);
  const response = await fetch(`${gateway.apiUrl}/v2/payments`, { method: 'POST', headers, body });
  const text = await response.text();
  if (response.ok) expectReferencePayments(JSON.parse(text), 'POST /v2/payments');
  return { status: response.status, headers: response.headers, text };
}

const json = <T>(answer: Answer): T => JSON.parse(answer.text) as T;
const paymentsOf = (member: TestMember): Promise<number> =>
  gateway.api.stores.prisma.payment.count({ where: { memberId: member.id } });
const keyRow = (member: TestMember, key: string) =>
  gateway.api.stores.prisma.idempotencyKey.findUnique({ where: { memberId_key: { memberId: member.id, key } } });

async function setBankFaults(faults: { latencyMs: number; errorRate: number }): Promise<void> {
  const response = await fetch(`${gateway.sandboxUrl}/sandbox/faults/${BANK_ID}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify(faults),
  });
  expect(response.status).toBe(200);
}

function expectReplay(replayed: Answer, first: Answer): void {
  expect(replayed.status).toBe(first.status);
  expect(replayed.text).toBe(first.text);
  expect(replayed.headers.get('content-type')).toBe(first.headers.get('content-type'));
  expect(replayed.headers.get('idempotent-replayed')).toBe('true');
}

beforeAll(async () => {
  gateway = await startGateway();
  alice = await newMember(gateway);
  bob = await newMember(gateway);
});

afterEach(async () => {
  await setBankFaults({ latencyMs: 0, errorRate: 0 });
});

afterAll(async () => {
  await gateway?.close();
});

describe('POST /v2/payments with Idempotency-Key', () => {
  it('a repeat replays the first answer byte for byte with Idempotent-Replayed: true; one payment exists', async () => {
    const key = `pay-${unique()}`;
    const body = paymentBody({ bank: true });
    const before = await paymentsOf(alice);
    const first = await pay(alice, body, key);
    expect(first.status, first.text).toBeGreaterThanOrEqual(200);
    expect(first.status).toBeLessThan(300);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const { payment } = json<PaymentAnswer>(first);
    for (let i = 0; i < 3; i += 1) expectReplay(await pay(alice, body, key), first);
    expect((await paymentsOf(alice)) - before).toBe(1);
    expect((await keyRow(alice, key))?.responseBody).toBe(first.text);
    const fetched = await fetch(`${gateway.apiUrl}/v2/payments/${payment.id}`, {
      headers: { authorization: alice.auth },
    });
    expect(fetched.status).toBe(200);
  });

  it('without a key, two identical requests make two payments', async () => {
    const body = paymentBody();
    const before = await paymentsOf(alice);
    const [a, b] = [await pay(alice, body), await pay(alice, body)];
    expect(json<PaymentAnswer>(a).payment.id).not.toBe(json<PaymentAnswer>(b).payment.id);
    expect((await paymentsOf(alice)) - before).toBe(2);
  });

  it('the same key with another body -> 422 IDEMPOTENCY_KEY_REUSED naming Idempotency-Key; no payment is made', async () => {
    const key = `pay-${unique()}`;
    const refId = `idem-${unique()}`;
    const first = await pay(alice, paymentBody({ refId }), key);
    expect(first.status).toBeLessThan(300);
    const before = await paymentsOf(alice);
    for (const other of [paymentBody({ refId, value: '10.01' }), ` ${paymentBody({ refId })}`]) {
      const answer = await pay(alice, other, key);
      expect(answer.status).toBe(422);
      const { error } = json<ErrorBody>(answer);
      expect(error.errorCode).toBe('IDEMPOTENCY_KEY_REUSED');
      expect(error.message).toContain('Idempotency-Key');
    }
    expect(await paymentsOf(alice)).toBe(before);
  });

  it('a duplicate while the first is still waiting on the bank -> 409; afterwards the first answer', async () => {
    await setBankFaults({ latencyMs: 1500, errorRate: 0 });
    const key = `pay-${unique()}`;
    const body = paymentBody({ bank: true });
    const before = await paymentsOf(alice);
    const first = pay(alice, body, key);
    await sleep(400);
    const duplicate = await pay(alice, body, key);
    expect(duplicate.status).toBe(409);
    expect(json<ErrorBody>(duplicate).error.errorCode).toBe('IDEMPOTENCY_KEY_IN_USE');
    expect(duplicate.headers.get('retry-after')).toBe('1');
    const done = await first;
    expect(done.status, done.text).toBeLessThan(300);
    expectReplay(await pay(alice, body, key), done);
    expect((await paymentsOf(alice)) - before).toBe(1);
  });

  it('a burst of 8 identical concurrent requests makes one payment; every answer is that payment or a 409', async () => {
    await setBankFaults({ latencyMs: 800, errorRate: 0 });
    const key = `pay-${unique()}`;
    const body = paymentBody({ bank: true });
    const before = await paymentsOf(alice);
    const answers = await Promise.all(Array.from({ length: 8 }, () => pay(alice, body, key)));
    const created = answers.filter((answer) => answer.status < 300);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(new Set(created.map((answer) => answer.text)).size).toBe(1);
    for (const answer of answers) expect([created[0]?.status, 409]).toContain(answer.status);
    expect(answers.filter((answer) => answer.status === 409).length).toBeGreaterThanOrEqual(1);
    expect((await paymentsOf(alice)) - before).toBe(1);
  });

  it('keys are per member: the same key and body from another member makes that member’s own payment', async () => {
    const key = `pay-${unique()}`;
    const body = paymentBody();
    const fromAlice = await pay(alice, body, key);
    const fromBob = await pay(bob, body, key);
    expect(fromBob.status).toBeLessThan(300);
    expect(fromBob.headers.get('idempotent-replayed')).toBeNull();
    expect(json<PaymentAnswer>(fromBob).payment.id).not.toBe(json<PaymentAnswer>(fromAlice).payment.id);
    expectReplay(await pay(alice, body, key), fromAlice);
    expectReplay(await pay(bob, body, key), fromBob);
  });

  it.each([
    ['a validation 400 (no creditor)', (): string => paymentBody().replace(/"creditor":\{[^}]*\},/, '')],
    ['an unknown bankId', (): string => paymentBody().replace('"refId"', '"bankId":"no-such-bank","refId"')],
  ])('%s is stored and replayed byte for byte', async (_what, makeBody) => {
    const key = `pay-${unique()}`;
    const body = makeBody();
    const before = await paymentsOf(alice);
    const first = await pay(alice, body, key);
    expect(first.status).toBe(400);
    expect(json<ErrorBody>(first).error.paths?.length).toBeGreaterThan(0);
    expectReplay(await pay(alice, body, key), first);
    expect((await keyRow(alice, key))?.responseStatus).toBe(400);
    expect(await paymentsOf(alice)).toBe(before);
  });

  it('a 5xx (the bank failing) releases the key: the same request retried later makes the payment', async () => {
    await setBankFaults({ latencyMs: 0, errorRate: 1 });
    const key = `pay-${unique()}`;
    const body = paymentBody({ bank: true });
    const failed = await pay(alice, body, key);
    expect(failed.status, failed.text).toBeGreaterThanOrEqual(500);
    expect(failed.headers.get('idempotent-replayed')).toBeNull();
    expect(await keyRow(alice, key)).toBeNull();

    await setBankFaults({ latencyMs: 0, errorRate: 0 });
    const before = await paymentsOf(alice);
    const retried = await pay(alice, body, key);
    expect(retried.status, retried.text).toBeLessThan(300);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
    expectReplay(await pay(alice, body, key), retried);
    expect((await paymentsOf(alice)) - before).toBe(1);
  });

  it.each([
    ['empty', ''],
    ['256 characters', 'k'.repeat(256)],
    ['a space', 'pay key'],
    ['sent twice', ['one', 'two']],
  ] as const)('a malformed key (%s) -> 400 naming Idempotency-Key; no payment is made', async (_what, key) => {
    const before = await paymentsOf(alice);
    const answer = await pay(alice, paymentBody(), key);
    expect(answer.status).toBe(400);
    const { error } = json<ErrorBody>(answer);
    expect(error.paths).toEqual(['Idempotency-Key']);
    expect(error.message).toContain('Idempotency-Key');
    expect(await paymentsOf(alice)).toBe(before);
  });

  // Moves the service clock: keep last.
  it('an expired key (after 24 h on the service clock) is used afresh', async () => {
    const key = `pay-${unique()}`;
    const body = paymentBody();
    const first = await pay(alice, body, key);
    expect(first.status).toBeLessThan(300);
    await advanceClock(gateway, 23 * 3600);
    expectReplay(await pay(alice, body, key), first);

    await advanceClock(gateway, 2 * 3600);
    const before = await paymentsOf(alice);
    const fresh = await pay(alice, body, key);
    expect(fresh.status, fresh.text).toBeLessThan(300);
    expect(fresh.headers.get('idempotent-replayed')).toBeNull();
    expect(json<PaymentAnswer>(fresh).payment.id).not.toBe(json<PaymentAnswer>(first).payment.id);
    expect((await paymentsOf(alice)) - before).toBe(1);
    expectReplay(await pay(alice, body, key), fresh);
  });
});
