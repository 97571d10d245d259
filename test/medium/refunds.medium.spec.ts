import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  InitiatePaymentUseCase,
  InitiateRefundUseCase,
  RefundProgression,
  GetRefundUseCase,
  RegisterRefundRegistrationUseCase,
  refundTimerId,
} from '#libs/application';
import { GatewayError } from '#libs/common';
import type { MemberId } from '#libs/domain';
import { MediumGateway } from './harness/medium-gateway.js';
import { bankFails, bankSays } from './harness/scripted-bank.js';

/**
 * Refunds in-process: POST /refunds (InitiateRefundUseCase), the refund's timer that sends it to
 * the bank and polls it (RefundProgression.onTimer), and the outcome check that asks again after
 * an unknown outcome (RefundProgression.askAgain), on real repositories with the bank scripted.
 */
let gateway: MediumGateway;
let member: MemberId;
let registrationId: string;

beforeAll(async () => {
  gateway = await MediumGateway.start();
  member = await gateway.member('refunds');
  const registered = await gateway.get(RegisterRefundRegistrationUseCase).execute({
    memberId: member,
    registration: {
      bankId: 'ob-sandbox-gb',
      debtor: { sortCode: '040004', accountNumber: '87654321', name: 'Merchant Ltd' },
      credentials: { grant: 'refund-grant-secret' },
    },
  });
  registrationId = registered.registration.id;
});

afterAll(async () => {
  await gateway?.close();
});

afterEach(() => {
  gateway.bank.reset();
});

/** A payment of `value` GBP the bank completed at once. */
async function completedPayment(value = '10.50'): Promise<string> {
  gateway.bank.script('initiatePayment', bankSays.payment('COMPLETED', { consentId: 'c', paymentId: 'p' }));
  const payment = await gateway.get(InitiatePaymentUseCase).execute({
    member: { memberId: member, regulated: true },
    input: {
      bankId: 'ob-sandbox-gb',
      refId: `pay-${randomBytes(4).toString('hex')}`,
      remittanceInformationPrimary: 'INV-1',
      amount: { value, currency: 'GBP' },
      localInstrument: 'FASTER_PAYMENTS',
      creditor: { name: 'Merchant Ltd', sortCode: '040004', accountNumber: '87654321' },
      debtor: { name: 'Payer', sortCode: '200000', accountNumber: '55779911' },
      callbackUrl: 'https://tpp.example/payments/callback',
    },
  });
  expect(payment.status).toBe('INITIATION_COMPLETED');
  gateway.bank.reset();
  return payment.id;
}

async function refund(originalPaymentId: string, value: string): Promise<string> {
  const { refund: created } = await gateway.get(InitiateRefundUseCase).execute({
    memberId: member,
    input: {
      refId: `rf-${randomBytes(4).toString('hex')}`,
      amount: { value, currency: 'GBP' },
      originalPaymentId,
      registrationId,
      localInstrument: 'FASTER_PAYMENTS',
      creditor: { name: 'Payer', sortCode: '200000', accountNumber: '55779911' },
    },
  });
  return created.id;
}

const row = (id: string) => gateway.stores.prisma.refund.findUniqueOrThrow({ where: { id } });

/** The refund's timer fired (the worker's refunds.poll), the clock moved to it first. */
async function fireTimer(refundId: string): Promise<void> {
  const timer = await gateway.timer(refundTimerId(refundId));
  expect(timer, `refund ${refundId} has a timer`).not.toBeNull();
  const wait = (timer!.dueAt.getTime() - gateway.clock.nowMs()) / 1000;
  if (wait > 0) gateway.clock.advance(wait);
  await gateway.get(RefundProgression).onTimer(refundId);
}

