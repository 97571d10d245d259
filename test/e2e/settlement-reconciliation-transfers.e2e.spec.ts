import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decideOnConsentPage } from './obie/consent-form.js';
import {
  ADMIN_TOKEN,
  advanceClock,
  call,
  newMember,
  startGateway,
  type TestGateway,
  type TestMember,
} from '../support/payments-gateway.js';
import { expectReferenceSchema } from '../support/reference-schema.js';
import { TPP_REDIRECT } from '../support/token-requests.js';

/**
 * Payments v1 transfers to a settlement account, the whole chain against the real gateway, worker
 * and sandbox bank: the account opened through POST /virtual-accounts at the sandbox provider, a
 * transfer token request naming it as `virtualAccount` destination, authorised at the sandbox bank
 * and redeemed as the user comes back; the provider books the transfer's credit as the remittance
 * marker (the request's description) says, the intake worker reads it and the reconciliation
 * worker settles the transfer, or the window ends it SETTLEMENT_INCOMPLETE, on the test clock.
 */

type Json = Record<string, unknown>;

let gateway: TestGateway;
let member: TestMember;
let gbpAccount: string;

async function openAccount(currency: 'EUR' | 'GBP'): Promise<string> {
  const opened = await call<{ virtualAccount: { accountId: string } }>(
    `${gateway.apiUrl}/virtual-accounts`,
    'POST',
    member.auth,
    { currency, country: currency === 'EUR' ? 'DE' : 'GB', accountNickName: `Settlement ${currency}` },
  );
  expect(opened.status, JSON.stringify(opened.body)).toBe(200);
  return opened.body.virtualAccount.accountId;
}

