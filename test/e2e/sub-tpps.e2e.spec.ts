import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uk } from '../support/payment-initiation-cases.js';
import {
  call,
  createPayment,
  newMember,
  startGateway,
  type Answer,
  type TestGateway,
  type TestMember,
} from '../support/payments-gateway.js';
import { expectReferenceSchema } from '../support/reference-schema.js';
import { createSubTpp, newReseller, subTppBody } from '../support/sub-tpps.js';

/**
 * Sub-TPPs against the running API: a reseller's tree of sub-TPPs, listed with each filter and in
 * pages, read, its children, a soft delete (and a payment naming the deleted one refused); the
 * reseller-only rule (403), other members' ids (404) and every input rule (400 naming the field).
 */

type Json = Record<string, unknown>;

interface ErrorAnswer {
  readonly error: { readonly errorCode?: string; readonly message: string; readonly paths?: readonly string[] };
}

interface SubTppView {
  readonly id: string;
  readonly memberId: string;
  readonly name: string;
  readonly status: string;
  readonly parentSubTppId?: string;
  readonly childSubTppIds: readonly string[];
  readonly merchant: Json;
  readonly createdAt: string;
}

interface Page {
  readonly subTpps: readonly SubTppView[];
  readonly offset?: string;
}

let gateway: TestGateway;
let reseller: TestMember;
let other: TestMember;

beforeAll(async () => {
  gateway = await startGateway();
  reseller = await newReseller(gateway);
  other = await newReseller(gateway);
}, 120_000);

afterAll(async () => {
  await gateway?.close();
});

function api<T = Json>(method: string, path: string, as: TestMember, body?: unknown): Promise<Answer<T>> {
  return call<T>(`${gateway.apiUrl}/member/sub-tpps${path}`, method, as.auth, body);
}

function expectFieldError(answer: Answer<unknown>, path: string): void {
  const body = answer.body as ErrorAnswer;
  expect(answer.status, JSON.stringify(answer.body)).toBe(400);
  expect(body.error.paths?.[0], JSON.stringify(answer.body)).toBe(path);
  expect(body.error.message.startsWith(path)).toBe(true);
}

function expectNotFound(answer: Answer<unknown>, id: string): void {
  expect(answer.status, JSON.stringify(answer.body)).toBe(404);
  expect(answer.body).toMatchObject({ error: { errorCode: 'NOT_FOUND', paymentId: id } });
}

