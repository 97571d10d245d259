import { createHash } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { digits } from '../../apps/sandbox-bank/src/store/account.store.js';
import { decideOnConsentPage } from './obie/consent-form.js';
import {
  call,
  createPayment,
  newMember,
  startGateway,
  ukInitiation,
  waitForStatus,
  type Answer,
  type TestGateway,
  type TestMember,
} from '../support/payments-gateway.js';
import { expectReferenceSchema } from '../support/reference-schema.js';

/**
 * Account on File against the real gateway: stored sealed (read back from Postgres), read,
 * deleted for good, scoped to its member, validated field by field, and used as the debtor of a
 * payment at the UK sandbox bank.
 */

type Json = Record<string, unknown>;
interface ErrorAnswer {
  readonly error: { readonly errorCode?: string; readonly message: string; readonly paths?: readonly string[] };
}

const DE_IBAN = 'DE89370400440532013000';

let gateway: TestGateway;
let member: TestMember;
let other: TestMember;

beforeAll(async () => {
  gateway = await startGateway({ worker: true, env: { PAYMENT_POLL_SCHEDULE_SECONDS: '1' } });
  member = await newMember(gateway);
  other = await newMember(gateway);
});

afterAll(async () => {
  await gateway?.close();
});

function create(body: unknown, who: TestMember = member): Promise<Answer<Json>> {
  return call<Json>(`${gateway.apiUrl}/tokenized-accounts`, 'POST', who.auth, body);
}

function read(id: string, who: TestMember = member): Promise<Answer<Json>> {
  return call<Json>(`${gateway.apiUrl}/tokenized-accounts/${encodeURIComponent(id)}`, 'GET', who.auth);
}

function remove(id: string, who: TestMember = member): Promise<Answer<Json>> {
  return call<Json>(`${gateway.apiUrl}/tokenized-accounts/${encodeURIComponent(id)}`, 'DELETE', who.auth);
}

async function created(accountDetails: Json, bankId?: string): Promise<string> {
  const answer = await create({ accountDetails, ...(bankId === undefined ? {} : { bankId }) });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expectReferenceSchema('CreateTokenizedAccountResponse', answer.body, 'POST /tokenized-accounts');
  return answer.body['tokenizedAccountId'] as string;
}

async function storedRow(id: string): Promise<{ sealed_details: string } | undefined> {
  const client = new pg.Client({ connectionString: gateway.config.databaseUrl });
  await client.connect();
  try {
    const rows = await client.query<{ sealed_details: string }>(
      'SELECT sealed_details FROM tokenized_account WHERE id = $1',
      [id],
    );
    return rows.rows[0];
  } finally {
    await client.end();
  }
}

/** The sandbox bank's current account of a user at ob-sandbox-gb, as sort code and account number. */
function sandboxCurrentAccount(username: string): { sortCode: string; accountNumber: string } {
  const id = `ACC-${createHash('sha256').update(`ob-sandbox-gb|${username}|Current`).digest('hex').slice(0, 20)}`;
  return { sortCode: `60${digits(`${id}:sort`, 4)}`, accountNumber: digits(`${id}:number`, 8) };
}

const ENDS = ['INITIATION_COMPLETED', 'INITIATION_REJECTED', 'INITIATION_DECLINED', 'INITIATION_FAILED'];

/**
 * Creates a UK payment, approves it as sandbox-success on the bank's page, follows the way back
 * and waits for its end: the payment as read then (its id, status and the rest).
 */
async function paidAtSandbox(initiation: Json): Promise<Json & { id: string; status: string }> {
  const answer = await createPayment(gateway, member, ukInitiation(initiation));
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const back = await decideOnConsentPage(
    (answer.body.payment.authentication as { redirectUrl: string }).redirectUrl,
    'sandbox-success',
    'approve',
  );
  expect((await call(back.toString(), 'GET', undefined)).status).toBe(303);
  await waitForStatus(gateway, member, answer.body.payment.id, ENDS);
  const read = await call<{ payment: Json & { id: string; status: string } }>(
    `${gateway.apiUrl}/v2/payments/${answer.body.payment.id}`,
    'GET',
    member.auth,
  );
  expectReferenceSchema('PaymentResponse', read.body, 'GET /v2/payments/{paymentId}');
  return read.body.payment;
}

