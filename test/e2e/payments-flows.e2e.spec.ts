import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { remoteJwks, verifyWebhook } from '#libs/events';
import { decideOnConsentPage } from './obie/consent-form.js';
import {
  ADMIN_TOKEN,
  TPP_CALLBACK,
  advanceClock,
  call,
  createPayment,
  getPayment,
  newMember,
  startGateway,
  ukInitiation,
  waitForStatus,
  type PaymentBody,
  type TestGateway,
  type TestMember,
} from '../support/payments-gateway.js';
import { WebhookReceiver } from '../support/webhook-receiver.js';

let gateway: TestGateway;
let member: TestMember;
const receiver = new WebhookReceiver();

type Payment = PaymentBody['payment'];

/** Pays at the redirect bank by plain HTTP: consent page form post, then the gateway's callback. */
async function payByRedirect(
  username: string,
  decision: 'approve' | 'deny' = 'approve',
  overrides: Record<string, unknown> = {},
): Promise<{ payment: Payment; landing: URL }> {
  const created = await createPayment(gateway, member, ukInitiation(overrides));
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const payment = created.body.payment;
  expect(payment.status).toBe('INITIATION_PENDING_REDIRECT_AUTH');
  const redirectUrl = (payment.authentication as { redirectUrl: string }).redirectUrl;
  expect(redirectUrl.startsWith(gateway.sandboxUrl)).toBe(true);
  const back = await decideOnConsentPage(redirectUrl, username, decision);
  expect(`${back.origin}${back.pathname}`).toBe(`${gateway.apiUrl}/bank-callback`);
  const callback = await call(back.toString(), 'GET', undefined);
  expect(callback.status).toBe(303);
  const landing = new URL(callback.headers.get('location') ?? '');
  return { payment, landing };
}

beforeAll(async () => {
  gateway = await startGateway({ worker: true, env: { PAYMENT_POLL_SCHEDULE_SECONDS: '1' } });
  member = await newMember(gateway);
  await receiver.start();
  const put = await call(`${gateway.apiUrl}/webhook/config`, 'PUT', member.auth, {
    config: { type: ['PAYMENT_STATUS_CHANGED'], url: receiver.url },
  });
  expect(put.status).toBe(200);
}, 120_000);

afterAll(async () => {
  await gateway?.close();
  await receiver.stop();
});

describe('redirect payments at the UK sandbox bank (plain HTTP form posts)', () => {
  it('sandbox-success: consent, callback, TPP landing with paymentId and callbackState, INITIATION_COMPLETED', async () => {
    const { payment, landing } = await payByRedirect('sandbox-success', 'approve', { callbackState: 'cb-123' });
    expect(`${landing.origin}${landing.pathname}`).toBe(TPP_CALLBACK);
    expect(landing.searchParams.get('paymentId')).toBe(payment.id);
    expect(landing.searchParams.get('callbackState')).toBe('cb-123');
    const done = await waitForStatus(gateway, member, payment.id, ['INITIATION_COMPLETED']);
    expect(done.bankPaymentStatus).toBe('AcceptedSettlementCompleted');
    expect(done.bankPaymentId).toEqual(expect.any(String));
    expect(done.authentication).toBeUndefined();
  });

  it.each([
    ['sandbox-insufficient-funds', 'INITIATION_REJECTED_INSUFFICIENT_FUNDS'],
    ['sandbox-rejected', 'INITIATION_REJECTED'],
  ])('%s ends %s', async (username, status) => {
    const { payment } = await payByRedirect(username);
    const ended = await waitForStatus(gateway, member, payment.id, [status]);
    expect(ended.statusReasonInformation === undefined || (ended.statusReasonInformation as string).length <= 256).toBe(
      true,
    );
  });

  it('a user who presses deny: INITIATION_DECLINED', async () => {
    const { payment } = await payByRedirect('sandbox-success', 'deny');
    expect((await getPayment(gateway, member, payment.id)).status).toBe('INITIATION_DECLINED');
  });

  it('sandbox-slow: processing for several polls, then completed by the worker', async () => {
    const { payment } = await payByRedirect('sandbox-slow');
    expect((await getPayment(gateway, member, payment.id)).status).toBe('INITIATION_PROCESSING');
    await waitForStatus(gateway, member, payment.id, ['INITIATION_COMPLETED'], 30_000);
  });

  it('sandbox-bank-error: the bank answers 500 to the payment order: its outcome is unknown, so the payment stays pending (asked again, never failed)', async () => {
    const { payment, landing } = await payByRedirect('sandbox-bank-error');
    expect(landing.searchParams.get('paymentId')).toBe(payment.id);
    const pending = await getPayment(gateway, member, payment.id);
    expect(pending.status).toBe('INITIATION_PENDING_REDIRECT_AUTH_VERIFICATION');
    const checks = await call<{ outcomeChecks: Array<{ resourceId: string; operation: string }> }>(
      `${gateway.adminUrl}/admin/outcome-checks?kind=payment`,
      'GET',
      `Bearer ${ADMIN_TOKEN}`,
    );
    expect(checks.body.outcomeChecks).toContainEqual(
      expect.objectContaining({ resourceId: payment.id, operation: 'payment-order' }),
    );
  });

  it('a reloaded callback does not repeat the bank calls and still lands at the TPP', async () => {
    const created = await createPayment(gateway, member, ukInitiation());
    const back = await decideOnConsentPage(
      (created.body.payment.authentication as { redirectUrl: string }).redirectUrl,
      'sandbox-success',
      'approve',
    );
    const first = await call(back.toString(), 'GET', undefined);
    const again = await call(back.toString(), 'GET', undefined);
    expect(first.status).toBe(303);
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toBe(first.headers.get('location'));
  });

  it('an unknown state answers an HTML page, not a redirect', async () => {
    const answer = await call(`${gateway.apiUrl}/bank-callback?state=nope&code=x`, 'GET', undefined);
    expect(answer.status).toBe(400);
    expect(answer.headers.get('content-type')).toContain('text/html');
  });
});