describe('a reseller’s tree of sub-TPPs', () => {
  const name = (label: string): string => `${label} ${randomBytes(3).toString('hex')}`;
  const names = { root: name('Root'), a: name('Child A'), b: name('Child B'), grand: name('Grandchild') };
  const ids: Record<keyof typeof names, string> = { root: '', a: '', b: '', grand: '' };
  let member: TestMember;

  beforeAll(async () => {
    member = await newReseller(gateway);
    ids.root = await createSubTpp(gateway, member, subTppBody({ name: names.root }));
    ids.a = await createSubTpp(gateway, member, subTppBody({ name: names.a, parentSubTppId: ids.root }));
    ids.b = await createSubTpp(gateway, member, subTppBody({ name: names.b, parentSubTppId: ids.root }));
    ids.grand = await createSubTpp(gateway, member, subTppBody({ name: names.grand, parentSubTppId: ids.a }));
  });

  it('creates answer the reference’s CreateSubTppResponse', async () => {
    const created = await api('POST', '', member, subTppBody());
    expect(created.status).toBe(200);
    expectReferenceSchema('CreateSubTppResponse', created.body, 'POST /member/sub-tpps');
    expect(Object.keys(created.body)).toEqual(['subTppId']);
    await api('DELETE', `/${String(created.body['subTppId'])}`, member);
  });

  it('gets a sub-TPP with its parent and direct children, ACTIVATED in the old flow', async () => {
    const answer = await api<{ subTpp: SubTppView }>('GET', `/${ids.a}`, member);
    expect(answer.status).toBe(200);
    expectReferenceSchema('RetrieveSubTppResponse', answer.body, 'GET /member/sub-tpps/{id}');
    expect(answer.body.subTpp).toMatchObject({
      id: ids.a,
      memberId: member.id,
      name: names.a,
      domain: 'shop.acme.example',
      mccCode: '5411',
      parentSubTppId: ids.root,
      childSubTppIds: [ids.grand],
      status: 'ACTIVATED',
      merchant: { legalEntityName: 'Acme Retail Ltd', iban: 'GB33BUKB20201555555555', merchantJurisdiction: 'GB' },
    });
    const root = await api<{ subTpp: SubTppView }>('GET', `/${ids.root}`, member);
    expect(root.body.subTpp.childSubTppIds).toEqual([ids.a, ids.b]);
    expect(root.body.subTpp.parentSubTppId).toBeUndefined();
  });

  it('a new-flow sub-TPP starts AWAITING_APPROVAL and cannot be a parent', async () => {
    const id = await createSubTpp(gateway, member, subTppBody({ useNewFlow: true }));
    const answer = await api<{ subTpp: SubTppView }>('GET', `/${id}`, member);
    expect(answer.body.subTpp.status).toBe('AWAITING_APPROVAL');
    expectFieldError(await api('POST', '', member, subTppBody({ parentSubTppId: id })), 'parentSubTppId');
    await api('DELETE', `/${id}`, member);
  });

  it('lists direct children only', async () => {
    const answer = await api<{ subTpps: SubTppView[] }>('GET', `/${ids.root}/children`, member);
    expect(answer.status).toBe(200);
    expectReferenceSchema('RetrieveSubTppChildrenResponse', answer.body, 'GET /member/sub-tpps/{id}/children');
    expect(answer.body.subTpps.map((s) => s.id)).toEqual([ids.a, ids.b]);
    expect(answer.body.subTpps[0]?.childSubTppIds).toEqual([ids.grand]);
    const leaf = await api<{ subTpps: SubTppView[] }>('GET', `/${ids.grand}/children`, member);
    expect(leaf.body.subTpps).toEqual([]);
  });

  it('lists in pages, newest first, with offsets', async () => {
    const seen: string[] = [];
    let offset: string | undefined;
    for (let page = 0; page < 10; page++) {
      const query = `?page.limit=1${offset === undefined ? '' : `&page.offset=${encodeURIComponent(offset)}`}`;
      const answer = await api<Page>('GET', query, member);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expectReferenceSchema('RetrieveSubTppsResponse', answer.body, 'GET /member/sub-tpps');
      expect(answer.body.subTpps.length).toBeLessThanOrEqual(1);
      seen.push(...answer.body.subTpps.map((s) => s.id));
      offset = answer.body.offset;
      if (offset === undefined) break;
    }
    expect(seen).toEqual([ids.grand, ids.b, ids.a, ids.root]);
    const all = await api<Page>('GET', '?page.limit=199', member);
    expect(all.body.subTpps.map((s) => s.id)).toEqual(seen);
    expect(all.body.offset).toBeUndefined();
  });

  it('filters by company names (any of them; case-insensitive) and by the legal entity name', async () => {
    const two = await api<Page>(
      'GET',
      `?page.limit=10&filter.byCompanyNames=${encodeURIComponent(names.a.toUpperCase())}&filter.byCompanyNames=${encodeURIComponent(names.b)}`,
      member,
    );
    expect(two.status, JSON.stringify(two.body)).toBe(200);
    expect(two.body.subTpps.map((s) => s.id)).toEqual([ids.b, ids.a]);
    const legal = await api<Page>('GET', `?page.limit=10&filter.byCompanyNames=Acme%20Retail%20Ltd`, member);
    expect(legal.body.subTpps).toHaveLength(4);
    const none = await api<Page>('GET', `?page.limit=10&filter.byCompanyNames=Nobody`, member);
    expect(none.body.subTpps).toEqual([]);
  });

  it('filters by registration dates (UTC)', async () => {
    const root = await api<{ subTpp: SubTppView }>('GET', `/${ids.root}`, member);
    const day = root.body.subTpp.createdAt.slice(0, 10);
    const that = await api<Page>(
      'GET',
      `?page.limit=10&filter.byRegistrationDates=2001-01-01&filter.byRegistrationDates=${day}`,
      member,
    );
    expect(that.body.subTpps.map((s) => s.id)).toEqual([ids.grand, ids.b, ids.a, ids.root]);
    const before = await api<Page>('GET', '?page.limit=10&filter.byRegistrationDates=2001-01-01', member);
    expect(before.body.subTpps).toEqual([]);
  });

  it('another member’s sub-TPP answers 404 everywhere', async () => {
    expectNotFound(await api('GET', `/${ids.a}`, other), ids.a);
    expectNotFound(await api('GET', `/${ids.a}/children`, other), ids.a);
    expectNotFound(await api('DELETE', `/${ids.a}`, other), ids.a);
    expect((await api<Page>('GET', '?page.limit=199', other)).body.subTpps.map((s) => s.id)).not.toContain(ids.a);
    expectFieldError(await api('POST', '', other, subTppBody({ parentSubTppId: ids.a })), 'parentSubTppId');
    expect((await api<{ subTpp: SubTppView }>('GET', `/${ids.a}`, member)).body.subTpp.status).toBe('ACTIVATED');
  });

  it('a payment names an active sub-TPP; a deleted one is refused (400 initiation.onBehalfOfId)', async () => {
    const leaf = await createSubTpp(gateway, member, subTppBody({ parentSubTppId: ids.b }));
    const paid = await createPayment(gateway, member, uk({ refId: `sub-${Date.now() % 1e9}`, onBehalfOfId: leaf }));
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.payment['initiation']).toMatchObject({ onBehalfOfId: leaf });

    const deleted = await api('DELETE', `/${leaf}`, member);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({});
    expectReferenceSchema('DeleteSubTppResponse', deleted.body, 'DELETE /member/sub-tpps/{id}');

    expectNotFound(await api('GET', `/${leaf}`, member), leaf);
    expectNotFound(await api('GET', `/${leaf}/children`, member), leaf);
    expectNotFound(await api('DELETE', `/${leaf}`, member), leaf);
    expect((await api<Page>('GET', '?page.limit=199', member)).body.subTpps.map((s) => s.id)).not.toContain(leaf);
    expect((await api<{ subTpps: SubTppView[] }>('GET', `/${ids.b}/children`, member)).body.subTpps).toEqual([]);
    expectFieldError(await api('POST', '', member, subTppBody({ parentSubTppId: leaf })), 'parentSubTppId');

    const refused = await createPayment(gateway, member, uk({ refId: `sub-${Date.now() % 1e9}`, onBehalfOfId: leaf }));
    expectFieldError(refused, 'initiation.onBehalfOfId');
    const unknown = await createPayment(gateway, member, uk({ onBehalfOfId: 'st:unknown' }));
    expectFieldError(unknown, 'initiation.onBehalfOfId');
    const othersId = await createSubTpp(gateway, other);
    expectFieldError(await createPayment(gateway, member, uk({ onBehalfOfId: othersId })), 'initiation.onBehalfOfId');
  });

  it('an unregulated reseller’s payment names one of its active sub-TPPs', async () => {
    const unregulated = await newReseller(gateway, { regulated: false });
    const id = await createSubTpp(gateway, unregulated);
    const paid = await createPayment(gateway, unregulated, uk({ refId: `unr-${Date.now() % 1e9}`, onBehalfOfId: id }));
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expectFieldError(
      await createPayment(gateway, unregulated, uk({ onBehalfOfId: 'client-42' })),
      'initiation.onBehalfOfId',
    );
  });
});

