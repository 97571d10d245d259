import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataStores, Token, TokenRequest, Transfer } from '#libs/db';
import { TRANSFER_STATUSES } from '#libs/domain';
import { call, newMember, startGateway, type TestGateway, type TestMember } from '../support/payments-gateway.js';
import {
  expectReferenceTransfer,
  storeToken,
  storeProcessedTokenRequest,
  storeTransfer,
  transferRequestPayload,
} from '../support/transfer-fixtures.js';

type Json = Record<string, unknown>;
interface TransferBody extends Json {
  readonly id: string;
  readonly status: string;
  readonly createdAtMs: string;
}
interface Page {
  readonly transfers: TransferBody[];
  readonly offset?: string;
}
interface ErrorBody {
  readonly error: {
    readonly errorCode?: string;
    readonly message: string;
    readonly paths?: string[];
    paymentId?: string;
  };
}

let gateway: TestGateway;
let stores: DataStores;
let alice: TestMember;
let bob: TestMember;
/** Alice's fixture: two tokens, 14 transfers (one per status), created a second apart, oldest first. */
let requests: TokenRequest[];
let tokens: Token[];
let transfers: Transfer[];
const T0 = Date.parse('2026-11-01T10:00:00.000Z');

async function list(member: TestMember, query: string): Promise<{ status: number; body: Page & ErrorBody }> {
  const answer = await call<Page & ErrorBody>(`${gateway.apiUrl}/transfers?${query}`, 'GET', member.auth);
  if (answer.status === 200)
    answer.body.transfers.forEach((transfer, index) =>
      expectReferenceTransfer(transfer, `GET /transfers?${query} transfers[${index}]`),
    );
  return answer;
}

const idsOf = (page: Page): string[] => page.transfers.map((t) => t.id);
/** Newest first, as the list answers. */
const newestFirst = (rows: readonly Transfer[]): string[] =>
  [...rows].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).map((t) => t.id);

beforeAll(async () => {
  gateway = await startGateway();
  stores = gateway.api.stores;
  alice = await newMember(gateway);
  bob = await newMember(gateway);
  requests = [
    await storeProcessedTokenRequest(stores.repositories, alice.id),
    await storeProcessedTokenRequest(stores.repositories, alice.id, {
      payload: transferRequestPayload({ actingAs: { displayName: 'Sub Shop', refId: 'sub-tpp-1' } }),
    }),
  ];
  tokens = [
    await storeToken(stores.repositories, requests[0]),
    await storeToken(stores.repositories, requests[1], { actingAsRefId: 'sub-tpp-1' }),
  ];
  transfers = [];
  for (const [index, status] of TRANSFER_STATUSES.entries()) {
    const which = index % 2;
    transfers.push(
      await storeTransfer(stores, tokens[which], requests[which], {
        status,
        createdAt: new Date(T0 + index * 1000),
        refId: `list-${index}`,
        ...(which === 1 ? { actingAsRefId: 'sub-tpp-1' } : {}),
        refundStatus: index === 3 ? 'PARTIAL' : index === 5 ? 'FULL' : 'NONE',
        // no bank ids, far expiry: no timer of these fires during the test
        expiresAt: new Date(Date.now() + 86_400_000),
      }),
    );
  }
  const bobRequest = await storeProcessedTokenRequest(stores.repositories, bob.id);
  const bobToken = await storeToken(stores.repositories, bobRequest);
  await storeTransfer(stores, bobToken, bobRequest, { createdAt: new Date(T0 + 500), refId: 'list-0' });
}, 120_000);

afterAll(async () => {
  await gateway?.close();
});

