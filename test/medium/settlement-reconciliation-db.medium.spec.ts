import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CreditReconciliation,
  MatchCreditUseCase,
  SettlementWindowEnd,
  settlementWindowTimerId,
} from '#libs/application';
import { setTimeout as sleep } from 'node:timers/promises';
import { GatewayError } from '#libs/common';
import { closeDataStores, openDataStores, type DataStores, type Payment } from '#libs/db';
import { newId } from '#libs/domain';
import {
  storeSettlementAccount,
  storeSettlementCredit,
  storeSettlementPayment,
  type SettlementPaymentSpec,
} from '../support/settlement-fixtures.js';
import { testExtensions } from '../support/extensions.js';
import { testConfig } from '../support/test-env.js';

/**
 * Reconciliation against Postgres: payments to settlement accounts and credits made through the
 * repositories, matched by the worker's batch, the window end and an operator's match.
 */
const MEMBER = 'm:reconciliation-a';
const OTHER_MEMBER = 'm:reconciliation-b';

let stores: DataStores;
let config: Awaited<ReturnType<typeof testConfig>>;
let reconciliation: CreditReconciliation;
let windows: SettlementWindowEnd;
let matches: MatchCreditUseCase;

beforeAll(async () => {
  // 300 payments stored at once on 8 connections: on a machine running other test files beside
  // this one, a connection may take longer than the default 3 s to come free.
  config = await testConfig({ DATABASE_POOL_ACQUIRE_TIMEOUT_MS: '30000' });
  stores = await openDataStores(config, { service: 'reconciliation-test', poolSize: 8 });
  for (const id of [MEMBER, OTHER_MEMBER])
    await stores.prisma.member.upsert({ where: { id }, create: { id, name: id }, update: {} });
  const { prisma, clock, repositories } = stores;
  const extensions = testExtensions().payments;
  reconciliation = new CreditReconciliation(prisma, clock, extensions, repositories.settlementReconciliation, config);
  windows = new SettlementWindowEnd(
    prisma,
    clock,
    extensions,
    repositories.payments,
    repositories.transfers,
    repositories.settlementReconciliation,
  );
  matches = new MatchCreditUseCase(
    prisma,
    clock,
    extensions,
    repositories.payments,
    repositories.transfers,
    repositories.settlementReconciliation,
  );
});

afterAll(async () => {
  await closeDataStores(stores);
});

const newAccount = (memberId = MEMBER, currency = 'EUR'): Promise<string> =>
  storeSettlementAccount(stores, memberId, { currency });

const newPayment = (spec: Omit<SettlementPaymentSpec, 'memberId'> & { readonly memberId?: string }): Promise<Payment> =>
  storeSettlementPayment(stores, { memberId: MEMBER, ...spec });

async function newCredit(accountId: string, refId: string | null, amount = '10.00', description?: string) {
  const memberId = (await stores.repositories.settlementAccounts.findById(accountId))?.memberId ?? MEMBER;
  return storeSettlementCredit(stores, {
    memberId,
    accountId,
    refId,
    amount,
    ...(description === undefined ? {} : { description }),
  });
}

async function reconcileAll(): Promise<void> {
  for (;;) if ((await reconciliation.reconcileBatch(100)).examined === 0) return;
}

const paymentOf = (id: string) => stores.prisma.payment.findUniqueOrThrow({ where: { id } });
const creditRow = (id: string) => stores.prisma.settlementTransaction.findUniqueOrThrow({ where: { id } });
const timerOf = (paymentId: string) =>
  stores.prisma.scheduledJob.findUnique({ where: { id: settlementWindowTimerId(paymentId) } });

async function eventsOf(paymentId: string): Promise<{ status: string; statusReasonInformation?: string }[]> {
  const rows = await stores.prisma.outboxEvent.findMany({
    where: { eventType: 'PAYMENT_STATUS_CHANGED', body: { contains: paymentId } },
    orderBy: { createdAt: 'asc' },
  });
  return rows.map((row) => (JSON.parse(row.body) as { payment: { status: string } }).payment);
}

