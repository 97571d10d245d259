import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BAD_INITIATIONS, DE_IBAN, body, sepa, uk, type Json } from '../support/payment-initiation-cases.js';
import {
  call,
  newMember,
  startGateway,
  type Answer,
  type TestGateway,
  type TestMember,
} from '../support/payments-gateway.js';

/**
 * POST /v2/payments against the running API: every input rule answers 400 in the interface's
 * shape ({error: {errorCode, message, paths, tokenTraceId}}, the trace id also in
 * `token-trace-id`) naming the field; the rules that need the bank, member, host or date too.
 */

interface ErrorAnswer {
  readonly error: {
    readonly errorCode?: string;
    readonly message: string;
    readonly paths?: readonly string[];
    readonly tokenTraceId: string;
  };
}

let gateway: TestGateway;
let member: TestMember;
let unregulated: TestMember;

beforeAll(async () => {
  gateway = await startGateway();
  member = await newMember(gateway, { regulated: true });
  unregulated = await newMember(gateway, { regulated: false });
}, 120_000);

afterAll(async () => {
  await gateway?.close();
});

function post(requestBody: unknown, as: TestMember = member): Promise<Answer<ErrorAnswer>> {
  return call<ErrorAnswer>(`${gateway.apiUrl}/v2/payments`, 'POST', as.auth, requestBody);
}

/** The 400 in the interface's shape, naming `path` first and with `message` when given. */
function expectFieldError(answer: Answer<ErrorAnswer>, path: string, message?: string): void {
  expect(answer.status, JSON.stringify(answer.body)).toBe(400);
  expect(Object.keys(answer.body).sort()).toEqual(['error']);
  const { error } = answer.body;
  expect(Object.keys(error).sort()).toEqual(['errorCode', 'message', 'paths', 'tokenTraceId']);
  expect(error.errorCode).toMatch(/^Field\./);
  expect(error.tokenTraceId).toMatch(/\S/);
  expect(error.tokenTraceId).toBe(answer.headers.get('token-trace-id'));
  expect(error.paths?.[0]).toBe(path);
  expect(error.message.startsWith(path)).toBe(true);
  if (message !== undefined) expect(error.message).toBe(message);
}

describe('POST /v2/payments: every input rule answers 400 naming the field', () => {
  it.each(BAD_INITIATIONS)('%s', async (_rule, request, path, message) => {
    expectFieldError(await post(request), path, message);
  });
});

describe('POST /v2/payments: rules that need the bank, the member, the host or the date', () => {
  it.each<[string, Json, string, string]>([
    [
      'executionDate not in the past',
      uk({ executionDate: '2020-01-01' }),
      'initiation.executionDate',
      'initiation.executionDate must not be in the past',
    ],
    [
      'executionDate within a year',
      uk({ executionDate: '2999-01-01' }),
      'initiation.executionDate',
      'initiation.executionDate must be at most 1 year ahead',
    ],
    [
      'executionDate only where the bank schedules payments',
      uk({
        bankId: 'ob-sandbox-gb-payments',
        executionDate: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
      }),
      'initiation.executionDate',
      'initiation.executionDate cannot be used: bank ob-sandbox-gb-payments does not support scheduled (future-dated) payments',
    ],
    [
      'confirmFunds only where the bank confirms funds',
      uk({ bankId: 'ob-sandbox-gb-payments', confirmFunds: true }),
      'initiation.confirmFunds',
      'initiation.confirmFunds cannot be true: bank ob-sandbox-gb-payments does not support funds confirmation',
    ],
    [
      'returnRefundAccount only where the bank returns it',
      uk({ bankId: 'ob-sandbox-gb-payments', returnRefundAccount: true }),
      'initiation.returnRefundAccount',
      'initiation.returnRefundAccount cannot be true: bank ob-sandbox-gb-payments does not return the refund account',
    ],
    [
      'returnTokenizedAccount only where the bank returns the debtor account',
      uk({ bankId: 'ob-sandbox-gb-payments', returnTokenizedAccount: true }),
      'initiation.returnTokenizedAccount',
      'initiation.returnTokenizedAccount cannot be true: bank ob-sandbox-gb-payments does not return the debtor account the user chose',
    ],
    [
      'localInstrument a rail of the bank',
      sepa({ bankId: 'ob-sandbox-gb' }),
      'initiation.localInstrument',
      'initiation.localInstrument must be a rail bank ob-sandbox-gb supports; it supports FASTER_PAYMENTS',
    ],
    [
      'AUTO_SELECT finds a rail of the bank',
      sepa({ bankId: 'ob-sandbox-gb', localInstrument: 'AUTO_SELECT' }),
      'initiation.localInstrument',
      'initiation.localInstrument cannot be AUTO_SELECT for this payment: it would go over SEPA_INSTANT or SEPA, and the bank supports none of them (it supports FASTER_PAYMENTS)',
    ],
    [
      'AUTO_SELECT to FASTER_PAYMENTS: 18 characters of reference',
      uk({ localInstrument: 'AUTO_SELECT', remittanceInformationPrimary: 'r'.repeat(20) }),
      'initiation.remittanceInformationPrimary',
      'initiation.remittanceInformationPrimary must be at most 18 characters (it has 20) for FASTER_PAYMENTS (FASTER_PAYMENTS is the rail AUTO_SELECT chose)',
    ],
    ['bankId a bank of the catalogue', uk({ bankId: 'ob-no-such-bank' }), 'initiation.bankId', 'initiation.bankId'],
  ])('%s', async (_rule, initiation, path, message) => {
    const answer = await post(body(initiation));
    expectFieldError(answer, path);
    expect(answer.body.error.message.startsWith(message)).toBe(true);
  });

  it("callbackUrl not under the gateway's own host", async () => {
    const host = new URL(gateway.apiUrl).hostname;
    const answer = await post(body(uk({ callbackUrl: `https://${host}/payments/callback` })));
    expectFieldError(
      answer,
      'initiation.callbackUrl',
      `initiation.callbackUrl must not be under the gateway's own host (${host})`,
    );
  });

  it('onBehalfOfId for unregulated members', async () => {
    const answer = await post(body(uk()), unregulated);
    expectFieldError(
      answer,
      'initiation.onBehalfOfId',
      'initiation.onBehalfOfId is required for unregulated members: the sub-TPP referenceId or the id of the ultimate client',
    );
    expect(answer.body.error.errorCode).toBe('Field.Expected');
  });
});

