import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  AccountInformationReads,
  AuthorizeTokenRequestUseCase,
  CancelTokenUseCase,
  CreateTokenRequestUseCase,
  TokenRequestCallback,
  type AccountCall,
} from '#libs/application';
import type { BankAccount, BankBalance, BankTransaction } from '#libs/connectors';
import { accountIdOf, type MemberId } from '#libs/domain';
import { gatewayFailure } from './harness/gateway-failure.js';
import { MediumGateway } from './harness/medium-gateway.js';
import { bankFails } from './harness/scripted-bank.js';

/**
 * Account information in-process: an access token issued through its token request (the bank's
 * consent, the user's return, the grant kept sealed), then the reads under it
 * (AccountInformationReads, what GET /accounts ... calls): the consent checked before any bank
 * call, the user's grant and IP passed to the bank, balances and transactions kept a minute per
 * token, the TPP-initiated allowance, and the bank's refusals in the interface's words.
 */
let gateway: MediumGateway;
let member: MemberId;

const BANK = 'ob-sandbox-gb';
const GRANT = `ais-grant-${randomBytes(4).toString('hex')}`;
const ACCOUNT: BankAccount = {
  bankAccountId: 'acc-1',
  name: 'Current account',
  currency: 'GBP',
  type: 'CHECKING',
  identifiers: [{ type: 'gbDomestic', sortCode: '200000', accountNumber: '55779911' }],
  holderName: 'Jane Payer',
};
const ACCOUNT_ID = accountIdOf({ bankId: BANK, bankAccountId: 'acc-1' });
const BALANCES: readonly BankBalance[] = [
  {
    type: 'InterimAvailable',
    amount: { value: '1234.56', currency: 'GBP' },
    creditDebit: 'CREDIT',
    dateTime: '2026-12-01T10:00:00.000Z',
    role: 'AVAILABLE',
  },
];

function transaction(id: string, day: number): BankTransaction {
  return {
    bankTransactionId: id,
    amount: { value: `${day}.00`, currency: 'GBP' },
    creditDebit: 'DEBIT',
    status: 'BOOKED',
    bookingDateTime: `2026-11-${String(day).padStart(2, '0')}T09:00:00.000Z`,
    description: `Purchase ${id}`,
  };
}

beforeAll(async () => {
  gateway = await MediumGateway.start();
  member = await gateway.member('account-information');
});

afterAll(async () => {
  await gateway?.close();
});

afterEach(() => {
  gateway.bank.reset();
});

/** An ACTIVE access token of `owner` for `resources`, issued as the user's return from the bank issues it. */
async function accessToken(resources: readonly string[], owner: MemberId = member): Promise<string> {
  gateway.bank.script('createAccountAccess', {
    bankConsentId: `ais-consent-${randomBytes(3).toString('hex')}`,
    next: { kind: 'redirect', redirectUrl: 'https://bank.example/ais/authorise' },
  });
  const { tokenRequest } = await gateway.get(CreateTokenRequestUseCase).execute({
    memberId: owner,
    regulated: true,
    requestOptions: { bankId: BANK },
    requestPayload: {
      refId: `ais-${randomBytes(4).toString('hex')}`,
      to: { id: 'm:tpp' },
      redirectUrl: 'https://tpp.example/accounts/callback',
      callbackState: 'state-ais',
      accessBody: { resourceTypeList: { resources: [...resources] } },
    },
  });
  await gateway.get(AuthorizeTokenRequestUseCase).execute({ memberId: owner, tokenRequestId: tokenRequest.id });
  gateway.bank.script('completeAccountAccessRedirect', { grant: GRANT });
  const row = await gateway.stores.prisma.tokenRequest.findUniqueOrThrow({ where: { id: tokenRequest.id } });
  await gateway.get(TokenRequestCallback).complete(row.callbackToken, { code: 'auth-code' }, {});
  const done = await gateway.stores.prisma.tokenRequest.findUniqueOrThrow({ where: { id: tokenRequest.id } });
  expect(done.status).toBe('PROCESSED');
  gateway.bank.reset();
  return done.tokenId ?? '';
}

