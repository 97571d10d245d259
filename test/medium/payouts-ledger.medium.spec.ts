import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OnBehalfOfCheck,
  OutcomeChecks,
  PayoutInitiation,
  PayoutProgression,
  recordPayoutChange,
  type InitiatePayoutCommand,
} from '#libs/application';
import { GatewayError, type ConnectedConfig } from '#libs/common';
import { SettlementProviderRegistry } from '#libs/connectors';
import { closeDataStores, openDataStores, type DataStores, type Payout } from '#libs/db';
import { newId, type MemberId, type PayoutInitiationInput, type PayoutStatus } from '#libs/domain';
import { testConfig } from '../support/test-env.js';

/**
 * The payout initiation against real Postgres, accounts and credits made through the
 * repositories: the ledger reservation in the transaction that stores the payout, 50 concurrent
 * payouts never taking the available balance below zero, and the ledger moves of each end.
 */
const MEMBER = 'm:payouts-ledger' as MemberId;
const OTHER = 'm:payouts-ledger-other' as MemberId;

let stores: DataStores;
let config: ConnectedConfig;
let initiate: PayoutInitiation;
let progression: PayoutProgression;

beforeAll(async () => {
  config = await testConfig();
  stores = await openDataStores(config, { service: 'payouts-ledger-test', poolSize: 30 });
  for (const id of [MEMBER, OTHER])
    await stores.prisma.member.upsert({ where: { id }, create: { id, name: id }, update: {} });
  const logger = pino({ level: 'silent' });
  const r = stores.repositories;
  progression = new PayoutProgression(
    r.payouts,
    r.settlementAccounts,
    r.transactions,
    stores.clock,
    logger,
    config,
    new SettlementProviderRegistry({}),
    new OutcomeChecks(r.outcomeChecks, r.scheduledJobs, r.transactions, stores.clock, logger),
  );
  initiate = new PayoutInitiation(
    stores.prisma,
    r.payouts,
    r.settlementAccounts,
    r.accountVerifications,
    r.members,
    new OnBehalfOfCheck(r.subTpps),
    progression,
    stores.clock,
  );
});

afterAll(async () => {
  await closeDataStores(stores);
});

async function newAccount(credit: string, memberId = MEMBER, currency = 'GBP'): Promise<string> {
  const id = newId('pa');
  const now = new Date();
  await stores.repositories.settlementAccounts.insert({
    id,
    memberId,
    providerId: 'payouts-ledger-test',
    providerAccountId: id,
    status: 'ACTIVE',
    currency,
    country: 'GB',
    createdAt: now,
    updatedAt: now,
  });
  const posted = await stores.repositories.transactions.run((tx) =>
    stores.repositories.settlementLedger
      .in(tx)
      .post({ accountId: id, kind: 'CREDIT', sourceId: `credit:${id}`, amount: credit, createdAt: now }),
  );
  expect(posted.kind).toBe('posted');
  return id;
}

function initiation(
  accountId: string,
  value: string,
  overrides: Partial<PayoutInitiationInput> = {},
): PayoutInitiationInput {
  return {
    description: 'Payout 2026-001',
    refId: 'ledger-ref',
    amount: { value, currency: 'GBP' },
    debtor: { accountId },
    creditor: { name: 'Jane Doe', sortCode: '123456', accountNumber: '12345678' },
    ...overrides,
  };
}

function command(accountId: string, value: string, memberId = MEMBER): InitiatePayoutCommand {
  return { member: { memberId, regulated: true }, initiation: initiation(accountId, value), sendNow: false };
}

async function balances(accountId: string): Promise<Record<string, string>> {
  const stored = await stores.repositories.settlementLedger.balances(accountId);
  return { ...stored };
}