describe('reconciliation of settlement credits in Postgres', () => {
  it('settles the payment with the same reference and amount, links the credit and removes the window timer', async () => {
    const account = await newAccount();
    const payment = await newPayment({ accountId: account, refId: 'order-1', amount: '10.00' });
    const credit = await newCredit(account, 'order-1', '10');
    await reconcileAll();
    const settled = await paymentOf(payment.id);
    expect(settled.status).toBe('SETTLEMENT_COMPLETED');
    expect(settled.version).toBe(payment.version + 1);
    expect(await creditRow(credit.id)).toMatchObject({ reconciliationState: 'MATCHED', paymentId: payment.id });
    expect(await timerOf(payment.id)).toBeNull();
    expect((await eventsOf(payment.id)).map((event) => event.status)).toEqual(['SETTLEMENT_COMPLETED']);
  });

  it('takes a payment still at INITIATION_COMPLETED through SETTLEMENT_IN_PROGRESS, an event per move', async () => {
    const account = await newAccount();
    const payment = await newPayment({ accountId: account, refId: 'order-2', status: 'INITIATION_COMPLETED' });
    await newCredit(account, 'order-2');
    await reconcileAll();
    expect((await paymentOf(payment.id)).version).toBe(payment.version + 2);
    expect((await eventsOf(payment.id)).map((event) => event.status)).toEqual([
      'SETTLEMENT_IN_PROGRESS',
      'SETTLEMENT_COMPLETED',
    ]);
  });

  it("writes what the payment's lifecycle declares for each move, in order: a VRP's settlement announces the VRP too", async () => {
    const account = await newAccount();
    const stored = await newPayment({ accountId: account, refId: 'vrp-order', status: 'INITIATION_COMPLETED' });
    const payment = await stores.prisma.payment.update({
      where: { id: stored.id },
      data: { vrpConsentId: 'vrc:settling' },
    });
    await newCredit(account, 'vrp-order');
    await reconcileAll();
    expect(await paymentOf(payment.id)).toMatchObject({ status: 'SETTLEMENT_COMPLETED', version: payment.version + 2 });
    const history = await stores.prisma.statusHistory.findMany({
      where: { resourceId: payment.id },
      orderBy: { seq: 'asc' },
    });
    expect(history.map((row) => [row.resourceType, row.status])).toEqual([
      ['PAYMENT', 'SETTLEMENT_IN_PROGRESS'],
      ['VRP', 'SETTLEMENT_IN_PROGRESS'],
      ['PAYMENT', 'SETTLEMENT_COMPLETED'],
      ['VRP', 'SETTLEMENT_COMPLETED'],
    ]);
    expect(await timerOf(payment.id)).toBeNull();
  });

  it('books a credit of another amount against the payment, which stays in progress until its window ends naming it', async () => {
    const account = await newAccount();
    const payment = await newPayment({ accountId: account, refId: 'order-3', amount: '10.00' });
    const credit = await newCredit(account, 'order-3', '9.99');
    await reconcileAll();
    expect((await paymentOf(payment.id)).status).toBe('SETTLEMENT_IN_PROGRESS');
    expect(await creditRow(credit.id)).toMatchObject({ reconciliationState: 'MISMATCHED', paymentId: payment.id });
    expect(await windows.onTimer(payment.id)).toBe('SETTLEMENT_INCOMPLETE');
    const ended = await paymentOf(payment.id);
    expect(ended.statusReasonInformation).toBe(
      `The credits received on the settlement account do not match the payment (expected 10.00 EUR): ${credit.id} 9.99 EUR.`,
    );
  });

  it('matches a credit without a refId by its description, and leaves other credits unmatched', async () => {
    const account = await newAccount();
    const payment = await newPayment({ accountId: account, refId: 'order-4' });
    const byDescription = await newCredit(account, null, '10.00', '  order-4 ');
    const stranger = await newCredit(account, 'nobody-paid-this');
    const bare = await newCredit(account, null);
    await reconcileAll();
    expect((await creditRow(byDescription.id)).paymentId).toBe(payment.id);
    expect(await creditRow(stranger.id)).toMatchObject({ reconciliationState: 'UNMATCHED', paymentId: null });
    expect(await creditRow(bare.id)).toMatchObject({ reconciliationState: 'UNMATCHED', paymentId: null });
  });

  it('never changes a final payment: a second credit, or one after the window, stays unmatched', async () => {
    const account = await newAccount();
    const settled = await newPayment({ accountId: account, refId: 'order-5' });
    const late = await newPayment({ accountId: account, refId: 'order-6', status: 'SETTLEMENT_INCOMPLETE' });
    const first = await newCredit(account, 'order-5');
    await reconcileAll();
    const second = await newCredit(account, 'order-5');
    const afterWindow = await newCredit(account, 'order-6');
    await reconcileAll();
    expect((await creditRow(first.id)).paymentId).toBe(settled.id);
    expect(await creditRow(second.id)).toMatchObject({ reconciliationState: 'UNMATCHED', paymentId: null });
    expect(await creditRow(afterWindow.id)).toMatchObject({ reconciliationState: 'UNMATCHED', paymentId: null });
    expect((await paymentOf(late.id)).version).toBe(late.version);
  });

  it('keeps a credit waiting while its payment is not at the bank\u2019s final status, and takes it once woken', async () => {
    const account = await newAccount();
    const payment = await newPayment({ accountId: account, refId: 'order-7', status: 'INITIATION_PROCESSING' });
    const credit = await newCredit(account, 'order-7');
    await reconcileAll();
    const waiting = await creditRow(credit.id);
    expect(waiting.reconciliationState).toBe('PENDING');
    expect(waiting.reconcileAfter?.getTime()).toBeGreaterThan(stores.clock.nowMs());
    await stores.prisma.payment.update({ where: { id: payment.id }, data: { status: 'SETTLEMENT_IN_PROGRESS' } });
    await stores.repositories.settlementReconciliation.wakeWaitingCredits(account, 'order-7');
    await reconcileAll();
    expect((await paymentOf(payment.id)).status).toBe('SETTLEMENT_COMPLETED');
  });

  it('two workers at once never match a credit twice or a payment with two credits', async () => {
    const account = await newAccount();
    const count = 300;
    const payments = await Promise.all(
      Array.from({ length: count }, (_, i) => newPayment({ accountId: account, refId: `bulk-${i % 150}` })),
    );
    for (let i = 0; i < count; i += 1) await newCredit(account, `bulk-${i % 150}`);
    // A credit whose payment another worker holds waits a moment (about a second) and is taken then.
    const pending = () =>
      stores.prisma.settlementTransaction.count({ where: { accountId: account, reconciliationState: 'PENDING' } });
    const runs = async () => {
      for (;;) {
        if ((await reconciliation.reconcileBatch(40)).examined > 0) continue;
        if ((await pending()) === 0) return;
        await sleep(200);
      }
    };
    await Promise.all([runs(), runs(), runs()]);
    const statuses = await stores.prisma.payment.groupBy({
      by: ['status'],
      where: { id: { in: payments.map((p) => p.id) } },
      _count: true,
    });
    expect(statuses).toEqual([{ status: 'SETTLEMENT_COMPLETED', _count: count }]);
    const linked = await stores.prisma.settlementTransaction.count({
      where: { accountId: account, reconciliationState: 'MATCHED' },
    });
    expect(linked).toBe(count);
    const events = await stores.prisma.outboxEvent.count({
      where: { eventType: 'PAYMENT_STATUS_CHANGED', body: { contains: 'bulk-' } },
    });
    expect(events).toBe(count);
  });
});

