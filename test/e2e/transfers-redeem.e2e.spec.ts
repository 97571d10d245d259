import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transferInitiationOf } from '#libs/application';
import { BankConnectors } from '#libs/connectors';
import { TOKEN_STATUS, type Bank, type DataStores, type Token, type TokenRequest } from '#libs/db';
import { SecretBox } from '#libs/secrets';
import { decideOnConsentPage } from './obie/consent-form.js';
import { call, newMember, startGateway, type TestGateway, type TestMember } from '../support/payments-gateway.js';
import {
  expectReferenceTransfer,
  storeToken,
  storeProcessedTokenRequest,
  transferRequestPayload,
} from '../support/transfer-fixtures.js';

type Json = Record<string, unknown>;
interface ErrorBody {
  readonly error: {
    readonly errorCode?: string;
    readonly message: string;
    readonly paths?: string[];
    paymentId?: string;
  };
}
interface RedeemBody {
  readonly transfer: Json & { readonly id: string; readonly status: string; readonly payload: Json };
  readonly authorizationDetails?: { readonly authorizationUrl: string };
}

const OBIE_BANK = 'ob-sandbox-gb';
const BERLIN_GROUP_BANK = 'ob-sandbox-eu-redirect';

let gateway: TestGateway;
let stores: DataStores;
let alice: TestMember;
let bob: TestMember;

const redeem = (member: TestMember, body: unknown): Promise<{ status: number; body: RedeemBody & ErrorBody }> =>
  call<RedeemBody & ErrorBody>(`${gateway.apiUrl}/transfers`, 'POST', member.auth, body);

async function tokenOf(
  member: TestMember,
  options: { payload?: Json; bankId?: string; token?: Parameters<typeof storeToken>[2] } = {},
): Promise<{ request: TokenRequest; token: Token }> {
  const request = await storeProcessedTokenRequest(stores.repositories, member.id, {
    ...(options.payload === undefined ? {} : { payload: options.payload }),
    ...(options.bankId === undefined ? {} : { bankId: options.bankId }),
  });
  return { request, token: await storeToken(stores.repositories, request, options.token) };
}

/** A token as explicit redemption leaves it: a sealed grant and the bank's consent id (never used here). */
async function explicitToken(member: TestMember, payload?: Json): Promise<Token> {
  const secrets = gateway.api.api.get(SecretBox, { strict: false });
  const request = await storeProcessedTokenRequest(
    stores.repositories,
    member.id,
    payload === undefined ? {} : { payload },
  );
  const token = await storeToken(stores.repositories, request, { bankConsentId: 'consent-x' });
  const sealed = await secrets.seal({ purpose: 'token.grant', recordId: token.id }, 'grant-x');
  return stores.prisma.token.update({ where: { id: token.id }, data: { sealedGrant: sealed } }).then(TOKEN_STATUS.row);
}

beforeAll(async () => {
  gateway = await startGateway();
  stores = gateway.api.stores;
  alice = await newMember(gateway);
  bob = await newMember(gateway);
}, 120_000);

afterAll(async () => {
  await gateway?.close();
});

