import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_QUEUE } from '#libs/common';
import { remoteJwks, verifyWebhook } from '#libs/events';
import { SandboxClock } from '../../apps/sandbox-bank/src/store/sandbox-clock.js';
import { decideOnConsentPage } from './obie/consent-form.js';
import {
  ADMIN_TOKEN,
  call,
  newMember,
  startGateway,
  type Answer,
  type TestGateway,
  type TestMember,
} from '../support/payments-gateway.js';
import { expectReferenceSchema } from '../support/reference-schema.js';
import { WebhookReceiver } from '../support/webhook-receiver.js';

/**
 * Variable recurring payments against the real gateway, worker and sandbox bank: consents
 * authorised at the bank, then payments under them through POST /v2/payments with vrpConsentId,
 * each limit kind refused before the bank is called, periods rolling over under the test clock,
 * concurrency, insufficient funds, revocation here and at the bank, funds confirmation, events.
 */

type Json = Record<string, unknown>;
interface Payment extends Json {
  readonly id: string;
  readonly status: string;
}
interface ErrorBody {
  readonly error: {
    readonly errorCode?: string;
    readonly message: string;
    readonly paths?: readonly string[];
    readonly vrpConsentId?: string;
  };
}

const CREDITOR = { name: 'J Smith Savings', sortCode: '040004', accountNumber: '12345678' };
const ENDED = [
  'INITIATION_COMPLETED',
  'INITIATION_REJECTED',
  'INITIATION_REJECTED_INSUFFICIENT_FUNDS',
  'INITIATION_FAILED',
  'INITIATION_NO_FINAL_STATUS_AVAILABLE',
];

let gateway: TestGateway;
let member: TestMember;
let other: TestMember;
const receiver = new WebhookReceiver();

/** Authorises a new sweeping consent at ob-sandbox-gb as `username`: its id and the bank's consent id. */
async function authorisedConsent(
  controls: Json,
  username = 'sandbox-success',
): Promise<{ readonly id: string; readonly bankConsentId: string }> {
  const created = await call<{ vrpConsent: { id: string; authentication?: { redirectUrl: string } } }>(
    `${gateway.apiUrl}/vrp-consents`,
    'POST',
    member.auth,
    {
      initiation: {
        bankId: 'ob-sandbox-gb',
        refId: `vrp-${randomBytes(4).toString('hex')}`,
        remittanceInformationPrimary: 'Sweep to savings',
        scheme: 'OBL_SWEEPING',
        localInstrument: 'FASTER_PAYMENTS',
        creditor: CREDITOR,
        currency: 'GBP',
        maximumIndividualAmount: '250.00',
        periodicLimits: [{ maximumAmount: '10000.00', periodType: 'YEAR', periodAlignment: 'CONSENT' }],
        callbackUrl: 'https://tpp.example/vrp/callback',
        callbackState: 'state-1',
        ...controls,
      },
    },
  );
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const consent = created.body.vrpConsent;
  const back = await decideOnConsentPage(consent.authentication?.redirectUrl ?? '', username, 'approve');
  expect((await fetch(back, { redirect: 'manual' })).status).toBe(303);
  const read = await call<{ vrpConsent: { status: string; bankVrpConsentId: string } }>(
    `${gateway.apiUrl}/vrp-consents/${consent.id}`,
    'GET',
    member.auth,
  );
  expect(read.body.vrpConsent.status).toBe('AUTHORIZED');
  return { id: consent.id, bankConsentId: read.body.vrpConsent.bankVrpConsentId };
}

/** POST /v2/payments with vrpConsentId. */
function pay(
  vrpConsentId: string,
  value: string,
  as: TestMember = member,
): Promise<Answer<{ payment: Payment } & ErrorBody>> {
  return call<{ payment: Payment } & ErrorBody>(`${gateway.apiUrl}/v2/payments`, 'POST', as.auth, {
    initiation: {
      vrpConsentId,
      refId: `r-${randomBytes(4).toString('hex')}`,
      remittanceInformationPrimary: 'Sweep to savings',
      amount: { value, currency: 'GBP' },
      localInstrument: 'FASTER_PAYMENTS',
      creditor: CREDITOR,
      callbackUrl: 'https://tpp.example/vrp/callback',
    },
  });
}

