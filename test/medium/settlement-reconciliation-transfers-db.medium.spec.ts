import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CreditReconciliation,
  GetCreditUseCase,
  GetTransferSettlementUseCase,
  ListCreditsUseCase,
  ListTransfersAwaitingSettlementUseCase,
  MatchCreditUseCase,
  recordTransferChange,
  SettlementWindowEnd,
  settlementWindowTimerId,
} from '#libs/application';
import { GatewayError } from '#libs/common';
import {
  closeDataStores,
  openDataStores,
  TRANSFER_STATUS,
  type DataStores,
  type Payment,
  type Transfer,
} from '#libs/db';
import {
  storeSettlementAccount,
  storeSettlementCredit,
  storeSettlementPayment,
} from '../support/settlement-fixtures.js';
import { testExtensions } from '../support/extensions.js';
import { testConfig } from '../support/test-env.js';
import {
  storeProcessedTokenRequest,
  storeToken,
  storeTransfer,
  transferRequestPayload,
} from '../support/transfer-fixtures.js';

/**
 * Reconciliation of Payments v1 transfers to settlement accounts against Postgres: transfers made
 * as the redemption stores them and taken to the bank's SUCCESS as a bank answer records it (which
 * opens the settlement window), credits made through the repositories, settled by the worker's
 * batch and the window end.
 */
const MEMBER = 'm:reconciliation-transfers';
const BANK = 'reconciliation-transfers-bank';

let stores: DataStores;
let reconciliation: CreditReconciliation;
let windows: SettlementWindowEnd;
let matches: MatchCreditUseCase;
let awaitingTransfers: ListTransfersAwaitingSettlementUseCase;
let transferSettlement: GetTransferSettlementUseCase;
let credits: ListCreditsUseCase;
let getCredit: GetCreditUseCase;

beforeAll(async () => {
  const config = await testConfig();
  stores = await openDataStores(config, { service: 'reconciliation-transfers-test', poolSize: 4 });
  await stores.prisma.member.upsert({ where: { id: MEMBER }, create: { id: MEMBER, name: MEMBER }, update: {} });
  const bank = {
    id: BANK,
    name: 'Reconciliation test bank',
    countries: ['GB'],
    bics: [],
    logoUri: 'https://bank.example/logo.png',
    provider: 'test',
    openBankingStandard: 'UK_OPEN_BANKING_STANDARD',
    supportedLocalInstruments: ['FASTER_PAYMENTS'],
    scaApproaches: ['REDIRECT'],
    features: {},
    connectorType: 'obie',
    connectorSettings: {},
    listed: false,
  };
  await stores.prisma.bank.upsert({ where: { id: BANK }, create: bank, update: {} });
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
  awaitingTransfers = new ListTransfersAwaitingSettlementUseCase(repositories.settlementReconciliation);
  transferSettlement = new GetTransferSettlementUseCase(repositories.settlementReconciliation, repositories.transfers);
  credits = new ListCreditsUseCase(repositories.settlementReconciliation);
  getCredit = new GetCreditUseCase(repositories.settlementReconciliation);
});

afterAll(async () => {
  await closeDataStores(stores);
});

const newAccount = (): Promise<string> => storeSettlementAccount(stores, MEMBER);

/** A transfer of `amount` EUR to the account with the settlement reference, PROCESSING at the bank. */
async function newTransfer(accountId: string, settlementRefId: string, amount = '10.00'): Promise<Transfer> {
  const payload = transferRequestPayload({}, { currency: 'EUR', lifetimeAmount: amount });
  const request = await storeProcessedTokenRequest(stores.repositories, MEMBER, { payload, bankId: BANK });
  const token = await storeToken(stores.repositories, request);
  const stored = await storeTransfer(stores, token, request);
  return stores.prisma.transfer
    .update({
      where: { id: stored.id },
      data: { virtualAccountId: accountId, settlementRefId },
    })
    .then(TRANSFER_STATUS.row);
}

/** The bank's SUCCESS recorded as a bank answer is: the window opens and the transfer moves on to SETTLEMENT_IN_PROGRESS. */
async function bankCompletes(transfer: Transfer): Promise<Transfer> {
  const now = stores.clock.now();
  const result = await stores.repositories.transactions.run(async (tx) => {
    const current = await stores.repositories.transfers.in(tx).lock(transfer.id);
    if (current === null) throw new Error('no transfer');
    return recordTransferChange(
      tx,
      current,
      { status: 'SUCCESS', updatedAt: now },
      now,
      [1],
      testExtensions().transfers,
    );
  });
  if (result.kind !== 'changed') throw new Error(`the bank's answer was ${result.kind}`);
  return result.transfer;
}

const newPayment = (accountId: string, refId: string): Promise<Payment> =>
  storeSettlementPayment(stores, { memberId: MEMBER, accountId, refId });