describe('POST /transfers: the body', () => {
  const valid = { tokenId: 'tt:unknown' };
  it.each([
    ['no payload', {}, 'payload'],
    ['a payload that is not an object', { payload: 'tt:1' }, 'payload'],
    ['no tokenId', { payload: {} }, 'payload.tokenId'],
    ['a tokenId that is not a string', { payload: { tokenId: 7 } }, 'payload.tokenId'],
    ['an empty tokenId', { payload: { tokenId: '' } }, 'payload.tokenId'],
    ['an amount that is not an object', { payload: { ...valid, amount: '10.50' } }, 'payload.amount'],
    ['an amount without value', { payload: { ...valid, amount: { currency: 'GBP' } } }, 'payload.amount.value'],
    [
      'an amount value as a number',
      { payload: { ...valid, amount: { value: 10.5, currency: 'GBP' } } },
      'payload.amount.value',
    ],
    [
      'an amount value of 5 decimals',
      { payload: { ...valid, amount: { value: '1.00001', currency: 'EUR' } } },
      'payload.amount.value',
    ],
    [
      'an amount value with an exponent',
      { payload: { ...valid, amount: { value: '1e3', currency: 'GBP' } } },
      'payload.amount.value',
    ],
    [
      'a negative amount value',
      { payload: { ...valid, amount: { value: '-1.00', currency: 'GBP' } } },
      'payload.amount.value',
    ],
    [
      'a zero amount value',
      { payload: { ...valid, amount: { value: '0.00', currency: 'GBP' } } },
      'payload.amount.value',
    ],
    ['an amount without currency', { payload: { ...valid, amount: { value: '1.00' } } }, 'payload.amount.currency'],
    [
      'a lower-case currency',
      { payload: { ...valid, amount: { value: '1.00', currency: 'gbp' } } },
      'payload.amount.currency',
    ],
    [
      'an unknown currency',
      { payload: { ...valid, amount: { value: '1.00', currency: 'ABC' } } },
      'payload.amount.currency',
    ],
    ['a refId of 19 characters', { payload: { ...valid, refId: 'r'.repeat(19) } }, 'payload.refId'],
    ['an empty refId', { payload: { ...valid, refId: '' } }, 'payload.refId'],
    ['a description of 256 characters', { payload: { ...valid, description: 'd'.repeat(256) } }, 'payload.description'],
    ['a description that is not a string', { payload: { ...valid, description: 5 } }, 'payload.description'],
    ['confirmFunds that is not a boolean', { payload: { ...valid, confirmFunds: 'yes' } }, 'payload.confirmFunds'],
    ['metadata that is not an object', { payload: { ...valid, metadata: 'x' } }, 'payload.metadata'],
    [
      'transferDestinations that is not an array',
      { payload: { ...valid, transferDestinations: {} } },
      'payload.transferDestinations',
    ],
    [
      'a transfer destination that is not an object',
      { payload: { ...valid, transferDestinations: ['x'] } },
      'payload.transferDestinations',
    ],
  ])('%s -> 400 naming %s', async (_what, body, field) => {
    const { status, body: answer } = await redeem(alice, body);
    expect(status, JSON.stringify(answer)).toBe(400);
    expect(answer.error.errorCode).toBe('Field.Invalid');
    expect(answer.error.paths).toEqual([field]);
    expect(answer.error.message).toContain(field);
  });

  it('an unknown field -> 400 Field.Unknown naming it', async () => {
    const { status, body } = await redeem(alice, { payload: { ...valid, amountt: {} } });
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ errorCode: 'Field.Unknown', paths: ['payload.amountt'] });
  });

  it('accepts a refId of 18 characters and a description of 255 (then finds no such token)', async () => {
    const { status, body } = await redeem(alice, {
      payload: {
        ...valid,
        refId: 'r'.repeat(18),
        description: 'd'.repeat(255),
        amount: { value: '1.5', currency: 'GBP' },
      },
    });
    expect(status).toBe(404);
    expect(body.error).toMatchObject({ errorCode: 'NOT_FOUND', paymentId: 'tt:unknown' });
  });
});