/** A transfer token request of `amount` GBP to the settlement account over Faster Payments, stored through the API. */
async function requestTransfer(amount: string, description: string): Promise<string> {
  const answer = await call<{ tokenRequest: { id: string } }>(`${gateway.apiUrl}/token-requests`, 'POST', member.auth, {
    requestOptions: { bankId: 'ob-sandbox-gb' },
    requestPayload: {
      refId: `ref-${randomBytes(6).toString('hex')}`,
      to: { id: 'm:tpp' },
      redirectUrl: TPP_REDIRECT,
      description,
      transferBody: {
        currency: 'GBP',
        lifetimeAmount: amount,
        instructions: {
          transferDestinations: [
            {
              virtualAccount: { id: gbpAccount, localInstrument: 'FASTER_PAYMENTS' },
              customerData: { legalNames: ['Merchant Ltd'] },
            },
          ],
        },
      },
    },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expectReferenceSchema('StoreTokenRequestResponse', answer.body, 'POST /token-requests');
  return answer.body.tokenRequest.id;
}

/** The request authorised at the sandbox bank; the way back makes the token and the transfer (auto-redeem). */
async function authorisedTransfer(requestId: string): Promise<string> {
  const answer = await call<Json>(
    `${gateway.apiUrl}/token-requests/${encodeURIComponent(requestId)}/authorization`,
    'POST',
    member.auth,
    { bankId: 'ob-sandbox-gb' },
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const back = await decideOnConsentPage(answer.body['redirectUrl'] as string, 'sandbox-success', 'approve');
  const callback = await call(back.toString(), 'GET', undefined);
  expect(callback.status).toBe(303);
  const stored = await gateway.api.stores.repositories.tokenRequests.findById(requestId);
  expect(stored?.transferId).toEqual(expect.any(String));
  return stored?.transferId ?? '';
}

function getTransfer(id: string) {
  return call<{ transfer: Json }>(`${gateway.apiUrl}/transfers/${encodeURIComponent(id)}`, 'GET', member.auth);
}

/** GET /transfers/{id} until the transfer reaches one of `statuses`; checked against the reference. */
async function transferReaching(id: string, statuses: readonly string[], timeoutMs = 30_000): Promise<Json> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await getTransfer(id);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const { transfer } = answer.body;
    if (statuses.includes(transfer['status'] as string)) {
      expectReferenceSchema('Transfer', transfer, 'GET /transfers/{id}');
      return transfer;
    }
    if (Date.now() > deadline) throw new Error(`transfer ${id}: still ${JSON.stringify(transfer)}`);
    await sleep(200);
  }
}

beforeAll(async () => {
  gateway = await startGateway({
    worker: true,
    env: {
      PAYMENT_POLL_SCHEDULE_SECONDS: '1',
      SETTLEMENT_RECONCILE_INTERVAL_SECONDS: '1',
      SETTLEMENT_CREDIT_READ_SECONDS: '1',
    },
  });
  member = await newMember(gateway);
  gbpAccount = await openAccount('GBP');
}, 120_000);

afterAll(async () => {
  await gateway?.close();
});

describe('Payments v1 transfers to a settlement account settled by the provider\u2019s credits', () => {
  it('the bank pays the account, the provider credits it, the intake reads it: SETTLEMENT_COMPLETED', async () => {
    const transferId = await authorisedTransfer(await requestTransfer('11.25', 'Order 4711'));
    await transferReaching(transferId, ['SETTLEMENT_IN_PROGRESS', 'SETTLEMENT_COMPLETED']);
    const stored = await gateway.api.stores.repositories.transfers.findById(transferId);
    expect(stored).toMatchObject({ virtualAccountId: gbpAccount });
    // The intake reads credits every second of the service clock.
    await advanceClock(gateway, 5);
    const settled = await transferReaching(transferId, ['SETTLEMENT_COMPLETED', 'SETTLEMENT_INCOMPLETE']);
    expect(settled['status']).toBe('SETTLEMENT_COMPLETED');
    const credit = await gateway.api.stores.prisma.settlementTransaction.findFirstOrThrow({
      where: { transferId },
    });
    expect(credit).toMatchObject({
      accountId: gbpAccount,
      reconciliationState: 'MATCHED',
      refId: stored?.settlementRefId,
    });
    expect(String(credit.amount)).toBe('11.25');
  }, 90_000);

  it("an operator matches an unknown payer's credit with a transfer awaiting settlement on the admin port", async () => {
    const transferId = await authorisedTransfer(await requestTransfer('4.20', 'settle-never'));
    await transferReaching(transferId, ['SETTLEMENT_IN_PROGRESS']);
    const admin = `Bearer ${ADMIN_TOKEN}`;
    const awaiting = await call<{ items: Json[] }>(
      `${gateway.adminUrl}/admin/settlement/awaiting-settlement-transfers?memberId=${encodeURIComponent(member.id)}`,
      'GET',
      admin,
    );
    expect(awaiting.status).toBe(200);
    expect(awaiting.body.items.map((item) => item['id'])).toContain(transferId);

    // The payer got the reference wrong: the provider books a credit no transfer takes.
    const stored = await gateway.api.stores.repositories.settlementAccounts.findById(gbpAccount);
    const booked = await fetch(
      `${gateway.sandboxUrl}/sandbox/settlement/accounts/${stored?.providerAccountId}/credits`,
      {
        method: 'POST',
        headers: { authorization: admin, 'content-type': 'application/json' },
        body: JSON.stringify({
          amount: { value: '4.20', currency: 'GBP' },
          refId: 'ORDER-4711-TYPO',
          description: 'Payin',
          debtor: { name: 'Payer', sortCode: '040004', accountNumber: '12345678' },
        }),
      },
    );
    expect(booked.status, await booked.clone().text()).toBe(201);
    const credit = await (async () => {
      const deadline = Date.now() + 20_000;
      for (;;) {
        const row = await gateway.api.stores.prisma.settlementTransaction.findFirst({
          where: { accountId: gbpAccount, refId: 'ORDER-4711-TYPO', reconciliationState: 'UNMATCHED' },
        });
        if (row !== null) return row;
        if (Date.now() > deadline) throw new Error('the credit was not booked unmatched');
        await advanceClock(gateway, 2);
        await sleep(200);
      }
    })();

    const both = await call<{ error: { paths: string[] } }>(
      `${gateway.adminUrl}/admin/settlement/matches`,
      'POST',
      admin,
      {
        creditId: credit.id,
        paymentId: 'pm2:none',
        transferId,
      },
    );
    expect(both.status).toBe(400);
    expect(both.body.error.paths.sort()).toEqual(['paymentId', 'transferId']);
    const neither = await call<{ error: { paths: string[] } }>(
      `${gateway.adminUrl}/admin/settlement/matches`,
      'POST',
      admin,
      {
        creditId: credit.id,
      },
    );
    expect(neither.status).toBe(400);
    expect(neither.body.error.paths).toEqual(['paymentId']);

    const matched = await call<{ match: { reconciliationState: string; transfer: Json } }>(
      `${gateway.adminUrl}/admin/settlement/matches`,
      'POST',
      admin,
      { creditId: credit.id, transferId },
    );
    expect(matched.status, JSON.stringify(matched.body)).toBe(200);
    expect(matched.body.match.reconciliationState).toBe('MATCHED');
    expect(matched.body.match.transfer).toMatchObject({ id: transferId, status: 'SETTLEMENT_COMPLETED' });
    const settled = await transferReaching(transferId, ['SETTLEMENT_COMPLETED']);
    expect(settled['status']).toBe('SETTLEMENT_COMPLETED');
    const again = await call(`${gateway.adminUrl}/admin/settlement/matches`, 'POST', admin, {
      creditId: credit.id,
      transferId,
    });
    expect(again.status).toBe(409);
  }, 90_000);

  it('a transfer whose credit never comes is SETTLEMENT_INCOMPLETE once its window (1 day) has passed', async () => {
    const transferId = await authorisedTransfer(await requestTransfer('3.00', 'settle-never'));
    await transferReaching(transferId, ['SETTLEMENT_IN_PROGRESS']);
    await advanceClock(gateway, 3600);
    await sleep(3000);
    expect((await transferReaching(transferId, ['SETTLEMENT_IN_PROGRESS']))['status']).toBe('SETTLEMENT_IN_PROGRESS');
    await advanceClock(gateway, 86_400);
    const ended = await transferReaching(transferId, ['SETTLEMENT_INCOMPLETE', 'SETTLEMENT_COMPLETED']);
    expect(ended['status']).toBe('SETTLEMENT_INCOMPLETE');
    expect(ended['statusReasonInformation']).toContain('(1 day)');
    expect(await gateway.api.stores.prisma.settlementTransaction.count({ where: { transferId } })).toBe(0);
  }, 90_000);
});