describe('GET /transfers', () => {
  it("answers the member's transfers only, newest first, each a reference Transfer", async () => {
    const { status, body } = await list(alice, 'page.limit=100');
    expect(status).toBe(200);
    expect(idsOf(body)).toEqual(newestFirst(transfers));
    expect(body.offset).toBeUndefined();
    const first = body.transfers.at(-1) as TransferBody;
    expect(first).toMatchObject({
      id: transfers[0]?.id,
      status: 'PROCESSING',
      createdAtMs: String(T0),
      payload: {
        tokenId: tokens[0]?.id,
        refId: 'list-0',
        amount: { value: '10.5', currency: 'GBP' },
        description: 'list-0',
      },
      payloadSignatures: [],
      convertedToFutureDatedPayment: false,
      refundDetails: { transferRefundStatus: 'NONE' },
    });
    const withActingAs = body.transfers.find((t) => t.id === transfers[1]?.id);
    expect(withActingAs?.['actingAs']).toEqual({ displayName: 'Sub Shop', refId: 'sub-tpp-1' });
  });

  it('pages with an opaque offset until the last page, which has none', async () => {
    const seen: string[] = [];
    let offset: string | undefined;
    for (let page = 0; page < 10; page += 1) {
      const query = `page.limit=4${offset === undefined ? '' : `&page.offset=${encodeURIComponent(offset)}`}`;
      const { status, body } = await list(alice, query);
      expect(status).toBe(200);
      expect(body.transfers.length).toBeLessThanOrEqual(4);
      seen.push(...idsOf(body));
      offset = body.offset;
      if (offset === undefined) break;
    }
    expect(seen).toEqual(newestFirst(transfers));
    const last = await list(alice, 'page.limit=14');
    expect(last.body.offset).toBeUndefined();
    const more = await list(alice, 'page.limit=13');
    expect(more.body.offset).toEqual(expect.any(String));
  });

  it('filters by tokenId and filter.tokenId (both given: a transfer must match both)', async () => {
    const ofToken = (i: number): string[] => newestFirst(transfers.filter((t) => t.tokenId === tokens[i]?.id));
    expect(idsOf((await list(alice, `page.limit=100&tokenId=${tokens[0]?.id}`)).body)).toEqual(ofToken(0));
    expect(idsOf((await list(alice, `page.limit=100&filter.tokenId=${tokens[1]?.id}`)).body)).toEqual(ofToken(1));
    expect(
      idsOf((await list(alice, `page.limit=100&tokenId=${tokens[1]?.id}&filter.tokenId=${tokens[1]?.id}`)).body),
    ).toEqual(ofToken(1));
    expect(
      idsOf((await list(alice, `page.limit=100&tokenId=${tokens[0]?.id}&filter.tokenId=${tokens[1]?.id}`)).body),
    ).toEqual([]);
  });

  it('filters by filter.startTimeMs and filter.endTimeMs (inclusive)', async () => {
    const between = (from: number, to: number): string[] =>
      newestFirst(transfers.filter((t) => t.createdAt.getTime() >= from && t.createdAt.getTime() <= to));
    expect(idsOf((await list(alice, `page.limit=100&filter.startTimeMs=${T0 + 10_000}`)).body)).toEqual(
      between(T0 + 10_000, Infinity),
    );
    expect(idsOf((await list(alice, `page.limit=100&filter.endTimeMs=${T0 + 2000}`)).body)).toEqual(
      between(0, T0 + 2000),
    );
    expect(
      idsOf((await list(alice, `page.limit=100&filter.startTimeMs=${T0 + 3000}&filter.endTimeMs=${T0 + 5000}`)).body),
    ).toEqual(between(T0 + 3000, T0 + 5000));
    expect(between(T0 + 3000, T0 + 5000)).toHaveLength(3);
  });

  it('filters by every filter.transactionStatus, also the reference spelling FAILURE GENERIC', async () => {
    for (const status of TRANSFER_STATUSES) {
      const { body } = await list(alice, `page.limit=100&filter.transactionStatus=${status}`);
      expect(idsOf(body), status).toEqual(newestFirst(transfers.filter((t) => t.status === status)));
      expect(idsOf(body)).toHaveLength(1);
    }
    const spaced = await list(alice, 'page.limit=100&filter.transactionStatus=FAILURE%20GENERIC');
    expect(idsOf(spaced.body)).toEqual(newestFirst(transfers.filter((t) => t.status === 'FAILURE_GENERIC')));
  });

  it('filters by filter.role: the member is the payee of every transfer, PAYER finds none', async () => {
    const all = newestFirst(transfers);
    expect(idsOf((await list(alice, 'page.limit=100&filter.role=ANY')).body)).toEqual(all);
    expect(idsOf((await list(alice, 'page.limit=100&filter.role=PAYEE')).body)).toEqual(all);
    expect(idsOf((await list(alice, 'page.limit=100&filter.role=PAYER')).body)).toEqual([]);
  });

  it('filters by filter.actingAsRefId and filter.refId', async () => {
    expect(idsOf((await list(alice, 'page.limit=100&filter.actingAsRefId=sub-tpp-1')).body)).toEqual(
      newestFirst(transfers.filter((t) => t.actingAsRefId === 'sub-tpp-1')),
    );
    expect(idsOf((await list(alice, 'page.limit=100&filter.actingAsRefId=nobody')).body)).toEqual([]);
    expect(idsOf((await list(alice, 'page.limit=100&filter.refId=list-7')).body)).toEqual([transfers[7]?.id]);
    // Bob has a transfer with refId list-0 too: Alice sees only hers.
    expect(idsOf((await list(alice, 'page.limit=100&filter.refId=list-0')).body)).toEqual([transfers[0]?.id]);
  });

  it('filters by filter.transferRefundStatus (UNSET: any)', async () => {
    expect(idsOf((await list(alice, 'page.limit=100&filter.transferRefundStatus=PARTIAL')).body)).toEqual([
      transfers[3]?.id,
    ]);
    expect(idsOf((await list(alice, 'page.limit=100&filter.transferRefundStatus=FULL')).body)).toEqual([
      transfers[5]?.id,
    ]);
    expect(idsOf((await list(alice, 'page.limit=100&filter.transferRefundStatus=NONE')).body)).toHaveLength(12);
    expect(idsOf((await list(alice, 'page.limit=100&filter.transferRefundStatus=UNSET')).body)).toEqual(
      newestFirst(transfers),
    );
    const partial = (await list(alice, 'page.limit=100&filter.transferRefundStatus=PARTIAL')).body.transfers[0];
    expect(partial?.['refundDetails']).toEqual({ transferRefundStatus: 'PARTIAL' });
  });

  it.each([
    ['page.limit missing', '', 'page.limit'],
    ['page.limit 0', 'page.limit=0', 'page.limit'],
    ['page.limit 200 (must be less than 200)', 'page.limit=200', 'page.limit'],
    ['page.limit not a number', 'page.limit=ten', 'page.limit'],
    ['page.limit given twice', 'page.limit=1&page.limit=2', 'page.limit'],
    ['page.offset not ours', 'page.limit=1&page.offset=bm90LWFuLW9mZnNldA', 'page.offset'],
    ['filter.startTimeMs not ms', 'page.limit=1&filter.startTimeMs=2026-11-01', 'filter.startTimeMs'],
    ['filter.endTimeMs negative', 'page.limit=1&filter.endTimeMs=-1', 'filter.endTimeMs'],
    ['filter.endTimeMs before start', 'page.limit=1&filter.startTimeMs=10&filter.endTimeMs=9', 'filter.endTimeMs'],
    ['filter.transactionStatus unknown', 'page.limit=1&filter.transactionStatus=DONE', 'filter.transactionStatus'],
    ['filter.role unknown', 'page.limit=1&filter.role=OWNER', 'filter.role'],
    [
      'filter.transferRefundStatus unknown',
      'page.limit=1&filter.transferRefundStatus=SOME',
      'filter.transferRefundStatus',
    ],
    ['an unknown parameter', 'page.limit=1&filter.amount=1', 'filter.amount'],
  ])('%s -> 400 naming %s', async (_what, query, field) => {
    const { status, body } = await list(alice, query);
    expect(status, JSON.stringify(body)).toBe(400);
    expect(body.error.paths).toEqual([field]);
    expect(body.error.message).toContain(field);
  });

  it('accepts page.limit 199', async () => {
    expect((await list(alice, 'page.limit=199')).status).toBe(200);
  });
});