describe('decoupled payments', () => {
  it('the user approves on their phone: INITIATION_PENDING_DECOUPLED_AUTH, then completed by polling', async () => {
    const created = await createPayment(
      gateway,
      member,
      ukInitiation({ bankId: 'ob-sandbox-gb-decoupled', risk: { psuId: 'sandbox-success' } }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.payment.status).toBe('INITIATION_PENDING_DECOUPLED_AUTH');
    await waitForStatus(gateway, member, created.body.payment.id, ['INITIATION_COMPLETED'], 30_000);
  });

  it('sandbox-deny on the phone: INITIATION_DECLINED', async () => {
    const created = await createPayment(
      gateway,
      member,
      ukInitiation({ bankId: 'ob-sandbox-gb-decoupled', risk: { psuId: 'sandbox-deny' } }),
    );
    await waitForStatus(gateway, member, created.body.payment.id, ['INITIATION_DECLINED'], 30_000);
  });
});

describe('reading payments', () => {
  it('GET of an unknown or foreign payment is 404 with paymentId', async () => {
    const created = await createPayment(gateway, member, ukInitiation());
    const other = await newMember(gateway);
    for (const id of [created.body.payment.id, 'pm2:doesnotexist']) {
      const answer = await call<{ error: { paymentId: string; tokenTraceId: string } }>(
        `${gateway.apiUrl}/v2/payments/${encodeURIComponent(id)}`,
        'GET',
        other.auth,
      );
      expect(answer.status).toBe(404);
      expect(answer.body.error.paymentId).toBe(id);
      expect(answer.body.error.tokenTraceId).toMatch(/^[0-9a-f]{32}$/);
    }
  });

  it('lists newest first in pages with an opaque nextOffset and filters by status and refId', async () => {
    const lister = await newMember(gateway);
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const created = await createPayment(gateway, lister, ukInitiation({ refId: `LIST-${i}` }));
      ids.push(created.body.payment.id);
    }
    const pages: string[][] = [];
    let offset: string | undefined;
    for (;;) {
      const page = await call<{
        payments: Payment[];
        pageInfo: { limit: number; nextOffset?: string; haveMore: boolean };
      }>(
        `${gateway.apiUrl}/v2/payments?limit=2${offset === undefined ? '' : `&offset=${encodeURIComponent(offset)}`}`,
        'GET',
        lister.auth,
      );
      expect(page.status, JSON.stringify(page.body)).toBe(200);
      expect(page.body.pageInfo.limit).toBe(2);
      pages.push(page.body.payments.map((p) => p.id));
      if (!page.body.pageInfo.haveMore) break;
      offset = page.body.pageInfo.nextOffset;
    }
    expect(pages.flat()).toEqual([...ids].reverse());
    expect(pages.map((p) => p.length)).toEqual([2, 2, 1]);
    const byRef = await call<{ payments: Payment[] }>(
      `${gateway.apiUrl}/v2/payments?limit=10&refIds=LIST-1&refIds=LIST-3`,
      'GET',
      lister.auth,
    );
    expect(byRef.body.payments.map((p) => p.id).sort()).toEqual([ids[1], ids[3]].sort());
    const none = await call<{ payments: Payment[] }>(
      `${gateway.apiUrl}/v2/payments?limit=10&statuses=INITIATION_COMPLETED`,
      'GET',
      lister.auth,
    );
    expect(none.body.payments).toEqual([]);
    const partial = await call<{ payments: Payment[] }>(
      `${gateway.apiUrl}/v2/payments?limit=1&partial=true`,
      'GET',
      lister.auth,
    );
    expect(Object.keys(partial.body.payments[0] ?? {}).sort()).toEqual(['id', 'status']);
  });
});