const newCredit = (accountId: string, refId: string, amount = '10.00') =>
  storeSettlementCredit(stores, { memberId: MEMBER, accountId, refId, amount });

async function reconcileAll(): Promise<void> {
  for (;;) if ((await reconciliation.reconcileBatch(100)).examined === 0) return;
}

const transferOf = (id: string) => stores.prisma.transfer.findUniqueOrThrow({ where: { id } });
const creditRow = (id: string) => stores.prisma.settlementTransaction.findUniqueOrThrow({ where: { id } });
const timerOf = (id: string) => stores.prisma.scheduledJob.findUnique({ where: { id: settlementWindowTimerId(id) } });

async function transferEvents(transferId: string): Promise<{ status: string; statusReasonInformation?: string }[]> {
  const rows = await stores.prisma.outboxEvent.findMany({
    where: { eventType: 'TRANSFER_STATUS_CHANGED', body: { contains: transferId } },
    orderBy: { createdAt: 'asc' },
  });
  return rows.map(
    (row) => (JSON.parse(row.body) as { transferStatusChanged: { status: string } }).transferStatusChanged,
  );
}

const eventCount = (eventType: string, id: string) =>
  stores.prisma.outboxEvent.count({ where: { eventType, body: { contains: id } } });

describe('reconciliation of Payments v1 transfers in Postgres', () => {
  it("opens the window at the bank's SUCCESS and moves on to SETTLEMENT_IN_PROGRESS, an event per move", async () => {
    const account = await newAccount();
    const transfer = await bankCompletes(await newTransfer(account, 'tr-open'));
    expect(transfer.status).toBe('SETTLEMENT_IN_PROGRESS');
    expect((await transferEvents(transfer.id)).map((event) => event.status).sort()).toEqual([
      'PROCESSING',
      'SETTLEMENT_IN_PROGRESS',
      'SUCCESS',
    ]);
    const timer = await timerOf(transfer.id);
    expect(timer?.dueAt.getTime()).toBe(transfer.updatedAt.getTime() + 86_400_000);
  });

  it('settles the transfer with the same reference and amount: one event, the credit linked, the timer removed', async () => {
    const account = await newAccount();
    const transfer = await bankCompletes(await newTransfer(account, 'tr-settle', '10.00'));
    const before = await eventCount('TRANSFER_STATUS_CHANGED', transfer.id);
    const credit = await newCredit(account, 'tr-settle', '10');
    await reconcileAll();
    const settled = await transferOf(transfer.id);
    expect(settled.status).toBe('SETTLEMENT_COMPLETED');
    expect(settled.version).toBe(transfer.version + 1);
    expect(await eventCount('TRANSFER_STATUS_CHANGED', transfer.id)).toBe(before + 1);
    expect((await transferEvents(transfer.id)).filter((event) => event.status === 'SETTLEMENT_COMPLETED')).toHaveLength(
      1,
    );
    expect(await creditRow(credit.id)).toMatchObject({
      reconciliationState: 'MATCHED',
      transferId: transfer.id,
      paymentId: null,
    });
    expect(await timerOf(transfer.id)).toBeNull();
  });

  it('books a credit of another amount against the transfer, which stays SETTLEMENT_IN_PROGRESS', async () => {
    const account = await newAccount();
    const transfer = await bankCompletes(await newTransfer(account, 'tr-amount', '10.00'));
    const credit = await newCredit(account, 'tr-amount', '9.99');
    await reconcileAll();
    expect((await transferOf(transfer.id)).status).toBe('SETTLEMENT_IN_PROGRESS');
    expect(await creditRow(credit.id)).toMatchObject({ reconciliationState: 'MISMATCHED', transferId: transfer.id });
    expect(await timerOf(transfer.id)).not.toBeNull();
  });

  it('settles a payment and a transfer with different references in the same batch, each by its own path', async () => {
    const account = await newAccount();
    const payment = await newPayment(account, 'mixed-payment');
    const transfer = await bankCompletes(await newTransfer(account, 'mixed-transfer'));
    const paymentCredit = await newCredit(account, 'mixed-payment');
    const transferCredit = await newCredit(account, 'mixed-transfer');
    const batch = await reconciliation.reconcileBatch(100);
    expect(batch.examined).toBe(2);
    const paid = await stores.prisma.payment.findUniqueOrThrow({ where: { id: payment.id } });
    expect(paid).toMatchObject({ status: 'SETTLEMENT_COMPLETED', version: payment.version + 1 });
    expect(await eventCount('PAYMENT_STATUS_CHANGED', payment.id)).toBe(1);
    expect(await timerOf(payment.id)).toBeNull();
    expect(await creditRow(paymentCredit.id)).toMatchObject({
      reconciliationState: 'MATCHED',
      paymentId: payment.id,
      transferId: null,
    });
    expect((await transferOf(transfer.id)).status).toBe('SETTLEMENT_COMPLETED');
    expect(await timerOf(transfer.id)).toBeNull();
    expect(await creditRow(transferCredit.id)).toMatchObject({
      reconciliationState: 'MATCHED',
      transferId: transfer.id,
      paymentId: null,
    });
  });

  it('leaves a credit for a transfer already final unmatched, and the transfer as it is', async () => {
    const account = await newAccount();
    const transfer = await bankCompletes(await newTransfer(account, 'tr-final'));
    const first = await newCredit(account, 'tr-final');
    await reconcileAll();
    const settled = await transferOf(transfer.id);
    expect(settled.status).toBe('SETTLEMENT_COMPLETED');
    const events = await eventCount('TRANSFER_STATUS_CHANGED', transfer.id);
    const second = await newCredit(account, 'tr-final');
    await reconcileAll();
    expect((await creditRow(first.id)).transferId).toBe(transfer.id);
    expect(await creditRow(second.id)).toMatchObject({
      reconciliationState: 'UNMATCHED',
      transferId: null,
      paymentId: null,
    });
    expect((await transferOf(transfer.id)).version).toBe(settled.version);
    expect(await eventCount('TRANSFER_STATUS_CHANGED', transfer.id)).toBe(events);
    expect(await windows.onTransferTimer(transfer.id)).toBe('unchanged');
  });

  it("keeps a credit that comes before the bank's SUCCESS waiting, and settles with it once the window opens", async () => {
    const account = await newAccount();
    const transfer = await newTransfer(account, 'tr-early');
    const credit = await newCredit(account, 'tr-early');
    await reconcileAll();
    expect((await creditRow(credit.id)).reconciliationState).toBe('PENDING');
    expect((await transferOf(transfer.id)).status).toBe('PROCESSING');
    await bankCompletes(transfer);
    await reconcileAll();
    expect((await transferOf(transfer.id)).status).toBe('SETTLEMENT_COMPLETED');
    expect(await creditRow(credit.id)).toMatchObject({ reconciliationState: 'MATCHED', transferId: transfer.id });
  });
});