/** A VRP that the gateway accepted, as it ended. */
async function paid(vrpConsentId: string, value: string): Promise<Payment> {
  const answer = await pay(vrpConsentId, value);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expectReferenceSchema('PaymentResponse', answer.body, 'POST /v2/payments (VRP)');
  return ended(answer.body.payment.id);
}

async function ended(paymentId: string): Promise<Payment> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const read = await call<{ payment: Payment }>(`${gateway.apiUrl}/v2/payments/${paymentId}`, 'GET', member.auth);
    if (ENDED.includes(read.body.payment.status)) return read.body.payment;
    if (Date.now() > deadline) throw new Error(`VRP ${paymentId} stayed ${read.body.payment.status}`);
    await sleep(50);
  }
}

/** A refused VRP: 400 with the reference's error code and the consent id, and no payment at the bank. */
async function refused(
  consent: { readonly id: string; readonly bankConsentId: string },
  value: string,
  errorCode: string,
): Promise<ErrorBody['error']> {
  const atBankBefore = await vrpsAtBank(consent.bankConsentId);
  const listedBefore = (await vrpsOf(consent.id)).length;
  const answer = await pay(consent.id, value);
  expect(answer.status, JSON.stringify(answer.body)).toBe(400);
  expect(answer.body.error).toMatchObject({ errorCode, vrpConsentId: consent.id });
  expect(await vrpsAtBank(consent.bankConsentId)).toBe(atBankBefore);
  expect((await vrpsOf(consent.id)).length).toBe(listedBefore);
  return answer.body.error;
}

function vrpsAtBank(bankConsentId: string): Promise<number> {
  return gateway.bank.stores.db.sbPayment.count({ where: { consentId: bankConsentId } });
}

/** Every VRP listed under the consent, following the pages. */
async function vrpsOf(vrpConsentId: string, limit = 200): Promise<Json[]> {
  const vrps: Json[] = [];
  let offset: string | undefined;
  for (;;) {
    const query = `limit=${limit}${offset === undefined ? '' : `&offset=${encodeURIComponent(offset)}`}`;
    const page = await call<{ vrps: Json[]; pageInfo: { haveMore: boolean; nextOffset?: string } }>(
      `${gateway.apiUrl}/vrp-consents/${vrpConsentId}/payments?${query}`,
      'GET',
      member.auth,
    );
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    expectReferenceSchema('VrpsResponse', page.body, 'GET /vrp-consents/{id}/payments');
    vrps.push(...page.body.vrps);
    if (!page.body.pageInfo.haveMore) return vrps;
    offset = page.body.pageInfo.nextOffset;
  }
}