describe('POST /transfers: the token', () => {
  it("answers 404 naming the id for an unknown token and for another member's", async () => {
    const { token } = await tokenOf(bob);
    for (const tokenId of ['tt:nope', token.id]) {
      const { status, body } = await redeem(alice, { payload: { tokenId } });
      expect(status).toBe(404);
      expect(body.error).toMatchObject({ errorCode: 'NOT_FOUND', paymentId: tokenId });
    }
  });

  it('refuses a token that is not for a transfer: 400 naming payload.tokenId', async () => {
    const access = { refId: 'ais-1', to: { id: 'm:x' }, redirectUrl: 'https://tpp.example/cb', accessBody: {} };
    const { token } = await tokenOf(alice, { payload: access });
    expect(token.kind).toBe('ACCESS');
    const { status, body } = await redeem(alice, { payload: { tokenId: token.id } });
    expect(status).toBe(400);
    expect(body.error.paths).toEqual(['payload.tokenId']);
  });

  it.each([
    ['cancelled', { status: 'CANCELLED' }, 'cancelled'],
    ['expired (marked)', { status: 'EXPIRED' }, 'expired'],
    ['past its expiry (not yet marked)', { expiresAt: new Date(Date.now() - 1000) }, 'expired'],
  ])('refuses a %s token: 403 TokenNotUsable', async (_what, options, word) => {
    const { token } = await tokenOf(alice, { token: options });
    const { status, body } = await redeem(alice, { payload: { tokenId: token.id } });
    expect(status).toBe(403);
    expect(body.error.errorCode).toBe('TokenNotUsable');
    expect(body.error.message).toContain(word);
  });

  it('refuses a token of a bank that pays as the user authorises (Berlin Group): 400 naming payload.tokenId', async () => {
    const { token } = await tokenOf(alice, {
      bankId: BERLIN_GROUP_BANK,
      payload: transferRequestPayload(
        {},
        {
          currency: 'EUR',
          instructions: {
            transferDestinations: [
              { sepa: { iban: 'DE89370400440532013000' }, customerData: { legalNames: ['Haendler GmbH'] } },
            ],
          },
        },
      ),
      token: { sealedGrant: null },
    });
    const { status, body } = await redeem(alice, { payload: { tokenId: token.id } });
    expect(status).toBe(400);
    expect(body.error.paths).toEqual(['payload.tokenId']);
    expect(body.error.message).toContain('redeemed at authorisation');
  });

  it('refuses a token redeemed at authorisation (no grant kept): 400 naming payload.tokenId', async () => {
    const { token } = await tokenOf(alice);
    const { status, body } = await redeem(alice, { payload: { tokenId: token.id } });
    expect(status).toBe(400);
    expect(body.error.paths).toEqual(['payload.tokenId']);
    expect(body.error.message).toContain('redeemed at authorisation');
  });
});

describe('POST /transfers: the redemption rules (bank with explicit redemption)', () => {
  it.for([
    ['another currency', { amount: { value: '10.50', currency: 'EUR' } }, 'payload.amount.currency'],
    ['more than the token has left', { amount: { value: '10.51', currency: 'GBP' } }, 'payload.amount.value'],
    ['less than the consented amount', { amount: { value: '5.00', currency: 'GBP' } }, 'payload.amount.value'],
    ['a description the request did not have', { description: 'Something' }, 'payload.description'],
    [
      'other transfer destinations',
      { transferDestinations: [{ fasterPayments: { sortCode: '040004', accountNumber: '87654321' } }] },
      'payload.transferDestinations',
    ],
  ] as const)('%s -> 400 naming %s, nothing redeemed', async ([, fields, field]) => {
    const token = await explicitToken(alice);
    const { status, body } = await redeem(alice, { payload: { tokenId: token.id, ...fields } });
    expect(status, JSON.stringify(body)).toBe(400);
    expect(body.error.paths).toEqual([field]);
    expect((await stores.repositories.tokens.findById(token.id))?.redeemedAmount.toString()).toBe('0');
    expect(await stores.prisma.transfer.count({ where: { tokenId: token.id } })).toBe(0);
  });

  it('a description that differs from the request -> 400 naming payload.description', async () => {
    const token = await explicitToken(alice, transferRequestPayload({ description: 'Order 4711' }));
    const { status, body } = await redeem(alice, { payload: { tokenId: token.id, description: 'Order 4712' } });
    expect(status).toBe(400);
    expect(body.error.paths).toEqual(['payload.description']);
  });
});

describe('POST /transfers with an Idempotency-Key', () => {
  it('a repeat gets the first answer back (Idempotent-Replayed) and redeems nothing again', async () => {
    const token = await explicitToken(alice);
    const body = JSON.stringify({ payload: { tokenId: token.id } });
    const key = { 'idempotency-key': `redeem-${token.id}` };
    const first = await call(`${gateway.apiUrl}/transfers`, 'POST', alice.auth, body, key);
    const repeat = await call(`${gateway.apiUrl}/transfers`, 'POST', alice.auth, body, key);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(repeat.status).toBe(200);
    expect(repeat.headers.get('idempotent-replayed')).toBe('true');
    expect(repeat.body).toEqual(first.body);
    expect(await stores.prisma.transfer.count({ where: { tokenId: token.id } })).toBe(1);
  });
});

