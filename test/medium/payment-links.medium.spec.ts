import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  CreatePaymentLinkUseCase,
  DeactivatePaymentLinkUseCase,
  ExpirePaymentLinkUseCase,
  PaymentProgression,
  UsePaymentLinkUseCase,
  paymentLinkTimerId,
  paymentTimerId,
  type PaymentLinkUseOutcome,
} from '#libs/application';
import { GatewayError } from '#libs/common';
import type { MemberId } from '#libs/domain';
import { PAYMENT_LINK_STATUS } from '#libs/db';
import { MediumGateway } from './harness/medium-gateway.js';

/**
 * Pay by Link in-process: a link created (CreatePaymentLinkUseCase), used from its page
 * (UsePaymentLinkUseCase: the payment stored for the hosted pages and the use counted), a use
 * given back when its payment ends without the money moving (the payment's timer,
 * PaymentProgression.poll), expired by its timer once the clock passes its expiresAt
 * (ExpirePaymentLinkUseCase, the worker's `payment-links.expire`) and deactivated (DELETE). Each
 * move is asserted on the link's row, its counts and its expiry timer, and on its payments.
 */
let gateway: MediumGateway;
let member: MemberId;

beforeAll(async () => {
  gateway = await MediumGateway.start();
  member = await gateway.member('links');
});

afterAll(async () => {
  await gateway?.close();
});

afterEach(() => {
  gateway.bank.reset();
});

const DAY_S = 86_400;

interface LinkConfig {
  readonly maxUsageCount?: number;
  readonly totalAmountLimit?: string;
  readonly expiresAt?: Date;
}

/** A link for 10.50 GBP a payment, or (`amount` null) for what the payer enters. */
async function createLink(linkConfig: LinkConfig, amount: string | null = '10.50', memberId = member) {
  return gateway.get(CreatePaymentLinkUseCase).execute({
    memberId,
    regulated: true,
    paymentTemplate: {
      amount: { currency: 'GBP', ...(amount === null ? {} : { value: amount }) },
      localInstrument: 'FASTER_PAYMENTS',
      creditor: { name: 'Merchant Ltd', sortCode: '040004', accountNumber: '12345678' },
      refId: `L${randomBytes(4).toString('hex')}`,
      remittanceInformationPrimary: 'ORDER 4711',
      callbackUrl: 'https://tpp.example/payments/callback',
    },
    linkConfig,
  });
}

const linkRow = (id: string) =>
  gateway.stores.prisma.paymentLink.findUniqueOrThrow({ where: { id } }).then(PAYMENT_LINK_STATUS.row);
const paymentRow = (id: string) => gateway.stores.prisma.payment.findUniqueOrThrow({ where: { id } });
const linkTimer = (id: string) => gateway.timer(paymentLinkTimerId(id));

/** A payer presses the link page's button (for a link without a fixed amount, with `amount`). */
async function use(linkId: string, amount?: string): Promise<PaymentLinkUseOutcome> {
  const link = await linkRow(linkId);
  return gateway
    .get(UsePaymentLinkUseCase)
    .execute({ link, owner: member, ...(amount === undefined ? {} : { amount }) });
}

/** A use that started a payment: the payment's id. */
async function started(linkId: string, amount?: string): Promise<string> {
  const outcome = await use(linkId, amount);
  if (outcome.kind !== 'started') throw new Error(`the use was not started: ${JSON.stringify(outcome)}`);
  return outcome.payment.id;
}

/** The payer never picks a bank: the payment's timer fires once due and it ends INITIATION_EXPIRED. */
async function expirePayment(paymentId: string): Promise<void> {
  const timer = await gateway.timer(paymentTimerId(paymentId));
  expect(timer, `payment ${paymentId} has a timer`).not.toBeNull();
  const wait = (timer!.dueAt.getTime() - gateway.clock.nowMs()) / 1000;
  if (wait > 0) gateway.clock.advance(wait + 1);
  await gateway.get(PaymentProgression).poll(paymentId);
  expect((await paymentRow(paymentId)).status).toBe('INITIATION_EXPIRED');
}

function counts(row: Awaited<ReturnType<typeof linkRow>>) {
  return {
    status: row.status,
    usedCount: row.usedCount,
    usedAmount: row.usedAmount.toFixed(2),
    startedCount: row.startedCount,
  };
}