async function count(sql: string, ...values: unknown[]): Promise<number> {
  const rows = await stores.prisma.$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM ${sql}`, ...values);
  return rows[0]?.n ?? 0;
}

async function fieldOf(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof GatewayError && error.status === 400) return error.paths?.[0];
    throw error;
  }
  return undefined;
}

describe('payout initiation and the settlement ledger (Postgres)', () => {
  it('reserves the amount with the payout, its PAYOUT_STATUS_CHANGED event and its timer in one transaction', async () => {
    const accountId = await newAccount('100.00');
    const payout = await initiate.initiate(command(accountId, '30.00'));
    expect(payout.status).toBe('INITIATION_PENDING');
    expect(await balances(accountId)).toEqual({
      bookedBalance: '100.00',
      clearedBalance: '100.00',
      availableBalance: '70.00',
    });
    const entries = await stores.repositories.settlementLedger.entries(accountId);
    expect(entries.map((entry) => [entry.kind, entry.sourceId])).toEqual([
      ['CREDIT', `credit:${accountId}`],
      ['RESERVATION', payout.id],
    ]);
    expect(
      await count(`outbox_event WHERE event_type = 'PAYOUT_STATUS_CHANGED' AND body LIKE $1`, `%${payout.id}%`),
    ).toBe(1);
    expect(await count(`scheduled_job WHERE id = $1`, `payouts.poll:${payout.id}`)).toBe(1);
  });

  it('refuses a payout above the available balance with a 400 naming the amount, storing nothing', async () => {
    const accountId = await newAccount('10.00');
    expect(await fieldOf(initiate.initiate(command(accountId, '10.01')))).toBe('initiation.amount.value');
    expect(await count(`payout WHERE account_id = $1`, accountId)).toBe(0);
    expect(await count(`settlement_ledger_entry WHERE account_id = $1 AND kind = 'RESERVATION'`, accountId)).toBe(0);
    expect((await balances(accountId)).availableBalance).toBe('10.00');
  });

  it('refuses another member’s account, an unknown one and another currency, naming the field', async () => {
    const foreign = await newAccount('50.00', OTHER);
    expect(await fieldOf(initiate.initiate(command(foreign, '1.00')))).toBe('initiation.debtor.accountId');
    expect(await fieldOf(initiate.initiate(command('pa:unknown', '1.00')))).toBe('initiation.debtor.accountId');
    const euro = await newAccount('50.00', MEMBER, 'EUR');
    expect(await fieldOf(initiate.initiate(command(euro, '1.00')))).toBe('initiation.amount.currency');
    expect((await balances(foreign)).availableBalance).toBe('50.00');
  });

  it('50 concurrent payouts from one account never take available below zero: exactly those that fit are accepted', async () => {
    const accountId = await newAccount('100.00');
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () => initiate.initiate(command(accountId, '7.00'))),
    );
    const accepted = results.filter((result) => result.status === 'fulfilled');
    const refused = results.filter(
      (result): result is PromiseRejectedResult =>
        result.status === 'rejected' &&
        result.reason instanceof GatewayError &&
        result.reason.paths?.[0] === 'initiation.amount.value',
    );
    expect(accepted).toHaveLength(14);
    expect(refused).toHaveLength(36);
    expect(await balances(accountId)).toEqual({
      bookedBalance: '100.00',
      clearedBalance: '100.00',
      availableBalance: '2.00',
    });
    expect(await count(`payout WHERE account_id = $1`, accountId)).toBe(14);
    expect(await count(`settlement_ledger_entry WHERE account_id = $1 AND kind = 'RESERVATION'`, accountId)).toBe(14);
  });

  it('a rejection or failure releases the reservation, a completion debits it and lists a DEBIT; final states never change', async () => {
    const accountId = await newAccount('100.00');
    const completing = await initiate.initiate(command(accountId, '40.00'));
    const rejected = await initiate.initiate(command(accountId, '25.00'));
    const failing = await initiate.initiate(command(accountId, '5.00'));
    expect((await balances(accountId)).availableBalance).toBe('30.00');

    const move = (payout: Payout, status: PayoutStatus, bankTransactionId?: string) =>
      stores.repositories.transactions.run(async (tx) => {
        const current = await stores.repositories.payouts.in(tx).findById(payout.id);
        if (current === null) throw new Error('no payout');
        return recordPayoutChange(
          tx,
          stores.repositories.payouts.in(tx),
          current,
          { status, updatedAt: new Date(), ...(bankTransactionId === undefined ? {} : { bankTransactionId }) },
          new Date(),
          [5],
        );
      });

    expect((await move(completing, 'INITIATION_PROCESSING', 'prov-1')).kind).toBe('changed');
    expect((await move(completing, 'INITIATION_COMPLETED')).kind).toBe('changed');
    expect(await balances(accountId)).toEqual({
      bookedBalance: '60.00',
      clearedBalance: '60.00',
      availableBalance: '30.00',
    });
    const debit = await stores.prisma.settlementTransaction.findFirst({ where: { payoutId: completing.id } });
    expect(debit).toMatchObject({ transactionType: 'DEBIT', providerPaymentId: 'prov-1', accountId });
    expect(debit?.amount.toFixed(2)).toBe('40.00');

    await move(rejected, 'INITIATION_REJECTED');
    await move(failing, 'INITIATION_PROCESSING');
    await move(failing, 'INITIATION_FAILED');
    expect(await balances(accountId)).toEqual({
      bookedBalance: '60.00',
      clearedBalance: '60.00',
      availableBalance: '60.00',
    });

    for (const [payout, status] of [
      [completing, 'INITIATION_REJECTED'],
      [rejected, 'INITIATION_COMPLETED'],
      [failing, 'INITIATION_PROCESSING'],
    ] as const)
      expect((await move(payout, status)).kind).toBe('refused');
    expect((await balances(accountId)).availableBalance).toBe('60.00');
    expect(
      await count(
        `scheduled_job WHERE id = ANY($1::text[])`,
        [completing, rejected, failing].map((p) => `payouts.poll:${p.id}`),
      ),
    ).toBe(0);
    const events = await count(`outbox_event WHERE event_type = 'PAYOUT_STATUS_CHANGED' AND member_id = $1`, MEMBER);
    expect(events).toBeGreaterThanOrEqual(8);
  });
});
