import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GetPaymentUseCase, InitiatePaymentUseCase, PaymentProgression, paymentTimerId } from '#libs/application';
import { GatewayError } from '#libs/common';
import type { MemberId, PaymentInitiationInput } from '#libs/domain';
import { MediumGateway } from './harness/medium-gateway.js';
import { bankFails, bankSays } from './harness/scripted-bank.js';

/**
 * Payments v2 in-process: POST /v2/payments (InitiatePaymentUseCase) and the payment timer
 * (PaymentProgression.poll) on real repositories, the bank scripted. Each move is asserted on the
 * row, its events (status history) and its timer.
 */
let gateway: MediumGateway;
let member: MemberId;

beforeAll(async () => {
  gateway = await MediumGateway.start({ env: { PAYMENT_POLL_SCHEDULE_SECONDS: '5' } });
  member = await gateway.member('payments');
});

afterAll(async () => {
  await gateway?.close();
});

afterEach(() => {
  gateway.bank.reset();
});

function ukPayment(overrides: Partial<PaymentInitiationInput> = {}): PaymentInitiationInput {
  return {
    bankId: 'ob-sandbox-gb',
    refId: `ref-${randomBytes(4).toString('hex')}`,
    remittanceInformationPrimary: 'INV-2026-001',
    amount: { value: '10.50', currency: 'GBP' },
    localInstrument: 'FASTER_PAYMENTS',
    creditor: { name: 'Merchant Ltd', sortCode: '040004', accountNumber: '12345678' },
    callbackUrl: 'https://tpp.example/payments/callback',
    ...overrides,
  };
}

const initiate = (input: PaymentInitiationInput, memberId = member) =>
  gateway.get(InitiatePaymentUseCase).execute({ member: { memberId, regulated: true }, input });

const row = (id: string) => gateway.stores.prisma.payment.findUniqueOrThrow({ where: { id } });

/** Fires the payment's timer as the worker would once it is due (the clock moved to it). */
async function fireTimer(paymentId: string): Promise<void> {
  const timer = await gateway.timer(paymentTimerId(paymentId));
  expect(timer, `payment ${paymentId} has a timer`).not.toBeNull();
  const wait = (timer!.dueAt.getTime() - gateway.clock.nowMs()) / 1000;
  if (wait > 0) gateway.clock.advance(wait);
  await gateway.get(PaymentProgression).poll(paymentId);
}

describe('initiating a payment', () => {
  it('stores it before asking the bank, then records the answer with its event: the user is sent to the bank', async () => {
    gateway.bank.script('initiatePayment', async (_ctx, initiation) => {
      // The row and its creation event are committed before the bank is asked.
      expect((await row(initiation.paymentId)).status).toBe('INITIATION_PENDING');
      expect(await gateway.statusesOf(initiation.paymentId)).toEqual(['INITIATION_PENDING']);
      return bankSays.payment('AWAITING_AUTHORISATION', { consentId: 'consent-a' });
    });
    const payment = await initiate(ukPayment());

    expect(payment.status).toBe('INITIATION_PENDING_REDIRECT_AUTH');
    expect(payment.authentication).toEqual({ redirectUrl: 'https://bank.example/authorise?consent=1' });
    const stored = await row(payment.id);
    expect(stored).toMatchObject({ status: 'INITIATION_PENDING_REDIRECT_AUTH', bankConsentId: 'consent-a' });
    expect(stored.amount.toFixed(2)).toBe('10.50');
    expect(await gateway.statusesOf(payment.id)).toEqual(['INITIATION_PENDING', 'INITIATION_PENDING_REDIRECT_AUTH']);
    const events = await gateway.eventsOf(payment.id);
    expect(events.map((event) => event.eventType)).toEqual(['PAYMENT_STATUS_CHANGED', 'PAYMENT_STATUS_CHANGED']);
    expect(await gateway.timer(paymentTimerId(payment.id))).not.toBeNull();
    const [call] = gateway.bank.calls('initiatePayment');
    expect(call?.args[0]).toMatchObject({ paymentId: payment.id, amount: { value: '10.50', currency: 'GBP' } });
  });

  it('a bank refusal ends it INITIATION_REJECTED with the reason, and the error reaches the caller', async () => {
    gateway.bank.script('initiatePayment', bankFails.rejected('creditor account closed'));
    const input = ukPayment();
    await expect(initiate(input)).rejects.toBeInstanceOf(GatewayError);

    const stored = await gateway.stores.prisma.payment.findFirstOrThrow({ where: { refId: input.refId } });
    expect(stored).toMatchObject({ status: 'INITIATION_REJECTED' });
    expect(stored.statusReasonInformation).toContain('creditor account closed');
    expect(await gateway.statusesOf(stored.id)).toEqual(['INITIATION_PENDING', 'INITIATION_REJECTED']);
    expect(await gateway.timer(paymentTimerId(stored.id))).toBeNull();
  });

  it('refuses a bank that is not in the catalogue, naming the field, and stores nothing', async () => {
    const input = ukPayment({ bankId: 'no-such-bank' });
    const error = await initiate(input).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GatewayError);
    expect((error as GatewayError).message).toContain('initiation.bankId');
    expect(await gateway.stores.prisma.payment.count({ where: { refId: input.refId } })).toBe(0);
    expect(gateway.bank.calls()).toEqual([]);
  });
});

