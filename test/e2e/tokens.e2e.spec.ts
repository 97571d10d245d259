import { createSubTpp, newReseller } from '../support/sub-tpps.js';
import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenPayloadOf } from '#libs/application';
import { BankHttpClient, ObieConnector, createSecretResolver, type BankCallContext } from '#libs/connectors';
import type { Token } from '#libs/db';
import { newId, type TokenRequestKind } from '#libs/domain';
import {
  ADMIN_TOKEN,
  call,
  newMember,
  startGateway,
  type Answer,
  type TestGateway,
  type TestMember,
} from '../support/payments-gateway.js';
import { expectReferenceSchema } from '../support/reference-schema.js';
import { decideOnConsentPage } from './obie/consent-form.js';
import { sandboxEntry } from './obie/sandbox-catalogue.js';

/**
 * GET /tokens, GET /tokens/{tokenId} and PUT /tokens/{tokenId}/cancel against the running
 * gateway. Tokens are what a processed token request yields; here they are stored through the
 * repositories from requests made through the API (the payload as tokenPayloadOf builds it), and
 * the access token's consent is a real one at the sandbox bank.
 */

type Json = Record<string, unknown>;

interface TokenBody {
  readonly id: string;
  readonly payload: Json;
  readonly payloadSignatures: unknown[];
  readonly tokenRequestId: string;
}

const REDIRECT = 'https://tpp.example/token-requests/callback';
const CALLBACK = 'https://gateway.example/callback';

let gateway: TestGateway;
let member: TestMember;
let other: TestMember;

beforeAll(async () => {
  gateway = await startGateway();
  member = await newReseller(gateway);
  other = await newMember(gateway);
}, 120_000);

afterAll(async () => {
  await gateway?.close();
});

const destination = {
  fasterPayments: { sortCode: '040004', accountNumber: '12345678' },
  customerData: { legalNames: ['M'] },
};

const BODIES: Readonly<Record<TokenRequestKind, Json>> = {
  TRANSFER: {
    transferBody: { currency: 'GBP', lifetimeAmount: '10.00', instructions: { transferDestinations: [destination] } },
  },
  STANDING_ORDER: {
    standingOrderBody: {
      amount: '5.00',
      currency: 'GBP',
      frequency: 'WEEK',
      startDate: '2030-01-01',
      instructions: { transferDestinations: [destination] },
    },
  },
  ACCESS: { accessBody: { resourceTypeList: { resources: ['ACCOUNTS', 'BALANCES'] } } },
};

