import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OutcomeChecks,
  CreateSettlementRuleUseCase,
  OnBehalfOfCheck,
  PayoutInitiation,
  PayoutPathRulePayouts,
  PayoutProgression,
  RulePayeeCheck,
  RulePayouts,
  RunSettlementRuleUseCase,
  settlementRuleTimerId,
  type RulePayeeCheckAnswer,
  type RulePayoutCommand,
  type RulePayoutKey,
  type RulePayoutMade,
  type RulePayoutOutcome,
} from '#libs/application';
import { Clock, type ConnectedConfig } from '#libs/common';
import { SettlementProviderRegistry } from '#libs/connectors';
import { closeDataStores, openDataStores, type DataStores, type Tx } from '#libs/db';
import { newId, type MemberId } from '#libs/domain';
import { testConfig } from '../support/test-env.js';

/**
 * A settlement rule's run through the real payout path (PayoutInitiation, the ledger
 * reservation statement) against real Postgres, on a small pool: the run's payout is written in
 * the run's transaction, so concurrent runs never wait for a second connection under their rules'
 * locks, and a run that stops after its payout leaves neither the payout nor the run.
 */
const MEMBER = 'm:rule-run-payouts' as MemberId;
const DAY = 86_400_000;
const POOL_SIZE = 3;

let stores: DataStores;
let config: ConnectedConfig;

class TestClock extends Clock {
  constructor(public ms: number) {
    super();
  }
  nowMs(): number {
    return this.ms;
  }
}

/** GBP rules need no payee check: never asked. */
class NoPayeeCheck extends RulePayeeCheck {
  check(): Promise<RulePayeeCheckAnswer> {
    throw new Error('a GBP rule asks for no payee check');
  }
}

/** The payout path, stopped right after it made the payout (as a worker killed at that point). */
class StopAfterPayout extends RulePayouts {
  constructor(private readonly path: RulePayouts) {
    super();
  }
  find(key: RulePayoutKey, tx?: Tx): Promise<RulePayoutMade | null> {
    return this.path.find(key, tx);
  }
  async initiate(tx: Tx, command: RulePayoutCommand): Promise<RulePayoutOutcome> {
    const made = await this.path.initiate(tx, command);
    expect(made.kind).toBe('initiated');
    throw new Error('worker stopped after the payout');
  }
}

function payoutPath(clock: Clock): RulePayouts {
  const r = stores.repositories;
  const progression = new PayoutProgression(
    r.payouts,
    r.settlementAccounts,
    r.transactions,
    clock,
    pino({ level: 'silent' }),
    config,
    new SettlementProviderRegistry({}),
    new OutcomeChecks(r.outcomeChecks, r.scheduledJobs, r.transactions, clock, pino({ level: 'silent' })),
  );
  const initiate = new PayoutInitiation(
    stores.prisma,
    r.payouts,
    r.settlementAccounts,
    r.accountVerifications,
    r.members,
    new OnBehalfOfCheck(r.subTpps),
    progression,
    clock,
  );
  return new PayoutPathRulePayouts(initiate, r.payouts, r.settlementAccounts);
}

function runner(clock: Clock, payouts: RulePayouts): RunSettlementRuleUseCase {
  const r = stores.repositories;
  return new RunSettlementRuleUseCase(
    r.transactions,
    r.settlementRules,
    r.settlementRulePayouts,
    r.settlementAccounts,
    payouts,
    new NoPayeeCheck(),
    clock,
  );
}

beforeAll(async () => {
  config = await testConfig();
  stores = await openDataStores(config, { service: 'rule-run-payouts-test', poolSize: POOL_SIZE });
  await stores.prisma.member.upsert({ where: { id: MEMBER }, create: { id: MEMBER, name: MEMBER }, update: {} });
});

afterAll(async () => {
  await closeDataStores(stores);
});

async function newAccount(credit: string): Promise<string> {
  const id = newId('pa');
  const now = new Date();
  await stores.repositories.settlementAccounts.insert({
    id,
    memberId: MEMBER,
    providerId: 'rule-run-payouts-test',
    providerAccountId: id,
    status: 'ACTIVE',
    currency: 'GBP',
    country: 'GB',
    createdAt: now,
    updatedAt: now,
  });
  await stores.repositories.transactions.run((tx) =>
    stores.repositories.settlementLedger
      .in(tx)
      .post({ accountId: id, kind: 'CREDIT', sourceId: `credit:${id}`, amount: credit, createdAt: now }),
  );
  return id;
}

