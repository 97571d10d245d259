import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TPP_CALLBACK,
  advanceClock,
  call,
  newMember,
  startGateway,
  ukInitiation,
  type TestGateway,
  type TestMember,
} from '../support/payments-gateway.js';
import { expectReferenceSchema } from '../support/reference-schema.js';
import { createSubTpp, newReseller } from '../support/sub-tpps.js';

type Json = Record<string, unknown>;
interface LinkBody extends Json {
  readonly id: string;
  readonly status: string;
  readonly url: string;
  readonly memberId: string;
  readonly linkConfig: Json;
  readonly currentUsage?: Json;
}
interface ErrorBody {
  readonly error: { readonly errorCode?: string; readonly paths?: string[]; readonly paymentId?: string };
}
interface Page {
  readonly paymentLinks: LinkBody[];
  readonly pageInfo: { limit: number; nextOffset?: string; haveMore: boolean };
}

let gateway: TestGateway;
let alice: TestMember;
let bob: TestMember;

function template(overrides: Json = {}): Json {
  return {
    amount: { value: '10.50', currency: 'GBP' },
    localInstrument: 'FASTER_PAYMENTS',
    creditor: { name: 'Merchant Ltd', sortCode: '040004', accountNumber: '12345678' },
    refId: 'ORDER-4711',
    remittanceInformationPrimary: 'ORDER 4711',
    callbackUrl: TPP_CALLBACK,
    ...overrides,
  };
}

async function createLink(
  member: TestMember,
  body: Json,
): Promise<{ status: number; body: { paymentLink: LinkBody } & ErrorBody }> {
  const answer = await call<{ paymentLink: LinkBody } & ErrorBody>(
    `${gateway.apiUrl}/v2/payment-links`,
    'POST',
    member.auth,
    body,
  );
  if (answer.status === 200) expectReferenceSchema('PaymentLinkResponse', answer.body, 'POST /v2/payment-links');
  return answer;
}

async function list(member: TestMember, query: string): Promise<{ status: number; body: Page & ErrorBody }> {
  const answer = await call<Page & ErrorBody>(`${gateway.apiUrl}/v2/payment-links?${query}`, 'GET', member.auth);
  if (answer.status === 200)
    expectReferenceSchema('PaymentLinksResponse', answer.body, `GET /v2/payment-links?${query}`);
  return answer;
}

beforeAll(async () => {
  gateway = await startGateway({ worker: true });
  alice = await newMember(gateway);
  bob = await newMember(gateway);
}, 60_000);

afterAll(async () => {
  await gateway?.close();
});

