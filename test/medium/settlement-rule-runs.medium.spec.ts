import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AccountVerifier,
  CreateSettlementRuleUseCase,
  DeleteSettlementRuleUseCase,
  GetSettlementRuleUseCase,
  ListSettlementRulesUseCase,
  ListSettlementRulePayoutsUseCase,
  ProviderRulePayeeCheck,
  RulePayouts,
  rulePayoutRefId,
  ruleRunId,
  RunSettlementRuleUseCase,
  settlementRuleTimerId,
  type CreateSettlementRuleCommand,
  type RulePayoutCommand,
  type RulePayoutKey,
  type RulePayoutMade,
  type RulePayoutOutcome,
} from '#libs/application';
import { Clock, GatewayError, type AppConfig } from '#libs/common';
import {
  BankUnavailableError,
  SettlementProviderRegistry,
  type AccountVerificationOutcome,
  type AccountVerificationRequest,
  type SettlementProviderConnector,
} from '#libs/connectors';
import { closeDataStores, openDataStores, type DataStores, type Tx } from '#libs/db';
import { newId, verificationProblem, type MemberId } from '#libs/domain';
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
 * As the payout path does, it finds a payout its refId names first, and refuses an EUR payout
 * without an account verification of the member's that allows the creditor (verificationProblem).
 */
class LedgerRulePayouts extends RulePayouts {
  crashNext = false;
  calls: RulePayoutCommand[] = [];

  async find(key: RulePayoutKey, tx?: Tx): Promise<RulePayoutMade | null> {
    const entry = await (tx ?? stores.prisma).settlementLedgerEntry.findFirst({
      where: { accountId: key.accountId, kind: 'RESERVATION', sourceId: key.refId },
    });
    return entry === null ? null : { kind: 'initiated', payoutId: `po:${key.refId}`, status: 'INITIATION_PENDING' };
  }

