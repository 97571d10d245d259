import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GetPayoutUseCase, PayoutInitiation, PayoutProgression, payoutTimerId } from '#libs/application';
import { GatewayError } from '#libs/common';
import { newId, type MemberId } from '#libs/domain';
import { MediumGateway } from './harness/medium-gateway.js';
import { bankFails, bankSays } from './harness/scripted-bank.js';
import { ScriptedProvider } from './harness/scripted-provider.js';

/**
 * Payouts in-process: the initiation (PayoutInitiation, the amount reserved on the
 * settlement ledger), the payout's timer that sends it and polls it (PayoutProgression.onTimer)
 * and the outcome check after an unknown send (askAgain), the settlement provider scripted.
 */
const PROVIDER = 'scripted-provider';
const provider = new ScriptedProvider(PROVIDER);
let gateway: MediumGateway;
let member: MemberId;

beforeAll(async () => {
  gateway = await MediumGateway.start({ providers: { [PROVIDER]: () => provider } });
  member = await gateway.member('payouts');
});

afterAll(async () => {
  await gateway?.close();
});

afterEach(() => {
  provider.reset();
});

/** A GBP settlement account at the scripted provider, credited with `credit`. */
async function account(credit: string): Promise<string> {
  const id = newId('pa');
  const now = gateway.clock.now();
  const repositories = gateway.stores.repositories;
  await repositories.settlementAccounts.insert({
    id,
    memberId: member,
    providerId: PROVIDER,
    providerAccountId: `prov-${id}`,
    status: 'ACTIVE',
    currency: 'GBP',
    country: 'GB',
    createdAt: now,
    updatedAt: now,
  });
  const posted = await repositories.transactions.run((tx) =>
    repositories.settlementLedger
      .in(tx)
      .post({ accountId: id, kind: 'CREDIT', sourceId: `credit:${id}`, amount: credit, createdAt: now }),
  );
  expect(posted.kind).toBe('posted');
  return id;
}

function payout(accountId: string, value: string) {
  return gateway.get(PayoutInitiation).initiate({
    member: { memberId: member, regulated: true },
    initiation: {
      description: 'Payout 2026-001',
      refId: `po-${randomBytes(6).toString('hex')}`,
      amount: { value, currency: 'GBP' },
      debtor: { accountId },
      creditor: { name: 'Jane Doe', sortCode: '123456', accountNumber: '12345678' },
    },
  });
}

const row = (id: string) => gateway.stores.prisma.payout.findUniqueOrThrow({ where: { id } });
const available = async (accountId: string) =>
  (await gateway.stores.repositories.settlementLedger.balances(accountId))?.availableBalance;

async function fireTimer(payoutId: string): Promise<void> {
  const timer = await gateway.timer(payoutTimerId(payoutId));
  expect(timer, `payout ${payoutId} has a timer`).not.toBeNull();
  const wait = (timer!.dueAt.getTime() - gateway.clock.nowMs()) / 1000;
  if (wait > 0) gateway.clock.advance(wait);
  await gateway.get(PayoutProgression).onTimer(payoutId);
}

describe('a payout', () => {
  it('reserves its amount, is sent by its timer and followed to completion, an event per move', async () => {
    const accountId = await account('100.00');
    const created = await payout(accountId, '30.00');
    expect(created.status).toBe('INITIATION_PENDING');
    expect(await available(accountId)).toBe('70.00');

    provider.script('sendPayout', bankSays.movement('PROCESSING', 'prov-po-1'));
    await fireTimer(created.id);
    expect(await row(created.id)).toMatchObject({ status: 'INITIATION_PROCESSING', bankTransactionId: 'prov-po-1' });
    expect(provider.sent).toMatchObject([{ payoutId: created.id, amount: { currency: 'GBP' } }]);
    expect(Number(provider.sent[0]?.amount.value)).toBe(30);

    provider.script('getPayoutStatus', bankSays.movement('COMPLETED', 'prov-po-1'));
    await fireTimer(created.id);
    expect((await row(created.id)).status).toBe('INITIATION_COMPLETED');
    expect(provider.statusReads).toEqual(['prov-po-1']);
    expect(await gateway.statusesOf(created.id)).toEqual([
      'INITIATION_PENDING',
      'INITIATION_PROCESSING',
      'INITIATION_COMPLETED',
    ]);
    expect(await gateway.timer(payoutTimerId(created.id))).toBeNull();
    expect(await available(accountId)).toBe('70.00');
    expect((await gateway.get(GetPayoutUseCase).execute({ memberId: member, id: created.id })).payout.status).toBe(
      'INITIATION_COMPLETED',
    );
  });

  it('a refusal by the provider ends it INITIATION_REJECTED and gives the reserved amount back', async () => {
    const accountId = await account('50.00');
    const created = await payout(accountId, '20.00');
    expect(await available(accountId)).toBe('30.00');
    provider.script('sendPayout', bankFails.rejected('creditor account unknown'));
    await fireTimer(created.id);
    expect((await row(created.id)).status).toBe('INITIATION_REJECTED');
    expect(await available(accountId)).toBe('50.00');
    expect(await gateway.statusesOf(created.id)).toEqual(['INITIATION_PENDING', 'INITIATION_REJECTED']);
  });

  it('refuses a payout above the available balance, naming the amount, and stores nothing', async () => {
    const accountId = await account('10.00');
    const error = await payout(accountId, '10.01').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GatewayError);
    expect((error as GatewayError).paths?.[0]).toContain('amount');
    expect(await gateway.stores.prisma.payout.count({ where: { accountId } })).toBe(0);
  });
});

describe('a payout whose send has an unknown outcome', () => {
  it('stays INITIATION_PENDING with its amount reserved under an outcome check, which sends it again', async () => {
    const accountId = await account('40.00');
    const created = await payout(accountId, '15.00');
    provider.script('sendPayout', bankFails.unavailable());
    await fireTimer(created.id);
    expect(await row(created.id)).toMatchObject({ status: 'INITIATION_PENDING', bankTransactionId: null });
    expect(await available(accountId)).toBe('25.00');
    const check = await gateway.outcomeCheck('payout', created.id);
    expect(check).toMatchObject({ operation: 'payout-send' });

    provider.reset();
    provider.script('sendPayout', bankSays.movement('COMPLETED', 'prov-po-2'));
    expect(await gateway.get(PayoutProgression).askAgain(check!)).toBe('answered');
    expect(await row(created.id)).toMatchObject({ status: 'INITIATION_COMPLETED', bankTransactionId: 'prov-po-2' });
    expect(await gateway.outcomeCheck('payout', created.id)).toBeNull();
    // The same payout id again: the provider's idempotency key.
    expect(provider.sent.map((sent) => sent.payoutId)).toEqual([created.id]);
  });
});
