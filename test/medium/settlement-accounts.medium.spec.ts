import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  CreateSettlementAccountUseCase,
  GetSettlementAccountUseCase,
  ListSettlementAccountsUseCase,
  ListSettlementTransactionsUseCase,
  ReadSettlementCreditsUseCase,
  settlementCreditTimerId,
} from '#libs/application';
import type { OpenSettlementAccountRequest, ProviderSettlementAccount } from '#libs/connectors';
import type { MemberId } from '#libs/domain';
import { MediumGateway } from './harness/medium-gateway.js';
import { bankFails } from './harness/scripted-bank.js';
import { ScriptedProvider } from './harness/scripted-provider.js';

/**
 * Settlement accounts in-process: POST /virtual-accounts (CreateSettlementAccountUseCase) at the
 * scripted provider, the member's reads (GetSettlementAccountUseCase, ListSettlementAccountsUseCase,
 * ListSettlementTransactionsUseCase), and the account's credit reader (ReadSettlementCreditsUseCase)
 * booking what the provider reports. The credit intake's paging, cursors and repeats are
 * settlement-credit-intake's.
 */
const PROVIDER = 'scripted-accounts';
const provider = new ScriptedProvider(PROVIDER);
let gateway: MediumGateway;
let member: MemberId;

beforeAll(async () => {
  gateway = await MediumGateway.start({
    env: { SETTLEMENT_PROVIDER: PROVIDER },
    providers: { [PROVIDER]: () => provider },
  });
  member = await gateway.member('settlement-accounts');
});

afterAll(async () => {
  await gateway?.close();
});

afterEach(() => {
  provider.reset();
});

/** The provider opens the account it is asked for, GBP in the UK. */
const opensIt = (request: OpenSettlementAccountRequest): ProviderSettlementAccount => ({
  providerAccountId: `prov-${request.accountId}`,
  status: 'ACTIVE',
  currency: request.currency,
  country: request.country,
  accountName: 'Settlement Ltd',
  sortCode: '040004',
  accountNumber: '87654321',
});

const createAccount = (memberId = member) =>
  gateway.get(CreateSettlementAccountUseCase).execute({
    memberId,
    regulated: true,
    currency: 'GBP',
    country: 'GB',
    accountNickName: 'Main',
  });

const getAccount = (memberId: MemberId, accountId: string) =>
  gateway.get(GetSettlementAccountUseCase).execute({ memberId, accountId });
const listAccounts = (memberId: MemberId) =>
  gateway.get(ListSettlementAccountsUseCase).execute({ memberId, page: { limit: 10 }, filter: {} });
const listTransactions = (memberId: MemberId, accountId: string) =>
  gateway.get(ListSettlementTransactionsUseCase).execute({ memberId, accountId, page: { limit: 10 }, filter: {} });
const accountRow = (id: string) => gateway.stores.prisma.settlementAccount.findUniqueOrThrow({ where: { id } });

describe('opening a settlement account', () => {
  it('stores it, opens it at the provider under its id, and confirms it with its credit reader’s timer', async () => {
    provider.scriptAccounts([
      (request) => {
        expect(request).toMatchObject({ currency: 'GBP', country: 'GB', accountNickName: 'Main' });
        return opensIt(request);
      },
    ]);
    const { virtualAccount } = await createAccount();
    expect(virtualAccount).toMatchObject({
      status: 'ACTIVE',
      currency: 'GBP',
      sortCode: '040004',
      accountNumber: '87654321',
    });
    expect(provider.opened).toEqual([expect.objectContaining({ accountId: virtualAccount.accountId })]);
    expect(await accountRow(virtualAccount.accountId)).toMatchObject({
      memberId: member,
      providerId: PROVIDER,
      providerAccountId: `prov-${virtualAccount.accountId}`,
      status: 'ACTIVE',
    });
    expect(await gateway.timer(settlementCreditTimerId(virtualAccount.accountId))).not.toBeNull();

    expect(await getAccount(member, virtualAccount.accountId)).toMatchObject({
      virtualAccount: { accountId: virtualAccount.accountId },
    });
    const listed = await listAccounts(member);
    expect(listed.virtualAccount.map((account) => account.accountId)).toContain(virtualAccount.accountId);
    const other = await gateway.member('settlement-accounts-other');
    await expect(getAccount(other, virtualAccount.accountId)).rejects.toMatchObject({ status: 404 });
  });

  it('a provider that does not answer leaves the account REFUSED, unseen, without a reader, and the error answered', async () => {
    const owner = await gateway.member('settlement-accounts-refused');
    provider.scriptAccounts([bankFails.timeout()]);
    await expect(createAccount(owner)).rejects.toThrow();

    const [asked] = provider.opened;
    expect(asked).toBeDefined();
    expect(await accountRow(asked.accountId)).toMatchObject({ status: 'REFUSED' });
    expect(await gateway.timer(settlementCreditTimerId(asked.accountId))).toBeNull();
    expect((await listAccounts(owner)).virtualAccount).toEqual([]);
    await expect(getAccount(owner, asked.accountId)).rejects.toMatchObject({ status: 404 });
  });
});

describe('crediting a settlement account', () => {
  it('the credit reader books what the provider reports, once, and the member reads it', async () => {
    const owner = await gateway.member('settlement-accounts-credited');
    provider.scriptAccounts([opensIt]);
    const { virtualAccount } = await createAccount(owner);
    const credit = {
      providerPaymentId: 'credit-1',
      amount: { value: '42.10', currency: 'GBP' },
      createdDateTime: new Date(gateway.clock.nowMs()).toISOString(),
      refId: 'ref-credit-1',
      localInstrument: 'FASTER_PAYMENTS' as const,
    };
    provider.scriptAccounts(
      [],
      [
        { credits: [credit], cursor: 'c1' },
        { credits: [credit], cursor: 'c1' },
      ],
    );

    const read = gateway.get(ReadSettlementCreditsUseCase);
    expect(await read.execute({ accountId: virtualAccount.accountId })).toMatchObject({ kind: 'read', booked: 1 });
    expect(await read.execute({ accountId: virtualAccount.accountId })).toMatchObject({ kind: 'read', booked: 0 });

    const page = await listTransactions(owner, virtualAccount.accountId);
    expect(page.transactions).toHaveLength(1);
    expect(JSON.stringify(page.transactions[0])).toContain('42.10');
    const other = await gateway.member('settlement-accounts-credited-other');
    await expect(listTransactions(other, virtualAccount.accountId)).rejects.toMatchObject({
      status: 404,
    });
  });
});