/** A read of the user present (their IP passed on), asking for a fresh answer unless said. */
function present(tokenId: string | undefined, changes: Partial<AccountCall> = {}): AccountCall {
  return { memberId: member, tokenId, psuIpAddress: '203.0.113.7', noCache: true, ...changes };
}

describe('account information reads', () => {
  it("asks the bank with the user's grant and IP, and answers the accounts in the interface's shape", async () => {
    const tokenId = await accessToken(['ACCOUNTS']);
    expect(JSON.stringify(await gateway.stores.prisma.token.findUnique({ where: { id: tokenId } }))).not.toContain(
      GRANT,
    );
    gateway.bank.script('listAccounts', [ACCOUNT]);
    const { accounts } = await gateway.get(AccountInformationReads).accounts(present(tokenId));
    expect(accounts).toHaveLength(1);
    expect(accounts).toMatchObject([
      {
        id: ACCOUNT_ID,
        bankId: BANK,
        name: 'Current account',
        accountDetails: { identifier: 'gbDomestic', currency: 'GBP', accountHolderName: 'Jane Payer' },
      },
    ]);
    const [call] = gateway.bank.calls('listAccounts');
    expect(call?.args).toEqual([GRANT]);
    expect(call?.ctx).toMatchObject({ bankId: BANK, psuIpAddress: '203.0.113.7' });
    const { account } = await gateway.get(AccountInformationReads).account(present(tokenId), ACCOUNT_ID);
    expect(account['id']).toBe(ACCOUNT_ID);
  });

  it('checks the consent before any bank call: missing 400, another member’s 404, a resource not granted 403, cancelled 403', async () => {
    const reads = gateway.get(AccountInformationReads);
    const accountsOnly = await accessToken(['ACCOUNTS']);
    const missing = await gatewayFailure(() => reads.accounts(present(undefined)));
    expect([missing.status, missing.paths]).toEqual([400, ['on-behalf-of']]);
    const other = await gateway.member('account-information-other');
    expect((await gatewayFailure(() => reads.accounts(present(accountsOnly, { memberId: other })))).status).toBe(404);
    const notGranted = await gatewayFailure(() => reads.balance(present(accountsOnly), ACCOUNT_ID));
    expect([notGranted.status, notGranted.code]).toEqual([403, 'PermissionDenied']);

    gateway.bank.script('revokeAccountAccess', () => undefined);
    await gateway.get(CancelTokenUseCase).execute({ memberId: member, tokenId: accountsOnly });
    const cancelled = await gatewayFailure(() => reads.accounts(present(accountsOnly)));
    expect([cancelled.status, cancelled.code]).toEqual([403, 'ReauthenticationRequired']);
    expect(gateway.bank.calls().map((call) => call.operation)).toEqual(['revokeAccountAccess']);
  });

  it('answers 404 for an account id of another bank or no account id at all, asking no bank', async () => {
    const tokenId = await accessToken(['ACCOUNTS', 'BALANCES']);
    const reads = gateway.get(AccountInformationReads);
    for (const accountId of [accountIdOf({ bankId: 'other-bank', bankAccountId: 'acc-1' }), 'acc-1'])
      expect((await gatewayFailure(() => reads.balance(present(tokenId), accountId))).status).toBe(404);
    expect(gateway.bank.calls()).toEqual([]);
  });

  it('keeps a balance a minute for its token: asked again, the bank is not; no-cache or another token asks it', async () => {
    const reads = gateway.get(AccountInformationReads);
    const tokenId = await accessToken(['ACCOUNTS', 'BALANCES']);
    gateway.bank.script('getBalances', BALANCES);
    const first = await reads.balance(present(tokenId, { noCache: false }), ACCOUNT_ID);
    expect(first).toMatchObject({
      status: 'SUCCESSFUL_REQUEST',
      balance: { accountId: ACCOUNT_ID, available: { value: '1234.56', currency: 'GBP' } },
    });
    expect(await reads.balance(present(tokenId, { noCache: false }), ACCOUNT_ID)).toEqual(first);
    expect(gateway.bank.calls('getBalances')).toHaveLength(1);

    await reads.balance(present(tokenId), ACCOUNT_ID);
    expect(gateway.bank.calls('getBalances')).toHaveLength(2);
    const otherToken = await accessToken(['ACCOUNTS', 'BALANCES']);
    gateway.bank.script('getBalances', BALANCES);
    await reads.balance(present(otherToken, { noCache: false }), ACCOUNT_ID);
    expect(gateway.bank.calls('getBalances')).toHaveLength(1);
  });

  it('takes one of the bank’s TPP-initiated calls per read without the user, and refuses the fifth without asking the bank', async () => {
    const reads = gateway.get(AccountInformationReads);
    const tokenId = await accessToken(['ACCOUNTS', 'BALANCES']);
    gateway.bank.script('getBalances', BALANCES);
    const unattended = { memberId: member, tokenId, noCache: true };
    for (let i = 0; i < 4; i += 1) await reads.balance(unattended, ACCOUNT_ID);
    const exhausted = await gatewayFailure(() => reads.balance(unattended, ACCOUNT_ID));
    expect([exhausted.status, exhausted.code]).toEqual([429, 'RESOURCE_EXHAUSTED']);
    expect(gateway.bank.calls('getBalances')).toHaveLength(4);
    // The user present spends no allowance.
    await reads.balance(present(tokenId), ACCOUNT_ID);
    expect(gateway.bank.calls('getBalances')).toHaveLength(5);
  });

  it('pages transactions newest first, each once, and reads one by its id', async () => {
    const reads = gateway.get(AccountInformationReads);
    const tokenId = await accessToken(['ACCOUNTS', 'TRANSACTIONS']);
    gateway.bank.script('listTransactions', [transaction('t-3', 3), transaction('t-9', 9), transaction('t-5', 5)]);
    const seen: string[] = [];
    let offset: string | undefined;
    for (let page = 0; page < 3; page += 1) {
      const answer = JSON.parse(
        (
          await reads.transactions(present(tokenId), ACCOUNT_ID, {
            limit: 2,
            ...(offset === undefined ? {} : { offset }),
          })
        ).json,
      ) as { transactions: { id: string }[]; offset?: string; status: string };
      expect(answer.status).toBe('SUCCESSFUL_REQUEST');
      seen.push(...answer.transactions.map((entry) => entry.id));
      offset = answer.offset;
      if (offset === undefined) break;
    }
    expect(seen).toHaveLength(3);
    const amounts = [];
    for (const id of seen) {
      const { transaction: read } = await reads.transaction(present(tokenId), ACCOUNT_ID, id);
      amounts.push((read['amount'] as { value: string }).value);
    }
    expect(amounts).toEqual(['9.00', '5.00', '3.00']);
    expect((await gatewayFailure(() => reads.transaction(present(tokenId), ACCOUNT_ID, 'no-such'))).status).toBe(404);
  });

  it("answers the bank's refusals in the interface's words: a consent it no longer accepts, an account it does not know", async () => {
    const reads = gateway.get(AccountInformationReads);
    const tokenId = await accessToken(['ACCOUNTS', 'BALANCES']);
    gateway.bank.script(
      'getBalances',
      bankFails.rejected('consent revoked at the bank', 403, 'UK.OBIE.Reauthenticate'),
      bankFails.rejected('slow down', 429),
      bankFails.rejected('no such account', 404),
    );
    const codes = [];
    for (let i = 0; i < 3; i += 1) {
      const error = await gatewayFailure(() => reads.balance(present(tokenId), ACCOUNT_ID));
      codes.push([error.status, error.code]);
    }
    expect(codes).toEqual([
      [403, 'ReauthenticationRequired'],
      [429, 'RESOURCE_EXHAUSTED'],
      [404, 'NOT_FOUND'],
    ]);
  });
});