describe('GET /transfers/{transferId}', () => {
  it("answers the member's transfer as stored with skipTransferUpdate=true", async () => {
    const transfer = transfers[4];
    const answer = await call<{ transfer: TransferBody }>(
      `${gateway.apiUrl}/transfers/${encodeURIComponent(transfer.id)}?skipTransferUpdate=true`,
      'GET',
      alice.auth,
    );
    expect(answer.status).toBe(200);
    expectReferenceTransfer(answer.body.transfer, 'GET /transfers/{id}');
    const listed = (await list(alice, 'page.limit=100')).body.transfers.find((t) => t.id === transfer.id);
    expect(answer.body.transfer).toEqual(listed);
  });

  it('answers a final transfer without asking the bank, also without skipTransferUpdate', async () => {
    const transfer = transfers.find((t) => t.status === 'FAILURE_DECLINED') as Transfer;
    const answer = await call<{ transfer: TransferBody }>(
      `${gateway.apiUrl}/transfers/${encodeURIComponent(transfer.id)}`,
      'GET',
      alice.auth,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.transfer.status).toBe('FAILURE_DECLINED');
  });

  it("answers 404 naming the id for another member's transfer and for an unknown id", async () => {
    for (const id of [transfers[0]?.id ?? '', 't:unknown']) {
      const answer = await call<ErrorBody>(
        `${gateway.apiUrl}/transfers/${encodeURIComponent(id)}?skipTransferUpdate=true`,
        'GET',
        bob.auth,
      );
      expect(answer.status).toBe(404);
      expect(answer.body.error).toMatchObject({ errorCode: 'NOT_FOUND', paymentId: id });
    }
  });

  it('refuses a skipTransferUpdate that is not true or false', async () => {
    const answer = await call<ErrorBody>(
      `${gateway.apiUrl}/transfers/${encodeURIComponent(transfers[0]?.id ?? '')}?skipTransferUpdate=yes`,
      'GET',
      alice.auth,
    );
    expect(answer.status).toBe(400);
    expect(answer.body.error.paths).toEqual(['skipTransferUpdate']);
  });
});