describe('POST /v2/payments: valid requests pass validation', () => {
  it('FASTER_PAYMENTS with a dashed sort code is stored normalized', async () => {
    const answer = await call<{ payment: { initiation: Json } }>(
      `${gateway.apiUrl}/v2/payments`,
      'POST',
      member.auth,
      body(
        uk({
          refId: `ok-${Date.now() % 1e9}`,
          creditor: { name: 'Merchant Ltd', sortCode: '04-00-04', accountNumber: '12345678' },
        }),
      ),
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.payment.initiation['creditor']).toEqual({
      name: 'Merchant Ltd',
      sortCode: '040004',
      accountNumber: '12345678',
    });
  });

  it('AUTO_SELECT at a UK bank resolves to FASTER_PAYMENTS', async () => {
    const answer = await call<{ payment: { initiation: Json } }>(
      `${gateway.apiUrl}/v2/payments`,
      'POST',
      member.auth,
      body(uk({ refId: `auto-${Date.now() % 1e9}`, localInstrument: 'AUTO_SELECT' })),
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.payment.initiation['localInstrument']).toBe('FASTER_PAYMENTS');
  });

  it('an unregulated member with onBehalfOfId passes the member rule', async () => {
    const answer = await post(
      body(sepa({ bankId: 'ob-sandbox-gb', onBehalfOfId: 'sub-tpp-1', creditor: { name: 'H', iban: DE_IBAN } })),
      unregulated,
    );
    expectFieldError(answer, 'initiation.localInstrument');
    expect(answer.body.error.paths).toEqual(['initiation.localInstrument']);
  });
});