describe('settlement window end in Postgres', () => {
  it('ends a payment without its credit SETTLEMENT_INCOMPLETE, saying the window passed', async () => {
    const account = await newAccount();
    const sepa = await newPayment({ accountId: account, refId: 'window-1' });
    const faster = await newPayment({ accountId: account, refId: 'window-2', localInstrument: 'FASTER_PAYMENTS' });
    expect(await windows.onTimer(sepa.id)).toBe('SETTLEMENT_INCOMPLETE');
    expect(await windows.onTimer(faster.id)).toBe('SETTLEMENT_INCOMPLETE');
    expect((await paymentOf(sepa.id)).statusReasonInformation).toContain('(15 days)');
    expect((await paymentOf(faster.id)).statusReasonInformation).toContain('(1 day)');
    expect(await windows.onTimer(sepa.id)).toBe('unchanged');
  });

  it('settles with a pending credit the worker has not reached yet', async () => {
    const account = await newAccount();
    const payment = await newPayment({ accountId: account, refId: 'window-3', status: 'INITIATION_COMPLETED' });
    const credit = await newCredit(account, 'window-3');
    expect(await windows.onTimer(payment.id)).toBe('SETTLEMENT_COMPLETED');
    expect(await creditRow(credit.id)).toMatchObject({ reconciliationState: 'MATCHED', paymentId: payment.id });
  });
});