describe('Pay by Link: POST/GET/DELETE /v2/payment-links', () => {
  it('creates an active link with its template, configuration, page URL and usage', async () => {
    const created = await createLink(alice, {
      paymentTemplate: template(),
      linkConfig: { maxUsageCount: 2, totalAmountLimit: '100.00', expiresAt: '2030-01-01T00:00:00Z' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const link = created.body.paymentLink;
    expect(link).toMatchObject({
      status: 'LINK_ACTIVE',
      memberId: alice.id,
      paymentTemplate: template(),
      linkConfig: { maxUsageCount: 2, totalAmountLimit: '100.00', expiresAt: '2030-01-01T00:00:00.000Z' },
      currentUsage: { remainingCount: 2, remainingAmount: '100.00' },
    });
    expect(link.id).toMatch(/^pl-[0-9a-f]{32}$/);
    expect(link.url).toMatch(new RegExp(`^${gateway.apiUrl}/hosted-pages/payment-links/[0-9a-f]{48}$`));

    // The link's URL as a QR code for the payer's phone: GET /qr-code?data=<the URL>.
    const qr = await fetch(`${gateway.apiUrl}/qr-code?data=${encodeURIComponent(link.url)}`, {
      headers: { authorization: alice.auth },
    });
    expect(qr.status).toBe(200);
    expect(qr.headers.get('content-type')).toContain('image/svg+xml');
    expect(await qr.text()).toContain('<svg');

    const read = await call<{ paymentLink: LinkBody }>(
      `${gateway.apiUrl}/v2/payment-links/${link.id}`,
      'GET',
      alice.auth,
    );
    expect(read.status).toBe(200);
    expectReferenceSchema('PaymentLinkResponse', read.body, 'GET /v2/payment-links/{id}');
    expect(read.body.paymentLink).toEqual(link);
  });

  it('defaults maxUsageCount to 10000000 and takes a payer-chosen amount (currency only)', async () => {
    const created = await createLink(alice, {
      paymentTemplate: template({ amount: { currency: 'GBP' } }),
      linkConfig: { perPaymentAmountLimit: '50.00' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.paymentLink.linkConfig).toEqual({ maxUsageCount: 10_000_000, perPaymentAmountLimit: '50.00' });
    expect(created.body.paymentLink.currentUsage).toEqual({ remainingCount: 10_000_000 });
  });

  const invalid: ReadonlyArray<[string, Json, string]> = [
    ['no template', {}, 'paymentTemplate'],
    ['no currency', { paymentTemplate: template({ amount: { value: '1.00' } }) }, 'paymentTemplate.amount.currency'],
    [
      'unknown currency',
      { paymentTemplate: template({ amount: { value: '1.00', currency: 'XYZ' } }) },
      'paymentTemplate.amount.currency',
    ],
    [
      'amount as a number',
      { paymentTemplate: template({ amount: { value: 1, currency: 'GBP' } }) },
      'paymentTemplate.amount.value',
    ],
    [
      'too many fraction digits',
      { paymentTemplate: template({ amount: { value: '1.001', currency: 'GBP' } }) },
      'paymentTemplate.amount.value',
    ],
    ['refId over 13', { paymentTemplate: template({ refId: 'R'.repeat(14) }) }, 'paymentTemplate.refId'],
    ['no refId', { paymentTemplate: template({ refId: undefined }) }, 'paymentTemplate.refId'],
    [
      'unknown rail',
      { paymentTemplate: template({ localInstrument: 'CARRIER_PIGEON' }) },
      'paymentTemplate.localInstrument',
    ],
    [
      'no creditor name',
      { paymentTemplate: template({ creditor: { sortCode: '040004', accountNumber: '12345678' } }) },
      'paymentTemplate.creditor.name',
    ],
    ['no callbackUrl', { paymentTemplate: template({ callbackUrl: undefined }) }, 'paymentTemplate.callbackUrl'],
    [
      'callbackUrl not https',
      { paymentTemplate: template({ callbackUrl: 'http://shop.example/paid' }) },
      'paymentTemplate.callbackUrl',
    ],
    ['maxUsageCount 0', { paymentTemplate: template(), linkConfig: { maxUsageCount: 0 } }, 'linkConfig.maxUsageCount'],
    [
      'maxUsageCount not whole',
      { paymentTemplate: template(), linkConfig: { maxUsageCount: 1.5 } },
      'linkConfig.maxUsageCount',
    ],
    [
      'limit with 3 fraction digits',
      { paymentTemplate: template(), linkConfig: { totalAmountLimit: '1.005' } },
      'linkConfig.totalAmountLimit',
    ],
    [
      'limit not a string',
      { paymentTemplate: template(), linkConfig: { perPaymentAmountLimit: 5 } },
      'linkConfig.perPaymentAmountLimit',
    ],
    [
      'expiresAt not a date-time',
      { paymentTemplate: template(), linkConfig: { expiresAt: 'tomorrow' } },
      'linkConfig.expiresAt',
    ],
  ];
  it.each(invalid)('answers 400 naming the field: %s', async (_name, body, path) => {
    const answer = await createLink(alice, body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(answer.body.error.paths).toContain(path);
  });

  it('lists newest first in pages, filtered by status, and deactivates', async () => {
    const member = await newMember(gateway);
    const ids: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      const created = await createLink(member, { paymentTemplate: template({ refId: `PAGE-${index}` }) });
      expect(created.status).toBe(200);
      ids.push(created.body.paymentLink.id);
    }
    const first = await list(member, 'limit=2');
    expect(first.status).toBe(200);
    expect(first.body.paymentLinks.map((l) => l.id)).toEqual([ids[2], ids[1]]);
    expect(first.body.pageInfo).toMatchObject({ limit: 2, haveMore: true });
    const second = await list(member, `limit=2&offset=${encodeURIComponent(String(first.body.pageInfo.nextOffset))}`);
    expect(second.body.paymentLinks.map((l) => l.id)).toEqual([ids[0]]);
    expect(second.body.pageInfo.haveMore).toBe(false);
    // The reference's limit is optional: without one, a page of up to 200.
    const unbounded = await list(member, '');
    expect(unbounded.status, JSON.stringify(unbounded.body)).toBe(200);
    expect(unbounded.body.paymentLinks.map((l) => l.id)).toEqual([ids[2], ids[1], ids[0]]);
    expect(unbounded.body.pageInfo).toMatchObject({ limit: 200, haveMore: false });

    const deleted = await call<{ paymentLink: LinkBody }>(
      `${gateway.apiUrl}/v2/payment-links/${ids[1]}`,
      'DELETE',
      member.auth,
    );
    expect(deleted.status).toBe(200);
    expectReferenceSchema('PaymentLinkResponse', deleted.body, 'DELETE /v2/payment-links/{id}');
    expect(deleted.body.paymentLink.status).toBe('LINK_CANCELED');
    const again = await call<{ paymentLink: LinkBody }>(
      `${gateway.apiUrl}/v2/payment-links/${ids[1]}`,
      'DELETE',
      member.auth,
    );
    expect(again.body.paymentLink.status).toBe('LINK_CANCELED');

    const canceled = await list(member, 'limit=10&statuses=LINK_CANCELED');
    expect(canceled.body.paymentLinks.map((l) => l.id)).toEqual([ids[1]]);
    const active = await list(member, 'limit=10&statuses=LINK_ACTIVE');
    expect(active.body.paymentLinks.map((l) => l.id)).toEqual([ids[2], ids[0]]);
    const both = await list(member, 'limit=10&statuses=LINK_ACTIVE&statuses=LINK_CANCELED');
    expect(both.body.paymentLinks).toHaveLength(3);

    for (const query of [
      'limit=',
      'limit=0',
      'limit=201',
      'limit=5&statuses=LINK_REDEEMED',
      'limit=5&createdAfter=yesterday',
    ]) {
      const bad = await list(member, query);
      expect(bad.status, query).toBe(400);
    }
  });

  it("takes onBehalfOfId only as one of the member's active sub-TPPs, and requires it of unregulated members", async () => {
    const reseller = await newReseller(gateway);
    const subTppId = await createSubTpp(gateway, reseller);
    const named = await createLink(reseller, { paymentTemplate: template({ onBehalfOfId: subTppId }) });
    expect(named.status, JSON.stringify(named.body)).toBe(200);
    expect(named.body.paymentLink.paymentTemplate).toMatchObject({ onBehalfOfId: subTppId });

    const unknown = await createLink(reseller, { paymentTemplate: template({ onBehalfOfId: 'st:unknown' }) });
    expect(unknown.status, JSON.stringify(unknown.body)).toBe(400);
    expect(unknown.body.error.paths).toEqual(['paymentTemplate.onBehalfOfId']);
    const othersSubTpp = await createLink(alice, { paymentTemplate: template({ onBehalfOfId: subTppId }) });
    expect(othersSubTpp.status).toBe(400);
    expect(othersSubTpp.body.error.paths).toEqual(['paymentTemplate.onBehalfOfId']);

    const deleted = await call(`${gateway.apiUrl}/member/sub-tpps/${subTppId}`, 'DELETE', reseller.auth);
    expect(deleted.status).toBe(200);
    const afterDelete = await createLink(reseller, { paymentTemplate: template({ onBehalfOfId: subTppId }) });
    expect(afterDelete.status).toBe(400);
    expect(afterDelete.body.error.paths).toEqual(['paymentTemplate.onBehalfOfId']);

    const unregulated = await newReseller(gateway, { regulated: false });
    const missing = await createLink(unregulated, { paymentTemplate: template() });
    expect(missing.status).toBe(400);
    expect(missing.body.error.paths).toEqual(['paymentTemplate.onBehalfOfId']);
    const ownSubTpp = await createSubTpp(gateway, unregulated);
    const given = await createLink(unregulated, { paymentTemplate: template({ onBehalfOfId: ownSubTpp }) });
    expect(given.status, JSON.stringify(given.body)).toBe(200);
  });

  it("answers 404 for another member's link (read and delete) and lists none of it", async () => {
    const created = await createLink(alice, { paymentTemplate: template() });
    const id = created.body.paymentLink.id;
    for (const method of ['GET', 'DELETE']) {
      const answer = await call<ErrorBody>(`${gateway.apiUrl}/v2/payment-links/${id}`, method, bob.auth);
      expect(answer.status, method).toBe(404);
      expect(answer.body.error).toMatchObject({ errorCode: 'NOT_FOUND', paymentId: id });
    }
    const bobs = await list(bob, `limit=10&ids=${id}`);
    expect(bobs.body.paymentLinks).toEqual([]);
    const still = await call<{ paymentLink: LinkBody }>(`${gateway.apiUrl}/v2/payment-links/${id}`, 'GET', alice.auth);
    expect(still.body.paymentLink.status).toBe('LINK_ACTIVE');
  });

  it('expires at its expiresAt under the test clock (worker timer); a later or canceled link is left as it is', async () => {
    const member = await newMember(gateway);
    const soon = new Date(Date.now() + 120_000).toISOString();
    const later = new Date(Date.now() + 86_400_000).toISOString();
    const expiring = await createLink(member, { paymentTemplate: template(), linkConfig: { expiresAt: soon } });
    const staying = await createLink(member, { paymentTemplate: template(), linkConfig: { expiresAt: later } });
    const canceled = await createLink(member, { paymentTemplate: template(), linkConfig: { expiresAt: soon } });
    const cancelId = canceled.body.paymentLink.id;
    expect((await call(`${gateway.apiUrl}/v2/payment-links/${cancelId}`, 'DELETE', member.auth)).status).toBe(200);

    const read = async (id: string): Promise<LinkBody> =>
      (await call<{ paymentLink: LinkBody }>(`${gateway.apiUrl}/v2/payment-links/${id}`, 'GET', member.auth)).body
        .paymentLink;
    expect((await read(expiring.body.paymentLink.id)).status).toBe('LINK_ACTIVE');
    await advanceClock(gateway, 300);
    const deadline = Date.now() + 20_000;
    let status = 'LINK_ACTIVE';
    while (status === 'LINK_ACTIVE' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      status = (await read(expiring.body.paymentLink.id)).status;
    }
    expect(status).toBe('LINK_EXPIRED');
    const expired = await list(member, 'limit=10&statuses=LINK_EXPIRED');
    expect(expired.body.paymentLinks.map((l) => l.id)).toEqual([expiring.body.paymentLink.id]);
    expect((await read(staying.body.paymentLink.id)).status).toBe('LINK_ACTIVE');
    expect((await read(cancelId)).status).toBe('LINK_CANCELED');
  }, 40_000);

  it('never passes its maximum under concurrent uses: 8 payers at once on a link of 3', async () => {
    const member = await newMember(gateway);
    const created = await createLink(member, {
      paymentTemplate: template(),
      linkConfig: { maxUsageCount: 3 },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const url = created.body.paymentLink.url;
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        fetch(url, {
          method: 'POST',
          redirect: 'manual',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: '',
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([303, 303, 303, 410, 410, 410, 410, 410]);
    for (const answer of answers.filter((a) => a.status === 303))
      expect(answer.headers.get('location')).toMatch(new RegExp(`^${gateway.apiUrl}/hosted-pages/payments/`));
    const read = await call<{ paymentLink: LinkBody }>(
      `${gateway.apiUrl}/v2/payment-links/${created.body.paymentLink.id}`,
      'GET',
      member.auth,
    );
    expect(read.body.paymentLink.status).toBe('USAGE_LIMIT_REACHED');
    expect(read.body.paymentLink.currentUsage).toEqual({ remainingCount: 0 });
    const payments = await call<{ payments: Json[] }>(`${gateway.apiUrl}/v2/payments?limit=50`, 'GET', member.auth);
    expect(payments.body.payments).toHaveLength(3);
    expectReferenceSchema('PaymentsResponse', payments.body, 'GET /v2/payments');
    expect(payments.body.payments.map((payment) => payment['paymentLinkStatus'])).toEqual([
      'LINK_REDEEMED',
      'LINK_REDEEMED',
      'LINK_REDEEMED',
    ]);
  });

  it('shows on each payment made through a link where the link stands (active, then canceled); other payments show none', async () => {
    const member = await newMember(gateway);
    const created = await createLink(member, { paymentTemplate: template(), linkConfig: { maxUsageCount: 5 } });
    const used = await fetch(created.body.paymentLink.url, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    expect(used.status).toBe(303);
    const listed = await call<{ payments: Json[] }>(`${gateway.apiUrl}/v2/payments?limit=5`, 'GET', member.auth);
    const paymentId = String(listed.body.payments[0]?.['id']);
    const readPayment = async (): Promise<Json> => {
      const answer = await call<{ payment: Json }>(`${gateway.apiUrl}/v2/payments/${paymentId}`, 'GET', member.auth);
      expect(answer.status).toBe(200);
      expectReferenceSchema('PaymentResponse', answer.body, 'GET /v2/payments/{paymentId}');
      return answer.body.payment;
    };
    expect((await readPayment())['paymentLinkStatus']).toBe('LINK_ACTIVE');
    const canceled = await call(
      `${gateway.apiUrl}/v2/payment-links/${created.body.paymentLink.id}`,
      'DELETE',
      member.auth,
    );
    expect(canceled.status).toBe(200);
    expect((await readPayment())['paymentLinkStatus']).toBe('LINK_CANCELED');

    const direct = await call<{ payment: Json }>(`${gateway.apiUrl}/v2/payments`, 'POST', member.auth, {
      initiation: ukInitiation(),
    });
    expect(direct.status, JSON.stringify(direct.body)).toBe(200);
    expect(direct.body.payment).not.toHaveProperty('paymentLinkStatus');
    const again = await call<{ payment: Json }>(
      `${gateway.apiUrl}/v2/payments/${String(direct.body.payment['id'])}`,
      'GET',
      member.auth,
    );
    expect(again.body.payment).not.toHaveProperty('paymentLinkStatus');
  });
});