describe('only resellers', () => {
  it.each([
    ['POST', ''],
    ['GET', '?page.limit=1'],
    ['GET', '/st:any'],
    ['DELETE', '/st:any'],
    ['GET', '/st:any/children'],
  ])('%s %s answers 403 ResellerOnly to a member not flagged a reseller', async (method, path) => {
    const plain = await newMember(gateway);
    const answer = await api(method, path, plain, method === 'POST' ? subTppBody() : undefined);
    expect(answer.status, JSON.stringify(answer.body)).toBe(403);
    expect(Object.keys(answer.body).sort()).toEqual(['error']);
    expect((answer.body as unknown as ErrorAnswer).error).toMatchObject({ errorCode: 'ResellerOnly' });
    expect(Object.keys((answer.body as { error: Json }).error).sort()).toEqual([
      'errorCode',
      'message',
      'tokenTraceId',
    ]);
  });
});

describe('POST /member/sub-tpps: every input rule answers 400 naming the field', () => {
  const merchant = (overrides: Json): Json => ({
    merchant: { ...(subTppBody()['merchant'] as Json), ...overrides },
  });
  const without = (field: string): Json => {
    const body = subTppBody();
    delete body[field];
    return body;
  };
  const withoutMerchant = (field: string): Json => {
    const body = subTppBody();
    delete (body['merchant'] as Json)[field];
    return body;
  };

  it.each<[string, Json, string]>([
    ['name required', without('name'), 'name'],
    ['name not blank', subTppBody({ name: '  ' }), 'name'],
    ['name a string', subTppBody({ name: 7 }), 'name'],
    ['name at most 256', subTppBody({ name: 'n'.repeat(257) }), 'name'],
    ['domain required', without('domain'), 'domain'],
    ['domain fully qualified', subTppBody({ domain: 'localhost' }), 'domain'],
    ['domain not a URL', subTppBody({ domain: 'https://shop.example.com' }), 'domain'],
    ['logo base64', subTppBody({ logo: 'not base64!' }), 'logo'],
    ['logo a string', subTppBody({ logo: [1, 2] }), 'logo'],
    ['mccCode four digits', subTppBody({ mccCode: '541' }), 'mccCode'],
    ['mccCode digits', subTppBody({ mccCode: 'ab12' }), 'mccCode'],
    ['parentSubTppId a string', subTppBody({ parentSubTppId: 5 }), 'parentSubTppId'],
    ['parentSubTppId one of the member’s', subTppBody({ parentSubTppId: 'st:none' }), 'parentSubTppId'],
    ['useNewFlow a boolean', subTppBody({ useNewFlow: 'yes' }), 'useNewFlow'],
    ['merchant required', without('merchant'), 'merchant'],
    ['merchant an object', subTppBody({ merchant: 'Acme' }), 'merchant'],
    ['merchantJurisdiction required', withoutMerchant('merchantJurisdiction'), 'merchant.merchantJurisdiction'],
    [
      'merchantJurisdiction alpha-2',
      subTppBody(merchant({ merchantJurisdiction: 'GBR' })),
      'merchant.merchantJurisdiction',
    ],
    ['legalEntityName required', withoutMerchant('legalEntityName'), 'merchant.legalEntityName'],
    [
      'legalEntityName at most 256',
      subTppBody(merchant({ legalEntityName: 'l'.repeat(257) })),
      'merchant.legalEntityName',
    ],
    [
      'companyRegistrationNumber required',
      withoutMerchant('companyRegistrationNumber'),
      'merchant.companyRegistrationNumber',
    ],
    ['primaryUseCase required', withoutMerchant('primaryUseCase'), 'merchant.primaryUseCase'],
    [
      'primaryUseCase one of the list',
      subTppBody(merchant({ primaryUseCase: 'PIS: Anything' })),
      'merchant.primaryUseCase',
    ],
    ['iban required', withoutMerchant('iban'), 'merchant.iban'],
    ['iban valid', subTppBody(merchant({ iban: 'GB00BUKB20201555555555' })), 'merchant.iban'],
    ['bic valid', subTppBody(merchant({ bic: 'BUK' })), 'merchant.bic'],
    ['no unknown fields', subTppBody({ colour: 'red' }), 'colour'],
    ['no unknown merchant fields', subTppBody(merchant({ sortCode: '040004' })), 'merchant.sortCode'],
  ])('%s', async (_rule, body, path) => {
    expectFieldError(await api('POST', '', reseller, body), path);
  });
});