describe('creating a link', () => {
  it('stores it LINK_ACTIVE with nothing used, and its expiry timer at its expiresAt', async () => {
    const expiresAt = new Date(gateway.clock.nowMs() + 7 * DAY_S * 1000);
    const link = await createLink({ maxUsageCount: 3, expiresAt });

    expect(link).toMatchObject({ status: 'LINK_ACTIVE', currentUsage: { remainingCount: 3 } });
    expect(counts(await linkRow(link.id))).toEqual({
      status: 'LINK_ACTIVE',
      usedCount: 0,
      usedAmount: '0.00',
      startedCount: 0,
    });
    expect(await linkTimer(link.id)).toEqual({ dueAt: expiresAt, jobName: 'payment-links.expire' });
  });

  it('a link without an expiresAt keeps no timer', async () => {
    const link = await createLink({});
    expect((await linkRow(link.id)).status).toBe('LINK_ACTIVE');
    expect(await linkTimer(link.id)).toBeNull();
  });
});

describe('using a link', () => {
  it('stores the payment for the hosted pages, linked and numbered, and counts the use; the link stays active with its timer', async () => {
    const expiresAt = new Date(gateway.clock.nowMs() + 7 * DAY_S * 1000);
    const link = await createLink({ maxUsageCount: 3, expiresAt }, null);
    const paymentId = await started(link.id, '4.25');

    const payment = await paymentRow(paymentId);
    expect(payment).toMatchObject({ status: 'INITIATION_PENDING_REDIRECT_HP', paymentLinkId: link.id });
    expect(payment.amount.toFixed(2)).toBe('4.25');
    expect(payment.refId).toMatch(/0{4}1$/);
    expect(await gateway.statusesOf(paymentId)).toEqual(['INITIATION_PENDING_REDIRECT_HP']);
    expect(counts(await linkRow(link.id))).toEqual({
      status: 'LINK_ACTIVE',
      usedCount: 1,
      usedAmount: '4.25',
      startedCount: 1,
    });
    expect((await linkTimer(link.id))?.dueAt).toEqual(expiresAt);
    expect(gateway.bank.calls()).toEqual([]);
  });

  it('the last use allowed uses it up (USAGE_LIMIT_REACHED, no timer); a further use is refused and stores nothing', async () => {
    const link = await createLink({ maxUsageCount: 2, expiresAt: new Date(gateway.clock.nowMs() + DAY_S * 1000) });
    await started(link.id);
    await started(link.id);

    expect(counts(await linkRow(link.id))).toEqual({
      status: 'USAGE_LIMIT_REACHED',
      usedCount: 2,
      usedAmount: '21.00',
      startedCount: 2,
    });
    expect(await linkTimer(link.id)).toBeNull();

    expect(await use(link.id)).toEqual({ kind: 'refused', reason: 'not-active' });
    expect(await gateway.stores.prisma.payment.count({ where: { paymentLinkId: link.id } })).toBe(2);
    expect((await linkRow(link.id)).usedCount).toBe(2);
  });

  it('its total amount used up: AMOUNT_LIMIT_REACHED; a use past the total is refused while the link is active', async () => {
    const link = await createLink({ totalAmountLimit: '20.00' }, null);
    expect(await use(link.id, '15.00')).toMatchObject({ kind: 'started' });
    expect(await use(link.id, '6.00')).toEqual({ kind: 'refused', reason: 'amount-limit' });
    expect((await linkRow(link.id)).status).toBe('LINK_ACTIVE');
    await started(link.id, '5.00');
    expect(counts(await linkRow(link.id))).toEqual({
      status: 'AMOUNT_LIMIT_REACHED',
      usedCount: 2,
      usedAmount: '20.00',
      startedCount: 2,
    });
  });
});

describe('a use given back', () => {
  it('a payment that ends without the money moving gives its use back: the used-up link is active again with its timer', async () => {
    const expiresAt = new Date(gateway.clock.nowMs() + 30 * DAY_S * 1000);
    const link = await createLink({ maxUsageCount: 2, expiresAt });
    const first = await started(link.id);
    await started(link.id);
    expect((await linkRow(link.id)).status).toBe('USAGE_LIMIT_REACHED');

    await expirePayment(first);

    expect(counts(await linkRow(link.id))).toEqual({
      status: 'LINK_ACTIVE',
      usedCount: 1,
      usedAmount: '10.50',
      startedCount: 2,
    });
    expect((await linkTimer(link.id))?.dueAt).toEqual(expiresAt);
    // The next use is numbered after every payment ever made through the link.
    const third = await started(link.id);
    expect((await paymentRow(third)).refId).toMatch(/0{4}3$/);
    expect((await linkRow(link.id)).status).toBe('USAGE_LIMIT_REACHED');
  });
});

