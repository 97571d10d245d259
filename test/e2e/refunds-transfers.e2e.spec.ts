import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decideOnConsentPage } from './obie/consent-form.js';
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
import { storeTokenRequest, ukTransferPayload } from '../support/token-requests.js';

/**
 * Refunds of Payments v1 transfers against the real gateway, worker and UK sandbox bank: a
 * transfer paid through a token request the user authorised at the bank, refunded in part and
 * then in full (paid back unattended through the member's registration), one refund over what
 * remains refused naming the amount, the transfer's refunds listed at the root and under /v2,
 * the transfer found by the reference's `filter.transferRefundStatus` of GET /transfers, and
 * another member's transfer answering 404.
 */

type Json = Record<string, unknown>;
interface ErrorAnswer {
  readonly error: { readonly errorCode?: string; readonly message: string; readonly paths?: readonly string[] };
}
interface RefundBody {
  readonly refund: Json & { readonly id: string; readonly status: string };
}
interface TransferBody extends Json {
  readonly id: string;
  readonly status: string;
  readonly refundDetails?: { readonly transferRefundStatus?: string };
}

let gateway: TestGateway;
let member: TestMember;
let other: TestMember;
let registrationId: string;

function api<T = Json>(method: string, path: string, body?: unknown, who: TestMember = member): Promise<Answer<T>> {
  return call<T>(`${gateway.apiUrl}${path}`, method, who.auth, body);
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await sleep(100);
  }
}

/** A transfer of `value` GBP: a token request authorised by sandbox-success at ob-sandbox-gb, paid (SUCCESS). */
async function completedTransfer(owner: TestMember, value: string): Promise<string> {
  const request = await storeTokenRequest(gateway, owner, ukTransferPayload(value));
  const authorised = await api<Json>(
    'POST',
    `/token-requests/${encodeURIComponent(request.id)}/authorization`,
    { bankId: 'ob-sandbox-gb' },
    owner,
  );
  expect(authorised.status, JSON.stringify(authorised.body)).toBe(200);
  const back = await decideOnConsentPage(authorised.body['redirectUrl'] as string, 'sandbox-success', 'approve');
  expect((await call(back.toString(), 'GET', undefined)).status).toBe(303);
  const { tokenRequests, transfers } = gateway.api.stores.repositories;
  const processed = await tokenRequests.findById(request.id);
  expect(processed?.transferId).toEqual(expect.any(String));
  const transferId = processed?.transferId as string;
  const done = await waitFor(
    () => transfers.findById(transferId),
    (row) => row !== null && ['SUCCESS', 'FAILURE', 'INITIATION_REJECTED'].includes(row.status),
    `transfer ${transferId}`,
  );
  expect(done?.status).toBe('SUCCESS');
  return transferId;
}

function refund(originalPaymentId: string, value: string, who: TestMember = member): Promise<Answer<RefundBody>> {
  return api<RefundBody>(
    'POST',
    '/refunds',
    {
      initiation: {
        refId: `rf-${randomBytes(4).toString('hex')}`,
        amount: { value, currency: 'GBP' },
        originalPaymentId,
        registrationId,
        localInstrument: 'FASTER_PAYMENTS',
        creditor: { sortCode: '040004', accountNumber: '87654321', name: 'Payer' },
      },
    },
    who,
  );
}

async function refundUntilFinal(id: string): Promise<RefundBody['refund']> {
  const got = await waitFor(
    () => api<RefundBody>('GET', `/refunds/${encodeURIComponent(id)}`),
    (answer) =>
      answer.status !== 200 || !['INITIATION_PENDING', 'INITIATION_PROCESSING'].includes(answer.body.refund.status),
    `refund ${id}`,
  );
  expect(got.status, JSON.stringify(got.body)).toBe(200);
  return got.body.refund;
}

