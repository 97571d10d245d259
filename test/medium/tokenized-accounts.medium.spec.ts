import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CreateTokenizedAccountUseCase,
  DebtorAccountResolution,
  DeleteTokenizedAccountUseCase,
  GetTokenizedAccountUseCase,
} from '#libs/application';
import type { MemberId, PaymentInitiationInput, TokenizedAccountDetails } from '#libs/domain';
import { gatewayFailure } from './harness/gateway-failure.js';
import { MediumGateway } from './harness/medium-gateway.js';

/**
 * Account on File in-process: account details stored sealed (bound to their row), opened only
 * for their member, forgotten on delete, and resolved as a payment's debtor for the bank, on
 * real repositories.
 */
let gateway: MediumGateway;
let member: MemberId;
let otherMember: MemberId;

const UK_ACCOUNT: TokenizedAccountDetails = { name: 'Jane Payer', sortCode: '200000', accountNumber: '55779911' };
const IBAN_ACCOUNT: TokenizedAccountDetails = { name: 'Jean Payeur', iban: 'FR1420041010050500013M02606' };

beforeAll(async () => {
  gateway = await MediumGateway.start();
  member = await gateway.member('account-on-file');
  otherMember = await gateway.member('account-on-file-other');
});

afterAll(async () => {
  await gateway?.close();
});

async function store(details: TokenizedAccountDetails, owner: MemberId = member): Promise<string> {
  return (await gateway.get(CreateTokenizedAccountUseCase).execute({ memberId: owner, accountDetails: details }))
    .tokenizedAccountId;
}

async function failure(run: () => Promise<unknown>): Promise<unknown> {
  return run().then(
    () => {
      throw new Error('expected a failure');
    },
    (caught: unknown) => caught,
  );
}

/** A payment's input naming the stored account as its debtor, on `rail`. */
function paymentFrom(
  tokenizedAccountId: string,
  rail: PaymentInitiationInput['localInstrument'],
): PaymentInitiationInput {
  return {
    bankId: 'ob-sandbox-gb',
    refId: 'aof-1',
    remittanceInformationPrimary: 'INV-1',
    amount: { value: '1.00', currency: rail === 'SEPA' ? 'EUR' : 'GBP' },
    localInstrument: rail,
    creditor: { name: 'Merchant Ltd', sortCode: '040004', accountNumber: '87654321' },
    debtor: { tokenizedAccountId },
    callbackUrl: 'https://tpp.example/callback',
  };
}

describe('Account on File', () => {
  it('stores the details sealed, bound to their row, and opens them for their member', async () => {
    const id = await store(UK_ACCOUNT);
    expect(id).toMatch(/^ta:/);
    const row = await gateway.stores.prisma.tokenizedAccount.findUnique({ where: { id } });
    expect(row?.sealedDetails).toEqual(expect.any(String));
    expect(JSON.stringify(row)).not.toContain('55779911');
    expect(JSON.stringify(row)).not.toContain('Jane Payer');
    expect(await gateway.get(GetTokenizedAccountUseCase).execute({ memberId: member, tokenizedAccountId: id })).toEqual(
      { accountDetails: UK_ACCOUNT },
    );
  });

  it('does not open sealed details copied onto another row', async () => {
    const source = await store(UK_ACCOUNT);
    const target = await store(IBAN_ACCOUNT);
    const sealed = (await gateway.stores.prisma.tokenizedAccount.findUniqueOrThrow({ where: { id: source } }))
      .sealedDetails;
    await gateway.stores.prisma.tokenizedAccount.update({ where: { id: target }, data: { sealedDetails: sealed } });
    const error = await failure(() =>
      gateway.get(GetTokenizedAccountUseCase).execute({ memberId: member, tokenizedAccountId: target }),
    );
    expect(JSON.stringify(error)).not.toContain('55779911');
  });

  it('refuses details no rail can debit, naming the field; nothing is stored', async () => {
    const before = await gateway.stores.prisma.tokenizedAccount.count({ where: { memberId: member } });
    const error = await gatewayFailure(() =>
      gateway
        .get(CreateTokenizedAccountUseCase)
        .execute({ memberId: member, accountDetails: { name: 'Bad', sortCode: '12', accountNumber: '87654321' } }),
    );
    expect(error.status).toBe(400);
    expect(error.paths).toEqual(['accountDetails.sortCode']);
    expect(await gateway.stores.prisma.tokenizedAccount.count({ where: { memberId: member } })).toBe(before);
  });

  it('keeps each member to its own: another member reads and deletes nothing of it (404)', async () => {
    const id = await store(UK_ACCOUNT);
    const command = { memberId: otherMember, tokenizedAccountId: id };
    expect((await gatewayFailure(() => gateway.get(GetTokenizedAccountUseCase).execute(command))).status).toBe(404);
    expect((await gatewayFailure(() => gateway.get(DeleteTokenizedAccountUseCase).execute(command))).status).toBe(404);
    expect(await gateway.stores.prisma.tokenizedAccount.count({ where: { id } })).toBe(1);
  });

  it('forgets on delete: the row and its sealed details are gone, the id names nothing', async () => {
    const id = await store(UK_ACCOUNT);
    const command = { memberId: member, tokenizedAccountId: id };
    expect(await gateway.get(DeleteTokenizedAccountUseCase).execute(command)).toEqual({});
    expect(await gateway.stores.prisma.tokenizedAccount.count({ where: { id } })).toBe(0);
    expect((await gatewayFailure(() => gateway.get(GetTokenizedAccountUseCase).execute(command))).status).toBe(404);
    expect((await gatewayFailure(() => gateway.get(DeleteTokenizedAccountUseCase).execute(command))).status).toBe(404);
    const asDebtor = await gatewayFailure(() =>
      gateway.get(DebtorAccountResolution).debtorFor(member, paymentFrom(id, 'FASTER_PAYMENTS')),
    );
    expect(asDebtor.paths).toEqual(['initiation.debtor.tokenizedAccountId']);
  });
});

describe("a payment's debtor from an Account on File", () => {
  it('is the stored details for the bank, on a rail that can debit them', async () => {
    const id = await store(UK_ACCOUNT);
    const resolution = gateway.get(DebtorAccountResolution);
    expect(await resolution.debtorFor(member, paymentFrom(id, 'FASTER_PAYMENTS'))).toEqual(UK_ACCOUNT);
    expect(await resolution.debtorFor(member, paymentFrom(id, 'AUTO_SELECT'))).toEqual(UK_ACCOUNT);
  });

  it('is a 400 naming the reference on a rail that cannot debit the account, or for another member’s account', async () => {
    const iban = await store(IBAN_ACCOUNT);
    const resolution = gateway.get(DebtorAccountResolution);
    const wrongRail = await gatewayFailure(() => resolution.debtorFor(member, paymentFrom(iban, 'FASTER_PAYMENTS')));
    expect(wrongRail.paths).toEqual(['initiation.debtor.tokenizedAccountId']);
    const theirs = await store(UK_ACCOUNT, otherMember);
    const notMine = await gatewayFailure(() => resolution.debtorFor(member, paymentFrom(theirs, 'FASTER_PAYMENTS')));
    expect(notMine.paths).toEqual(['initiation.debtor.tokenizedAccountId']);
  });
});
