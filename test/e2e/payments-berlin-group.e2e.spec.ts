import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decideOnConsentPage } from './obie/consent-form.js';
import {
  call,
  createPayment,
  getPayment,
  newMember,
  sepaInitiation,
  startGateway,
  waitForStatus,
  type PaymentBody,
  type TestGateway,
  type TestMember,
} from '../support/payments-gateway.js';

/** The embedded bank's sandbox password and one-time code (README, Berlin Group banks). */
const PASSWORD = '12345';
const OTP = '123456';

let gateway: TestGateway;
let member: TestMember;

type Payment = PaymentBody['payment'];
interface EmbeddedAuth {
  readonly fields: readonly {
    readonly id: string;
    readonly type: string;
    readonly displayName: string;
    readonly options?: readonly { readonly id: string }[];
  }[];
  readonly isRetry?: boolean;
  readonly description?: string;
}

function fieldsOf(payment: Payment): string[] {
  return (payment.authentication as unknown as EmbeddedAuth).fields.map((field) => field.id);
}

async function submit(payment: Payment, values: Record<string, string>): Promise<Payment> {
  const answer = await call<PaymentBody>(
    `${gateway.apiUrl}/v2/payments/${encodeURIComponent(payment.id)}/embedded-auth`,
    'POST',
    member.auth,
    { embeddedAuth: values },
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.payment;
}

async function startEmbedded(): Promise<Payment> {
  const created = await createPayment(gateway, member, sepaInitiation('ob-sandbox-eu'));
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  expect(created.body.payment.status).toBe('INITIATION_PENDING_EMBEDDED_AUTH');
  expect(fieldsOf(created.body.payment)).toEqual(['psuId', 'password']);
  return created.body.payment;
}

async function payEmbedded(username: string): Promise<Payment> {
  let payment = await startEmbedded();
  payment = await submit(payment, { psuId: username, password: PASSWORD });
  expect(fieldsOf(payment)).toEqual(['scaMethod']);
  payment = await submit(payment, { scaMethod: 'sms' });
  expect(fieldsOf(payment)).toEqual(['otp']);
  return submit(payment, { otp: OTP });
}

beforeAll(async () => {
  gateway = await startGateway({ worker: true, env: { PAYMENT_POLL_SCHEDULE_SECONDS: '1' } });
  member = await newMember(gateway);
}, 120_000);

afterAll(async () => {
  await gateway?.close();
});

describe('embedded SCA through the API (ob-sandbox-eu, Berlin Group)', () => {
  it('credentials, method choice, a wrong one-time code (isRetry), the right one: INITIATION_COMPLETED', async () => {
    let payment = await startEmbedded();
    payment = await submit(payment, { psuId: 'sandbox-success', password: PASSWORD });
    expect(payment.status).toBe('INITIATION_PENDING_EMBEDDED_AUTH');
    const choice = (payment.authentication as unknown as EmbeddedAuth).fields[0];
    expect(choice).toMatchObject({ id: 'scaMethod', type: 'CHOICE_FIELD' });
    payment = await submit(payment, { scaMethod: 'sms' });
    const wrong = await submit(payment, { otp: '000000' });
    expect(wrong.status).toBe('INITIATION_PENDING_EMBEDDED_AUTH');
    expect(wrong.authentication).toMatchObject({ isRetry: true, fields: [{ id: 'otp' }] });
    const done = await submit(wrong, { otp: OTP });
    expect(done.status).toBe('INITIATION_COMPLETED');
    expect(done.bankPaymentStatus).toBe('ACSC');
    expect(done.authentication).toBeUndefined();
  });

  it.each([
    ['sandbox-insufficient-funds', 'INITIATION_REJECTED_INSUFFICIENT_FUNDS'],
    ['sandbox-rejected', 'INITIATION_REJECTED'],
  ])('%s ends %s', async (username, status) => {
    const payment = await payEmbedded(username);
    await waitForStatus(gateway, member, payment.id, [status]);
  });

  it('sandbox-slow ends INITIATION_COMPLETED after polls by the worker', async () => {
    const payment = await payEmbedded('sandbox-slow');
    expect(payment.status).toBe('INITIATION_PROCESSING');
    await waitForStatus(gateway, member, payment.id, ['INITIATION_COMPLETED'], 30_000);
  });

  it('fields the bank did not ask for, or missing ones, are a 400 naming the field; nothing moves', async () => {
    const payment = await startEmbedded();
    const missing = await call<{ error: { message: string } }>(
      `${gateway.apiUrl}/v2/payments/${encodeURIComponent(payment.id)}/embedded-auth`,
      'POST',
      member.auth,
      { embeddedAuth: { psuId: 'sandbox-success' } },
    );
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toContain('password');
    const extra = await call<{ error: { message: string } }>(
      `${gateway.apiUrl}/v2/payments/${encodeURIComponent(payment.id)}/embedded-auth`,
      'POST',
      member.auth,
      {
        embeddedAuth: { psuId: 'sandbox-success', password: PASSWORD, pin: '1' },
      },
    );
    expect(extra.status).toBe(400);
    expect(extra.body.error.message).toContain('pin');
    expect((await getPayment(gateway, member, payment.id)).status).toBe('INITIATION_PENDING_EMBEDDED_AUTH');
  });

  it('embedded-auth on a payment that is not at an embedded step is a 400; on a foreign payment a 404', async () => {
    const done = await payEmbedded('sandbox-success');
    const again = await call(
      `${gateway.apiUrl}/v2/payments/${encodeURIComponent(done.id)}/embedded-auth`,
      'POST',
      member.auth,
      { embeddedAuth: { otp: OTP } },
    );
    expect(again.status).toBe(400);
    const other = await newMember(gateway);
    const foreign = await call(
      `${gateway.apiUrl}/v2/payments/${encodeURIComponent(done.id)}/embedded-auth`,
      'POST',
      other.auth,
      { embeddedAuth: { otp: OTP } },
    );
    expect(foreign.status).toBe(404);
  });
});

describe('redirect and decoupled SCA at Berlin Group banks', () => {
  it('redirect (ob-sandbox-eu-redirect): the SCA page, the callback, INITIATION_COMPLETED', async () => {
    const created = await createPayment(
      gateway,
      member,
      sepaInitiation('ob-sandbox-eu-redirect', { localInstrument: 'SEPA_INSTANT' }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.payment.status).toBe('INITIATION_PENDING_REDIRECT_AUTH');
    const back = await decideOnConsentPage(
      (created.body.payment.authentication as { redirectUrl: string }).redirectUrl,
      'sandbox-success',
      'approve',
    );
    const landing = await call(back.toString(), 'GET', undefined);
    expect(landing.status).toBe(303);
    await waitForStatus(gateway, member, created.body.payment.id, ['INITIATION_COMPLETED']);
  });

  it('decoupled (ob-sandbox-eu-decoupled): approved on the phone, completed by polling', async () => {
    const created = await createPayment(
      gateway,
      member,
      sepaInitiation('ob-sandbox-eu-decoupled', { risk: { psuId: 'sandbox-success' } }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.payment.status).toBe('INITIATION_PENDING_DECOUPLED_AUTH');
    await waitForStatus(gateway, member, created.body.payment.id, ['INITIATION_COMPLETED'], 30_000);
  });
});