describe('timers under the test clock', () => {
  it('a user who never authenticates: INITIATION_EXPIRED after the authorisation window', async () => {
    const created = await createPayment(gateway, member, ukInitiation());
    await advanceClock(gateway, 16 * 60);
    const expired = await waitForStatus(gateway, member, created.body.payment.id, ['INITIATION_EXPIRED']);
    expect(expired.authentication).toBeUndefined();
  });

  it('sandbox-no-final-status: polled until 30 days, then INITIATION_NO_FINAL_STATUS_AVAILABLE, and final ever after', async () => {
    const { payment } = await payByRedirect('sandbox-no-final-status');
    expect((await getPayment(gateway, member, payment.id)).status).toBe('INITIATION_PROCESSING');
    await advanceClock(gateway, 30 * 86_400 + 60);
    const ended = await waitForStatus(gateway, member, payment.id, ['INITIATION_NO_FINAL_STATUS_AVAILABLE'], 30_000);
    await advanceClock(gateway, 3600);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await getPayment(gateway, member, payment.id)).status).toBe(ended.status);
  });
});

describe('request-timeout', () => {
  it('a slow bank: INITIATION_PENDING at once, the redirect step later (GET)', async () => {
    const slow = await call(`${gateway.sandboxUrl}/sandbox/faults/ob-sandbox-gb`, 'PUT', `Bearer ${ADMIN_TOKEN}`, {
      latencyMs: 1500,
      errorRate: 0,
    });
    expect(slow.status).toBe(200);
    try {
      const started = Date.now();
      const created = await createPayment(gateway, member, ukInitiation(), { 'request-timeout': '1' });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      expect(created.body.payment.status).toBe('INITIATION_PENDING');
      expect(Date.now() - started).toBeLessThan(1400);
      const later = await waitForStatus(
        gateway,
        member,
        created.body.payment.id,
        ['INITIATION_PENDING_REDIRECT_AUTH'],
        20_000,
      );
      expect((later.authentication as { redirectUrl?: string }).redirectUrl).toContain('/authorize');
    } finally {
      await call(`${gateway.sandboxUrl}/sandbox/faults/ob-sandbox-gb`, 'PUT', `Bearer ${ADMIN_TOKEN}`, {
        latencyMs: 0,
        errorRate: 0,
      });
    }
  });

  it('a bad request-timeout header is a 400 naming it', async () => {
    const answer = await call<{ error: { message: string } }>(
      `${gateway.apiUrl}/v2/payments`,
      'POST',
      member.auth,
      { initiation: ukInitiation() },
      { 'request-timeout': 'soon' },
    );
    expect(answer.status).toBe(400);
    expect(answer.body.error.message).toContain('request-timeout');
  });
});

describe('PAYMENT_STATUS_CHANGED webhooks', () => {
  it('creation and every status change are delivered, signed, and verify against the JWKS', async () => {
    const { payment } = await payByRedirect('sandbox-success');
    await waitForStatus(gateway, member, payment.id, ['INITIATION_COMPLETED']);
    const deadline = Date.now() + 20_000;
    const statuses = (): string[] =>
      receiver.requests
        .map((r) => JSON.parse(r.body) as { payment?: { id: string; status: string } })
        .filter((b) => b.payment?.id === payment.id)
        .map((b) => b.payment?.status ?? '');
    while (!statuses().includes('INITIATION_COMPLETED') && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(statuses()).toEqual(expect.arrayContaining(['INITIATION_PENDING_REDIRECT_AUTH', 'INITIATION_COMPLETED']));
    const jwks = remoteJwks(`${gateway.apiUrl}/.well-known/jwks.json`);
    for (const request of receiver.requests.filter((r) => r.body.includes(payment.id))) {
      const verified = await verifyWebhook({ body: request.body, headers: request.headers, jwks });
      expect(verified.event).toBe('PAYMENT_STATUS_CHANGED');
      expect(verified.body).toMatchObject({
        eventType: 'PAYMENT_STATUS_CHANGED',
        payment: { id: payment.id, memberId: member.id },
      });
      expect((verified.body['payment'] as Record<string, unknown>)['authentication']).toBeUndefined();
    }
  });
});
