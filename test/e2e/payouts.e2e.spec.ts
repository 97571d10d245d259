import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDataStores, openDataStores, type DataStores } from '#libs/db';
import { expectReferenceSchema } from '../support/reference-schema.js';
import {
  advanceClock,
  call,
  newMember,
  startGateway,
  type TestGateway,
  type TestMember,
} from '../support/payments-gateway.js';

/**
 * Payouts with the real servers: the api, the worker and the sandbox bank as settlement provider.
 * Settlement accounts are opened through POST /virtual-accounts, credited at the provider (its
 * admin API) and booked by the worker's credit intake.
 */
const ADMIN_TOKEN = 'test-admin-token-0123456789abcdef0123';
const OUTSIDE_IBAN = 'DE89370400440532013000';

type Json = Record<string, unknown>;
interface PayoutBody {
  readonly payout: { readonly id: string; readonly status: string; readonly statusReasonInformation?: string } & Json;
}

let gateway: TestGateway;
let stores: DataStores;
let member: TestMember;
let other: TestMember;

beforeAll(async () => {
  gateway = await startGateway({ worker: true });
  stores = await openDataStores(gateway.config, { service: 'payouts-e2e' });
  member = await newMember(gateway);
  other = await newMember(gateway);
});

afterAll(async () => {
  await closeDataStores(stores);
  await gateway?.close();
});

/**
 * A settlement account of `owner` opened through POST /virtual-accounts at the sandbox provider,
 * credited `credit` there (its admin API) and booked by the worker's credit intake.
 */
async function creditedAccount(owner: TestMember, credit: string, currency: 'GBP' | 'EUR' = 'GBP'): Promise<string> {
  const opened = await call<{ virtualAccount: { accountId: string } }>(
    `${gateway.apiUrl}/virtual-accounts`,
    'POST',
    owner.auth,
    { currency, country: currency === 'EUR' ? 'DE' : 'GB' },
  );
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
        return (await balances(id))['availableBalance'];
      },
      { timeout: 20_000, interval: 300 },
    )
    .toBe(credit);
  return id;
}

async function balances(accountId: string): Promise<Json> {
  return { ...(await stores.repositories.settlementLedger.balances(accountId)) };
}

function ukBody(accountId: string, value: string, creditor: Json = {}, initiation: Json = {}): Json {
  return {
    initiation: {
      description: 'Invoice 2026-0001',
      refId: `po-${randomUUID().slice(0, 8)}`,
      amount: { value, currency: 'GBP' },
      debtor: { accountId },
      creditor: { name: 'Jane Doe', sortCode: '040004', accountNumber: '12345678', ...creditor },
      ...initiation,
    },
  };
}

function postPayout(who: TestMember, body: unknown, headers: Record<string, string> = {}) {
  return call<PayoutBody & { error: { message: string } }>(
    `${gateway.apiUrl}/payouts`,
    'POST',
    who.auth,
    body,
    headers,
  );
}

async function payoutOf(who: TestMember, id: string) {
  return call<PayoutBody>(`${gateway.apiUrl}/payouts/${encodeURIComponent(id)}`, 'GET', who.auth);
}

/** Advances the test clock past the payout's next timer until it reaches `status`. */
async function until(id: string, status: string): Promise<PayoutBody['payout']> {
  await expect
    .poll(
      async () => {
        await advanceClock(gateway, 20);
        return (await payoutOf(member, id)).body.payout.status;
      },
      { timeout: 20_000, interval: 300 },
    )
    .toBe(status);
  const answer = await payoutOf(member, id);
  expectReferenceSchema('PayoutResponse', answer.body, `GET /payouts/${id}`);
  return answer.body.payout;
}