describe("a Payments v1 transfer's settlement window end in Postgres", () => {
  it('ends a transfer without its credit SETTLEMENT_INCOMPLETE, saying the window passed', async () => {
    const account = await newAccount();
    const transfer = await bankCompletes(await newTransfer(account, 'tr-window'));
    expect(await windows.onTransferTimer(transfer.id)).toBe('SETTLEMENT_INCOMPLETE');
    const ended = await transferOf(transfer.id);
    expect(ended.status).toBe('SETTLEMENT_INCOMPLETE');
    expect(ended.statusReasonInformation).toContain('(1 day)');
    expect((await transferEvents(transfer.id)).filter((event) => event.status === 'SETTLEMENT_INCOMPLETE')).toEqual([
      expect.objectContaining({ statusReasonInformation: ended.statusReasonInformation }),
    ]);
    expect(await timerOf(transfer.id)).toBeNull();
    expect(await windows.onTransferTimer(transfer.id)).toBe('unchanged');
  });

  it('settles with a pending credit the worker has not reached yet', async () => {
    const account = await newAccount();
    const transfer = await bankCompletes(await newTransfer(account, 'tr-window-credit'));
    const credit = await newCredit(account, 'tr-window-credit');
    expect(await windows.onTransferTimer(transfer.id)).toBe('SETTLEMENT_COMPLETED');
    expect(await creditRow(credit.id)).toMatchObject({ reconciliationState: 'MATCHED', transferId: transfer.id });
  });
});