/** A token of `kind`, stored as the bank callback stores one for a request made through the API. */
async function storeToken(
  owner: TestMember,
  kind: TokenRequestKind,
  options: { readonly actingAs?: boolean; readonly bankConsentId?: string; readonly createdAt?: Date } = {},
): Promise<Token> {
  // A request acts for one of the member's own active sub-TPPs.
  const actingAsRefId = options.actingAs === true ? await createSubTpp(gateway, owner) : undefined;
  const made = await call<{ tokenRequest: { id: string } }>(`${gateway.apiUrl}/token-requests`, 'POST', owner.auth, {
    requestOptions: { bankId: 'ob-sandbox-gb' },
    requestPayload: {
      refId: `ref-${randomUUID().slice(0, 8)}`,
      to: { id: owner.id },
      redirectUrl: REDIRECT,
      ...(actingAsRefId === undefined ? {} : { actingAs: { displayName: 'Sub TPP', refId: actingAsRefId } }),
      ...BODIES[kind],
    },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  const { repositories } = gateway.api.stores;
  const request = await repositories.tokenRequests.findById(made.body.tokenRequest.id);
  if (request === null) throw new Error('the request was not stored');
  const now = options.createdAt ?? new Date();
  const expiresAt = kind === 'ACCESS' ? new Date(now.getTime() + 90 * 86_400_000) : null;
  return repositories.tokens.insert({
    id: newId('tt'),
    memberId: owner.id,
    tokenRequestId: request.id,
    kind,
    status: 'ACTIVE',
    bankId: 'ob-sandbox-gb',
    payload: tokenPayloadOf(request, owner.id, now, expiresAt),
    actingAsRefId: actingAsRefId ?? null,
    bankConsentId: options.bankConsentId ?? null,
    lifetimeAmount: kind === 'TRANSFER' ? '10.00' : null,
    currency: kind === 'ACCESS' ? null : 'GBP',
    expiresAt,
    createdAt: now,
    updatedAt: now,
  });
}

function get<T = Json>(path: string, as: TestMember = member): Promise<Answer<T>> {
  return call<T>(`${gateway.apiUrl}${path}`, 'GET', as.auth);
}

function cancel(
  tokenId: string,
  as: TestMember = member,
): Promise<Answer<{ result: { status: string; token: TokenBody } }>> {
  return call(`${gateway.apiUrl}/tokens/${encodeURIComponent(tokenId)}/cancel`, 'PUT', as.auth);
}

describe('GET /tokens/{tokenId}', () => {
  it('answers the token with its TokenPayload', async () => {
    const token = await storeToken(member, 'TRANSFER', { actingAs: true });
    const answer = await get<{ token: TokenBody }>(`/tokens/${encodeURIComponent(token.id)}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expectReferenceSchema('GetTokenResponse', answer.body, 'GET /tokens/{tokenId}');
    const { payload } = answer.body.token;
    expect(answer.body.token).toMatchObject({
      id: token.id,
      payloadSignatures: [],
      tokenRequestId: token.tokenRequestId,
    });
    expect(payload).toMatchObject({
      version: '1.0',
      from: { id: member.id },
      to: { id: member.id },
      actingAs: { displayName: 'Sub TPP', refId: token.actingAsRefId },
      tokenRequestId: token.tokenRequestId,
      effectiveAtMs: String(token.createdAt.getTime()),
      initiatorId: member.id,
      transfer: { currency: 'GBP', lifetimeAmount: '10.00', amount: '10.00' },
    });
    expect(payload).not.toHaveProperty('expiresAtMs');
  });

  it('gives an access token one resource per resource type and its expiry', async () => {
    const token = await storeToken(member, 'ACCESS');
    const answer = await get<{ token: TokenBody }>(`/tokens/${encodeURIComponent(token.id)}`);
    expect(answer.body.token.payload).toMatchObject({
      access: { resources: [{ account: {} }, { balance: {} }] },
      expiresAtMs: String(token.expiresAt?.getTime()),
    });
  });

  it("answers 404 for another member's token, to read or to cancel", async () => {
    const token = await storeToken(member, 'TRANSFER');
    expect((await get(`/tokens/${encodeURIComponent(token.id)}`, other)).status).toBe(404);
    expect((await cancel(token.id, other)).status).toBe(404);
    expect((await gateway.api.stores.repositories.tokens.findById(token.id))?.status).toBe('ACTIVE');
    expect((await get('/tokens/tt:unknown')).status).toBe(404);
  });
});

describe('GET /tokens', () => {
  let lister: TestMember;
  const stored: Token[] = [];

  beforeAll(async () => {
    lister = await newReseller(gateway);
    const base = Date.now() - 60_000;
    const kinds: TokenRequestKind[] = ['TRANSFER', 'ACCESS', 'STANDING_ORDER', 'TRANSFER', 'ACCESS'];
    for (const [index, kind] of kinds.entries())
      stored.push(
        await storeToken(lister, kind, {
          createdAt: new Date(base + index * 1000),
          ...(index === 1 ? { actingAs: true } : {}),
        }),
      );
  });

  const list = (
    query: string,
  ): Promise<Answer<{ tokens: TokenBody[]; offset?: string } & { error: { message: string } }>> =>
    get(`/tokens?${query}`, lister);

  it('pages through every token, newest first', async () => {
    const seen: string[] = [];
    let offset: string | undefined;
    let pages = 0;
    do {
      const answer = await list(
        `page.limit=2${offset === undefined ? '' : `&page.offset=${encodeURIComponent(offset)}`}`,
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expectReferenceSchema('GetTokensResponse', answer.body, 'GET /tokens');
      expect(answer.body.tokens.length).toBeLessThanOrEqual(2);
      seen.push(...answer.body.tokens.map((token) => token.id));
      offset = answer.body.offset;
      pages += 1;
    } while (offset !== undefined);
    expect(pages).toBe(3);
    expect(seen).toEqual(stored.map((token) => token.id).reverse());
  });

  it.each([
    ['ACCESS', [4, 1]],
    ['TRANSFER', [3, 2, 0]],
    ['INVALID', [4, 3, 2, 1, 0]],
  ] as const)('type=%s', async (type, indexes) => {
    const answer = await list(`type=${type}&page.limit=10`);
    expect(answer.body.tokens.map((token) => token.id)).toEqual(indexes.map((index) => stored[index]?.id));
  });

  it('filters by creation time and by actingAs.refId', async () => {
    const from = stored[1]?.createdAt.getTime() ?? 0;
    const to = stored[3]?.createdAt.getTime() ?? 0;
    const window = await list(`page.limit=10&filter.startTimeMs=${from}&filter.endTimeMs=${to}`);
    expect(window.body.tokens.map((token) => token.id)).toEqual([stored[3]?.id, stored[2]?.id, stored[1]?.id]);
    const subTppId = encodeURIComponent(stored[1]?.actingAsRefId ?? '');
    const sub = await list(`page.limit=10&filter.actingAsRefId=${subTppId}&filter.role=ANY&filter.sourceAccountId=a:1`);
    expect(sub.body.tokens.map((token) => token.id)).toEqual([stored[1]?.id]);
  });

  it('lists only the member’s own tokens', async () => {
    const answer = await get<{ tokens: TokenBody[] }>('/tokens?page.limit=199', other);
    expect(answer.body.tokens.every((token) => !stored.some((mine) => mine.id === token.id))).toBe(true);
  });

  it.each([
    ['', 'page.limit', 'is required'],
    ['page.limit=200', 'page.limit', 'must be a whole number from 1 to 199'],
    ['page.limit=0', 'page.limit', 'must be a whole number from 1 to 199'],
    ['page.limit=2&page.offset=garbage', 'page.offset', 'is not an offset this service returned'],
    ['page.limit=2&type=CARDS', 'type', 'must be one of INVALID, ACCESS, TRANSFER'],
    ['page.limit=2&filter.startTimeMs=yesterday', 'filter.startTimeMs', 'must be Unix epoch milliseconds'],
    [
      'page.limit=2&filter.startTimeMs=10&filter.endTimeMs=5',
      'filter.endTimeMs',
      'must not be before filter.startTimeMs',
    ],
    ['page.limit=2&filter.role=OWNER', 'filter.role', 'must be one of ANY, FROM, TO, ISSUER'],
  ])('?%s answers 400 naming %s', async (query, path, phrase) => {
    const answer = await list(query);
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(answer.body.error.message).toContain(`${path} ${phrase}`);
  });
});

describe('PUT /tokens/{tokenId}/cancel', () => {
  it('cancels a transfer token; cancelling again answers it as it is', async () => {
    const token = await storeToken(member, 'TRANSFER');
    const first = await cancel(token.id);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expectReferenceSchema('CancelTokenResponse', first.body, 'PUT /tokens/{tokenId}/cancel');
    expect(first.body.result.status).toBe('SUCCESS');
    expect(first.body.result.token.id).toBe(token.id);
    const row = await gateway.api.stores.repositories.tokens.findById(token.id);
    expect(row).toMatchObject({ status: 'CANCELLED' });
    expect(row?.cancelledAt).not.toBeNull();
    const again = await cancel(token.id);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect((await gateway.api.stores.repositories.tokens.findById(token.id))?.version).toBe(row?.version);
  });

  it("revokes an access token's consent at the bank before cancelling it", async () => {
    const ctx = (): BankCallContext => ({ bankId: 'ob-sandbox-gb', deadlineMs: Date.now() + 10_000 });
    const http = new BankHttpClient({ logger: pino({ level: 'silent' }), backoff: { baseMs: 20, maxMs: 100 } });
    const bank = new ObieConnector(sandboxEntry('ob-sandbox-gb', gateway.sandboxUrl), {
      http,
      secrets: createSecretResolver({}),
    });
    const access = await bank.createAccountAccess(ctx(), {
      permissions: [],
      redirectUri: CALLBACK,
      state: 'tokens-e2e',
      nonce: 'n',
    });
    if (access.next.kind !== 'redirect') throw new Error('expected a redirect');
    const back = await decideOnConsentPage(access.next.redirectUrl, `ais-${randomUUID().slice(0, 8)}`, 'approve');
    const { grant } = await bank.completeAccountAccessRedirect(
      ctx(),
      access.bankConsentId,
      Object.fromEntries(back.searchParams),
      CALLBACK,
    );
    expect((await bank.listAccounts(ctx(), grant)).length).toBeGreaterThan(0);

    const token = await storeToken(member, 'ACCESS', { bankConsentId: access.bankConsentId });
    const answer = await cancel(token.id);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect((await gateway.api.stores.repositories.tokens.findById(token.id))?.status).toBe('CANCELLED');
    await expect(bank.listAccounts(ctx(), grant)).rejects.toThrow();
  });

  it('leaves the token ACTIVE and answers the error when the bank fails to revoke', async () => {
    const token = await storeToken(member, 'ACCESS', { bankConsentId: 'no-such-consent-at-the-bank' });
    const faults = await fetch(`${gateway.sandboxUrl}/sandbox/faults/ob-sandbox-gb`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ latencyMs: 0, errorRate: 1 }),
    });
    expect(faults.status).toBe(200);
    try {
      const answer = await cancel(token.id);
      expect(answer.status, JSON.stringify(answer.body)).toBeGreaterThanOrEqual(500);
      expect((await gateway.api.stores.repositories.tokens.findById(token.id))?.status).toBe('ACTIVE');
    } finally {
      await fetch(`${gateway.sandboxUrl}/sandbox/faults/ob-sandbox-gb`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ latencyMs: 0, errorRate: 0 }),
      });
    }
  });
});