/** The member's transfers with this refund status (every page), each checked against the reference. */
async function transfersWithRefundStatus(status: string, who: TestMember = member): Promise<TransferBody[]> {
  const found: TransferBody[] = [];
  let offset: string | undefined;
  for (let page = 0; page < 50; page += 1) {
    const query = `page.limit=100&filter.transferRefundStatus=${status}${
      offset === undefined ? '' : `&page.offset=${encodeURIComponent(offset)}`
    }`;
    const listed = await api<{ transfers: TransferBody[]; offset?: string }>(
      'GET',
      `/transfers?${query}`,
      undefined,
      who,
    );
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expectReferenceSchema('GetTransfersResponse', listed.body, `GET /transfers?${query}`);
    found.push(...listed.body.transfers);
    offset = listed.body.offset;
    if (offset === undefined) break;
  }
  return found;
}

beforeAll(async () => {
  gateway = await startGateway({ worker: true, env: { PAYMENT_POLL_SCHEDULE_SECONDS: '1' } });
  member = await newMember(gateway);
  other = await newMember(gateway);
  // The merchant's agreement with its bank (sandbox-only): a credential for payments from its account without it present.
  const issued = await call<{ credential: string; account: { identification: string; name: string } }>(
    `${gateway.sandboxUrl}/sandbox/registered-credentials/ob-sandbox-gb`,
    'POST',
    `Bearer ${ADMIN_TOKEN}`,
    { clientId: 'gateway-sandbox', username: 'refund-transfer-merchant' },
  );
  expect(issued.status, JSON.stringify(issued.body)).toBe(200);
  const { identification, name } = issued.body.account;
  const registered = await api<{ registration: { id: string } }>('POST', '/refund/registrations', {
    bankId: 'ob-sandbox-gb',
    debtor: { sortCode: identification.slice(0, 6), accountNumber: identification.slice(6), name },
    credentials: { grant: issued.body.credential },
  });
  expect(registered.status, JSON.stringify(registered.body)).toBe(200);
  registrationId = registered.body.registration.id;
}, 120_000);

afterAll(async () => {
  await gateway?.close();
});