describe('a refund', () => {
  it('is stored INITIATION_PENDING with its event and a timer due at once, then sent with the registration’s grant and followed to completion', async () => {
    const paymentId = await completedPayment();
    const id = await refund(paymentId, '4.00');
    expect(await row(id)).toMatchObject({ status: 'INITIATION_PENDING', bankTransactionId: null });
    expect(await gateway.statusesOf(id)).toEqual(['INITIATION_PENDING']);
    expect((await gateway.timer(refundTimerId(id)))!.dueAt.getTime()).toBeLessThanOrEqual(gateway.clock.nowMs());

    gateway.bank.script('initiateRefund', bankSays.movement('PROCESSING', 'bank-rf-1'));
    await fireTimer(id);
    expect(await row(id)).toMatchObject({ status: 'INITIATION_PROCESSING', bankTransactionId: 'bank-rf-1' });
    const [sent] = gateway.bank.calls('initiateRefund');
    expect(sent?.args[0]).toMatchObject({
      refundId: id,
      amount: { currency: 'GBP' },
      registrationGrant: 'refund-grant-secret',
    });
    expect(Number(sent?.args[0].amount.value)).toBe(4);
    expect(await gateway.outcomeCheck('refund', id)).toBeNull();

    gateway.bank.script('getRefundStatus', bankSays.movement('COMPLETED', 'bank-rf-1'));
    await fireTimer(id);
    expect((await row(id)).status).toBe('INITIATION_COMPLETED');
    expect(await gateway.statusesOf(id)).toEqual([
      'INITIATION_PENDING',
      'INITIATION_PROCESSING',
      'INITIATION_COMPLETED',
    ]);
    expect((await gateway.eventsOf(id)).every((event) => event.eventType === 'REFUND_STATUS_CHANGED')).toBe(true);
    expect(await gateway.timer(refundTimerId(id))).toBeNull();
    expect((await gateway.get(GetRefundUseCase).execute({ memberId: member, id })).refund.status).toBe(
      'INITIATION_COMPLETED',
    );
  });

  it('a bank refusal of the send ends it INITIATION_REJECTED, and its amount counts no more against the payment', async () => {
    const paymentId = await completedPayment('5.00');
    const id = await refund(paymentId, '5.00');
    gateway.bank.script('initiateRefund', bankFails.rejected('account closed'));
    await fireTimer(id);
    expect((await row(id)).status).toBe('INITIATION_REJECTED');
    expect(await gateway.outcomeCheck('refund', id)).toBeNull();
    // The whole amount can be refunded again.
    const again = await refund(paymentId, '5.00');
    expect((await row(again)).status).toBe('INITIATION_PENDING');
  });

  it('never refunds more than was paid: the field is named and nothing is stored', async () => {
    const paymentId = await completedPayment('3.00');
    await refund(paymentId, '2.00');
    const error = await refund(paymentId, '1.50').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GatewayError);
    expect(JSON.stringify(error)).toContain('amount');
    expect(await gateway.stores.prisma.refund.count({ where: { originalPaymentId: paymentId } })).toBe(1);
  });

  it('is the member’s own: another member reads a 404', async () => {
    const id = await refund(await completedPayment(), '1.00');
    const other = await gateway.member('refunds-other');
    await expect(gateway.get(GetRefundUseCase).execute({ memberId: other, id })).rejects.toMatchObject({ status: 404 });
  });
});

describe('a refund whose send has an unknown outcome', () => {
  it('stays INITIATION_PENDING (counted) under an outcome check, which sends it again and records the answer', async () => {
    const paymentId = await completedPayment('6.00');
    const id = await refund(paymentId, '6.00');
    gateway.bank.script('initiateRefund', bankFails.timeout());
    await fireTimer(id);
    expect(await row(id)).toMatchObject({ status: 'INITIATION_PENDING', bankTransactionId: null });
    const check = await gateway.outcomeCheck('refund', id);
    expect(check).toMatchObject({ operation: 'refund-send' });
    // Still counted: nothing more of the payment can be refunded meanwhile.
    await expect(refund(paymentId, '0.01')).rejects.toBeInstanceOf(GatewayError);

    gateway.bank.reset();
    gateway.bank.script('initiateRefund', bankFails.unavailable());
    expect(await gateway.get(RefundProgression).askAgain(check!)).toBe('unanswered');
    expect((await row(id)).status).toBe('INITIATION_PENDING');
    expect(await gateway.outcomeCheck('refund', id)).not.toBeNull();

    gateway.bank.reset();
    gateway.bank.script('initiateRefund', bankSays.movement('COMPLETED', 'bank-rf-2'));
    expect(await gateway.get(RefundProgression).askAgain((await gateway.outcomeCheck('refund', id))!)).toBe('answered');
    expect(await row(id)).toMatchObject({ status: 'INITIATION_COMPLETED', bankTransactionId: 'bank-rf-2' });
    expect(await gateway.outcomeCheck('refund', id)).toBeNull();
    // Asked again under the same refund id (the bank's idempotency key).
    expect(gateway.bank.calls('initiateRefund').map((call) => call.args[0].refundId)).toEqual([id]);
    expect(await gateway.statusesOf(id)).toEqual(['INITIATION_PENDING', 'INITIATION_COMPLETED']);
  });
});