/** A daily GBP rule paying 10.00 from the account, and the run its timer names. */
async function dailyRule(clock: TestClock, accountId: string): Promise<{ ruleId: string; scheduledFor: Date }> {
  const r = stores.repositories;
  const create = new CreateSettlementRuleUseCase(r.transactions, r.settlementAccounts, r.settlementRules, clock);
  const { settlementRuleId } = await create.execute({
    memberId: MEMBER,
    accountId,
    bodyAccountId: accountId,
    payee: { name: 'Jane Doe', sortCode: '123456', accountNumber: '12345678' },
    amountType: 'FIXED_VALUE',
    amountValue: '10.00',
    timeInterval: 'DAILY',
    intradayHours: 0,
  });
  const timer = await stores.prisma.scheduledJob.findUniqueOrThrow({
    where: { id: settlementRuleTimerId(settlementRuleId) },
  });
  return { ruleId: settlementRuleId, scheduledFor: new Date((timer.payload as { scheduledFor: string }).scheduledFor) };
}

/** Every payout a rule made has its run naming it, and every run that paid names a stored payout. */
async function runsAndPayouts(accountId: string): Promise<{ runs: number; payouts: number; unmatched: number }> {
  const runs = await stores.prisma.settlementRulePayout.findMany({ where: { accountId } });
  const payouts = await stores.prisma.payout.findMany({ where: { accountId, settlementRuleId: { not: null } } });
  const ran = new Set(runs.flatMap((run) => (run.payoutId === null ? [] : [run.payoutId])));
  const paid = new Set(payouts.map((payout) => payout.id));
  const unmatched = [...ran].filter((id) => !paid.has(id)).length + [...paid].filter((id) => !ran.has(id)).length;
  return { runs: runs.length, payouts: payouts.length, unmatched };
}

describe("a settlement rule's run and its payout commit together", () => {
  it(`${POOL_SIZE * 2} rules of one account run at once on a pool of ${POOL_SIZE}: each pays once, each payout counted by its run`, async () => {
    const clock = new TestClock(Date.parse('2026-07-01T09:00:00Z'));
    const accountId = await newAccount('1000.00');
    const rules = [];
    for (let index = 0; index < POOL_SIZE * 2; index += 1) rules.push(await dailyRule(clock, accountId));
    clock.ms += DAY;
    const run = runner(clock, payoutPath(clock));
    const results = await Promise.allSettled(
      rules.map((rule) => run.execute({ settlementRuleId: rule.ruleId, scheduledFor: rule.scheduledFor })),
    );
    expect(results.map((result) => (result.status === 'fulfilled' ? result.value : String(result.reason)))).toEqual(
      rules.map(() => 'paid'),
    );
    expect(await runsAndPayouts(accountId)).toEqual({ runs: rules.length, payouts: rules.length, unmatched: 0 });
    const account = await stores.repositories.settlementAccounts.findById(accountId);
    expect(account?.availableBalance.toFixed(2)).toBe((1000 - 10 * rules.length).toFixed(2));
  }, 60_000);

  it('a run that stops right after its payout leaves neither: no payout, no reservation, no run; the repeated run pays once', async () => {
    const clock = new TestClock(Date.parse('2026-07-01T09:00:00Z'));
    const accountId = await newAccount('100.00');
    const rule = await dailyRule(clock, accountId);
    clock.ms += DAY;
    const path = payoutPath(clock);
    await expect(
      runner(clock, new StopAfterPayout(path)).execute({
        settlementRuleId: rule.ruleId,
        scheduledFor: rule.scheduledFor,
      }),
    ).rejects.toThrow('worker stopped after the payout');
    expect(await runsAndPayouts(accountId)).toEqual({ runs: 0, payouts: 0, unmatched: 0 });
    const reservations = await stores.prisma.settlementLedgerEntry.count({ where: { accountId, kind: 'RESERVATION' } });
    expect(reservations).toBe(0);
    expect((await stores.repositories.settlementAccounts.findById(accountId))?.availableBalance.toFixed(2)).toBe(
      '100.00',
    );

    expect(await runner(clock, path).execute({ settlementRuleId: rule.ruleId, scheduledFor: rule.scheduledFor })).toBe(
      'paid',
    );
    expect(await runner(clock, path).execute({ settlementRuleId: rule.ruleId, scheduledFor: rule.scheduledFor })).toBe(
      'already-run',
    );
    expect(await runsAndPayouts(accountId)).toEqual({ runs: 1, payouts: 1, unmatched: 0 });
    expect((await stores.repositories.settlementAccounts.findById(accountId))?.availableBalance.toFixed(2)).toBe(
      '90.00',
    );
  }, 30_000);
});