describe('refunds of a Payments v1 transfer completed at the sandbox bank', () => {
  it('refunds in part (PARTIAL), refuses more than remains naming the amount, then in full (FULL)', async () => {
    const transferId = await completedTransfer(member, '12.34');
    expect((await transfersWithRefundStatus('NONE')).map((t) => t.id)).toContain(transferId);
    expect((await transfersWithRefundStatus('PARTIAL')).map((t) => t.id)).not.toContain(transferId);

    const first = await refund(transferId, '4.00');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expectReferenceSchema('RefundResponse', first.body, 'POST /refunds (a transfer)');
    expect(first.body.refund.status).toBe('INITIATION_PENDING');
    expect(first.body.refund['initiation']).toMatchObject({
      originalPaymentId: transferId,
      amount: { value: '4.00', currency: 'GBP' },
      registrationId,
    });
    const partial = await transfersWithRefundStatus('PARTIAL');
    expect(partial.map((t) => t.id)).toContain(transferId);
    expect(partial.find((t) => t.id === transferId)?.refundDetails?.transferRefundStatus).toBe('PARTIAL');
    expect((await transfersWithRefundStatus('NONE')).map((t) => t.id)).not.toContain(transferId);
    expect((await transfersWithRefundStatus('FULL')).map((t) => t.id)).not.toContain(transferId);

    const over = (await refund(transferId, '8.35')) as unknown as Answer<ErrorAnswer>;
    expect(over.status, JSON.stringify(over.body)).toBe(400);
    expect(over.body.error.paths).toEqual(['initiation.amount.value']);
    expect(over.body.error.message).toContain('8.34');

    const rest = await refund(transferId, '8.34');
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    for (const id of [first.body.refund.id, rest.body.refund.id]) {
      const done = await refundUntilFinal(id);
      expect(done.status, JSON.stringify(done)).toBe('INITIATION_COMPLETED');
      expect(done['bankTransactionId']).toEqual(expect.any(String));
      expectReferenceSchema('RefundResponse', { refund: done }, 'GET /refunds/{id} (a transfer)');
    }
    const full = await transfersWithRefundStatus('FULL');
    expect(full.find((t) => t.id === transferId)?.refundDetails?.transferRefundStatus).toBe('FULL');
    expect((await transfersWithRefundStatus('PARTIAL')).map((t) => t.id)).not.toContain(transferId);
    const oneMore = (await refund(transferId, '0.01')) as unknown as Answer<ErrorAnswer>;
    expect(oneMore.status, JSON.stringify(oneMore.body)).toBe(400);
    expect(oneMore.body.error.paths).toEqual(['initiation.amount.value']);

    // The transfer's refunds, at the root and under /v2.
    for (const base of ['', '/v2']) {
      const listed = await api<{ refunds: Json[]; paging: Json }>(
        'GET',
        `${base}/transfers/${encodeURIComponent(transferId)}/refunds?limit=10`,
      );
      expect(listed.status, JSON.stringify(listed.body)).toBe(200);
      expectReferenceSchema('RefundsResponse', listed.body, `GET ${base}/transfers/{id}/refunds`);
      expect(listed.body.refunds.map((r) => r['id']).sort()).toEqual(
        [first.body.refund.id, rest.body.refund.id].sort(),
      );
      expect(listed.body.refunds.every((r) => (r['initiation'] as Json)['originalPaymentId'] === transferId)).toBe(
        true,
      );
      const paged = await api<{ refunds: Json[]; paging: { offset?: string } }>(
        'GET',
        `${base}/transfers/${encodeURIComponent(transferId)}/refunds?limit=1`,
      );
      expect(paged.body.refunds).toHaveLength(1);
      expect(paged.body.paging.offset).toEqual(expect.any(String));
    }
    // The kept sums agree with the refunds stored.
    const row = await gateway.api.stores.prisma.transfer.findUnique({ where: { id: transferId } });
    expect(row?.refundStatus).toBe('FULL');
  }, 120_000);

  it("pays back to the account the bank reported as the transfer's source when no creditor is given", async () => {
    const transferId = await completedTransfer(member, '3.00');
    const row = await gateway.api.stores.prisma.transfer.findUnique({ where: { id: transferId } });
    const source = row?.source as {
      customerData: { legalNames: string[] };
      accountIdentifier: { gbDomestic: { sortCode: string; accountNumber: string } };
    };
    expect(source.accountIdentifier.gbDomestic.sortCode).toMatch(/^\d{6}$/);
    const created = await api<RefundBody>('POST', '/refunds', {
      initiation: {
        refId: 'from-source',
        amount: { value: '3.00', currency: 'GBP' },
        originalPaymentId: transferId,
        registrationId,
        localInstrument: 'FASTER_PAYMENTS',
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.refund['initiation']).toMatchObject({
      creditor: { ...source.accountIdentifier.gbDomestic, name: source.customerData.legalNames[0] },
    });
    const done = await refundUntilFinal(created.body.refund.id);
    expect(done.status, JSON.stringify(done)).toBe('INITIATION_COMPLETED');
    expect((await transfersWithRefundStatus('FULL')).map((t) => t.id)).toContain(transferId);
  }, 60_000);

  it("answers 404 for another member's transfer: its refunds, a refund of it, and it in their filtered list", async () => {
    const transferId = await completedTransfer(member, '5.00');
    const foreign = await api<ErrorAnswer>(
      'POST',
      '/refunds',
      {
        initiation: {
          refId: 'foreign-transfer',
          amount: { value: '1.00', currency: 'GBP' },
          originalPaymentId: transferId,
          localInstrument: 'FASTER_PAYMENTS',
          debtor: { sortCode: '040004', accountNumber: '12345678', name: 'Other Ltd' },
          creditor: { sortCode: '040004', accountNumber: '87654321', name: 'Payer' },
        },
      },
      other,
    );
    expect(foreign.status, JSON.stringify(foreign.body)).toBe(404);
    for (const base of ['', '/v2'])
      expect((await api('GET', `${base}/transfers/${transferId}/refunds?limit=10`, undefined, other)).status).toBe(404);
    expect((await transfersWithRefundStatus('NONE', other)).map((t) => t.id)).not.toContain(transferId);
    expect((await api('GET', '/transfers/t:unknown/refunds?limit=10')).status).toBe(404);
    // Nothing was counted against the transfer.
    expect((await transfersWithRefundStatus('NONE')).map((t) => t.id)).toContain(transferId);
    const mine = await api<{ refunds: Json[] }>('GET', `/transfers/${transferId}/refunds?limit=10`);
    expect(mine.status).toBe(200);
    expect(mine.body.refunds).toEqual([]);
  }, 60_000);
});