describe("an operator's match of a credit with a transfer in Postgres", () => {
  async function refusal(creditId: string, transferId: string): Promise<{ status: number; message: string }> {
    try {
      await matches.execute({ kind: 'transfer', creditId, transferId });
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      return { status: error.status, message: error.message };
    }
    throw new Error('the match was made');
  }

  it('lists the transfer as awaiting settlement, then settles it with an unmatched credit through the same rules', async () => {
    const account = await newAccount();
    const transfer = await bankCompletes(await newTransfer(account, 'tr-manual', '10.00'));
    const listed = await awaitingTransfers.execute({ memberId: MEMBER, offset: 0, limit: 200 });
    expect(listed.items.map((item) => item.id)).toContain(transfer.id);
    const credit = await newCredit(account, 'tr-typo', '10.00');
    await reconcileAll();
    expect((await creditRow(credit.id)).reconciliationState).toBe('UNMATCHED');
    const before = await eventCount('TRANSFER_STATUS_CHANGED', transfer.id);

    const matched = await matches.execute({ kind: 'transfer', creditId: credit.id, transferId: transfer.id });
    expect(matched).toMatchObject({
      creditId: credit.id,
      reconciliationState: 'MATCHED',
      transfer: { id: transfer.id, status: 'SETTLEMENT_COMPLETED' },
    });
    expect(await creditRow(credit.id)).toMatchObject({
      reconciliationState: 'MATCHED',
      transferId: transfer.id,
      paymentId: null,
    });
    expect(await eventCount('TRANSFER_STATUS_CHANGED', transfer.id)).toBe(before + 1);
    expect(await timerOf(transfer.id)).toBeNull();
    expect(
      (await awaitingTransfers.execute({ memberId: MEMBER, offset: 0, limit: 200 })).items.map((item) => item.id),
    ).not.toContain(transfer.id);

    // Final now: a second credit is refused (409), as is the same credit again.
    const another = await newCredit(account, 'tr-typo-2', '10.00');
    expect(await refusal(another.id, transfer.id)).toEqual({
      status: 409,
      message: `Transfer ${transfer.id} is SETTLEMENT_COMPLETED; only a transfer awaiting settlement can be matched.`,
    });
    const open = await bankCompletes(await newTransfer(account, 'tr-manual-2', '10.00'));
    expect((await refusal(credit.id, open.id)).status).toBe(409);
  });

  it('books a credit of another amount against the transfer, which stays in progress; one adding up with it settles it', async () => {
    const account = await newAccount();
    const transfer = await bankCompletes(await newTransfer(account, 'tr-manual-amount', '10.00'));
    const credit = await newCredit(account, 'tr-other', '7.50');
    const before = await eventCount('TRANSFER_STATUS_CHANGED', transfer.id);
    const booked = await matches.execute({ kind: 'transfer', creditId: credit.id, transferId: transfer.id });
    expect(booked).toMatchObject({
      reconciliationState: 'MISMATCHED',
      transfer: { id: transfer.id, status: 'SETTLEMENT_IN_PROGRESS' },
    });
    expect((await transferOf(transfer.id)).status).toBe('SETTLEMENT_IN_PROGRESS');
    expect(await eventCount('TRANSFER_STATUS_CHANGED', transfer.id)).toBe(before);
    expect(await timerOf(transfer.id)).not.toBeNull();
    expect(await creditRow(credit.id)).toMatchObject({ reconciliationState: 'MISMATCHED', transferId: transfer.id });

    const rest = await newCredit(account, 'tr-other-2', '2.50');
    const settled = await matches.execute({ kind: 'transfer', creditId: rest.id, transferId: transfer.id });
    expect(settled).toMatchObject({
      reconciliationState: 'MATCHED',
      transfer: { id: transfer.id, status: 'SETTLEMENT_COMPLETED' },
    });
    for (const id of [credit.id, rest.id])
      expect(await creditRow(id)).toMatchObject({ reconciliationState: 'MATCHED', transferId: transfer.id });
    expect(await eventCount('TRANSFER_STATUS_CHANGED', transfer.id)).toBe(before + 1);
    expect(await timerOf(transfer.id)).toBeNull();

    // The admin's views show both against the transfer.
    const view = await transferSettlement.execute({ transferId: transfer.id });
    expect(view.transfer).toMatchObject({ id: transfer.id, status: 'SETTLEMENT_COMPLETED' });
    expect(view.credits.map((c) => [c.id, c.amount.value, c.reconciliationState, c.transferId])).toEqual([
      [credit.id, '7.50', 'MATCHED', transfer.id],
      [rest.id, '2.50', 'MATCHED', transfer.id],
    ]);
    expect(
      (await credits.execute({ filter: { transferId: transfer.id }, offset: 0, limit: 10 })).items.map((c) => c.id),
    ).toEqual([rest.id, credit.id]);
    expect((await getCredit.execute({ creditId: rest.id })).credit).toMatchObject({
      transferId: transfer.id,
      reconciliationState: 'MATCHED',
    });
  });

  it('refuses a transfer of another account (400), one not yet at the bank’s final status (409), and unknown ids (404)', async () => {
    const account = await newAccount();
    const otherAccount = await newAccount();
    const elsewhere = await bankCompletes(await newTransfer(otherAccount, 'tr-elsewhere'));
    const credit = await newCredit(account, 'tr-nothing');
    expect(await refusal(credit.id, elsewhere.id)).toEqual({
      status: 400,
      message: `Transfer ${elsewhere.id} does not pay settlement account ${account}.`,
    });
    const processing = await newTransfer(account, 'tr-processing');
    expect(await refusal(credit.id, processing.id)).toEqual({
      status: 409,
      message: `Transfer ${processing.id} is PROCESSING; only a transfer awaiting settlement can be matched.`,
    });
    expect((await refusal(credit.id, 't:unknown')).status).toBe(404);
    expect((await refusal('st:unknown', elsewhere.id)).status).toBe(404);
    expect((await creditRow(credit.id)).reconciliationState).toBe('PENDING');
  });
});