describe("an operator's match in Postgres", () => {
  async function refusal(creditId: string, paymentId: string): Promise<{ status: number; message: string }> {
    try {
      await matches.execute({ kind: 'payment', creditId, paymentId });
    } catch (error) {
      if (error instanceof GatewayError) return { status: error.status, message: error.message };
      throw error;
    }
    throw new Error('the match was made');
  }

  it('settles an unmatched credit with a payment of the same account, through the same rules', async () => {
    const account = await newAccount();
    const credit = await newCredit(account, 'typo-ref');
    await reconcileAll();
    const payment = await newPayment({ accountId: account, refId: 'right-ref' });
    const matched = await matches.execute({ kind: 'payment', creditId: credit.id, paymentId: payment.id });
    expect(matched.reconciliationState).toBe('MATCHED');
    expect(matched.payment.status).toBe('SETTLEMENT_COMPLETED');
    expect(await timerOf(payment.id)).toBeNull();
    expect((await refusal(credit.id, (await newPayment({ accountId: account, refId: 'x' })).id)).status).toBe(409);
  });

  it('books a credit of another amount against the payment, which stays in progress; one adding up with it settles it', async () => {
    const account = await newAccount();
    const payment = await newPayment({ accountId: account, refId: 'split-order', amount: '10.00' });
    const first = await newCredit(account, 'split-typo-1', '4.00');
    const second = await newCredit(account, 'split-typo-2', '6.00');
    await reconcileAll();

    const booked = await matches.execute({ kind: 'payment', creditId: first.id, paymentId: payment.id });
    expect(booked).toMatchObject({
      creditId: first.id,
      reconciliationState: 'MISMATCHED',
      payment: { id: payment.id, status: 'SETTLEMENT_IN_PROGRESS' },
    });
    expect(await paymentOf(payment.id)).toMatchObject({ status: 'SETTLEMENT_IN_PROGRESS', version: payment.version });
    expect(await creditRow(first.id)).toMatchObject({ reconciliationState: 'MISMATCHED', paymentId: payment.id });
    expect(await timerOf(payment.id)).not.toBeNull();
    expect(await eventsOf(payment.id)).toEqual([]);
    // Booked against it now: not matched a second time.
    expect((await refusal(first.id, payment.id)).status).toBe(409);

    const settled = await matches.execute({ kind: 'payment', creditId: second.id, paymentId: payment.id });
    expect(settled).toMatchObject({
      reconciliationState: 'MATCHED',
      payment: { id: payment.id, status: 'SETTLEMENT_COMPLETED' },
    });
    for (const credit of [first, second])
      expect(await creditRow(credit.id)).toMatchObject({ reconciliationState: 'MATCHED', paymentId: payment.id });
    expect(await timerOf(payment.id)).toBeNull();
    expect((await eventsOf(payment.id)).map((event) => event.status)).toEqual(['SETTLEMENT_COMPLETED']);
  });

  it('moves a payment at INITIATION_COMPLETED to SETTLEMENT_IN_PROGRESS for a credit of another amount, with its event', async () => {
    const account = await newAccount();
    const payment = await newPayment({ accountId: account, refId: 'ic-order', status: 'INITIATION_COMPLETED' });
    const credit = await newCredit(account, 'ic-typo', '0.01');
    const booked = await matches.execute({ kind: 'payment', creditId: credit.id, paymentId: payment.id });
    expect(booked.reconciliationState).toBe('MISMATCHED');
    expect(await paymentOf(payment.id)).toMatchObject({
      status: 'SETTLEMENT_IN_PROGRESS',
      version: payment.version + 1,
      statusReasonInformation: null,
    });
    expect((await eventsOf(payment.id)).map((event) => event.status)).toEqual(['SETTLEMENT_IN_PROGRESS']);
    expect(await timerOf(payment.id)).not.toBeNull();
  });

  it('settles nothing with credits adding up past the amount: a credit of the amount still does, or the window ends it naming them', async () => {
    const account = await newAccount();
    const over = await newPayment({ accountId: account, refId: 'over-1', amount: '10.00' });
    const a = await newCredit(account, 'over-typo-a', '6.00');
    const b = await newCredit(account, 'over-typo-b', '6.00');
    await matches.execute({ kind: 'payment', creditId: a.id, paymentId: over.id });
    const second = await matches.execute({ kind: 'payment', creditId: b.id, paymentId: over.id });
    expect(second).toMatchObject({ reconciliationState: 'MISMATCHED', payment: { status: 'SETTLEMENT_IN_PROGRESS' } });
    expect(await windows.onTimer(over.id)).toBe('SETTLEMENT_INCOMPLETE');
    expect((await paymentOf(over.id)).statusReasonInformation).toBe(
      `The credits received on the settlement account do not match the payment (expected 10.00 EUR): ${a.id} 6.00 EUR, ${b.id} 6.00 EUR.`,
    );
    for (const credit of [a, b])
      expect(await creditRow(credit.id)).toMatchObject({ reconciliationState: 'MISMATCHED', paymentId: over.id });

    const exact = await newPayment({ accountId: account, refId: 'over-2', amount: '10.00' });
    const c = await newCredit(account, 'over-typo-c', '6.00');
    const d = await newCredit(account, 'over-typo-d', '6.00');
    const real = await newCredit(account, 'over-typo-e', '10.00');
    await matches.execute({ kind: 'payment', creditId: c.id, paymentId: exact.id });
    await matches.execute({ kind: 'payment', creditId: d.id, paymentId: exact.id });
    const settled = await matches.execute({ kind: 'payment', creditId: real.id, paymentId: exact.id });
    expect(settled).toMatchObject({ reconciliationState: 'MATCHED', payment: { status: 'SETTLEMENT_COMPLETED' } });
    expect(
      (await stores.prisma.settlementTransaction.findMany({ where: { paymentId: exact.id }, orderBy: { id: 'asc' } }))
        .map((row) => [row.id, row.reconciliationState])
        .sort(),
    ).toEqual(
      [
        [c.id, 'MISMATCHED'],
        [d.id, 'MISMATCHED'],
        [real.id, 'MATCHED'],
      ].sort(),
    );
  });

  it('refuses a final payment (409), another member, account or currency (400)', async () => {
    const account = await newAccount();
    const otherAccount = await newAccount();
    const foreignAccount = await newAccount(OTHER_MEMBER);
    const credit = await newCredit(account, 'lost');
    const final = await newPayment({ accountId: account, refId: 'f', status: 'SETTLEMENT_INCOMPLETE' });
    expect(await refusal(credit.id, final.id)).toMatchObject({ status: 409 });
    const elsewhere = await newPayment({ accountId: otherAccount, refId: 'e' });
    expect(await refusal(credit.id, elsewhere.id)).toMatchObject({ status: 400 });
    const foreign = await newPayment({ accountId: foreignAccount, refId: 'g', memberId: OTHER_MEMBER });
    expect(await refusal(credit.id, foreign.id)).toMatchObject({ status: 400 });
    const gbpCredit = await stores.repositories.settlementTransactions.insertOnce({
      id: newId('st'),
      accountId: account,
      memberId: MEMBER,
      transactionType: 'CREDIT',
      providerPaymentId: newId('pp'),
      amount: '10.00',
      currency: 'GBP',
      createdDateTime: new Date(),
      receivedAt: new Date(),
    });
    const open = await newPayment({ accountId: account, refId: 'h' });
    expect(await refusal(gbpCredit?.id ?? '', open.id)).toMatchObject({ status: 400 });
    expect((await paymentOf(open.id)).status).toBe('SETTLEMENT_IN_PROGRESS');
    expect((await refusal('st:none', open.id)).status).toBe(404);
  });
});
