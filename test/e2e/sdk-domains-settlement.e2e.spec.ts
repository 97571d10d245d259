import { collect, ok, pagesByPageInfo, pagesByPaging, type GatewayClient } from 'open-banking-gateway-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  advanceClock,
  newMember,
  startGateway,
  type TestGateway,
  type TestMember,
} from '../support/payments-gateway.js';
import { creditAtProvider, eventually, present, refId, sdkClient } from '../support/sdk-client.js';

/**
 * Settlement accounts (virtual accounts), their settlement rules and the rules' payouts, payouts
 * and account verification driven through the SDK only, against the real gateway, worker and the
 * sandbox bank as settlement provider. Credits are booked at the provider (its admin API) as a
 * payer's bank would; the test clock is moved on through the admin API.
 */

const OUTSIDE_IBAN = 'DE89370400440532013000';
const DAY_SECONDS = 86_400;

let gateway: TestGateway;
let member: TestMember;
let client: GatewayClient;

beforeAll(async () => {
  gateway = await startGateway({ worker: true });
  member = await newMember(gateway);
  client = sdkClient(gateway, member);
}, 120_000);

afterAll(async () => {
  await gateway?.close();
});

/** A settlement account of the member opened through the SDK and credited `credit` at the provider. */
async function creditedAccount(credit: string, currency: 'GBP' | 'EUR'): Promise<string> {
  const { virtualAccount } = await ok(
    client.POST('/virtual-accounts', {
      body: { currency, country: currency === 'GBP' ? 'GB' : 'DE', accountNickName: `Settlement ${currency}` },
    }),
  );
  expect(virtualAccount).toMatchObject({ currency, availableBalance: '0.00' });
  const accountId = present(virtualAccount?.accountId, 'virtualAccount.accountId');
  await creditAtProvider(gateway, client, accountId, credit, currency);
  return accountId;
}

/** A payout's reads through the SDK, the clock moved on past its timers, until it is `status`. */
async function payoutReaching(id: string, status: string) {
  const { payout } = await eventually(
    async () => {
      await advanceClock(gateway, 20);
      return ok(client.GET('/payouts/{id}', { params: { path: { id } } }));
    },
    (read) => read.payout.status === status,
    `payout ${id}`,
  );
  return payout;
}

describe('virtual accounts and payouts through the SDK', () => {
  it('opens an account, lists and reads it, pays out twice, reads the payouts and pages through them', async () => {
    const accountId = await creditedAccount('100.00', 'GBP');
    const listed = await ok(client.GET('/virtual-accounts', { params: { query: { currency: 'GBP' } } }));
    expect(listed.virtualAccount.map((account) => account.accountId)).toContain(accountId);
    const read = await ok(client.GET('/virtual-accounts/{accountId}', { params: { path: { accountId } } }));
    expect(read.virtualAccount).toMatchObject({
      accountId,
      accountNickName: 'Settlement GBP',
      bookedBalance: '100.00',
    });
    const credits = await ok(
      client.GET('/virtual-accounts/{accountId}/transactions', { params: { path: { accountId } } }),
    );
    expect(credits.transactions).toEqual([
      expect.objectContaining({ transactionType: 'CREDIT', amount: { value: '100.00', currency: 'GBP' } }),
    ]);

    const made: string[] = [];
    for (const value of ['30.00', '15.00']) {
      const { payout } = await ok(
        client.POST('/payouts', {
          body: {
            initiation: {
              description: 'Invoice 2026-0001',
              refId: refId('po'),
              amount: { value, currency: 'GBP' },
              debtor: { accountId },
              creditor: { name: 'Jane Doe', sortCode: '040004', accountNumber: '12345678' },
            },
          },
        }),
      );
      expect(payout).toMatchObject({ status: 'INITIATION_PENDING', memberId: member.id });
      made.push(payout.id);
    }
    for (const id of made) expect((await payoutReaching(id, 'INITIATION_COMPLETED')).id).toBe(id);
    const after = await ok(client.GET('/virtual-accounts/{accountId}', { params: { path: { accountId } } }));
    expect(after.virtualAccount).toMatchObject({ availableBalance: '55.00', bookedBalance: '55.00' });

    const payouts = await collect(
      pagesByPaging(
        (offset) =>
          ok(client.GET('/payouts', { params: { query: { limit: 1, ...(offset === undefined ? {} : { offset }) } } })),
        (page) => page.payouts,
      ),
    );
    expect(payouts.map((payout) => payout.id).sort()).toEqual([...made].sort());
    expect(payouts.every((payout) => payout.status === 'INITIATION_COMPLETED')).toBe(true);
  });

  it('verifies a payee account: MATCH for its holder, NO_MATCH for another name', async () => {
    const verify = (name: string) =>
      ok(client.POST('/account-verifications', { body: { account: { name, iban: OUTSIDE_IBAN, currency: 'EUR' } } }));
    const match = await verify('Jane Doe');
    expect(match.id).toEqual(expect.any(String));
    expect(match.result.status).toBe('MATCH');
    expect((await verify('Somebody Else')).result.status).toBe('NO_MATCH');
  });
});

