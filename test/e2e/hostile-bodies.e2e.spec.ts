import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  newMember,
  startGateway,
  ukInitiation,
  type Answer,
  type TestGateway,
  type TestMember,
} from '../support/payments-gateway.js';
import { ukTransferPayload } from '../support/token-requests.js';

/**
 * Hostile request bodies are refused with a 400 in the interface's error shape, never a 500 and
 * never stored: JSON nested deeper than the parser allows (refused before any validation), and
 * huge arrays and huge texts in the fields the gateway keeps as sent (metadata, addresses,
 * callback states, remittance texts, lists).
 */

type Json = Record<string, unknown>;
type ErrorBody = { error?: { message?: string; paths?: string[]; tokenTraceId?: string; errorCode?: string } };

const HUGE_TEXT = 'x'.repeat(200_000);
const HUGE_LIST = Array.from({ length: 20_000 }, (_, index) => index);

/** `{"a":{"a":...{"a":leaf}}}`, `depth` objects deep, written as text (JSON.stringify recurses). */
function nested(depth: number, leaf = '1'): string {
  return `${'{"a":'.repeat(depth)}${leaf}${'}'.repeat(depth)}`;
}

let gateway: TestGateway;
let member: TestMember;

beforeAll(async () => {
  gateway = await startGateway();
  member = await newMember(gateway);
});
afterAll(async () => {
  await gateway.close();
});

function post(path: string, body: unknown): Promise<Answer<ErrorBody>> {
  return call<ErrorBody>(`${gateway.apiUrl}${path}`, 'POST', member.auth, body);
}

function expectBadRequest(answer: Answer<ErrorBody>, what: string): NonNullable<ErrorBody['error']> {
  const text = JSON.stringify(answer.body).slice(0, 400);
  expect(answer.status, `${what}: ${text}`).toBe(400);
  const error = answer.body.error ?? {};
  expect(error.tokenTraceId, what).toBe(answer.headers.get('token-trace-id'));
  expect(error.message, what).toEqual(expect.stringMatching(/\S/));
  return error;
}

/** The field the 400 names: in `paths`, and in the message. */
function expectNamed(answer: Answer<ErrorBody>, field: string, what: string): void {
  const error = expectBadRequest(answer, what);
  expect(error.paths ?? [], `${what}: ${error.message ?? ''}`).toContain(field);
  expect(error.message, what).toContain(field);
}

async function rows(table: 'tokenRequest' | 'payment' | 'paymentLink' | 'refund'): Promise<number> {
  const prisma = gateway.api.stores.prisma as unknown as Record<string, { count(): Promise<number> }>;
  return prisma[table].count();
}