describe('POST /transfers: concurrent redemptions of one token', () => {
  it('the token never pays past its lifetime amount: 50 concurrent partial redemptions of 0.50 from 10.50 pay 21', async () => {
    const { token } = await tokenOf(alice);
    const now = new Date();
    const paid = await Promise.all(
      Array.from({ length: 50 }, () => stores.repositories.tokens.redeem(token.id, '0.50', now)),
    );
    expect(paid.filter(Boolean)).toHaveLength(21);
    expect((await stores.repositories.tokens.findById(token.id))?.redeemedAmount.toString()).toBe('10.5');
  });

  it('pay once: one answers the transfer, the others 400 naming payload.amount.value', async () => {
    const token = await explicitToken(alice);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => redeem(alice, { payload: { tokenId: token.id } })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array<number>(49).fill(400)]);
    for (const refused of answers.filter((a) => a.status === 400))
      expect(refused.body.error.paths).toEqual(['payload.amount.value']);
    expect(await stores.prisma.transfer.count({ where: { tokenId: token.id } })).toBe(1);
    expect((await stores.repositories.tokens.findById(token.id))?.redeemedAmount.toString()).toBe('10.5');
  });
});

describe('POST /transfers: explicit redemption at the UK sandbox bank', () => {
  it('submits the authorised payment once; the token then has nothing left to pay', async () => {
    const payload = transferRequestPayload({ description: 'Order 4711' });
    const request = await storeProcessedTokenRequest(stores.repositories, alice.id, { payload });
    const bank = (await stores.repositories.banks.find(OBIE_BANK)) as Bank;
    const payments = gateway.api.api.get(BankConnectors, { strict: false }).capability(bank, 'payments');
    const explicit = payments.explicitRedemption;
    if (explicit === undefined) throw new Error('no explicit redemption');
    const ctx = { bankId: OBIE_BANK, deadlineMs: Date.now() + 10_000 };
    const initiation = transferInitiationOf(request, { redirectUri: `${gateway.apiUrl}/bank-callback` });
    const started = await payments.initiatePayment(ctx, initiation);
    if (started.next.kind !== 'redirect') throw new Error(`expected a redirect, got ${started.next.kind}`);
    const back = await decideOnConsentPage(started.next.redirectUrl, 'sandbox-success', 'approve');
    const authorised = await explicit.authoriseRedirect(ctx, {
      handle: started.handle,
      params: Object.fromEntries(back.searchParams),
      redirectUri: initiation.redirectUri,
      initiation,
    });
    if (authorised.kind !== 'authorised') throw new Error('the user did not authorise');
    const token = await storeToken(stores.repositories, request, { bankConsentId: started.handle.bankConsentId });
    const secrets = gateway.api.api.get(SecretBox, { strict: false });
    await stores.prisma.token.update({
      where: { id: token.id },
      data: { sealedGrant: await secrets.seal({ purpose: 'token.grant', recordId: token.id }, authorised.grant) },
    });

    const first = await redeem(alice, { payload: { tokenId: token.id, description: 'Order 4711' } });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expectReferenceTransfer(first.body.transfer, 'POST /transfers');
    expect(first.body.transfer.status).toMatch(/^(PROCESSING|SUCCESS)$/);
    expect(first.body.transfer.payload).toMatchObject({
      tokenId: token.id,
      refId: request.refId,
      amount: { value: '10.50', currency: 'GBP' },
      description: 'Order 4711',
    });
    expect(first.body.authorizationDetails).toBeUndefined();
    const again = await redeem(alice, { payload: { tokenId: token.id } });
    expect(again.status).toBe(400);
    expect(again.body.error.paths).toEqual(['payload.amount.value']);
  });
});
