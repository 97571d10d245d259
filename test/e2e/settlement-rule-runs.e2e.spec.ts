import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CreateSettlementRuleUseCase,
  DeleteSettlementRuleUseCase,
  GetSettlementRulesUseCase,
  ListSettlementRulePayoutsUseCase,
  RulePayouts,
  RunSettlementRuleUseCase,
  settlementRuleTimerId,
  type CreateSettlementRuleCommand,
  type RulePayoutCommand,
  type RulePayoutOutcome,
} from '#libs/application';
import { Clock, GatewayError } from '#libs/common';
import { closeDataStores, openDataStores, type DataStores, type Tx } from '#libs/db';
import { newId, type MemberId } from '#libs/domain';
import { testConfig } from '../support/test-env.js';

const MEMBER = 'm:settlement-rules-a' as MemberId;
const OTHER = 'm:settlement-rules-b' as MemberId;
const DAY = 86_400_000;

let stores: DataStores;

class TestClock extends Clock {
  constructor(public ms: number) {
    super();
  }
  nowMs(): number {
    return this.ms;
  }
}

/**
 * Stands in for the payout path at the ledger: reserves the amount under the payout's refId in
 * the run's transaction (a refused reservation is a refusal), and can be told to crash after it.
 */
class LedgerRulePayouts extends RulePayouts {
  crashNext = false;
  calls: RulePayoutCommand[] = [];

  async initiate(tx: Tx, command: RulePayoutCommand): Promise<RulePayoutOutcome> {
    this.calls.push(command);
    const posted = await stores.repositories.settlementLedger.in(tx).post({
      accountId: command.accountId,
      kind: 'RESERVATION',
      sourceId: command.refId,
      amount: command.amount.value,
      createdAt: new Date(),
    });
    if (this.crashNext) {
      this.crashNext = false;
      throw new Error('worker stopped mid-run');
    }
    if (posted.kind !== 'posted') return { kind: 'refused', reason: `INSUFFICIENT_FUNDS: ${posted.kind}` };
    return { kind: 'initiated', payoutId: `po:${command.refId}`, status: 'INITIATION_PENDING' };
  }
}

beforeAll(async () => {
  stores = await openDataStores(await testConfig(), { service: 'settlement-rules-test' });
  for (const id of [MEMBER, OTHER])
    await stores.prisma.member.upsert({ where: { id }, create: { id, name: id }, update: {} });
});

afterAll(async () => {
  await closeDataStores(stores);
});

async function newAccount(memberId: MemberId, credit?: string): Promise<string> {
  const id = newId('pa:');
  const now = new Date();
  await stores.repositories.settlementAccounts.insert({
    id,
    memberId,
    providerId: 'rules-test',
    providerAccountId: id,
    status: 'ACTIVE',
    currency: 'EUR',
    country: 'DE',
    createdAt: now,
    updatedAt: now,
  });
  if (credit !== undefined) await addCredit(id, credit);
  return id;
}

async function addCredit(accountId: string, amount: string): Promise<void> {
  await stores.repositories.transactions.run((tx) =>
    stores.repositories.settlementLedger
      .in(tx)
      .post({ accountId, kind: 'CREDIT', sourceId: newId('cr'), amount, createdAt: new Date() }),
  );
}

async function available(accountId: string): Promise<string> {
  const account = await stores.repositories.settlementAccounts.findById(accountId);
  return account?.availableBalance.toFixed(2) ?? 'none';
}

function useCases(clock: TestClock, payouts: RulePayouts) {
  const r = stores.repositories;
  return {
    create: new CreateSettlementRuleUseCase(r.transactions, r.settlementAccounts, r.settlementRules, clock),
    get: new GetSettlementRulesUseCase(r.settlementAccounts, r.settlementRules),
    remove: new DeleteSettlementRuleUseCase(r.transactions, r.settlementRules, clock),
    runs: new ListSettlementRulePayoutsUseCase(
      r.settlementAccounts,
      r.settlementRules,
      r.settlementRulePayouts,
      r.payouts,
    ),
    run: new RunSettlementRuleUseCase(
      r.transactions,
      r.settlementRules,
      r.settlementRulePayouts,
      r.settlementAccounts,
      payouts,
      clock,
    ),
  };
}