describe('POST, GET and DELETE /tokenized-accounts', () => {
  it('stores the details, answers them back on GET and forgets them on DELETE', async () => {
    const details = {
      iban: 'de89 3704 0044 0532 0130 00',
      bic: 'cobadeffxxx',
      name: ' Erika Mustermann ',
      ultimateDebtorName: 'Erika GmbH',
      address: {
        streetName: 'Hauptstrasse',
        buildingNumber: '1',
        postCode: '10115',
        townName: 'Berlin',
        country: 'DE',
      },
    };
    const id = await created(details, 'ob-sandbox-gb');
    expect(id).toMatch(/^ta:[1-9A-HJ-NP-Za-km-z]{24}$/);

    const got = await read(id);
    expect(got.status, JSON.stringify(got.body)).toBe(200);
    expect(got.body).toEqual({
      accountDetails: {
        iban: DE_IBAN,
        bic: 'COBADEFFXXX',
        name: 'Erika Mustermann',
        ultimateDebtorName: 'Erika GmbH',
        address: details.address,
      },
    });
    expectReferenceSchema('GetTokenizedAccountResponse', got.body, 'GET /tokenized-accounts/{id}');

    const deleted = await remove(id);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(deleted.body).toEqual({});
    expectReferenceSchema('DeleteTokenizedAccountResponse', deleted.body, 'DELETE /tokenized-accounts/{id}');

    expect((await read(id)).status).toBe(404);
    expect((await remove(id)).status).toBe(404);
    expect(await storedRow(id)).toBeUndefined();
  });

  it('keeps the details sealed at rest: the row holds no plaintext account identifier or name', async () => {
    const id = await created({ iban: DE_IBAN, name: 'Plaintext Owner' });
    const row = await storedRow(id);
    expect(row).toBeDefined();
    const sealed = row?.sealed_details ?? '';
    expect(sealed.startsWith('enc:')).toBe(true);
    expect(sealed).not.toContain(DE_IBAN);
    expect(sealed).not.toContain('Plaintext Owner');
    expect(Buffer.from(sealed.split(':').pop() ?? '', 'base64url').toString('latin1')).not.toContain(DE_IBAN);
  });

  it("answers 404 for another member's account on GET and DELETE, which leaves it in place", async () => {
    const id = await created({ sortCode: '04-00-04', accountNumber: '12345678' });
    const got = await read(id, other);
    expect(got.status).toBe(404);
    expect((got.body as unknown as { error: { errorCode: string } }).error.errorCode).toBe('NOT_FOUND');
    expect((await remove(id, other)).status).toBe(404);
    expect((await read(id)).body).toEqual({ accountDetails: { sortCode: '040004', accountNumber: '12345678' } });
  });

  it('answers 404 for an unknown id', async () => {
    expect((await read('ta:unknown')).status).toBe(404);
  });
});

describe('POST /tokenized-accounts validation: 400 naming the field', () => {
  const cases: ReadonlyArray<readonly [string, unknown, string]> = [
    ['no accountDetails', {}, 'accountDetails'],
    ['accountDetails not an object', { accountDetails: 'DE89' }, 'accountDetails'],
    ['no account identifier', { accountDetails: { name: 'Owner' } }, 'accountDetails'],
    ['IBAN check digits', { accountDetails: { iban: 'DE89370400440532013001' } }, 'accountDetails.iban'],
    ['IBAN not a string', { accountDetails: { iban: 12 } }, 'accountDetails.iban'],
    ['BIC length', { accountDetails: { iban: DE_IBAN, bic: 'COBADEF' } }, 'accountDetails.bic'],
    [
      'sort code digits',
      { accountDetails: { sortCode: '0400', accountNumber: '12345678' } },
      'accountDetails.sortCode',
    ],
    [
      'UK account number digits',
      { accountDetails: { sortCode: '040004', accountNumber: '1234' } },
      'accountDetails.accountNumber',
    ],
    ['sort code without account number', { accountDetails: { sortCode: '040004' } }, 'accountDetails.accountNumber'],
    [
      'identifiers of two account forms',
      { accountDetails: { iban: DE_IBAN, sortCode: '040004', accountNumber: '12345678' } },
      'accountDetails',
    ],
    ['bban format', { accountDetails: { bban: '12' } }, 'accountDetails.bban'],
    [
      'clearing number format',
      { accountDetails: { bban: '50000000058398257466', clearingNumber: 'x1' } },
      'accountDetails.clearingNumber',
    ],
    ['bankgiro check digit', { accountDetails: { bankgiroNumber: '5050-1056' } }, 'accountDetails.bankgiroNumber'],
    ['plusgiro check digit', { accountDetails: { plusgiroNumber: '286543-5' } }, 'accountDetails.plusgiroNumber'],
    ['name length', { accountDetails: { iban: DE_IBAN, name: 'x'.repeat(141) } }, 'accountDetails.name'],
    [
      'ultimate debtor name length',
      { accountDetails: { iban: DE_IBAN, ultimateDebtorName: 'x'.repeat(141) } },
      'accountDetails.ultimateDebtorName',
    ],
    [
      'address country',
      { accountDetails: { iban: DE_IBAN, address: { country: 'de' } } },
      'accountDetails.address.country',
    ],
    ['address not an object', { accountDetails: { iban: DE_IBAN, address: 'Berlin' } }, 'accountDetails.address'],
    ['bankId length', { accountDetails: { iban: DE_IBAN }, bankId: 'b'.repeat(129) }, 'bankId'],
    [
      'an Account on File reference inside the details',
      { accountDetails: { iban: DE_IBAN, tokenizedAccountId: 'ta:x' } },
      'accountDetails.tokenizedAccountId',
    ],
  ];

  it.each(cases)('%s', async (_name, body, path) => {
    const answer = (await create(body)) as unknown as Answer<ErrorAnswer>;
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(answer.body.error.errorCode).toMatch(/^Field\./);
    expect(answer.body.error.paths, JSON.stringify(answer.body)).toContain(path);
    expect(answer.body.error.message, answer.body.error.message).toMatch(
      new RegExp(`(^|\\. )${path.replace(/\./g, '\\.')}[ :]`),
    );
  });
});