  async initiate(tx: Tx, command: RulePayoutCommand): Promise<RulePayoutOutcome> {
    this.calls.push(command);
    const made = await this.find(command, tx);
    if (made !== null) return made;
    if (command.amount.currency === 'EUR') {
      const id = command.accountVerificationId;
      const verification =
        id === undefined
          ? null
          : await stores.repositories.accountVerifications.findForMember(command.memberId as MemberId, id);
      const problem =
        verification === null
          ? 'no account verification of the member'
          : verificationProblem(
              verification,
              { ...command.creditor, name: command.creditor.name ?? '' },
              new Date(verification.createdAt.getTime() + 1),
            );
      if (problem !== undefined) return { kind: 'refused', reason: `accountVerificationId ${problem}` };
    }
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

/**
 * The provider's payee check, by name as the sandbox answers an account outside it: `J Doe` a
 * close match of `Jane Doe`, a name with `No Match` NO_MATCH, with `vop-unavailable`
 * VERIFICATION_NOT_POSSIBLE, with `provider-down` an unreachable provider; any other a MATCH.
 */
class PayeeCheckProvider {
  readonly requests: AccountVerificationRequest[] = [];
  readonly providerId = 'rules-test';
  /** Run while the provider is being asked. */
  during: (() => Promise<void>) | undefined;

  async verifyAccount(_ctx: unknown, request: AccountVerificationRequest): Promise<AccountVerificationOutcome> {
    this.requests.push(request);
    await this.during?.();
    const name = request.name;
    if (name.includes('provider-down')) throw new BankUnavailableError(this.providerId, 503);
    if (name === 'J Doe')
      return { status: 'CLOSE_MATCH', reasons: ['NAME_MISMATCH'], matchedName: 'Jane Doe', details: 'close' };
    if (name.includes('No Match')) return { status: 'NO_MATCH', reasons: ['NAME_MISMATCH'], details: 'no match' };
    if (name.includes('vop-unavailable'))
      return { status: 'VERIFICATION_NOT_POSSIBLE', reasons: ['UNKNOWN'], details: 'not possible' };
    return { status: 'MATCH', reasons: ['EXACT_MATCH'], details: 'match' };
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

function useCases(clock: TestClock, payouts: RulePayouts, provider = new PayeeCheckProvider()) {
  const r = stores.repositories;
  const registry = new SettlementProviderRegistry({
    'rules-test': () => provider as unknown as SettlementProviderConnector,
  });
  const verify = new AccountVerifier(r.accountVerifications, r.settlementAccounts, registry, 'rules-test', clock, {
    payments: { bankDeadlineMs: 5_000 },
  } as AppConfig);
  return {
    provider,
    create: new CreateSettlementRuleUseCase(r.transactions, r.settlementAccounts, r.settlementRules, clock),
    listRules: new ListSettlementRulesUseCase(r.settlementAccounts, r.settlementRules),
    getRule: new GetSettlementRuleUseCase(r.settlementRules),
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
      new ProviderRulePayeeCheck(verify),
      clock,
    ),
  };
}

function dailyRule(
  accountId: string,
  extra: Partial<CreateSettlementRuleCommand> = {},
): Omit<CreateSettlementRuleCommand, 'memberId'> {
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
  return run.execute({ settlementRuleId: payload.settlementRuleId, scheduledFor: new Date(payload.scheduledFor) });
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
    const { settlementRuleId } = await uc.create.execute({ memberId: MEMBER, ...dailyRule(accountId) });
    expect((await timer(settlementRuleId))?.dueAt.toISOString()).toBe('2026-06-02T09:00:00.000Z');
    expect(await fire(uc.run, settlementRuleId)).toBe('not-due');
    for (let day = 1; day <= 7; day += 1) {
      clock.ms += DAY;
      expect(await fire(uc.run, settlementRuleId)).toBe('paid');
      expect((await timer(settlementRuleId))?.dueAt.getTime()).toBe(clock.ms + DAY);
    }
    expect(await available(accountId)).toBe('30.00');
    const page = await uc.runs.execute({ memberId: MEMBER, accountId, filter: {} });
    expect(page.payouts).toHaveLength(7);
    expect(page.pageInfo).toEqual({ limit: 200, haveMore: false });
    expect(new Set(page.payouts.map((p) => p.initiation.refId)).size).toBe(7);
    expect(page.payouts[0]).toMatchObject({
      status: 'INITIATION_PENDING',
      settlementRuleId,
      description: 'Settlement payout',
      initiation: { amount: { value: '10.00', currency: 'EUR' }, debtor: { accountId } },
    });
    const firstPage = await uc.runs.execute({ memberId: MEMBER, accountId, limit: 3, filter: {} });
    expect(firstPage.pageInfo.haveMore).toBe(true);
    const secondPage = await uc.runs.execute({
      memberId: MEMBER,
      accountId,
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
    const { settlementRuleId } = await uc.create.execute({ memberId: MEMBER, ...dailyRule(accountId) });
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
    const failed = await uc.runs.execute({ memberId: MEMBER, accountId, filter: { statuses: ['INITIATION_FAILED'] } });
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
    const { settlementRuleId } = await uc.create.execute({ memberId: MEMBER, ...dailyRule(accountId) });
    const scheduledFor = new Date(Date.parse('2026-06-02T09:00:00Z'));
    clock.ms += DAY;
    payouts.crashNext = true;
    await expect(uc.run.execute({ settlementRuleId, scheduledFor })).rejects.toThrow('worker stopped mid-run');
    expect(await available(accountId)).toBe('100.00');
    const results = await Promise.all([1, 2, 3].map(() => uc.run.execute({ settlementRuleId, scheduledFor })));
    expect(results.sort()).toEqual(['already-run', 'already-run', 'paid']);
    expect(await uc.run.execute({ settlementRuleId, scheduledFor })).toBe('already-run');
    expect(await available(accountId)).toBe('90.00');
    expect(await stores.prisma.settlementRulePayout.count({ where: { ruleId: settlementRuleId } })).toBe(1);
  });

  it('ends after its last run within effectiveTo: INACTIVE, no timer, and deleting it then is a 400', async () => {
    const clock = new TestClock(Date.parse('2026-06-01T09:00:00Z'));
    const uc = useCases(clock, new LedgerRulePayouts());
    const accountId = await newAccount(MEMBER, '100.00');
    const { settlementRuleId } = await uc.create.execute({
      memberId: MEMBER,
      ...dailyRule(accountId, {
        effectiveTo: new Date('2026-06-03T12:00:00Z'),
        amountType: 'PERCENTAGE',
        amountValue: '50',
      }),
    });
    clock.ms += 3 * DAY;
    expect(await fire(uc.run, settlementRuleId)).toBe('paid');
    expect(await fire(uc.run, settlementRuleId)).toBe('paid');
    expect(await timer(settlementRuleId)).toBeNull();
    expect(await available(accountId)).toBe('25.00');
    expect((await uc.getRule.execute({ memberId: MEMBER, accountId, settlementRuleId })).status).toBe('INACTIVE');
    await expectGatewayError(
      uc.remove.execute({ memberId: MEMBER, accountId, settlementRuleId }),
      400,
      'settlementRuleId',
    );
  });

  it('deleting an active rule ends it and removes its timer; lists filter by status', async () => {
    const clock = new TestClock(Date.parse('2026-06-01T09:00:00Z'));
    const uc = useCases(clock, new LedgerRulePayouts());
    const accountId = await newAccount(MEMBER);
    const kept = await uc.create.execute({ memberId: MEMBER, ...dailyRule(accountId) });
    const deleted = await uc.create.execute({ memberId: MEMBER, ...dailyRule(accountId, { timeInterval: 'WEEKLY' }) });
    expect(
      await uc.remove.execute({ memberId: MEMBER, accountId, settlementRuleId: deleted.settlementRuleId }),
    ).toEqual({});
    expect(await timer(deleted.settlementRuleId)).toBeNull();
    expect(await timer(kept.settlementRuleId)).not.toBeNull();
    const ids = async (status?: 'ACTIVE' | 'INACTIVE') =>
      (await uc.listRules.execute({ memberId: MEMBER, accountId, status })).settlementRule.map(
        (rule) => rule.settlementRuleId,
      );
    expect(await ids('ACTIVE')).toEqual([kept.settlementRuleId]);
    expect(await ids('INACTIVE')).toEqual([deleted.settlementRuleId]);
    expect((await ids()).sort()).toEqual([kept.settlementRuleId, deleted.settlementRuleId].sort());
    clock.ms += 8 * DAY;
    expect(
      await uc.run.execute({
        settlementRuleId: deleted.settlementRuleId,
        scheduledFor: new Date('2026-06-08T09:00:00Z'),
      }),
    ).toBe('stale');
    await expectGatewayError(
      uc.remove.execute({ memberId: MEMBER, accountId, settlementRuleId: deleted.settlementRuleId }),
      400,
      'settlementRuleId',
    );
  });

  it("another member's account or rule is a 404; rules needing the account are 400s naming the field", async () => {
    const clock = new TestClock(Date.parse('2026-06-01T09:00:00Z'));
    const uc = useCases(clock, new LedgerRulePayouts());
    const accountId = await newAccount(MEMBER);
    const { settlementRuleId } = await uc.create.execute({ memberId: MEMBER, ...dailyRule(accountId) });
    await expectGatewayError(uc.create.execute({ memberId: OTHER, ...dailyRule(accountId) }), 404);
    await expectGatewayError(uc.listRules.execute({ memberId: OTHER, accountId }), 404);
    await expectGatewayError(uc.getRule.execute({ memberId: OTHER, accountId, settlementRuleId }), 404);
    await expectGatewayError(uc.remove.execute({ memberId: OTHER, accountId, settlementRuleId }), 404);
    await expectGatewayError(uc.runs.execute({ memberId: OTHER, accountId, filter: {} }), 404);
    const otherAccount = await newAccount(MEMBER);
    await expectGatewayError(uc.getRule.execute({ memberId: MEMBER, accountId: otherAccount, settlementRuleId }), 404);
    await expectGatewayError(
      uc.create.execute({ memberId: MEMBER, ...dailyRule(accountId, { amountValue: '10.001' }) }),
      400,
      'amountValue',
    );
    await expectGatewayError(
      uc.create.execute({
        memberId: MEMBER,
        ...dailyRule(accountId, { amountType: 'PERCENTAGE', amountValue: '101' }),
      }),
      400,
      'amountValue',
    );
    await expectGatewayError(
      uc.create.execute({ memberId: MEMBER, ...dailyRule(accountId, { bodyAccountId: otherAccount }) }),
      400,
      'accountId',
    );
    await expectGatewayError(
      uc.create.execute({
        memberId: MEMBER,
        ...dailyRule(accountId, { timeInterval: 'INTRADAY', intradayHours: 0, intradayMinutes: 2 }),
      }),
      400,
      'intradayIntervalHours',
    );
    await expectGatewayError(
      uc.create.execute({
        memberId: MEMBER,
        ...dailyRule(accountId, { effectiveTo: new Date('2026-06-01T20:00:00Z') }),
      }),
      400,
      'effectiveTo',
    );
    await expectGatewayError(
      uc.create.execute({
        memberId: MEMBER,
        ...dailyRule(accountId, { effectiveTo: new Date('2026-05-01T00:00:00Z') }),
      }),
      400,
      'effectiveTo',
    );
  });
});

/** The SETTLEMENT_RULE_PAYOUT_EXECUTION_FAILED reasons written for the rule. */
async function failureReasons(settlementRuleId: string): Promise<string[]> {
  const events = await stores.prisma.outboxEvent.findMany({
    where: { memberId: MEMBER, eventType: 'SETTLEMENT_RULE_PAYOUT_EXECUTION_FAILED' },
    orderBy: { createdAt: 'asc' },
  });
  return events
    .map((event) => JSON.parse(event.body) as Record<string, Record<string, string> | undefined>)
    .map((body) => body['settlemenRulePayoutExecutionFailed'])
    .filter((body) => body?.['settlementRuleId'] === settlementRuleId)
    .map((body) => body?.['reasonOfFailure'] ?? '');
}

describe('EUR rule runs check the payee first', () => {
  const eurRule = (accountId: string, name: string) =>
    dailyRule(accountId, { payee: { name, iban: 'DE75512108001245126199', bic: 'SOGEDEFFXXX' } });

  it('a MATCH pays, naming a fresh check kept as the account owner’s, made without the rule’s lock held', async () => {
    const clock = new TestClock(Date.parse('2026-06-01T09:00:00Z'));
    const payouts = new LedgerRulePayouts();
    const uc = useCases(clock, payouts);
    const accountId = await newAccount(MEMBER, '100.00');
    const { settlementRuleId } = await uc.create.execute({ memberId: MEMBER, ...eurRule(accountId, 'Jane Doe') });
    let lockedElsewhere = 0;
    uc.provider.during = () =>
      stores.prisma.$transaction(async (tx) => {
        await tx.$queryRaw`SELECT id FROM settlement_rule WHERE id = ${settlementRuleId} FOR UPDATE NOWAIT`;
        lockedElsewhere += 1;
      });
    for (let day = 1; day <= 3; day += 1) {
      clock.ms += DAY;
      expect(await fire(uc.run, settlementRuleId)).toBe('paid');
    }
    expect(lockedElsewhere).toBe(3);
    expect(await available(accountId)).toBe('70.00');
    expect(uc.provider.requests).toHaveLength(3);
    expect(uc.provider.requests[0]).toMatchObject({
      name: 'Jane Doe',
      currency: 'EUR',
      iban: 'DE75512108001245126199',
    });
    const ids = payouts.calls.map((call) => call.accountVerificationId);
    expect(new Set(ids).size).toBe(3);
    for (const id of ids) {
      const kept = await stores.repositories.accountVerifications.findForMember(MEMBER, id ?? '');
      expect(kept).toMatchObject({
        memberId: MEMBER,
        virtualAccountId: accountId,
        providerId: 'rules-test',
        name: 'Jane Doe',
        iban: 'DE75512108001245126199',
        status: 'MATCH',
      });
    }
    expect(await failureReasons(settlementRuleId)).toEqual([]);
  });

  it('a CLOSE_MATCH or a NO_MATCH does not pay: a failed run naming the outcome, with its event, and the rule goes on', async () => {
    const clock = new TestClock(Date.parse('2026-06-01T09:00:00Z'));
    const payouts = new LedgerRulePayouts();
    const uc = useCases(clock, payouts);
    const accountId = await newAccount(MEMBER, '100.00');
    const close = await uc.create.execute({ memberId: MEMBER, ...eurRule(accountId, 'J Doe') });
    const none = await uc.create.execute({ memberId: MEMBER, ...eurRule(accountId, 'No Match Ltd') });
    clock.ms += DAY;
    expect(await fire(uc.run, close.settlementRuleId)).toBe('failed');
    expect(await fire(uc.run, none.settlementRuleId)).toBe('failed');
    expect(payouts.calls).toEqual([]);
    expect(await available(accountId)).toBe('100.00');
    expect(await failureReasons(close.settlementRuleId)).toEqual([
      'PAYEE_CLOSE_MATCH: the payee check found the account held by "Jane Doe", not "J Doe"; a rule pays only under the name it was given',
    ]);
    expect(await failureReasons(none.settlementRuleId)).toEqual([
      'PAYEE_NO_MATCH: the payee check found that "No Match Ltd" does not hold the account',
    ]);
    const failed = await uc.runs.execute({
      memberId: MEMBER,
      accountId,
      filter: { settlementRuleId: close.settlementRuleId, statuses: ['INITIATION_FAILED'] },
    });
    expect(failed.payouts.map((p) => p.statusReasonInformation)).toEqual([
      expect.stringMatching(/^PAYEE_CLOSE_MATCH: .*"Jane Doe"/),
    ]);
    expect((await timer(close.settlementRuleId))?.dueAt.getTime()).toBe(clock.ms + DAY);
    clock.ms += DAY;
    expect(await fire(uc.run, none.settlementRuleId)).toBe('failed');
    expect(uc.provider.requests).toHaveLength(3);
  });

  it('VERIFICATION_NOT_POSSIBLE pays under the name checked; an unreachable provider is a failed run', async () => {
    const clock = new TestClock(Date.parse('2026-06-01T09:00:00Z'));
    const payouts = new LedgerRulePayouts();
    const uc = useCases(clock, payouts);
    const accountId = await newAccount(MEMBER, '100.00');
    const unsure = await uc.create.execute({ memberId: MEMBER, ...eurRule(accountId, 'Merchant vop-unavailable') });
    const down = await uc.create.execute({ memberId: MEMBER, ...eurRule(accountId, 'Merchant provider-down') });
    clock.ms += DAY;
    expect(await fire(uc.run, unsure.settlementRuleId)).toBe('paid');
    expect(await fire(uc.run, down.settlementRuleId)).toBe('failed');
    expect(await available(accountId)).toBe('90.00');
    expect(await failureReasons(down.settlementRuleId)).toEqual([
      expect.stringMatching(/^PAYEE_CHECK_FAILED: the payee check could not be made/),
    ]);
    expect(await timer(down.settlementRuleId)).not.toBeNull();
  });

  it('asks nothing for a run that would not pay, a run already recorded, or a run whose payout was made before a crash', async () => {
    const clock = new TestClock(Date.parse('2026-06-01T09:00:00Z'));
    const payouts = new LedgerRulePayouts();
    const uc = useCases(clock, payouts);
    const empty = await newAccount(MEMBER);
    const poor = await uc.create.execute({ memberId: MEMBER, ...eurRule(empty, 'Jane Doe') });
    clock.ms += DAY;
    expect(await fire(uc.run, poor.settlementRuleId)).toBe('failed');
    expect(uc.provider.requests).toHaveLength(0);

    const accountId = await newAccount(MEMBER, '100.00');
    const { settlementRuleId } = await uc.create.execute({ memberId: MEMBER, ...eurRule(accountId, 'Jane Doe') });
    const scheduledFor = new Date(clock.ms + DAY);
    clock.ms += DAY;
    // The payout of this run committed, then the run crashed before its own commit.
    await stores.repositories.transactions.run((tx) =>
      stores.repositories.settlementLedger.in(tx).post({
        accountId,
        kind: 'RESERVATION',
        sourceId: rulePayoutRefId(ruleRunId(settlementRuleId, scheduledFor)),
        amount: '10.00',
        createdAt: new Date(),
      }),
    );
    expect(await uc.run.execute({ settlementRuleId, scheduledFor })).toBe('paid');
    expect(await uc.run.execute({ settlementRuleId, scheduledFor })).toBe('already-run');
    expect(uc.provider.requests).toHaveLength(0);
    expect(await available(accountId)).toBe('90.00');
    const page = await uc.runs.execute({ memberId: MEMBER, accountId, filter: { settlementRuleId } });
    expect(page.payouts.map((p) => p.id)).toEqual([`po:${rulePayoutRefId(ruleRunId(settlementRuleId, scheduledFor))}`]);
  });
});