describe('a payment progressing on the bank’s answers', () => {
  it('follows the bank to INITIATION_COMPLETED, an event per move and none while it stays, and clears its timer once final', async () => {
    gateway.bank.script(
      'initiatePayment',
      bankSays.payment('PROCESSING', { consentId: 'consent-b', paymentId: 'p-b' }),
    );
    const payment = await initiate(ukPayment());
    expect(payment.status).toBe('INITIATION_PROCESSING');

    gateway.bank.script('getPaymentStatus', bankSays.payment('PENDING', { consentId: 'consent-b', paymentId: 'p-b' }));
    await fireTimer(payment.id);
    expect((await row(payment.id)).status).toBe('INITIATION_PROCESSING');

    gateway.bank.reset();
    gateway.bank.script(
      'getPaymentStatus',
      bankSays.payment('COMPLETED', { consentId: 'consent-b', paymentId: 'p-b' }),
    );
    await fireTimer(payment.id);
    expect((await row(payment.id)).status).toBe('INITIATION_COMPLETED');
    expect(await gateway.statusesOf(payment.id)).toEqual([
      'INITIATION_PENDING',
      'INITIATION_PROCESSING',
      'INITIATION_COMPLETED',
    ]);
    expect(await gateway.timer(paymentTimerId(payment.id))).toBeNull();
  });

  it('a final status never changes: a later answer of the bank is not applied', async () => {
    gateway.bank.script('initiatePayment', bankSays.payment('COMPLETED', { consentId: 'consent-c', paymentId: 'p-c' }));
    const payment = await initiate(ukPayment());
    expect(payment.status).toBe('INITIATION_COMPLETED');

    gateway.bank.script('getPaymentStatus', bankSays.payment('REJECTED', { consentId: 'consent-c' }));
    await gateway.get(PaymentProgression).poll(payment.id);
    expect((await row(payment.id)).status).toBe('INITIATION_COMPLETED');
    expect(await gateway.statusesOf(payment.id)).toEqual(['INITIATION_PENDING', 'INITIATION_COMPLETED']);
  });
});

describe('an unknown outcome', () => {
  it('a poll the bank does not answer (5xx, timeout) keeps the payment as it is and asks again at the next poll', async () => {
    gateway.bank.script(
      'initiatePayment',
      bankSays.payment('PROCESSING', { consentId: 'consent-d', paymentId: 'p-d' }),
    );
    const payment = await initiate(ukPayment());
    expect(payment.status).toBe('INITIATION_PROCESSING');

    gateway.bank.script('getPaymentStatus', bankFails.unavailable(), bankFails.timeout());
    await fireTimer(payment.id);
    await fireTimer(payment.id);
    const kept = await row(payment.id);
    expect(kept.status).toBe('INITIATION_PROCESSING');
    expect(kept.pollCount).toBe(2);
    expect(await gateway.timer(paymentTimerId(payment.id))).not.toBeNull();
    expect(await gateway.statusesOf(payment.id)).toEqual(['INITIATION_PENDING', 'INITIATION_PROCESSING']);

    gateway.bank.reset();
    gateway.bank.script(
      'getPaymentStatus',
      bankSays.payment('COMPLETED', { consentId: 'consent-d', paymentId: 'p-d' }),
    );
    await fireTimer(payment.id);
    expect((await row(payment.id)).status).toBe('INITIATION_COMPLETED');
    expect(gateway.bank.calls('getPaymentStatus')).toHaveLength(1);
  });

  it('an initiation whose answer is still awaited when the caller stops waiting stays INITIATION_PENDING; the late answer is applied', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    gateway.bank.script('initiatePayment', async () => {
      await answered;
      return bankSays.payment('AWAITING_AUTHORISATION', { consentId: 'consent-e' });
    });
    const payment = await gateway.get(InitiatePaymentUseCase).execute({
      member: { memberId: member, regulated: true },
      input: ukPayment(),
      requestTimeoutSeconds: 0.2,
    });
    expect(payment.status).toBe('INITIATION_PENDING');
    expect((await row(payment.id)).status).toBe('INITIATION_PENDING');

    answer();
    await expect.poll(async () => (await row(payment.id)).status).toBe('INITIATION_PENDING_REDIRECT_AUTH');
    expect(await gateway.statusesOf(payment.id)).toEqual(['INITIATION_PENDING', 'INITIATION_PENDING_REDIRECT_AUTH']);
  });
});

describe('reading a payment', () => {
  it('answers the member’s own payment and another member a 404', async () => {
    gateway.bank.script('initiatePayment', bankSays.payment('AWAITING_AUTHORISATION', { consentId: 'consent-f' }));
    const payment = await initiate(ukPayment());
    const other = await gateway.member('payments-other');
    const get = gateway.get(GetPaymentUseCase);
    expect(await get.execute({ memberId: member, paymentId: payment.id })).toMatchObject({ id: payment.id });
    await expect(get.execute({ memberId: other, paymentId: payment.id })).rejects.toMatchObject({ status: 404 });
  });
});