describe('GET /v2/payments: query rules', () => {
  function list(query: string): Promise<Answer<ErrorAnswer>> {
    return call<ErrorAnswer>(`${gateway.apiUrl}/v2/payments${query}`, 'GET', member.auth);
  }

  it.each<[string, string, string, string]>([
    ['limit is required', '', 'limit', 'limit is required'],
    ['limit at most 200', '?limit=201', 'limit', 'limit must be a whole number from 1 to 200'],
    ['limit at least 1', '?limit=0', 'limit', 'limit must be a whole number from 1 to 200'],
    ['limit given once', '?limit=1&limit=2', 'limit', 'limit must be given once'],
    [
      'statuses are payment statuses',
      '?limit=1&statuses=INITIATION_COMPLETED&statuses=DONE',
      'statuses',
      'statuses has unknown values DONE; allowed: ',
    ],
    ['partial is true or false', '?limit=1&partial=yes', 'partial', 'partial must be true or false'],
    [
      'createdAfter is a date-time',
      '?limit=1&createdAfter=2022-04-05',
      'createdAfter',
      'createdAfter must be an ISO 8601 date-time with a time zone, such as 2022-04-05T17:00:00.000Z',
    ],
    [
      'type is known',
      '?limit=1&type=REFUND',
      'type',
      'type must be one of SINGLE_IMMEDIATE_PAYMENT, VARIABLE_RECURRING_PAYMENT',
    ],
    [
      'unknown parameters are refused',
      '?limit=1&status=INITIATION_COMPLETED',
      'status',
      'status: property status should not exist',
    ],
  ])('%s', async (_rule, query, path, message) => {
    const answer = await list(query);
    expectFieldError(answer, path);
    expect(answer.body.error.message.startsWith(message)).toBe(true);
  });

  it('ids repeated or single, statuses and booleans are accepted', async () => {
    for (const query of [
      '?limit=5&ids=pm2:a&ids=pm2:b',
      '?limit=5&ids=pm2:a',
      '?limit=5&statuses=INITIATION_COMPLETED&invertStatuses=true&partial=true',
      '?limit=200&createdAfter=2022-04-05T17:00:00.000Z',
    ]) {
      const answer = await list(query);
      expect(answer.status, `${query} ${JSON.stringify(answer.body)}`).toBe(200);
    }
  });
});

describe('POST /v2/payments/{paymentId}/embedded-auth: body rules', () => {
  it.each<[string, unknown, string, string]>([
    ['embeddedAuth is required', {}, 'embeddedAuth', 'embeddedAuth is required'],
    [
      'embeddedAuth has string values',
      { embeddedAuth: { otp: 1234 } },
      'embeddedAuth',
      'embeddedAuth must have string values; "otp" is not a string',
    ],
    [
      'embeddedAuth has at most 20 entries',
      { embeddedAuth: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`f${i}`, 'v'])) },
      'embeddedAuth',
      'embeddedAuth must have at most 20 entries',
    ],
  ])('%s', async (_rule, requestBody, path, message) => {
    const answer = await call<ErrorAnswer>(
      `${gateway.apiUrl}/v2/payments/pm2:unknown/embedded-auth`,
      'POST',
      member.auth,
      requestBody,
    );
    expectFieldError(answer, path, message);
  });
});

describe('flowType', () => {
  type Created = { payment: { id: string; initiation: Json } };
  const create = (initiation: Json): Promise<Answer<Created>> =>
    call<Created>(`${gateway.apiUrl}/v2/payments`, 'POST', member.auth, body(initiation));

  it('is API_ONLY when left out, kept as given otherwise, and echoed by POST, GET and the list', async () => {
    const cases: readonly [Json, string][] = [
      [uk({ bankId: undefined }), 'API_ONLY'],
      [uk({ bankId: undefined, flowType: 'FULL_HOSTED_PAGES' }), 'FULL_HOSTED_PAGES'],
      [uk({ flowType: 'EMBEDDED_HOSTED_PAGES' }), 'EMBEDDED_HOSTED_PAGES'],
      [uk({ flowType: 'API_ONLY' }), 'API_ONLY'],
    ];
    for (const [initiation, flowType] of cases) {
      const created = await create(initiation);
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      expect(created.body.payment.initiation['flowType']).toBe(flowType);
      const read = await call<Created>(
        `${gateway.apiUrl}/v2/payments/${encodeURIComponent(created.body.payment.id)}`,
        'GET',
        member.auth,
      );
      expect(read.body.payment.initiation['flowType']).toBe(flowType);
      const listed = await call<{ payments: Created['payment'][] }>(
        `${gateway.apiUrl}/v2/payments?limit=5&ids=${encodeURIComponent(created.body.payment.id)}`,
        'GET',
        member.auth,
      );
      expect(listed.body.payments.map((payment) => payment.initiation['flowType'])).toEqual([flowType]);
    }
  });

  it('stores it in its column; rows stored before the column read API_ONLY', async () => {
    const created = await create(uk({ bankId: undefined, flowType: 'FULL_HOSTED_PAGES' }));
    const row = await gateway.api.stores.prisma.payment.findUniqueOrThrow({ where: { id: created.body.payment.id } });
    expect(row.flowType).toBe('FULL_HOSTED_PAGES');
    const defaults = await gateway.api.stores.prisma.$queryRaw<{ column_default: string }[]>`
      SELECT column_default FROM information_schema.columns WHERE table_name = 'payment' AND column_name = 'flow_type'`;
    expect(defaults[0]?.column_default).toBe("'API_ONLY'::text");
  });
});