describe('settlement rules through the SDK', () => {
  it('a daily rule pays out each day under the test clock; its payouts paged, the rule read and deleted', async () => {
    const accountId = await creditedAccount('100.00', 'GBP');
    const created = await ok(
      client.POST('/virtual-accounts/{accountId}/settlement-rule', {
        params: { path: { accountId } },
        body: {
          accountId,
          payeeAccountDetails: { name: 'Jane Doe', sortCode: '040004', accountNumber: '12345678' },
          amountType: 'FIXED_VALUE',
          amountValue: '10.00',
          timeInterval: 'DAILY',
          intradayIntervalHours: 0,
          description: 'Daily payout',
        },
      }),
    );
    const settlementRuleId = present(created.settlementRuleId, 'settlementRuleId');
    const rules = await ok(
      client.GET('/virtual-accounts/{accountId}/settlement-rules', { params: { path: { accountId } } }),
    );
    expect(rules.settlementRule).toEqual([
      expect.objectContaining({ settlementRuleId, payerAccountId: accountId, status: 'ACTIVE' }),
    ]);

    const rulePayouts = () =>
      collect(
        pagesByPageInfo(
          (offset) =>
            ok(
              client.GET('/virtual-accounts/{accountId}/settlement-rule-payouts', {
                params: {
                  path: { accountId },
                  query: { settlementRuleId, limit: 1, ...(offset === undefined ? {} : { offset }) },
                },
              }),
            ),
          (page) => page.payouts,
        ),
      );
    for (let day = 1; day <= 2; day += 1) {
      await advanceClock(gateway, DAY_SECONDS);
      await eventually(rulePayouts, (payouts) => payouts.length >= day, `day ${day}'s rule payout`);
    }
    const payouts = await rulePayouts();
    expect(payouts).toHaveLength(2);
    for (const payout of payouts) {
      expect(payout).toMatchObject({
        settlementRuleId,
        description: 'Daily payout',
        initiation: { amount: { value: '10.00', currency: 'GBP' }, debtor: { accountId } },
      });
      const one = await ok(client.GET('/payouts/{id}', { params: { path: { id: payout.id } } }));
      expect(one.payout.id).toBe(payout.id);
    }

    const deleted = await ok(
      client.DELETE('/virtual-accounts/{accountId}/settlement-rules/{settlementRuleId}', {
        params: { path: { accountId, settlementRuleId } },
      }),
    );
    expect(deleted).toEqual({});
    const rule = await ok(
      client.GET('/virtual-accounts/{accountId}/settlement-rules/{settlementRuleId}', {
        params: { path: { accountId, settlementRuleId } },
      }),
    );
    expect(rule.settlementRule).toMatchObject({ settlementRuleId, status: 'INACTIVE' });
  });
});