/** Moves the test clock of the gateway and the sandbox bank on by `seconds`. */
async function advance(seconds: number): Promise<void> {
  const answer = await call<{ offsetMs: number }>(
    `${gateway.adminUrl}/admin/clock/advance`,
    'POST',
    `Bearer ${ADMIN_TOKEN}`,
    {
      seconds,
    },
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const clock = gateway.bank.stores.clock;
  await expect.poll(() => (clock instanceof SandboxClock ? clock.offset : -1)).toBe(answer.body.offsetMs);
}

/** The gateway's "now" (the test clock), from a payment it stores. */
function londonMidnightAfter(now: Date): Date {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(now);
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  // London is UTC or UTC+1: the local midnight is at 00:00Z or 23:00Z the day before.
  const offsetHours = Number(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', hourCycle: 'h23' }).format(next),
  );
  return new Date(next.getTime() - offsetHours * 3_600_000);
}

beforeAll(async () => {
  gateway = await startGateway({ worker: true, env: { PAYMENT_POLL_SCHEDULE_SECONDS: '1' } });
  member = await newMember(gateway);
  other = await newMember(gateway);
  await receiver.start();
  const put = await call(`${gateway.apiUrl}/webhook/config`, 'PUT', member.auth, {
    config: { type: ['VRP_STATUS_CHANGED', 'PAYMENT_STATUS_CHANGED'], url: receiver.url },
  });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
}, 120_000);

afterAll(async () => {
  await gateway?.close();
  await receiver.stop();
});

describe('a VRP under an authorised consent', () => {
  it('is paid without the user, listed under its consent and among VRPs, and announced by signed events', async () => {
    const consent = await authorisedConsent({});
    const payment = await paid(consent.id, '12.34');
    expect(payment.status).toBe('INITIATION_COMPLETED');
    expect(payment['initiation']).toMatchObject({
      vrpConsentId: consent.id,
      amount: { value: '12.34', currency: 'GBP' },
    });

    const vrps = await vrpsOf(consent.id);
    expect(vrps).toHaveLength(1);
    expect(vrps[0]).toMatchObject({
      id: payment.id,
      status: 'INITIATION_COMPLETED',
      initiation: { consentId: consent.id, amount: { value: '12.34', currency: 'GBP' } },
    });
    expect(vrps[0]?.['bankVrpId']).toEqual(expect.any(String));

    const recurring = await call<{ payments: Payment[] }>(
      `${gateway.apiUrl}/v2/payments?limit=50&type=VARIABLE_RECURRING_PAYMENT&vrpConsentId=${consent.id}`,
      'GET',
      member.auth,
    );
    expect(recurring.body.payments.map((p) => p.id)).toEqual([payment.id]);
    const single = await call<{ payments: Payment[] }>(
      `${gateway.apiUrl}/v2/payments?limit=50&type=SINGLE_IMMEDIATE_PAYMENT`,
      'GET',
      member.auth,
    );
    expect(single.body.payments.map((p) => p.id)).not.toContain(payment.id);

    const jwks = remoteJwks(`${gateway.apiUrl}/.well-known/jwks.json`);
    const statuses = (): string[] =>
      receiver.requests
        .map((request) => JSON.parse(request.body) as Json)
        .flatMap((body) => {
          const changed = body['vrpStatusChanged'] as Json | undefined;
          return changed?.['vrpId'] === payment.id ? [String(changed['status'])] : [];
        });
    await receiver.waitFor(
      'VRP_STATUS_CHANGED INITIATION_COMPLETED',
      () => statuses().includes('INITIATION_COMPLETED'),
      20_000,
    );
    expect(statuses()[0]).toBe('INITIATION_PENDING');
    const completed = receiver.requests.find(
      (request) =>
        request.body.includes('"vrpStatusChanged"') &&
        request.body.includes('INITIATION_COMPLETED') &&
        request.body.includes(payment.id),
    );
    expect(completed).toBeDefined();
    await verifyWebhook({ body: completed?.body ?? '', headers: completed?.headers ?? {}, jwks });
    const body = JSON.parse(completed?.body ?? '{}') as Json;
    expect(body['vrpStatusChanged']).toMatchObject({
      vrpId: payment.id,
      consentId: consent.id,
      status: 'INITIATION_COMPLETED',
    });
  });

  it("is another member's to make or read: 404 naming the consent", async () => {
    const consent = await authorisedConsent({});
    const answer = await pay(consent.id, '1.00', other);
    expect(answer.status).toBe(404);
    expect(answer.body.error).toMatchObject({ errorCode: 'NOT_FOUND', vrpConsentId: consent.id });
    const list = await call<ErrorBody>(
      `${gateway.apiUrl}/vrp-consents/${consent.id}/payments?limit=5`,
      'GET',
      other.auth,
    );
    expect(list.status).toBe(404);
    const funds = await call<ErrorBody>(
      `${gateway.apiUrl}/vrps/${consent.id}/confirm-funds?amount=1.00`,
      'GET',
      other.auth,
    );
    expect(funds.status).toBe(404);
    expect(await vrpsAtBank(consent.bankConsentId)).toBe(0);
  });

  it('refuses what the consent fixes: another creditor, currency or bank (400 naming the field)', async () => {
    const consent = await authorisedConsent({});
    const answer = await call<ErrorBody>(`${gateway.apiUrl}/v2/payments`, 'POST', member.auth, {
      initiation: {
        vrpConsentId: consent.id,
        refId: 'r-other-creditor',
        remittanceInformationPrimary: 'Sweep to savings',
        amount: { value: '1.00', currency: 'GBP' },
        localInstrument: 'FASTER_PAYMENTS',
        creditor: { ...CREDITOR, accountNumber: '87654321' },
        callbackUrl: 'https://tpp.example/vrp/callback',
      },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({
      errorCode: 'Rules.VrpConsentViolation',
      vrpConsentId: consent.id,
      paths: ['initiation.creditor'],
    });
    expect(await vrpsAtBank(consent.bankConsentId)).toBe(0);
  });
});

describe('the limits, each refused before the bank is called', () => {
  it('individual maximum and minimum', async () => {
    const consent = await authorisedConsent({ minimumIndividualAmount: '5.00', maximumIndividualAmount: '50.00' });
    expect((await paid(consent.id, '50.00')).status).toBe('INITIATION_COMPLETED');
    expect((await refused(consent, '50.01', 'Rules.VrpConsentViolation')).message).toContain('maximumIndividualAmount');
    expect((await refused(consent, '4.99', 'Rules.VrpConsentViolation')).message).toContain('minimumIndividualAmount');
    expect((await paid(consent.id, '5.00')).status).toBe('INITIATION_COMPLETED');
  });

  it('maximumOccurrences', async () => {
    const consent = await authorisedConsent({ maximumOccurrences: 2 });
    await paid(consent.id, '1.00');
    await paid(consent.id, '1.00');
    expect((await refused(consent, '1.00', 'Rules.VrpConsentViolation')).message).toContain('maximumOccurrences');
  });

  it('a periodic limit; rejected payments (insufficient funds) do not count', async () => {
    const consent = await authorisedConsent({
      periodicLimits: [{ maximumAmount: '100.00', periodType: 'WEEK', periodAlignment: 'CONSENT' }],
    });
    await paid(consent.id, '60.00');
    expect((await refused(consent, '40.01', 'Rules.VrpConsentViolation')).message).toMatch(/CONSENT WEEK limit of 100/);
    expect((await paid(consent.id, '40.00')).status).toBe('INITIATION_COMPLETED');
    await refused(consent, '0.01', 'Rules.VrpConsentViolation');

    const poor = await authorisedConsent(
      { periodicLimits: [{ maximumAmount: '30.00', periodType: 'DAY', periodAlignment: 'CONSENT' }] },
      'sandbox-insufficient-funds',
    );
    expect((await paid(poor.id, '30.00')).status).toBe('INITIATION_REJECTED_INSUFFICIENT_FUNDS');
    // The rejected payment moved no money: the day's limit is whole again.
    expect((await paid(poor.id, '30.00')).status).toBe('INITIATION_REJECTED_INSUFFICIENT_FUNDS');
  });

  it('never overspends under 50 concurrent VRPs on one consent', async () => {
    const consent = await authorisedConsent({
      periodicLimits: [{ maximumAmount: '500.00', periodType: 'DAY', periodAlignment: 'CONSENT' }],
    });
    const answers = await Promise.all(Array.from({ length: 50 }, () => pay(consent.id, '30.00')));
    const accepted = answers.filter((answer) => answer.status === 200);
    const violations = answers.filter((answer) => answer.status === 400);
    expect(accepted.length + violations.length).toBe(50);
    expect(accepted).toHaveLength(16); // 16 x 30.00 = 480.00; a 17th would pass 500.00
    for (const answer of violations) expect(answer.body.error.errorCode).toBe('Rules.VrpConsentViolation');
    const vrps = await vrpsOf(consent.id, 7);
    expect(vrps).toHaveLength(16);
    expect(await vrpsAtBank(consent.bankConsentId)).toBe(16);
  }, 60_000);
});

describe('revocation', () => {
  it('at the gateway: DELETE, then every VRP refused as not authorised', async () => {
    const consent = await authorisedConsent({});
    await paid(consent.id, '1.00');
    const deleted = await call(`${gateway.apiUrl}/vrp-consents/${consent.id}`, 'DELETE', member.auth);
    expect(deleted.status).toBe(200);
    await refused(consent, '1.00', 'Resource.ConsentNotAuthorized');
    const funds = await call<ErrorBody>(
      `${gateway.apiUrl}/vrps/${consent.id}/confirm-funds?amount=1.00`,
      'GET',
      member.auth,
    );
    expect(funds.status).toBe(400);
    expect(funds.body.error.errorCode).toBe('Resource.ConsentNotAuthorized');
  });

  it('at the bank: the next VRP is refused as not authorised and the consent becomes REVOKED', async () => {
    const consent = await authorisedConsent({}, 'sandbox-vrp-revoked');
    expect((await paid(consent.id, '1.00')).status).toBe('INITIATION_COMPLETED');
    const answer = await pay(consent.id, '1.00');
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(answer.body.error).toMatchObject({ errorCode: 'Resource.ConsentNotAuthorized', vrpConsentId: consent.id });
    const read = await call<{ vrpConsent: { status: string } }>(
      `${gateway.apiUrl}/vrp-consents/${consent.id}`,
      'GET',
      member.auth,
    );
    expect(read.body.vrpConsent.status).toBe('REVOKED');
    // The refused payment is recorded as rejected, and the next one is refused here, before the bank.
    const vrps = await vrpsOf(consent.id);
    expect(vrps.map((vrp) => vrp['status']).sort()).toEqual(['INITIATION_COMPLETED', 'INITIATION_REJECTED']);
    await refused(consent, '1.00', 'Resource.ConsentNotAuthorized');
  });
});

describe('funds confirmation', () => {
  it("asks the bank under the consent's grant", async () => {
    const rich = await authorisedConsent({});
    const yes = await call<Json>(`${gateway.apiUrl}/vrps/${rich.id}/confirm-funds?amount=10.00`, 'GET', member.auth);
    expect(yes.status, JSON.stringify(yes.body)).toBe(200);
    expect(yes.body).toEqual({ fundsAvailable: true });
    expectReferenceSchema('ConfirmFundsResponse', yes.body, 'GET /vrps/{id}/confirm-funds');
    const poor = await authorisedConsent({}, 'sandbox-insufficient-funds');
    const no = await call<Json>(`${gateway.apiUrl}/vrps/${poor.id}/confirm-funds?amount=10.00`, 'GET', member.auth);
    expect(no.body).toEqual({ fundsAvailable: false });
    const bad = await call<ErrorBody>(`${gateway.apiUrl}/vrps/${rich.id}/confirm-funds?amount=ten`, 'GET', member.auth);
    expect(bad.status).toBe(400);
    expect(bad.body.error.paths).toEqual(['amount']);
    // Another member's consent is not found: the reference's VrpNotFoundError, naming the id as vrpId.
    const foreign = await call<ErrorBody & { error: { vrpId?: string } }>(
      `${gateway.apiUrl}/vrps/${rich.id}/confirm-funds?amount=10.00`,
      'GET',
      other.auth,
    );
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toMatchObject({ errorCode: 'NOT_FOUND', vrpId: rich.id, vrpConsentId: rich.id });
    expectReferenceSchema('VrpNotFoundError', foreign.body.error, 'GET /vrps/{id}/confirm-funds 404');
  });
});

describe('an initiation whose answer was lost', () => {
  it('is asked of the bank again under the same idempotency key when its timer fires: the payment the bank made, not a second', async () => {
    const consent = await authorisedConsent({});
    const payment = await paid(consent.id, '3.00');
    const bankVrpId = (await vrpsOf(consent.id))[0]?.['bankVrpId'];
    expect(await vrpsAtBank(consent.bankConsentId)).toBe(1);
    // As a process that died between the bank's answer and recording it leaves the payment:
    // pending, without the bank's ids, its window passed, its timer due.
    const db = gateway.api.stores.prisma;
    await db.$executeRaw`UPDATE payment SET status = 'INITIATION_PENDING', bank_consent_id = NULL,
      bank_payment_id = NULL, bank_payment_status = NULL, expires_at = now() - interval '1 second'
      WHERE id = ${payment.id}`;
    await db.scheduledJob.upsert({
      where: { id: `payments.poll:${payment.id}` },
      create: {
        id: `payments.poll:${payment.id}`,
        queue: JOB_QUEUE['payments.poll'],
        jobName: 'payments.poll',
        payload: { name: 'payments.poll', paymentId: payment.id },
        dueAt: new Date(Date.now() - 1000),
      },
      update: { dueAt: new Date(Date.now() - 1000) },
    });

    const again = await ended(payment.id);
    expect(again.status).toBe('INITIATION_COMPLETED');
    expect((await vrpsOf(consent.id))[0]?.['bankVrpId']).toBe(bankVrpId);
    expect(await vrpsAtBank(consent.bankConsentId)).toBe(1);
  }, 40_000);
});

describe('a bank that does not answer', () => {
  it('leaves the VRP pending and counted, and its timer asks the bank again: paid once', async () => {
    const consent = await authorisedConsent({
      periodicLimits: [{ maximumAmount: '10.00', periodType: 'WEEK', periodAlignment: 'CONSENT' }],
    });
    const faults = `${gateway.sandboxUrl}/sandbox/faults/ob-sandbox-gb`;
    const broken = await call(faults, 'PUT', `Bearer ${ADMIN_TOKEN}`, { latencyMs: 0, errorRate: 1 });
    expect(broken.status, JSON.stringify(broken.body)).toBe(200);
    await sleep(1500);
    let pending: Payment;
    try {
      const answer = await pay(consent.id, '6.00');
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      pending = answer.body.payment;
      expect(pending.status).toBe('INITIATION_PENDING');
      // It may have been paid: it counts against the consent meanwhile.
      await refused(consent, '5.00', 'Rules.VrpConsentViolation');
    } finally {
      const fixed = await call(faults, 'PUT', `Bearer ${ADMIN_TOKEN}`, { latencyMs: 0, errorRate: 0 });
      expect(fixed.status).toBe(200);
    }
    await sleep(1500);
    await advance(120);
    const again = await ended(pending.id);
    expect(again.status).toBe('INITIATION_COMPLETED');
    expect(await vrpsAtBank(consent.bankConsentId)).toBe(1);
  }, 60_000);
});

describe('periods rolling over under the test clock', () => {
  it('a CONSENT-aligned day and a CALENDAR day each allow their limit again in their next period', async () => {
    const consentAligned = await authorisedConsent({
      periodicLimits: [{ maximumAmount: '20.00', periodType: 'DAY', periodAlignment: 'CONSENT' }],
    });
    const calendar = await authorisedConsent({
      periodicLimits: [{ maximumAmount: '20.00', periodType: 'DAY', periodAlignment: 'CALENDAR' }],
    });
    const first = await paid(consentAligned.id, '20.00');
    await paid(calendar.id, '20.00');
    await refused(consentAligned, '0.01', 'Rules.VrpConsentViolation');
    await refused(calendar, '0.01', 'Rules.VrpConsentViolation');

    // To the next London midnight: a new calendar day, and (started today) a new consent day.
    const now = new Date(String(first['createdDateTime']));
    await advance(Math.ceil((londonMidnightAfter(now).getTime() - now.getTime()) / 1000) + 1);
    expect((await paid(calendar.id, '20.00')).status).toBe('INITIATION_COMPLETED');
    expect((await paid(consentAligned.id, '20.00')).status).toBe('INITIATION_COMPLETED');
    await refused(calendar, '0.01', 'Rules.VrpConsentViolation');
  }, 60_000);

  it('a consent past its endDateTime takes no more payments', async () => {
    const read = await call<{ payments: Payment[] }>(`${gateway.apiUrl}/v2/payments?limit=1`, 'GET', member.auth);
    const now = new Date(String(read.body.payments[0]?.['createdDateTime']));
    const consent = await authorisedConsent({ endDateTime: new Date(now.getTime() + 2 * 86_400_000).toISOString() });
    await paid(consent.id, '1.00');
    await advance(3 * 86_400);
    expect((await refused(consent, '1.00', 'Rules.VrpConsentViolation')).message).toContain('until');
  }, 60_000);
});

describe('a bank that never answers a VRP', () => {
  it('the VRP stays pending with its outcome check, flagged for an operator after 24 hours', async () => {
    const consent = await authorisedConsent({});
    const faults = `${gateway.sandboxUrl}/sandbox/faults/ob-sandbox-gb`;
    const broken = await call(faults, 'PUT', `Bearer ${ADMIN_TOKEN}`, { latencyMs: 0, errorRate: 1 });
    expect(broken.status, JSON.stringify(broken.body)).toBe(200);
    await sleep(1500);
    type Check = { kind: string; resourceId: string; operation: string; flagged: boolean };
    const checks = async (query: string): Promise<Check[]> => {
      const answer = await call<{ outcomeChecks: Check[] }>(
        `${gateway.adminUrl}/admin/outcome-checks${query}`,
        'GET',
        `Bearer ${ADMIN_TOKEN}`,
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body.outcomeChecks;
    };
    let flagged: Check | undefined;
    let pending: Payment;
    try {
      const answer = await pay(consent.id, '2.00');
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      pending = answer.body.payment;
      expect(pending.status).toBe('INITIATION_PENDING');
      expect((await checks('?kind=payment')).find((check) => check.resourceId === pending.id)).toMatchObject({
        operation: 'vrp-initiation',
        flagged: false,
      });
      await advance(25 * 3600);
      const deadline = Date.now() + 30_000;
      while (flagged === undefined && Date.now() < deadline) {
        flagged = (await checks('?flagged=true')).find((check) => check.resourceId === pending.id);
        if (flagged === undefined) await sleep(200);
      }
    } finally {
      const fixed = await call(faults, 'PUT', `Bearer ${ADMIN_TOKEN}`, { latencyMs: 0, errorRate: 0 });
      expect(fixed.status).toBe(200);
    }
    expect(flagged).toMatchObject({ kind: 'payment', operation: 'vrp-initiation', flagged: true });
    const read = await call<{ payment: Payment }>(`${gateway.apiUrl}/v2/payments/${pending.id}`, 'GET', member.auth);
    expect(read.body.payment.status).toBe('INITIATION_PENDING');
    const events = await call<{ operatorEvents: Array<{ type: string }> }>(
      `${gateway.adminUrl}/admin/operator-events?resourceId=${encodeURIComponent(pending.id)}`,
      'GET',
      `Bearer ${ADMIN_TOKEN}`,
    );
    expect(events.body.operatorEvents.map((event) => event.type)).toContain('OUTCOME_UNKNOWN_FLAGGED');
  }, 60_000);
});
