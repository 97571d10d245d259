import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDataStores, openDataStores, type DataStores } from '#libs/db';
import { remoteJwks, verifyWebhook } from '#libs/events';
import { newId, type MemberId } from '#libs/domain';
import {
  ADMIN_TOKEN,
  advanceClock,
  call,
  newMember,
  startGateway,
  type Answer,
  type TestGateway,
  type TestMember,
} from '../support/payments-gateway.js';
import { expectReferenceSchema } from '../support/reference-schema.js';
import { WebhookReceiver } from '../support/webhook-receiver.js';

type Json = Record<string, unknown>;
interface ErrorAnswer {
  readonly error: { readonly errorCode: string; readonly message: string; readonly paths?: string[] };
}

const DAY_SECONDS = 86_400;

let gateway: TestGateway;
let stores: DataStores;
let member: TestMember;
let other: TestMember;
const receiver = new WebhookReceiver();

beforeAll(async () => {
  gateway = await startGateway({ worker: true });
  stores = await openDataStores(gateway.config, { service: 'settlement-rules-e2e' });
  member = await newMember(gateway);
  other = await newMember(gateway);
  await receiver.start();
  const put = await call(`${gateway.apiUrl}/webhook/config`, 'PUT', member.auth, {
    config: { type: ['SETTLEMENT_RULE_PAYOUT_EXECUTION_FAILED'], url: receiver.url },
  });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
}, 120_000);

afterAll(async () => {
  await closeDataStores(stores);
  await gateway?.close();
  await receiver.stop();
});

/** A settlement account of `owner` at the ledger, credited with `credit` when given. */
async function newAccount(owner: TestMember, credit?: string): Promise<string> {
  const id = newId('pa:');
  const now = new Date();
  await stores.repositories.settlementAccounts.insert({
    id,
    memberId: owner.id,
    providerId: 'settlement-rules-e2e',
    providerAccountId: id,
    status: 'ACTIVE',
    currency: 'EUR',
    country: 'DE',
    iban: 'DE89370400440532013000',
    createdAt: now,
    updatedAt: now,
  });
  if (credit !== undefined)
    await stores.repositories.transactions.run((tx) =>
      stores.repositories.settlementLedger
        .in(tx)
        .post({ accountId: id, kind: 'CREDIT', sourceId: newId('cr'), amount: credit, createdAt: now }),
    );
  return id;
}

/** A settlement account of `owner` (GBP unless told) opened through POST /virtual-accounts, credited at the provider and booked by the intake. */
async function creditedAccount(owner: TestMember, credit: string, currency: 'GBP' | 'EUR' = 'GBP'): Promise<string> {
  const opened = await api<{ virtualAccount: { accountId: string } }>(owner, 'POST', '/virtual-accounts', {
    currency,
    country: currency === 'GBP' ? 'GB' : 'DE',
  });
  expect(opened.status, JSON.stringify(opened.body)).toBe(200);
  const id = opened.body.virtualAccount.accountId;
  const stored = await stores.repositories.settlementAccounts.findById(id);
  if (stored === null) throw new Error(`account ${id} not stored`);
  const booked = await fetch(`${gateway.sandboxUrl}/sandbox/settlement/accounts/${stored.providerAccountId}/credits`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      amount: { value: credit, currency },
      refId: `ref-${randomUUID().slice(0, 8)}`,
      description: 'Payin',
      debtor: { name: 'Payer', iban: 'NL91ABNA0417164300' },
    }),
  });
  expect(booked.status).toBe(201);
  await expect
    .poll(
      async () => {
        await advanceClock(gateway, 31);
        return (await stores.repositories.settlementAccounts.findById(id))?.availableBalance.toFixed(2);
      },
      { timeout: 20_000, interval: 300 },
    )
    .toBe(credit);
  return id;
}

function ruleBody(accountId: string, overrides: Json = {}): Json {
  return {
    accountId,
    payeeAccountDetails: { name: 'Merchant GmbH', iban: 'DE75512108001245126199', bic: 'SOGEDEFFXXX' },
    amountType: 'FIXED_VALUE',
    amountValue: '10.00',
    timeInterval: 'DAILY',
    intradayIntervalHours: 0,
    description: 'Daily payout',
    ...overrides,
  };
}

