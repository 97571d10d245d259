import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  newMember,
  startGateway,
  type Answer,
  type TestGateway,
  type TestMember,
} from '../support/payments-gateway.js';
import { createSubTpp, newReseller, subTppBody } from '../support/sub-tpps.js';
import { accessPayload, ukTransferPayload } from '../support/token-requests.js';

/**
 * Token requests follow the onBehalfOfId rules of Payments v2 (OnBehalfOfCheck): a reseller names
 * one of its own active sub-TPPs as `actingAs.refId` (a sub-TPP id, longer than a refId), the
 * bank's consent page names that sub-TPP (not the free text of `actingAs.displayName`), and an
 * unregulated member must act for one; another member's, an inactive or a deleted sub-TPP is a
 * 400 naming the field.
 */

type Json = Record<string, unknown>;
interface ErrorAnswer {
  readonly error: { readonly errorCode: string; readonly message: string; readonly paths?: readonly string[] };
}
interface StoredRequest {
  readonly tokenRequest: { readonly id: string; readonly requestPayload: Json };
}

const FIELD = 'requestPayload.actingAs.refId';

let gateway: TestGateway;
let reseller: TestMember;
let unregulated: TestMember;
let stranger: TestMember;

function store(as: TestMember, requestPayload: Json): Promise<Answer<StoredRequest & ErrorAnswer>> {
  return call<StoredRequest & ErrorAnswer>(`${gateway.apiUrl}/token-requests`, 'POST', as.auth, {
    requestOptions: { bankId: 'ob-sandbox-gb' },
    requestPayload,
  });
}

function expectRefused(answer: Answer<ErrorAnswer>): void {
  expect(answer.status, JSON.stringify(answer.body)).toBe(400);
  expect(answer.body.error.paths).toEqual([FIELD]);
  expect(answer.body.error.message).toContain(FIELD);
  expect(answer.body.error).toHaveProperty('tokenTraceId');
}

/** The sandbox bank's consent page of a stored request, as the user's browser loads it. */
async function consentPage(as: TestMember, requestId: string): Promise<string> {
  const authorization = await call<{ redirectUrl: string }>(
    `${gateway.apiUrl}/token-requests/${encodeURIComponent(requestId)}/authorization`,
    'POST',
    as.auth,
    { bankId: 'ob-sandbox-gb' },
  );
  expect(authorization.status, JSON.stringify(authorization.body)).toBe(200);
  const page = await fetch(authorization.body.redirectUrl);
  expect(page.status).toBe(200);
  return page.text();
}

beforeAll(async () => {
  gateway = await startGateway();
  reseller = await newReseller(gateway);
  unregulated = await newReseller(gateway, { regulated: false });
  stranger = await newReseller(gateway);
}, 120_000);

afterAll(async () => {
  await gateway?.close();
});

describe('actingAs.refId on POST /token-requests', () => {
  it('accepts one of the member’s active sub-TPPs, and the bank’s consent page names that sub-TPP', async () => {
    const name = `Corner Shop ${Date.now() % 1e6}`;
    const subTppId = await createSubTpp(gateway, reseller, subTppBody({ name }));
    expect(subTppId.length).toBeGreaterThan(18);
    const payload = ukTransferPayload('12.00', { actingAs: { displayName: 'Free Text Ltd', refId: subTppId } });
    const stored = await store(reseller, payload);
    expect(stored.status, JSON.stringify(stored.body)).toBe(200);
    expect(stored.body.tokenRequest.requestPayload).toMatchObject({ actingAs: { refId: subTppId } });

    const html = await consentPage(reseller, stored.body.tokenRequest.id);
    expect(html).toContain(`<strong class="requester">${name}</strong>`);
    expect(html).not.toContain('Free Text Ltd');
  });

  it('accepts an unregulated member’s own active sub-TPP, for account information too', async () => {
    const subTppId = await createSubTpp(gateway, unregulated);
    const stored = await store(
      unregulated,
      accessPayload(['ACCOUNTS'], { actingAs: { displayName: 'Shop', refId: subTppId } }),
    );
    expect(stored.status, JSON.stringify(stored.body)).toBe(200);
  });

  it('refuses another member’s sub-TPP (400 naming the field)', async () => {
    const othersId = await createSubTpp(gateway, stranger);
    expectRefused(
      await store(reseller, accessPayload(['ACCOUNTS'], { actingAs: { displayName: 'X', refId: othersId } })),
    );
  });

  it('refuses an unregulated member without actingAs, or with actingAs naming no sub-TPP', async () => {
    expectRefused(await store(unregulated, accessPayload(['ACCOUNTS'])));
    expectRefused(await store(unregulated, accessPayload(['ACCOUNTS'], { actingAs: { displayName: 'Client 42' } })));
    // A regulated member may act for itself.
    const own = await newMember(gateway);
    expect((await store(own, accessPayload(['ACCOUNTS']))).status).toBe(200);
  });

  it('refuses a sub-TPP that is not active: awaiting approval, or deleted', async () => {
    const awaiting = await createSubTpp(gateway, reseller, subTppBody({ useNewFlow: true }));
    expectRefused(
      await store(reseller, accessPayload(['ACCOUNTS'], { actingAs: { displayName: 'X', refId: awaiting } })),
    );
    const deleted = await createSubTpp(gateway, reseller);
    const removed = await call(`${gateway.apiUrl}/member/sub-tpps/${deleted}`, 'DELETE', reseller.auth);
    expect(removed.status).toBe(200);
    expectRefused(
      await store(reseller, accessPayload(['ACCOUNTS'], { actingAs: { displayName: 'X', refId: deleted } })),
    );
    expectRefused(
      await store(reseller, accessPayload(['ACCOUNTS'], { actingAs: { displayName: 'X', refId: 'st:unknown' } })),
    );
  });
});