function dailyRule(accountId: string, extra: Partial<CreateSettlementRuleCommand> = {}): CreateSettlementRuleCommand {
  return {
    accountId,
    bodyAccountId: accountId,
    payee: { name: 'Merchant GmbH', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
    amountType: 'FIXED_VALUE',
    amountValue: '10.00',
    timeInterval: 'DAILY',
    intradayHours: 0,
    ...extra,
  };
}

async function timer(ruleId: string): Promise<{ dueAt: Date; payload: unknown } | null> {
  return stores.prisma.scheduledJob.findUnique({ where: { id: settlementRuleTimerId(ruleId) } });
}

/** Fires the rule's timer as the worker would: its payload's rule and scheduled time. */
async function fire(run: RunSettlementRuleUseCase, ruleId: string): Promise<string> {
  const due = await timer(ruleId);
  if (due === null) return 'no-timer';
  const payload = due.payload as { settlementRuleId: string; scheduledFor: string };
  return run.execute(payload.settlementRuleId, new Date(payload.scheduledFor));
}

async function expectGatewayError(work: Promise<unknown>, status: number, path?: string): Promise<void> {
  const error = await work.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(GatewayError);
  expect((error as GatewayError).status).toBe(status);
  if (path !== undefined) expect((error as GatewayError).paths).toEqual([path]);
}

describe('settlement rules in Postgres', () => {
  it('a daily rule runs once a day for a week: 7 payouts of its fixed amount, its timer moved after each', async () => {
    const clock = new TestClock(Date.parse('2026-06-01T09:00:00Z'));
    const payouts = new LedgerRulePayouts();
    const uc = useCases(clock, payouts);
    const accountId = await newAccount(MEMBER, '100.00');
    const { settlementRuleId } = await uc.create.execute(MEMBER, dailyRule(accountId));
    expect((await timer(settlementRuleId))?.dueAt.toISOString()).toBe('2026-06-02T09:00:00.000Z');
    expect(await fire(uc.run, settlementRuleId)).toBe('not-due');
    for (let day = 1; day <= 7; day += 1) {
      clock.ms += DAY;
      expect(await fire(uc.run, settlementRuleId)).toBe('paid');
      expect((await timer(settlementRuleId))?.dueAt.getTime()).toBe(clock.ms + DAY);
    }
    expect(await available(accountId)).toBe('30.00');
    const page = await uc.runs.execute(MEMBER, accountId, { filter: {} });
    expect(page.payouts).toHaveLength(7);
    expect(page.pageInfo).toEqual({ limit: 200, haveMore: false });
    expect(new Set(page.payouts.map((p) => p.initiation.refId)).size).toBe(7);
    expect(page.payouts[0]).toMatchObject({
      status: 'INITIATION_PENDING',
      settlementRuleId,
      description: 'Settlement payout',
      initiation: { amount: { value: '10.00', currency: 'EUR' }, debtor: { accountId } },
    });
    const firstPage = await uc.runs.execute(MEMBER, accountId, { limit: 3, filter: {} });
    expect(firstPage.pageInfo.haveMore).toBe(true);
    const secondPage = await uc.runs.execute(MEMBER, accountId, {
      limit: 3,
      ...(firstPage.pageInfo.nextOffset === undefined ? {} : { offset: firstPage.pageInfo.nextOffset }),
      filter: {},
    });
    expect(secondPage.payouts.map((p) => p.id)).toEqual(page.payouts.slice(3, 6).map((p) => p.id));
  });

  it('a run with too little balance records a failed rule payout and its event in the same transaction, and the rule goes on', async () => {
    const clock = new TestClock(Date.parse('2026-06-01T09:00:00Z'));
    const uc = useCases(clock, new LedgerRulePayouts());
    const accountId = await newAccount(MEMBER, '5.00');
    const { settlementRuleId } = await uc.create.execute(MEMBER, dailyRule(accountId));
    clock.ms += DAY;
    expect(await fire(uc.run, settlementRuleId)).toBe('failed');
    const events = await stores.prisma.outboxEvent.findMany({
      where: { memberId: MEMBER, eventType: 'SETTLEMENT_RULE_PAYOUT_EXECUTION_FAILED' },
    });
    const bodies = events.map((event) => JSON.parse(event.body) as Record<string, Record<string, string>>);
    const mine = bodies.find(
      (body) => body['settlemenRulePayoutExecutionFailed']?.['settlementRuleId'] === settlementRuleId,
    );
    expect(mine?.['settlemenRulePayoutExecutionFailed']).toEqual({
      payerAccountId: accountId,
      settlementRuleId,
      reasonOfFailure: 'INSUFFICIENT_FUNDS: the available balance is below the fixed amount',
    });
    const failed = await uc.runs.execute(MEMBER, accountId, { filter: { statuses: ['INITIATION_FAILED'] } });
    expect(failed.payouts).toHaveLength(1);
    expect(failed.payouts[0]?.statusReasonInformation).toMatch(/^INSUFFICIENT_FUNDS/);
    await addCredit(accountId, '20.00');
    clock.ms += DAY;
    expect(await fire(uc.run, settlementRuleId)).toBe('paid');
    expect(await available(accountId)).toBe('15.00');
  });

  it('runs at most once per scheduled time: repeated, concurrent, or after a crash mid-run', async () => {
    const clock = new TestClock(Date.parse('2026-06-01T09:00:00Z'));
    const payouts = new LedgerRulePayouts();
    const uc = useCases(clock, payouts);
    const accountId = await newAccount(MEMBER, '100.00');
    const { settlementRuleId } = await uc.create.execute(MEMBER, dailyRule(accountId));
    const scheduledFor = new Date(Date.parse('2026-06-02T09:00:00Z'));
    clock.ms += DAY;
    payouts.crashNext = true;
    await expect(uc.run.execute(settlementRuleId, scheduledFor)).rejects.toThrow('worker stopped mid-run');
    expect(await available(accountId)).toBe('100.00');
    const results = await Promise.all([1, 2, 3].map(() => uc.run.execute(settlementRuleId, scheduledFor)));
    expect(results.sort()).toEqual(['already-run', 'already-run', 'paid']);
    expect(await uc.run.execute(settlementRuleId, scheduledFor)).toBe('already-run');
    expect(await available(accountId)).toBe('90.00');
    expect(await stores.prisma.settlementRulePayout.count({ where: { ruleId: settlementRuleId } })).toBe(1);
  });

  it('ends after its last run within effectiveTo: INACTIVE, no timer, and deleting it then is a 400', async () => {
    const clock = new TestClock(Date.parse('2026-06-01T09:00:00Z'));
    const uc = useCases(clock, new LedgerRulePayouts());
    const accountId = await newAccount(MEMBER, '100.00');
    const { settlementRuleId } = await uc.create.execute(
      MEMBER,
      dailyRule(accountId, {
        effectiveTo: new Date('2026-06-03T12:00:00Z'),
        amountType: 'PERCENTAGE',
        amountValue: '50',
      }),
    );
    clock.ms += 3 * DAY;
    expect(await fire(uc.run, settlementRuleId)).toBe('paid');
    expect(await fire(uc.run, settlementRuleId)).toBe('paid');
    expect(await timer(settlementRuleId)).toBeNull();
    expect(await available(accountId)).toBe('25.00');
    expect((await uc.get.one(MEMBER, accountId, settlementRuleId)).status).toBe('INACTIVE');
    await expectGatewayError(uc.remove.execute(MEMBER, accountId, settlementRuleId), 400, 'settlementRuleId');
  });

  it('deleting an active rule ends it and removes its timer; lists filter by status', async () => {
    const clock = new TestClock(Date.parse('2026-06-01T09:00:00Z'));
    const uc = useCases(clock, new LedgerRulePayouts());
    const accountId = await newAccount(MEMBER);
    const kept = await uc.create.execute(MEMBER, dailyRule(accountId));
    const deleted = await uc.create.execute(MEMBER, dailyRule(accountId, { timeInterval: 'WEEKLY' }));
    expect(await uc.remove.execute(MEMBER, accountId, deleted.settlementRuleId)).toEqual({});
    expect(await timer(deleted.settlementRuleId)).toBeNull();
    expect(await timer(kept.settlementRuleId)).not.toBeNull();
    const ids = async (status?: 'ACTIVE' | 'INACTIVE') =>
      (await uc.get.list(MEMBER, accountId, status)).settlementRule.map((rule) => rule.settlementRuleId);
    expect(await ids('ACTIVE')).toEqual([kept.settlementRuleId]);
    expect(await ids('INACTIVE')).toEqual([deleted.settlementRuleId]);
    expect((await ids()).sort()).toEqual([kept.settlementRuleId, deleted.settlementRuleId].sort());
    clock.ms += 8 * DAY;
    expect(await uc.run.execute(deleted.settlementRuleId, new Date('2026-06-08T09:00:00Z'))).toBe('stale');
    await expectGatewayError(uc.remove.execute(MEMBER, accountId, deleted.settlementRuleId), 400, 'settlementRuleId');
  });

  it("another member's account or rule is a 404; rules needing the account are 400s naming the field", async () => {
    const clock = new TestClock(Date.parse('2026-06-01T09:00:00Z'));
    const uc = useCases(clock, new LedgerRulePayouts());
    const accountId = await newAccount(MEMBER);
    const { settlementRuleId } = await uc.create.execute(MEMBER, dailyRule(accountId));
    await expectGatewayError(uc.create.execute(OTHER, dailyRule(accountId)), 404);
    await expectGatewayError(uc.get.list(OTHER, accountId), 404);
    await expectGatewayError(uc.get.one(OTHER, accountId, settlementRuleId), 404);
    await expectGatewayError(uc.remove.execute(OTHER, accountId, settlementRuleId), 404);
    await expectGatewayError(uc.runs.execute(OTHER, accountId, { filter: {} }), 404);
    const otherAccount = await newAccount(MEMBER);
    await expectGatewayError(uc.get.one(MEMBER, otherAccount, settlementRuleId), 404);
    await expectGatewayError(
      uc.create.execute(MEMBER, dailyRule(accountId, { amountValue: '10.001' })),
      400,
      'amountValue',
    );
    await expectGatewayError(
      uc.create.execute(MEMBER, dailyRule(accountId, { amountType: 'PERCENTAGE', amountValue: '101' })),
      400,
      'amountValue',
    );
    await expectGatewayError(
      uc.create.execute(MEMBER, dailyRule(accountId, { bodyAccountId: otherAccount })),
      400,
      'accountId',
    );
    await expectGatewayError(
      uc.create.execute(
        MEMBER,
        dailyRule(accountId, { timeInterval: 'INTRADAY', intradayHours: 0, intradayMinutes: 2 }),
      ),
      400,
      'intradayIntervalHours',
    );
    await expectGatewayError(
      uc.create.execute(MEMBER, dailyRule(accountId, { effectiveTo: new Date('2026-06-01T20:00:00Z') })),
      400,
      'effectiveTo',
    );
    await expectGatewayError(
      uc.create.execute(MEMBER, dailyRule(accountId, { effectiveTo: new Date('2026-05-01T00:00:00Z') })),
      400,
      'effectiveTo',
    );
  });
});