describe('an Account on File as the debtor of a payment', () => {
  it('pays from the stored account at the UK sandbox bank, keeps only the reference, and is refused once deleted', async () => {
    const account = sandboxCurrentAccount('sandbox-success');
    const id = await created({ ...account, name: 'Sandbox Success' }, 'ob-sandbox-gb');

    const answer = await createPayment(gateway, member, ukInitiation({ debtor: { tokenizedAccountId: id } }));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const payment = answer.body.payment;
    expect(payment.status).toBe('INITIATION_PENDING_REDIRECT_AUTH');
    expect((payment['initiation'] as Json)['debtor']).toEqual({ tokenizedAccountId: id });
    expect(JSON.stringify(payment)).not.toContain(account.accountNumber);

    const back = await decideOnConsentPage(
      (payment.authentication as { redirectUrl: string }).redirectUrl,
      'sandbox-success',
      'approve',
    );
    expect((await call(back.toString(), 'GET', undefined)).status).toBe(303);
    const done = await waitForStatus(gateway, member, payment.id, ['INITIATION_COMPLETED', 'INITIATION_REJECTED']);
    expect(done.status).toBe('INITIATION_COMPLETED');

    expect((await remove(id)).status).toBe(200);
    const refused = (await createPayment(
      gateway,
      member,
      ukInitiation({ debtor: { tokenizedAccountId: id } }),
    )) as unknown as Answer<ErrorAnswer>;
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(refused.body.error.paths).toEqual(['initiation.debtor.tokenizedAccountId']);
  });

  it('returnTokenizedAccount: the debtor account the user chose at the bank becomes an Account on File of the member, named on the payment', async () => {
    const paid = await paidAtSandbox({ returnTokenizedAccount: true });
    expect(paid.status).toBe('INITIATION_COMPLETED');
    const id = String(paid['tokenizedAccountId']);
    expect(id).toMatch(/^ta:/);

    const account = sandboxCurrentAccount('sandbox-success');
    const stored = await read(id);
    expect(stored.status).toBe(200);
    expect(stored.body['accountDetails']).toMatchObject(account);
    expect((stored.body['accountDetails'] as Json)['name']).toMatch(/\S/);
    expect((await read(id, other)).status).toBe(404);
    expect((await storedRow(id))?.sealed_details).not.toContain(account.accountNumber);

    // The account pays again, as the debtor of the next payment, which asked for none of its own.
    const next = await paidAtSandbox({ debtor: { tokenizedAccountId: id } });
    expect(next.status).toBe('INITIATION_COMPLETED');
    expect(next).not.toHaveProperty('tokenizedAccountId');
  });

  it('sends the stored account to the bank: one the user does not hold makes the bank reject the consent', async () => {
    const id = await created({ sortCode: '600000', accountNumber: '00000001', name: 'Not The User' });
    const paid = await paidAtSandbox({ debtor: { tokenizedAccountId: id } });
    expect(paid.status).toBe('INITIATION_DECLINED');
  });

  it("refuses another member's account and one the rail cannot debit: 400 naming initiation.debtor.tokenizedAccountId", async () => {
    const others = await created({ sortCode: '040004', accountNumber: '12345678' }, undefined);
    const mine = await created({ iban: DE_IBAN });
    for (const [who, id] of [
      [other, others],
      [member, mine],
    ] as const) {
      const answer = (await createPayment(
        gateway,
        who,
        ukInitiation({ debtor: { tokenizedAccountId: id } }),
      )) as unknown as Answer<ErrorAnswer>;
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body.error.paths).toEqual(['initiation.debtor.tokenizedAccountId']);
    }
  });
});