describe('payouts at the sandbox settlement provider', () => {
  it('a payout completing: reserved at once, debited when the provider settles it, listed as a DEBIT', async () => {
    const accountId = await creditedAccount(member, '100.00');
    const answer = await postPayout(member, ukBody(accountId, '30.00'));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expectReferenceSchema('PayoutResponse', answer.body, 'POST /payouts');
    expect(answer.body.payout.status).toBe('INITIATION_PENDING');
    expect(await balances(accountId)).toEqual({
      bookedBalance: '100.00',
      clearedBalance: '100.00',
      availableBalance: '70.00',
    });
    const completed = await until(answer.body.payout.id, 'INITIATION_COMPLETED');
    expect(completed['bankTransactionId']).toEqual(expect.any(String));
    expect(await balances(accountId)).toEqual({
      bookedBalance: '70.00',
      clearedBalance: '70.00',
      availableBalance: '70.00',
    });
    const account = await call<{ virtualAccount: Json }>(
      `${gateway.apiUrl}/virtual-accounts/${encodeURIComponent(accountId)}`,
      'GET',
      member.auth,
    );
    expect(account.body.virtualAccount).toMatchObject({
      bookedBalance: '70.00',
      availableBalance: '70.00',
      clearedBalance: '70.00',
    });
    const debit = await stores.prisma.settlementTransaction.findFirst({ where: { payoutId: answer.body.payout.id } });
    expect(debit).toMatchObject({ transactionType: 'DEBIT', accountId, memberId: member.id });
    const listed = await call<{ transactions: Json[] }>(
      `${gateway.apiUrl}/virtual-accounts/${encodeURIComponent(accountId)}/transactions?limit=10`,
      'GET',
      member.auth,
    );
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(listed.body.transactions.map((t) => [t['transactionType'], t['providerPaymentId']])).toContainEqual([
      'DEBIT',
      completed['bankTransactionId'],
    ]);
    const events = await stores.prisma.outboxEvent.findMany({
      where: { eventType: 'PAYOUT_STATUS_CHANGED', body: { contains: answer.body.payout.id } },
      orderBy: { createdAt: 'asc' },
    });
    expect(
      events.map((event) => (JSON.parse(event.body) as { payoutStatusChanged: Json }).payoutStatusChanged['status']),
    ).toEqual(['INITIATION_PENDING', 'INITIATION_PROCESSING', 'INITIATION_COMPLETED']);
  });

  it('a payout the provider rejects gives the amount back', async () => {
    const accountId = await creditedAccount(member, '50.00');
    const answer = await postPayout(member, ukBody(accountId, '20.00', { name: 'sandbox-payout-rejected Ltd' }));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect((await balances(accountId))['availableBalance']).toBe('30.00');
    const rejected = await until(answer.body.payout.id, 'INITIATION_REJECTED');
    expect(rejected.statusReasonInformation).toEqual(expect.any(String));
    expect(await balances(accountId)).toEqual({
      bookedBalance: '50.00',
      clearedBalance: '50.00',
      availableBalance: '50.00',
    });
  });

  it('a payout failing at the provider after processing gives the amount back', async () => {
    const accountId = await creditedAccount(member, '50.00');
    const answer = await postPayout(member, ukBody(accountId, '12.50', { name: 'sandbox-payout-failed Ltd' }));
    expect(answer.body.payout.status).toBe('INITIATION_PENDING');
    expect((await balances(accountId))['availableBalance']).toBe('37.50');
    await until(answer.body.payout.id, 'INITIATION_FAILED');
    expect(await balances(accountId)).toEqual({
      bookedBalance: '50.00',
      clearedBalance: '50.00',
      availableBalance: '50.00',
    });
  });

  it('refuses an amount above the available balance with a 400 naming initiation.amount.value, making nothing', async () => {
    const accountId = await creditedAccount(member, '10.00');
    const answer = await postPayout(member, ukBody(accountId, '10.01'));
    expect(answer.status).toBe(400);
    expect(answer.body.error.message).toMatch(
      /^initiation\.amount\.value must be at most .*available balance \(10\.00 GBP\)/,
    );
    expect(await stores.prisma.payout.count({ where: { accountId } })).toBe(0);
    expect((await balances(accountId))['availableBalance']).toBe('10.00');
  });

  it('applies every description rule, each a 400 naming initiation.description', async () => {
    const accountId = await creditedAccount(member, '10.00');
    const refused: [string, Json, RegExp][] = [
      ['ab-c.d', {}, /at least 6 letters or digits/],
      ['a b/c&d.e', {}, /at least 6 letters or digits/],
      ['aaaaaaa', {}, /repeated/],
      ['AaAa-aA', {}, /repeated/],
      ['invoice_2026', {}, /may only contain/],
      ['a1b2c3d4e5f6g7h8i9j', {}, /at most 18 characters for a sort code/],
      [`${'ab12'.repeat(35)}z`, { sortCode: undefined, accountNumber: undefined, iban: OUTSIDE_IBAN }, /at most 140/],
    ];
    for (const [description, creditor, message] of refused) {
      const answer = await postPayout(member, ukBody(accountId, '1.00', creditor, { description }));
      expect(answer.status, description).toBe(400);
      expect(answer.body.error.message, description).toMatch(/^initiation\.description /);
      expect(answer.body.error.message, description).toMatch(message);
    }
    const missing = await postPayout(member, ukBody(accountId, '1.00', {}, { description: undefined }));
    expect(missing.body.error.message).toBe('initiation.description is required');
    for (const description of ['Inv 12/3 & co. 99', 'a1b2c3d4e5f6g7h8i9', 'aaaaab']) {
      const answer = await postPayout(member, ukBody(accountId, '1.00', {}, { description }));
      expect(answer.status, `${description}: ${JSON.stringify(answer.body)}`).toBe(200);
    }
    const iban = await postPayout(
      member,
      ukBody(
        accountId,
        '1.00',
        { sortCode: undefined, accountNumber: undefined, iban: OUTSIDE_IBAN },
        {
          description: 'a1b2c3d4e5f6g7h8i9j',
        },
      ),
    );
    expect(iban.status, JSON.stringify(iban.body)).toBe(200);
  });

  it('names the field of each other rule: refId, amount, debtor, creditor, onBehalfOfId', async () => {
    const accountId = await creditedAccount(member, '10.00');
    const foreignAccount = await creditedAccount(other, '10.00');
    const euroAccount = await creditedAccount(member, '10.00', 'EUR');
    const cases: [Json, RegExp][] = [
      [ukBody(accountId, '1.00', {}, { refId: 'x'.repeat(19) }), /^initiation\.refId /],
      [ukBody(accountId, '0', {}), /^initiation\.amount\.value /],
      [ukBody(euroAccount, '1.00'), /^initiation\.amount\.currency must be EUR/],
      [ukBody(foreignAccount, '1.00'), /^initiation\.debtor\.accountId /],
      [ukBody(accountId, '1.00', { sortCode: '1234' }), /^initiation\.creditor\.sortCode /],
      [
        ukBody(accountId, '1.00', { sortCode: undefined, accountNumber: undefined, iban: 'DE89370400440532013001' }),
        /^initiation\.creditor\.iban /,
      ],
      [
        ukBody(accountId, '1.00', {
          sortCode: undefined,
          accountNumber: undefined,
          iban: OUTSIDE_IBAN,
          bic: 'COBADEF',
        }),
        /^initiation\.creditor\.bic /,
      ],
      [ukBody(accountId, '1.00', {}, { onBehalfOfId: 'not-a-sub-tpp' }), /^initiation\.onBehalfOfId /],
    ];
    for (const [body, message] of cases) {
      const answer = await postPayout(member, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error.message).toMatch(message);
    }
    expect((await balances(foreignAccount))['availableBalance']).toBe('10.00');
  });

  it('EUR payouts: refused without a verification and with another member’s, made with a matching one', async () => {
    const accountId = await creditedAccount(member, '100.00', 'EUR');
    const eur = (verification?: string): Json => ({
      initiation: {
        description: 'Commission March 2026',
        refId: `eur-${randomUUID().slice(0, 8)}`,
        amount: { value: '10.00', currency: 'EUR' },
        debtor: { accountId },
        creditor: {
          name: 'Jane Doe',
          iban: OUTSIDE_IBAN,
          ...(verification === undefined ? {} : { accountVerificationId: verification }),
        },
      },
    });
    const verify = async (who: TestMember, name: string) => {
      const answer = await call<{ id: string; result: { status: string } }>(
        `${gateway.apiUrl}/account-verifications`,
        'POST',
        who.auth,
        {
          account: { name, iban: OUTSIDE_IBAN, currency: 'EUR' },
          ...(who === member ? { virtualAccountId: accountId } : {}),
        },
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expectReferenceSchema('AccountVerificationResponse', answer.body, 'POST /account-verifications');
      return answer.body;
    };
    const without = await postPayout(member, eur());
    expect(without.status).toBe(400);
    expect(without.body.error.message).toMatch(/^initiation\.creditor\.accountVerificationId is required for EUR/);

    const foreign = await verify(other, 'Jane Doe');
    const withForeign = await postPayout(member, eur(foreign.id));
    expect(withForeign.status).toBe(400);
    expect(withForeign.body.error.message).toMatch(
      /^initiation\.creditor\.accountVerificationId must be the id of one of the member/,
    );

    const noMatch = await verify(member, 'Somebody Else');
    expect(noMatch.result.status).toBe('NO_MATCH');
    const withNoMatch = await postPayout(member, eur(noMatch.id));
    expect(withNoMatch.status).toBe(400);

    const close = await verify(member, 'J Doe');
    expect(close.result).toMatchObject({ status: 'CLOSE_MATCH', matched: { name: 'Jane Doe' } });
    const match = await verify(member, 'Jane Doe');
    expect(match.result.status).toBe('MATCH');
    expect((await balances(accountId))['availableBalance']).toBe('100.00');
    const made = await postPayout(member, eur(match.id));
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expectReferenceSchema('PayoutResponse', made.body, 'POST /payouts EUR');
    expect((await balances(accountId))['availableBalance']).toBe('90.00');
    const byClose = await postPayout(member, eur(close.id));
    expect(byClose.status, JSON.stringify(byClose.body)).toBe(200);
  });

  it('50 concurrent payouts from one account never take available below zero', async () => {
    const accountId = await creditedAccount(member, '100.00');
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => postPayout(member, ukBody(accountId, '7.00', {}, { refId: `c50-${i}` }))),
    );
    const accepted = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter(
      (answer) => answer.status === 400 && answer.body.error.message.startsWith('initiation.amount.value'),
    );
    expect(accepted).toHaveLength(14);
    expect(refused).toHaveLength(36);
    expect(await balances(accountId)).toEqual({
      bookedBalance: '100.00',
      clearedBalance: '100.00',
      availableBalance: '2.00',
    });
    expect(await stores.prisma.payout.count({ where: { accountId } })).toBe(14);
  });

  it('honours Idempotency-Key: a repeat answers the same payout and reserves once', async () => {
    const accountId = await creditedAccount(member, '20.00');
    const body = ukBody(accountId, '5.00');
    const key = randomUUID();
    const first = await postPayout(member, body, { 'idempotency-key': key });
    const again = await postPayout(member, body, { 'idempotency-key': key });
    expect(first.status).toBe(200);
    expect(again.body.payout.id).toBe(first.body.payout.id);
    expect((await balances(accountId))['availableBalance']).toBe('15.00');
  });

  it('lists the member’s payouts with the reference’s filters; another member’s payout answers 404', async () => {
    const accountId = await creditedAccount(member, '20.00');
    const made = await postPayout(member, ukBody(accountId, '1.00', {}, { refId: 'list-me-1' }));
    const rejected = await postPayout(
      member,
      ukBody(accountId, '1.00', { name: 'sandbox-payout-rejected' }, { refId: 'list-me-2' }),
    );
    await until(rejected.body.payout.id, 'INITIATION_REJECTED');
    const list = async (query: string) => {
      const answer = await call<{ payouts: { id: string }[]; paging: { limit: number } }>(
        `${gateway.apiUrl}/payouts?${query}`,
        'GET',
        member.auth,
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expectReferenceSchema('PayoutsResponse', answer.body, `GET /payouts?${query}`);
      return answer.body;
    };
    expect((await list('limit=10&refIds=list-me-1&refIds=list-me-2')).payouts.map((p) => p.id)).toEqual([
      rejected.body.payout.id,
      made.body.payout.id,
    ]);
    expect(
      (await list('limit=10&refIds=list-me-1&refIds=list-me-2&statuses=INITIATION_REJECTED')).payouts.map((p) => p.id),
    ).toEqual([rejected.body.payout.id]);
    expect(
      (
        await list('limit=10&refIds=list-me-1&refIds=list-me-2&statuses=INITIATION_REJECTED&invertStatuses=true')
      ).payouts.map((p) => p.id),
    ).toEqual([made.body.payout.id]);
    expect(
      (await list(`limit=10&refIds=list-me-1&refIds=list-me-2&ids=${made.body.payout.id}&invertIds=true`)).payouts.map(
        (p) => p.id,
      ),
    ).toEqual([rejected.body.payout.id]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(`limit=10&refIds=list-me-1&startDate=2000-01-01&endDate=2000-01-02`)).payouts).toEqual([]);
    expect((await list(`limit=10&refIds=list-me-1&startDate=2000-01-01`)).payouts).toHaveLength(1);
    expect(today).toMatch(/^\d{4}-/);
    const big = await list('limit=500');
    expect(big.paging.limit).toBe(200);
    const page = await list('limit=1&refIds=list-me-1&refIds=list-me-2');
    expect(page.payouts).toHaveLength(1);

    expect((await call(`${gateway.apiUrl}/payouts?limit=0`, 'GET', member.auth)).status).toBe(400);
    expect((await call(`${gateway.apiUrl}/payouts`, 'GET', member.auth)).status).toBe(400);
    const foreign = await payoutOf(other, made.body.payout.id);
    expect(foreign.status).toBe(404);
    const otherList = await call<{ payouts: unknown[] }>(`${gateway.apiUrl}/payouts?limit=200`, 'GET', other.auth);
    expect(otherList.body.payouts).toEqual([]);
  });
  it('a provider that never settles leaves the payout INITIATION_PROCESSING past polling, reserved, with an outcome check asking it (last: moves the clock a month)', async () => {
    const accountId = await creditedAccount(member, '30.00');
    const answer = await postPayout(member, ukBody(accountId, '10.00', { name: 'sandbox-payout-pending Ltd' }));
    await until(answer.body.payout.id, 'INITIATION_PROCESSING');
    await advanceClock(gateway, 31 * 86_400);
    await expect
      .poll(
        async () =>
          (await stores.repositories.outcomeChecks.find({ kind: 'payout', resourceId: answer.body.payout.id }))
            ?.operation,
        { timeout: 20_000, interval: 300 },
      )
      .toBe('payout-status');
    const stalled = await payoutOf(member, answer.body.payout.id);
    expect(stalled.body.payout.status).toBe('INITIATION_PROCESSING');
    expectReferenceSchema('PayoutResponse', stalled.body, 'GET /payouts/{id} stalled');
    // The check asks the provider now; the payout's own timer is gone.
    await expect
      .poll(() => stores.prisma.scheduledJob.count({ where: { id: `payouts.poll:${answer.body.payout.id}` } }), {
        timeout: 20_000,
        interval: 300,
      })
      .toBe(0);
    expect((await balances(accountId))['availableBalance']).toBe('20.00');
  });
});