describe('expiry', () => {
  it('the timer before the link’s expiresAt keeps it active; once the clock passes it, the link is LINK_EXPIRED and its timer gone', async () => {
    const expiresAt = new Date(gateway.clock.nowMs() + 600_000);
    const link = await createLink({ maxUsageCount: 5, expiresAt });

    expect(await gateway.get(ExpirePaymentLinkUseCase).execute({ paymentLinkId: link.id })).toBe('LINK_ACTIVE');
    expect((await linkTimer(link.id))?.dueAt).toEqual(expiresAt);

    gateway.clock.advance(601);
    expect(await gateway.get(ExpirePaymentLinkUseCase).execute({ paymentLinkId: link.id })).toBe('LINK_EXPIRED');
    expect((await linkRow(link.id)).status).toBe('LINK_EXPIRED');
    expect(await linkTimer(link.id)).toBeNull();
    // Safe to run twice.
    expect(await gateway.get(ExpirePaymentLinkUseCase).execute({ paymentLinkId: link.id })).toBe('LINK_EXPIRED');
    expect(await use(link.id)).toEqual({ kind: 'refused', reason: 'not-active' });
  });
});

describe('deactivation', () => {
  it('an active link becomes LINK_CANCELED and loses its timer; DELETE again answers it as it is; another member’s is a 404', async () => {
    const link = await createLink({ expiresAt: new Date(gateway.clock.nowMs() + DAY_S * 1000) });
    const canceled = await gateway
      .get(DeactivatePaymentLinkUseCase)
      .execute({ memberId: member, paymentLinkId: link.id });
    expect(canceled.status).toBe('LINK_CANCELED');
    expect((await linkRow(link.id)).status).toBe('LINK_CANCELED');
    expect(await linkTimer(link.id)).toBeNull();

    const again = await gateway.get(DeactivatePaymentLinkUseCase).execute({ memberId: member, paymentLinkId: link.id });
    expect(again.status).toBe('LINK_CANCELED');

    const other = await gateway.member('other-links');
    const foreign = await gateway
      .get(DeactivatePaymentLinkUseCase)
      .execute({ memberId: other, paymentLinkId: link.id })
      .catch((caught: unknown) => caught);
    expect(foreign).toBeInstanceOf(GatewayError);
    expect((foreign as GatewayError).status).toBe(404);
  });

  it('a used-up link can be canceled', async () => {
    const link = await createLink({ maxUsageCount: 1 });
    await started(link.id);
    expect((await linkRow(link.id)).status).toBe('USAGE_LIMIT_REACHED');
    expect(
      (await gateway.get(DeactivatePaymentLinkUseCase).execute({ memberId: member, paymentLinkId: link.id })).status,
    ).toBe('LINK_CANCELED');
  });
});

describe('a final link', () => {
  it('a canceled link refuses every status move, but a use given back still lowers its counts', async () => {
    const expiresAt = new Date(gateway.clock.nowMs() + 30 * DAY_S * 1000);
    const link = await createLink({ maxUsageCount: 2, expiresAt });
    const first = await started(link.id);
    await started(link.id);
    await gateway.get(DeactivatePaymentLinkUseCase).execute({ memberId: member, paymentLinkId: link.id });
    const canceledRow = await linkRow(link.id);
    expect(canceledRow.status).toBe('LINK_CANCELED');

    // The use is given back (the counts equal the payments that moved or may move money) ...
    await expirePayment(first);
    const given = await linkRow(link.id);
    expect(counts(given)).toEqual({ status: 'LINK_CANCELED', usedCount: 1, usedAmount: '10.50', startedCount: 2 });
    expect(given.version).toBe(canceledRow.version + 1);
    // ... but no status move follows: the link stays canceled, without a timer, and takes no use.
    expect(await linkTimer(link.id)).toBeNull();
    expect(await use(link.id)).toEqual({ kind: 'refused', reason: 'not-active' });
    expect(
      (await gateway.get(DeactivatePaymentLinkUseCase).execute({ memberId: member, paymentLinkId: link.id })).status,
    ).toBe('LINK_CANCELED');
    gateway.clock.advance(31 * DAY_S);
    expect(await gateway.get(ExpirePaymentLinkUseCase).execute({ paymentLinkId: link.id })).toBe('LINK_CANCELED');
    expect(counts(await linkRow(link.id))).toEqual(counts(given));
  });

  it('an expired link keeps LINK_EXPIRED when a payment made before its expiry gives its use back', async () => {
    const link = await createLink({ maxUsageCount: 3, expiresAt: new Date(gateway.clock.nowMs() + 60_000) });
    const paymentId = await started(link.id);
    gateway.clock.advance(61);
    expect(await gateway.get(ExpirePaymentLinkUseCase).execute({ paymentLinkId: link.id })).toBe('LINK_EXPIRED');

    await expirePayment(paymentId);
    expect(counts(await linkRow(link.id))).toEqual({
      status: 'LINK_EXPIRED',
      usedCount: 0,
      usedAmount: '0.00',
      startedCount: 1,
    });
    expect(await linkTimer(link.id)).toBeNull();
  });
});