describe('GET /member/sub-tpps: every query rule answers 400 naming the parameter', () => {
  it.each<[string, string, string]>([
    ['page.limit required', '', 'page.limit'],
    ['page.limit less than 200', '?page.limit=200', 'page.limit'],
    ['page.limit at least 1', '?page.limit=0', 'page.limit'],
    ['page.limit a number', '?page.limit=ten', 'page.limit'],
    ['page.limit given once', '?page.limit=1&page.limit=2', 'page.limit'],
    ['page.offset one this service returned', '?page.limit=1&page.offset=bogus', 'page.offset'],
    ['page.offset given once', '?page.limit=1&page.offset=a&page.offset=b', 'page.offset'],
    [
      'filter.byRegistrationDates are dates',
      '?page.limit=1&filter.byRegistrationDates=2026-02-30',
      'filter.byRegistrationDates',
    ],
    [
      'filter.byRegistrationDates YYYY-MM-DD',
      '?page.limit=1&filter.byRegistrationDates=yesterday',
      'filter.byRegistrationDates',
    ],
    ['filter.byCompanyNames not blank', '?page.limit=1&filter.byCompanyNames=%20', 'filter.byCompanyNames'],
    [
      'filter.byCompanyNames at most 256',
      `?page.limit=1&filter.byCompanyNames=${'c'.repeat(257)}`,
      'filter.byCompanyNames',
    ],
    ['no unknown parameters', '?page.limit=1&filter.byColour=red', 'filter.byColour'],
  ])('%s', async (_rule, query, path) => {
    expectFieldError(await api('GET', query, reseller), path);
  });
});