describe('JSON nested too deep', () => {
  const routes: ReadonlyArray<[string, (deep: string) => string]> = [
    [
      '/token-requests',
      (deep) => `{"requestPayload":${JSON.stringify(ukTransferPayload()).slice(0, -1)},"metadata":${deep}}}`,
    ],
    ['/v2/payments', (deep) => `{"initiation":${deep}}`],
    ['/v2/payment-links', (deep) => `{"paymentTemplate":${deep}}`],
    ['/refunds', (deep) => `{"initiation":{"creditor":{"address":${deep}}}}`],
    ['/payouts', (deep) => `{"initiation":${deep}}`],
    ['/refund/registrations', (deep) => `{"credentials":${deep}}`],
  ];

  for (const [path, body] of routes) {
    it(`POST ${path}: a body nested thousands deep is a 400 naming the nesting, before validation`, async () => {
      for (const depth of [5_000, 100]) {
        const answer = await post(path, body(nested(depth)));
        const error = expectBadRequest(answer, `${path} at depth ${depth}`);
        expect(error.message, `${path} at depth ${depth}`).toMatch(/nest/i);
        expect(error.message).toMatch(/\d+ levels/);
      }
      // Deep arrays too, and brackets inside strings do not count.
      const arrays = await post(path, body(`${'['.repeat(3000)}${']'.repeat(3000)}`));
      expect(expectBadRequest(arrays, `${path} arrays`).message).toMatch(/nest/i);
    });
  }

  it('counts only structure: brackets inside texts, escaped quotes and a shallow body pass the parser', async () => {
    const answer = await post('/token-requests', {
      requestPayload: ukTransferPayload('10.00', {
        description: '{{{{[[[[ \\" "{[',
        callbackState: '['.repeat(1000),
      }),
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  });

  it('the stored rows are untouched by refused bodies', async () => {
    const before = await rows('tokenRequest');
    await post('/token-requests', `{"requestPayload":${nested(10_000)}}`);
    expect(await rows('tokenRequest')).toBe(before);
  });
});

describe('huge arrays and texts in fields kept as sent', () => {
  const transfer = (instructions: Json = {}, payload: Json = {}): Json => {
    const base = ukTransferPayload() as { transferBody: { instructions: Json } & Json } & Json;
    return {
      requestPayload: {
        ...base,
        ...payload,
        transferBody: { ...base.transferBody, instructions: { ...base.transferBody.instructions, ...instructions } },
      },
    };
  };
  const destination = {
    fasterPayments: { sortCode: '040004', accountNumber: '12345678' },
    customerData: { legalNames: ['Merchant Ltd'] },
  };

  const tokenRequestCases: ReadonlyArray<[string, Json, string]> = [
    [
      'a huge text in metadata',
      transfer({ metadata: { purposeCode: HUGE_TEXT } }),
      'requestPayload.transferBody.instructions.metadata',
    ],
    [
      'a huge array in metadata',
      transfer({ metadata: { ultimateDebtor: HUGE_LIST } }),
      'requestPayload.transferBody.instructions.metadata',
    ],
    [
      'a huge text deep in metadata',
      transfer({ metadata: { a: { b: [{ c: HUGE_TEXT }] } } }),
      'requestPayload.transferBody.instructions.metadata',
    ],
    [
      'many keys in metadata',
      transfer({ metadata: Object.fromEntries(HUGE_LIST.slice(0, 5000).map((i) => [`k${i}`, i])) }),
      'requestPayload.transferBody.instructions.metadata',
    ],
    [
      'a huge key in metadata',
      transfer({ metadata: { [HUGE_TEXT]: 1 } }),
      'requestPayload.transferBody.instructions.metadata',
    ],
    [
      'a huge array in source',
      transfer({ source: { accounts: HUGE_LIST } }),
      'requestPayload.transferBody.instructions.source',
    ],
    [
      'a huge text in a destination address',
      transfer({
        transferDestinations: [
          { ...destination, customerData: { legalNames: ['Merchant Ltd'], address: { city: HUGE_TEXT } } },
        ],
      }),
      'requestPayload.transferBody.instructions.transferDestinations.0.customerData.address',
    ],
    [
      'a huge list of destinations',
      transfer({ transferDestinations: Array.from({ length: 5000 }, () => destination) }),
      'requestPayload.transferBody.instructions.transferDestinations',
    ],
    ['a huge callbackState', transfer({}, { callbackState: HUGE_TEXT }), 'requestPayload.callbackState'],
    ['a huge description', transfer({}, { description: HUGE_TEXT }), 'requestPayload.description'],
    [
      'a huge array in an access request’s source',
      {
        requestPayload: {
          refId: 'ref-access-1',
          to: { id: 'm:tpp' },
          redirectUrl: 'https://tpp.example/token-requests/done',
          accessBody: { resourceTypeList: { resources: ['ACCOUNTS'] }, source: { list: HUGE_LIST } },
        },
      },
      'requestPayload.accessBody.source',
    ],
  ];

  for (const [what, body, field] of tokenRequestCases) {
    it(`POST /token-requests with ${what}: 400 naming ${field}, nothing stored`, async () => {
      const before = await rows('tokenRequest');
      expectNamed(await post('/token-requests', body), field, what);
      expect(await rows('tokenRequest')).toBe(before);
    });
  }

  const paymentCases: ReadonlyArray<[string, Json, string]> = [
    ['a huge callbackState', ukInitiation({ callbackState: HUGE_TEXT }), 'initiation.callbackState'],
    [
      'a huge remittanceInformationSecondary',
      ukInitiation({ remittanceInformationSecondary: HUGE_TEXT }),
      'initiation.remittanceInformationSecondary',
    ],
    [
      'a huge list of address lines',
      ukInitiation({
        creditor: {
          name: 'Merchant Ltd',
          sortCode: '040004',
          accountNumber: '12345678',
          address: { addressLine: HUGE_LIST.map(String) },
        },
      }),
      'initiation.creditor.address.addressLine',
    ],
  ];

  for (const [what, initiation, field] of paymentCases) {
    it(`POST /v2/payments with ${what}: 400 naming ${field}, nothing stored`, async () => {
      const before = await rows('payment');
      expectNamed(await post('/v2/payments', { initiation }), field, what);
      expect(await rows('payment')).toBe(before);
    });
  }

  const template = (overrides: Json = {}): Json => ({
    amount: { value: '10.50', currency: 'GBP' },
    localInstrument: 'FASTER_PAYMENTS',
    creditor: { name: 'Merchant Ltd', sortCode: '040004', accountNumber: '12345678' },
    refId: 'ORDER-4711',
    remittanceInformationPrimary: 'ORDER 4711',
    callbackUrl: 'https://tpp.example/payments/callback',
    ...overrides,
  });
  const linkCases: ReadonlyArray<[string, Json, string]> = [
    ['a huge callbackState', template({ callbackState: HUGE_TEXT }), 'paymentTemplate.callbackState'],
    [
      'a huge remittanceInformationSecondary',
      template({ remittanceInformationSecondary: HUGE_TEXT }),
      'paymentTemplate.remittanceInformationSecondary',
    ],
    ['a huge unknown list', template({ extra: HUGE_LIST }), 'paymentTemplate.extra'],
  ];

  for (const [what, paymentTemplate, field] of linkCases) {
    it(`POST /v2/payment-links with ${what}: 400 naming ${field}, nothing stored`, async () => {
      const before = await rows('paymentLink');
      expectNamed(await post('/v2/payment-links', { paymentTemplate }), field, what);
      expect(await rows('paymentLink')).toBe(before);
    });
  }

  const refund = (initiation: Json): Json => ({
    initiation: {
      refId: 'rf-hostile-1',
      amount: { value: '1.00', currency: 'GBP' },
      originalPaymentId: 'pm:unknown',
      localInstrument: 'FASTER_PAYMENTS',
      creditor: { name: 'Payer', sortCode: '040004', accountNumber: '12345678' },
      ...initiation,
    },
  });
  const refundCases: ReadonlyArray<[string, Json, string]> = [
    [
      'a huge text in the creditor’s address',
      refund({
        creditor: { name: 'Payer', sortCode: '040004', accountNumber: '12345678', address: { townName: HUGE_TEXT } },
      }),
      'initiation.creditor.address',
    ],
    [
      'a huge array in the debtor’s address',
      refund({ debtor: { sortCode: '040004', accountNumber: '87654321', address: { addressLine: HUGE_LIST } } }),
      'initiation.debtor.address',
    ],
    ['a huge description', refund({ description: HUGE_TEXT }), 'initiation.description'],
  ];

  for (const [what, body, field] of refundCases) {
    it(`POST /refunds with ${what}: 400 naming ${field}, nothing stored`, async () => {
      const before = await rows('refund');
      expectNamed(await post('/refunds', body), field, what);
      expect(await rows('refund')).toBe(before);
    });
  }

  it('POST /refund/registrations with a huge array in the debtor’s address: 400 naming it', async () => {
    const answer = await post('/refund/registrations', {
      bankId: 'ob-sandbox-gb',
      debtor: { sortCode: '040004', accountNumber: '87654321', address: { lines: HUGE_LIST } },
      credentials: { grant: 'g' },
    });
    expectNamed(answer, 'debtor.address', 'registration address');
  });

  const payout = (initiation: Json): Json => ({
    initiation: {
      description: 'Invoice 2026-0001',
      refId: 'po-hostile-1',
      amount: { value: '1.00', currency: 'GBP' },
      debtor: { accountId: 'va:unknown' },
      creditor: { name: 'Jane Doe', sortCode: '040004', accountNumber: '12345678' },
      ...initiation,
    },
  });
  it('POST /payouts with a huge description or creditor name: 400 naming it', async () => {
    expectNamed(await post('/payouts', payout({ description: HUGE_TEXT })), 'initiation.description', 'description');
    expectNamed(
      await post('/payouts', payout({ creditor: { name: HUGE_TEXT, sortCode: '040004', accountNumber: '12345678' } })),
      'initiation.creditor.name',
      'creditor name',
    );
  });

  it('a kept object within the bounds is stored exactly as sent', async () => {
    const metadata = { purposeCode: 'GDDS', providerTransferMetadata: { lines: ['a', 'b'], note: 'y'.repeat(1000) } };
    const answer = await call<{
      tokenRequest: { requestPayload: { transferBody: { instructions: { metadata: Json } } } };
    }>(`${gateway.apiUrl}/token-requests`, 'POST', member.auth, transfer({ metadata }));
    expect(answer.status, JSON.stringify(answer.body).slice(0, 400)).toBe(200);
    expect(answer.body.tokenRequest.requestPayload.transferBody.instructions.metadata).toEqual(metadata);
  });
});