function api<T = Json>(who: TestMember, method: string, path: string, body?: unknown): Promise<Answer<T>> {
  return call<T>(`${gateway.apiUrl}${path}`, method, who.auth, body);
}

async function createRule(accountId: string, overrides: Json = {}): Promise<string> {
  const created = await api<{ settlementRuleId: string }>(
    member,
    'POST',
    `/virtual-accounts/${accountId}/settlement-rule`,
    ruleBody(accountId, overrides),
  );
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  expectReferenceSchema('CreateVirtualAccountSettlementRuleResponse', created.body, 'POST settlement-rule');
  return created.body.settlementRuleId;
}

describe('settlement rules over HTTP', () => {
  it('creates a rule and answers it, alone and listed by status, in the reference shape', async () => {
    const accountId = await newAccount(member);
    const ruleId = await createRule(accountId, { effectiveTo: '2099-12-31T00:00:00Z' });
    expect(ruleId).toMatch(/^[0-9a-f-]{36}$/);
    const one = await api<{ settlementRule: Json }>(
      member,
      'GET',
      `/virtual-accounts/${accountId}/settlement-rules/${ruleId}`,
    );
    expect(one.status).toBe(200);
    expectReferenceSchema('GetVirtualAccountSettlementRuleResponse', one.body, 'GET settlement-rules/{id}');
    expect(one.body.settlementRule).toEqual({
      settlementRuleId: ruleId,
      payerAccountId: accountId,
      payeeAccountDetails: { name: 'Merchant GmbH', iban: 'DE75512108001245126199', bic: 'SOGEDEFFXXX' },
      amountType: 'FIXED_VALUE',
      amountValue: '10.00',
      effectiveTo: '2099-12-31',
      timeInterval: 'DAILY',
      description: 'Daily payout',
      status: 'ACTIVE',
    });
    const intraday = await createRule(accountId, {
      timeInterval: 'INTRADAY',
      intradayIntervalHours: 2,
      intradayIntervalMinutes: 30,
      amountType: 'BALANCE_TO_RETAIN',
      amountValue: '0',
      payeeAccountDetails: { name: 'Merchant Ltd', sortCode: '04-00-04', accountNumber: '12345678' },
    });
    for (const [query, expected] of [
      ['', [intraday, ruleId]],
      ['?status=ACTIVE', [intraday, ruleId]],
      ['?status=INACTIVE', []],
    ] as const) {
      const listed = await api<{ settlementRule: Json[] }>(
        member,
        'GET',
        `/virtual-accounts/${accountId}/settlement-rules${query}`,
      );
      expect(listed.status).toBe(200);
      expectReferenceSchema('GetVirtualAccountSettlementRulesResponse', listed.body, `GET settlement-rules${query}`);
      expect(listed.body.settlementRule.map((rule) => rule['settlementRuleId'])).toEqual(expected);
    }
    const bad = await api<ErrorAnswer>(member, 'GET', `/virtual-accounts/${accountId}/settlement-rules?status=PAUSED`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.paths).toEqual(['status']);
  });

  it('answers each broken rule with a 400 naming the field', async () => {
    const accountId = await newAccount(member);
    const cases: Array<[Json, string]> = [
      [{ accountId: undefined }, 'accountId'],
      [{ payeeAccountDetails: undefined }, 'payeeAccountDetails'],
      [
        { payeeAccountDetails: { name: 'M', iban: 'DE75512108001245126198', bic: 'SOGEDEFFXXX' } },
        'payeeAccountDetails.iban',
      ],
      [
        { payeeAccountDetails: { name: 'M', iban: 'DE75512108001245126199', bic: 'SOGEDEF' } },
        'payeeAccountDetails.bic',
      ],
      [{ payeeAccountDetails: { name: 'M', iban: 'DE75512108001245126199' } }, 'payeeAccountDetails.bic'],
      [
        { payeeAccountDetails: { name: 'M', sortCode: '04000', accountNumber: '12345678' } },
        'payeeAccountDetails.sortCode',
      ],
      [
        { payeeAccountDetails: { name: 'M', sortCode: '040004', accountNumber: '1234' } },
        'payeeAccountDetails.accountNumber',
      ],
      [{ payeeAccountDetails: { iban: 'DE75512108001245126199', bic: 'SOGEDEFFXXX' } }, 'payeeAccountDetails.name'],
      [{ amountType: 'ALL' }, 'amountType'],
      [{ amountValue: undefined }, 'amountValue'],
      [{ amountValue: 10 }, 'amountValue'],
      [{ amountValue: '-5' }, 'amountValue'],
      [{ amountValue: '10.001' }, 'amountValue'],
      [{ amountType: 'PERCENTAGE', amountValue: '150' }, 'amountValue'],
      [{ timeInterval: 'HOURLY' }, 'timeInterval'],
      [{ intradayIntervalHours: undefined }, 'intradayIntervalHours'],
      [{ intradayIntervalHours: 25 }, 'intradayIntervalHours'],
      [{ intradayIntervalMinutes: 60 }, 'intradayIntervalMinutes'],
      [{ timeInterval: 'INTRADAY', intradayIntervalHours: 0, intradayIntervalMinutes: 1 }, 'intradayIntervalHours'],
      [{ effectiveFrom: '01/01/2027' }, 'effectiveFrom'],
      [{ effectiveFrom: '2027-06-01T00:00:00Z', effectiveTo: '2027-05-01T00:00:00Z' }, 'effectiveTo'],
      [{ effectiveTo: '2020-01-01T00:00:00Z' }, 'effectiveTo'],
      [{ description: 'Daily payout to the merchant' }, 'description'],
      [{ description: 'Payout #1' }, 'description'],
      [{ description: 'aaaaaa' }, 'description'],
      [{ accountId: 'pa:another' }, 'accountId'],
      [{ surprise: true }, 'surprise'],
    ];
    for (const [change, path] of cases) {
      const body = Object.fromEntries(
        Object.entries(ruleBody(accountId, change)).filter(([, value]) => value !== undefined),
      );
      const answer = await api<ErrorAnswer>(member, 'POST', `/virtual-accounts/${accountId}/settlement-rule`, body);
      expect(answer.status, `${JSON.stringify(change)}: ${JSON.stringify(answer.body)}`).toBe(400);
      expect(answer.body.error.paths, JSON.stringify(change)).toEqual([path]);
    }
  });

  it("answers another member's account or rule, and an unknown one, with 404", async () => {
    const accountId = await newAccount(member);
    const ruleId = await createRule(accountId);
    const otherAccount = await newAccount(other);
    const paths: Array<[string, string, unknown]> = [
      ['POST', `/virtual-accounts/${accountId}/settlement-rule`, ruleBody(accountId)],
      ['GET', `/virtual-accounts/${accountId}/settlement-rules`, undefined],
      ['GET', `/virtual-accounts/${accountId}/settlement-rules/${ruleId}`, undefined],
      ['DELETE', `/virtual-accounts/${accountId}/settlement-rules/${ruleId}`, undefined],
      ['GET', `/virtual-accounts/${accountId}/settlement-rule-payouts`, undefined],
    ];
    for (const [method, path, body] of paths) {
      const answer = await api<ErrorAnswer>(other, method, path, body);
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.body.error.errorCode).toBe('NOT_FOUND');
    }
    // The member's rule under another account, and an unknown rule.
    for (const path of [
      `/virtual-accounts/${otherAccount}/settlement-rules/${ruleId}`,
      `/virtual-accounts/${accountId}/settlement-rules/00000000-0000-4000-8000-000000000000`,
    ]) {
      expect((await api(member, 'GET', path)).status, path).toBe(404);
      expect((await api(member, 'DELETE', path)).status, path).toBe(404);
    }
    expect((await api(member, 'GET', `/virtual-accounts/${accountId}/settlement-rules/${ruleId}`)).status).toBe(200);
  });

  it('deletes an active rule; deleting it again (INACTIVE) is a 400 saying why', async () => {
    const accountId = await newAccount(member);
    const ruleId = await createRule(accountId);
    const path = `/virtual-accounts/${accountId}/settlement-rules/${ruleId}`;
    const deleted = await api(member, 'DELETE', path);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expectReferenceSchema('DeleteVirtualAccountSettlementRuleResponse', deleted.body, 'DELETE settlement-rules/{id}');
    expect(deleted.body).toEqual({});
    const again = await api<ErrorAnswer>(member, 'DELETE', path);
    expect(again.status).toBe(400);
    expect(again.body.error.paths).toEqual(['settlementRuleId']);
    expect(again.body.error.message).toMatch(/only an ACTIVE settlement rule can be deleted; this rule is INACTIVE/);
    const got = await api<{ settlementRule: Json }>(member, 'GET', path);
    expect(got.body.settlementRule['status']).toBe('INACTIVE');
    expect(await stores.prisma.scheduledJob.count({ where: { id: `settlement-rules.run:${ruleId}` } })).toBe(0);
  });

  it('a daily rule on an account without funds fails its run: a failed rule payout and SETTLEMENT_RULE_PAYOUT_EXECUTION_FAILED, signed', async () => {
    const accountId = await newAccount(member);
    const ruleId = await createRule(accountId);
    await advanceClock(gateway, DAY_SECONDS + 60);
    const deadline = Date.now() + 20_000;
    const mine = () => receiver.requests.filter((request) => request.body.includes(ruleId));
    while (mine().length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(mine()).toHaveLength(1);
    const jwks = remoteJwks(`${gateway.apiUrl}/.well-known/jwks.json`);
    const [request] = mine();
    if (request === undefined) throw new Error('no event');
    const verified = await verifyWebhook({ body: request.body, headers: request.headers, jwks });
    expect(verified.event).toBe('SETTLEMENT_RULE_PAYOUT_EXECUTION_FAILED');
    expect(verified.body['settlemenRulePayoutExecutionFailed']).toEqual({
      payerAccountId: accountId,
      settlementRuleId: ruleId,
      reasonOfFailure: 'INSUFFICIENT_FUNDS: the available balance is zero',
    });
    const listed = await api<{ payouts: Json[]; pageInfo: Json }>(
      member,
      'GET',
      `/virtual-accounts/${accountId}/settlement-rule-payouts?settlementRuleId=${ruleId}&statuses=INITIATION_FAILED&limit=500`,
    );
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    // The reference's GetVirtualAccountSettlementPayoutsResponse writes `type: array` inside `payouts.items`
    // (beside its $ref), which no payout could satisfy: each payout is checked as a SettlementRulePayout.
    for (const payout of listed.body.payouts)
      expectReferenceSchema('SettlementRulePayout', payout, 'GET settlement-rule-payouts');
    expectReferenceSchema('PageInfo', listed.body.pageInfo, 'GET settlement-rule-payouts');
    expect(listed.body.pageInfo).toEqual({ limit: 200, haveMore: false });
    expect(listed.body.payouts).toHaveLength(1);
    expect(listed.body.payouts[0]).toMatchObject({
      memberId: member.id,
      status: 'INITIATION_FAILED',
      statusReasonInformation: 'INSUFFICIENT_FUNDS: the available balance is zero',
      settlementRuleId: ruleId,
      description: 'Daily payout',
      initiation: { amount: { value: '10.00', currency: 'EUR' }, debtor: { accountId } },
    });
    const none = await api<{ payouts: Json[] }>(
      member,
      'GET',
      `/virtual-accounts/${accountId}/settlement-rule-payouts?statuses=INITIATION_FAILED&invertStatuses=true`,
    );
    expect(none.body.payouts).toEqual([]);
    const badQuery = await api<ErrorAnswer>(
      member,
      'GET',
      `/virtual-accounts/${accountId}/settlement-rule-payouts?startDate=yesterday`,
    );
    expect(badQuery.status).toBe(400);
    expect(badQuery.body.error.paths).toEqual(['startDate']);
  });

  it('a daily rule runs for a week under the test clock: 7 rule payouts through the payout path, the balance reserved for each', async () => {
    const accountId = await creditedAccount(member, '100.00');
    const ruleId = await createRule(accountId, {
      payeeAccountDetails: { name: 'Jane Doe', sortCode: '040004', accountNumber: '12345678' },
      description: 'Weekly test run',
    });
    const payoutsOf = async (): Promise<Json[]> => {
      const listed = await api<{ payouts: Json[] }>(
        member,
        'GET',
        `/virtual-accounts/${accountId}/settlement-rule-payouts?settlementRuleId=${ruleId}`,
      );
      expect(listed.status, JSON.stringify(listed.body)).toBe(200);
      return listed.body.payouts;
    };
    for (let day = 1; day <= 7; day += 1) {
      await advanceClock(gateway, DAY_SECONDS);
      const deadline = Date.now() + 20_000;
      while ((await payoutsOf()).length < day && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await payoutsOf(), `day ${day}`).toHaveLength(day);
    }
    const payouts = await payoutsOf();
    for (const payout of payouts) {
      expectReferenceSchema('SettlementRulePayout', payout, 'GET settlement-rule-payouts');
      expect(payout['id']).toMatch(/^po:/);
      expect(payout['status']).not.toBe('INITIATION_FAILED');
      expect(payout).toMatchObject({
        settlementRuleId: ruleId,
        initiation: { amount: { value: '10.00', currency: 'GBP' } },
      });
      const one = await api<{ payout: Json }>(member, 'GET', `/payouts/${String(payout['id'])}`);
      expect(one.status).toBe(200);
    }
    expect(new Set(payouts.map((p) => p['id'])).size).toBe(7);
    const account = await stores.repositories.settlementAccounts.findById(accountId);
    expect(account?.availableBalance.toFixed(2)).toBe('30.00');
  });

  it('a rule payout the provider rejects later releases its amount and writes SETTLEMENT_RULE_PAYOUT_EXECUTION_FAILED, signed', async () => {
    const accountId = await creditedAccount(member, '50.00');
    const ruleId = await createRule(accountId, {
      payeeAccountDetails: { name: 'sandbox-payout-rejected Ltd', sortCode: '040004', accountNumber: '12345678' },
      description: 'Rejected later',
    });
    await advanceClock(gateway, DAY_SECONDS);
    const mine = () => receiver.requests.filter((request) => request.body.includes(ruleId));
    await receiver.waitFor('the rule event', () => mine().length > 0, 20_000);
    const jwks = remoteJwks(`${gateway.apiUrl}/.well-known/jwks.json`);
    const [request] = mine();
    if (request === undefined) throw new Error('no event');
    const verified = await verifyWebhook({ body: request.body, headers: request.headers, jwks });
    expect(verified.event).toBe('SETTLEMENT_RULE_PAYOUT_EXECUTION_FAILED');
    expect(verified.body['settlemenRulePayoutExecutionFailed']).toEqual({
      payerAccountId: accountId,
      settlementRuleId: ruleId,
      reasonOfFailure: 'INITIATION_REJECTED: AC04: The creditor account is closed.',
    });
    // The run itself paid: its rule payout is the payout, now rejected, and the amount is back.
    const listed = await api<{ payouts: Json[] }>(
      member,
      'GET',
      `/virtual-accounts/${accountId}/settlement-rule-payouts?settlementRuleId=${ruleId}`,
    );
    expect(listed.body.payouts).toHaveLength(1);
    expect(listed.body.payouts[0]).toMatchObject({ status: 'INITIATION_REJECTED', settlementRuleId: ruleId });
    expect(String(listed.body.payouts[0]?.['id'])).toMatch(/^po:/);
    const account = await stores.repositories.settlementAccounts.findById(accountId);
    expect(account?.availableBalance.toFixed(2)).toBe('50.00');
    expect(mine()).toHaveLength(1);
  });

  it('EUR rules check the payee at each run: a MATCH pays for three days naming a fresh check, a NO_MATCH fails with its signed event', async () => {
    const accountId = await creditedAccount(member, '100.00', 'EUR');
    const payee = { name: 'Jane Doe', iban: 'DE75512108001245126199', bic: 'SOGEDEFFXXX' };
    const paying = await createRule(accountId, { payeeAccountDetails: payee, description: 'EUR daily run' });
    const refused = await createRule(accountId, {
      payeeAccountDetails: { ...payee, name: 'Someone Else' },
      description: 'EUR refused run',
    });
    const payoutsOf = async (ruleId: string): Promise<Json[]> => {
      const listed = await api<{ payouts: Json[] }>(
        member,
        'GET',
        `/virtual-accounts/${accountId}/settlement-rule-payouts?settlementRuleId=${ruleId}`,
      );
      expect(listed.status, JSON.stringify(listed.body)).toBe(200);
      return listed.body.payouts;
    };
    for (let day = 1; day <= 3; day += 1) {
      await advanceClock(gateway, DAY_SECONDS);
      const deadline = Date.now() + 20_000;
      while (
        ((await payoutsOf(paying)).length < day || (await payoutsOf(refused)).length < day) &&
        Date.now() < deadline
      )
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await payoutsOf(paying), `day ${day}`).toHaveLength(day);
      expect(await payoutsOf(refused), `day ${day}`).toHaveLength(day);
    }
    const paid = await payoutsOf(paying);
    const verifications = new Set<string>();
    for (const payout of paid) {
      expectReferenceSchema('SettlementRulePayout', payout, 'GET settlement-rule-payouts');
      expect(payout['id']).toMatch(/^po:/);
      expect(payout['status']).not.toBe('INITIATION_FAILED');
      const one = await api<{ payout: { initiation: { creditor: Json; amount: Json } } }>(
        member,
        'GET',
        `/payouts/${String(payout['id'])}`,
      );
      expect(one.status).toBe(200);
      expect(one.body.payout.initiation.amount).toEqual({ value: '10.00', currency: 'EUR' });
      const creditor = one.body.payout.initiation.creditor;
      expect(creditor).toMatchObject(payee);
      expect(creditor['accountVerificationId']).toMatch(/^avr-/);
      verifications.add(String(creditor['accountVerificationId']));
    }
    expect(verifications.size).toBe(3);
    for (const id of verifications) {
      const kept = await stores.repositories.accountVerifications.findForMember(member.id as MemberId, id);
      expect(kept).toMatchObject({ virtualAccountId: accountId, name: 'Jane Doe', status: 'MATCH' });
    }
    const account = await stores.repositories.settlementAccounts.findById(accountId);
    expect(account?.availableBalance.toFixed(2)).toBe('70.00');

    const failed = await payoutsOf(refused);
    const reason = 'PAYEE_NO_MATCH: the payee check found that "Someone Else" does not hold the account';
    for (const payout of failed) {
      expectReferenceSchema('SettlementRulePayout', payout, 'GET settlement-rule-payouts');
      expect(payout).toMatchObject({ status: 'INITIATION_FAILED', statusReasonInformation: reason });
    }
    const deadline = Date.now() + 20_000;
    const mine = () => receiver.requests.filter((request) => request.body.includes(refused));
    while (mine().length < 3 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(mine()).toHaveLength(3);
    const jwks = remoteJwks(`${gateway.apiUrl}/.well-known/jwks.json`);
    for (const request of mine()) {
      const verified = await verifyWebhook({ body: request.body, headers: request.headers, jwks });
      expect(verified.event).toBe('SETTLEMENT_RULE_PAYOUT_EXECUTION_FAILED');
      expect(verified.body['settlemenRulePayoutExecutionFailed']).toEqual({
        payerAccountId: accountId,
        settlementRuleId: refused,
        reasonOfFailure: reason,
      });
    }
  });
});
