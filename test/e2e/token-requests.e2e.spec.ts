import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  advanceClock,
  call,
  newMember,
  startGateway,
  type Answer,
  type TestGateway,
  type TestMember,
} from '../support/payments-gateway.js';
import { expectReferenceSchema } from '../support/reference-schema.js';

/**
 * POST /token-requests, GET /token-requests/{id} and its result against the running gateway
 * (api, and a worker where the timer is tested): what is stored is echoed, its expiry timer is stored with it, every input
 * rule answers 400 naming the field, another member's request is not found, and a request the
 * user did not authorise in time is EXPIRED (answered so at once, marked so by its timer).
 */

type Json = Record<string, unknown>;

interface ErrorAnswer {
  readonly error: { readonly errorCode?: string; readonly message: string; readonly paths?: readonly string[] };
}

interface TokenRequestAnswer {
  readonly tokenRequest: { readonly id: string; readonly requestOptions: Json; readonly requestPayload: Json };
}

const REDIRECT = 'https://tpp.example/token-requests/callback';
const TPP = 'm:tpp-example';

let gateway: TestGateway;
let member: TestMember;
let other: TestMember;

beforeAll(async () => {
  gateway = await startGateway();
  member = await newMember(gateway);
  other = await newMember(gateway);
}, 120_000);

afterAll(async () => {
  await gateway?.close();
});

const destination = (overrides: Json = {}): Json => ({
  fasterPayments: { sortCode: '040004', accountNumber: '12345678' },
  customerData: { legalNames: ['Merchant Ltd'] },
  ...overrides,
});

function transferPayload(body: Json = {}, payload: Json = {}): Json {
  return {
    refId: 'order-4711',
    to: { id: TPP },
    redirectUrl: REDIRECT,
    transferBody: {
      currency: 'GBP',
      lifetimeAmount: '10.50',
      instructions: { transferDestinations: [destination()] },
      ...body,
    },
    ...payload,
  };
}

function standingOrderPayload(body: Json = {}): Json {
  return {
    refId: 'rent-2030',
    to: { id: TPP },
    redirectUrl: REDIRECT,
    standingOrderBody: {
      amount: '750.00',
      currency: 'GBP',
      frequency: 'MNTH',
      startDate: '2030-01-01',
      endDate: '20301201',
      instructions: { transferDestinations: [destination()] },
      ...body,
    },
  };
}

function accessPayload(body: Json = {}, payload: Json = {}): Json {
  return {
    refId: 'ais-0001',
    to: { id: TPP },
    redirectUrl: REDIRECT,
    accessBody: { resourceTypeList: { resources: ['ACCOUNTS', 'BALANCES'] }, ...body },
    ...payload,
  };
}

function store(requestBody: unknown, as: TestMember = member): Promise<Answer<TokenRequestAnswer & ErrorAnswer>> {
  return call<TokenRequestAnswer & ErrorAnswer>(`${gateway.apiUrl}/token-requests`, 'POST', as.auth, requestBody);
}

function read<T = Json>(path: string, as: TestMember = member): Promise<Answer<T>> {
  return call<T>(`${gateway.apiUrl}${path}`, 'GET', as.auth);
}

function expectFieldError(answer: Answer<ErrorAnswer>, path: string, phrase: string): void {
  expect(answer.status, JSON.stringify(answer.body)).toBe(400);
  const { error } = answer.body;
  expect(Object.keys(error).sort()).toEqual(['errorCode', 'message', 'paths', 'tokenTraceId']);
  expect(error.paths).toContain(path);
  expect(error.message).toContain(phrase.startsWith(':') ? `${path}${phrase}` : `${path} ${phrase}`);
}

describe('POST /token-requests stores the request and echoes it', () => {
  it.each([
    [
      'a transfer',
      { requestOptions: { bankId: 'ob-sandbox-gb', psuId: 'user-1' }, requestPayload: transferPayload() },
      'TRANSFER',
    ],
    ['a standing order', { requestPayload: standingOrderPayload() }, 'STANDING_ORDER'],
    [
      'account-information access',
      {
        requestOptions: { from: { id: 'm:someone', alias: { type: 'DOMAIN', value: 'tpp.example' } } },
        requestPayload: accessPayload(
          { transactionHistoryDays: 90 },
          { tokenExpiration: String(Date.now() + 86_400_000), actingAs: { displayName: 'Sweepco' } },
        ),
      },
      'ACCESS',
    ],
  ])('%s', async (_kind, requestBody, kind) => {
    const answer = await store(requestBody);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expectReferenceSchema('StoreTokenRequestResponse', answer.body, 'POST /token-requests');
    const { tokenRequest } = answer.body;
    expect(tokenRequest.id).toMatch(/^rq:/);
    // As sent, with what the reference requires of the answer: the payload's `to` in the options,
    // the request's id in the payload.
    expect(tokenRequest.requestPayload).toEqual({ ...requestBody.requestPayload, id: tokenRequest.id });
    expect(tokenRequest.requestOptions).toEqual({
      ...('requestOptions' in requestBody ? requestBody.requestOptions : {}),
      to: requestBody.requestPayload.to,
    });

    const again = await read<TokenRequestAnswer>(`/token-requests/${encodeURIComponent(tokenRequest.id)}`);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ tokenRequest });
    expectReferenceSchema('RetrieveTokenRequestResponse', again.body, 'GET /token-requests/{id}');

    const result = await read(`/token-requests/${encodeURIComponent(tokenRequest.id)}/result`);
    expect(result.status).toBe(200);
    const bankId = (requestBody as { requestOptions?: { bankId?: string } }).requestOptions?.bankId;
    expect(result.body).toEqual(bankId === undefined ? { status: 'PENDING' } : { status: 'PENDING', bankId });
    expectReferenceSchema('GetTokenRequestResultWithStatusResponse', result.body, 'GET result');

    const { repositories, prisma } = gateway.api.stores;
    const row = await repositories.tokenRequests.findById(tokenRequest.id);
    expect(row).toMatchObject({ kind, status: 'PENDING', memberId: member.id });
    const lifetimeMs = gateway.config.tokens.requestLifetimeMinutes * 60_000;
    expect((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)).toBe(lifetimeMs);
    const timer = await prisma.scheduledJob.findUnique({ where: { id: `token-requests.timer:${tokenRequest.id}` } });
    expect(timer).toMatchObject({
      jobName: 'token-requests.timer',
      payload: { name: 'token-requests.timer', tokenRequestId: tokenRequest.id },
    });
    expect(timer?.dueAt.getTime()).toBe(row?.expiresAt.getTime());
  });

  it('stores account identifiers in their stored form (what the bank is sent)', async () => {
    const answer = await store({
      requestPayload: transferPayload({
        currency: 'EUR',
        instructions: {
          transferDestinations: [
            { sepa: { iban: 'de89 3704 0044 0532 0130 00', bic: 'cobadeffxxx' }, customerData: { legalNames: ['H'] } },
          ],
        },
      }),
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const body = answer.body.tokenRequest.requestPayload['transferBody'] as {
      instructions: { transferDestinations: Json[] };
    };
    expect(body.instructions.transferDestinations[0]?.['sepa']).toEqual({
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
    });
  });

  it("answers 404 for another member's request and its result, and for unknown ids", async () => {
    const mine = await store({ requestPayload: transferPayload() });
    const id = encodeURIComponent(mine.body.tokenRequest.id);
    for (const path of [`/token-requests/${id}`, `/token-requests/${id}/result`, '/token-requests/rq:nothing/result']) {
      const answer = await read<ErrorAnswer & { error: { paymentId?: string } }>(path, other);
      expect(answer.status, path).toBe(404);
      expect(answer.body.error.errorCode).toBe('NOT_FOUND');
    }
  });
});

const PD = 'requestPayload';
const TB = `${PD}.transferBody`;
const DEST = `${TB}.instructions.transferDestinations`;
const SO = `${PD}.standingOrderBody`;

/** [rule, request body, path named, phrase after the path]. */
const BAD_REQUESTS: readonly (readonly [string, () => Json, string, string])[] = [
  ['requestPayload required', () => ({}), PD, 'is required'],
  [
    'no body',
    () => ({ requestPayload: { refId: 'r', to: { id: 'm' }, redirectUrl: REDIRECT } }),
    PD,
    'must have exactly one of',
  ],
  [
    'two bodies',
    () => ({ requestPayload: { ...transferPayload(), accessBody: { resourceTypeList: { resources: ['ACCOUNTS'] } } } }),
    `${PD}.transferBody`,
    'must not be given together with accessBody',
  ],
  [
    'refId required',
    () => ({ requestPayload: transferPayload({}, { refId: undefined }) }),
    `${PD}.refId`,
    'is required',
  ],
  [
    'refId at most 18',
    () => ({ requestPayload: transferPayload({}, { refId: 'x'.repeat(19) }) }),
    `${PD}.refId`,
    'must be at most 18',
  ],
  [
    'refId without control characters',
    () => ({ requestPayload: transferPayload({}, { refId: 'a\nb' }) }),
    `${PD}.refId`,
    'must not contain control',
  ],
  [
    'description at most 255',
    () => ({ requestPayload: transferPayload({}, { description: 'd'.repeat(256) }) }),
    `${PD}.description`,
    'must be at most 255',
  ],
  [
    'redirectUrl required',
    () => ({ requestPayload: transferPayload({}, { redirectUrl: undefined }) }),
    `${PD}.redirectUrl`,
    'is required',
  ],
  [
    'redirectUrl https',
    () => ({ requestPayload: transferPayload({}, { redirectUrl: 'http://tpp.example/cb' }) }),
    `${PD}.redirectUrl`,
    'must use https',
  ],
  [
    "redirectUrl not the gateway's host",
    () => ({ requestPayload: transferPayload({}, { redirectUrl: 'https://127.0.0.1/cb' }) }),
    `${PD}.redirectUrl`,
    "must not be under the gateway's own host",
  ],
  ['to required', () => ({ requestPayload: transferPayload({}, { to: undefined }) }), `${PD}.to`, 'is required'],
  ['to.id required', () => ({ requestPayload: transferPayload({}, { to: {} }) }), `${PD}.to.id`, 'is required'],
  [
    'actingAs.displayName required',
    () => ({ requestPayload: transferPayload({}, { actingAs: { refId: 'a' } }) }),
    `${PD}.actingAs.displayName`,
    'is required',
  ],
  [
    'countries upper case',
    () => ({ requestPayload: transferPayload({}, { countries: ['gb'] }) }),
    `${PD}.countries`,
    'entry 0 must be a two-letter',
  ],
  [
    'unknown fields refused',
    () => ({ requestPayload: transferPayload({}, { colour: 'red' }) }),
    `${PD}.colour`,
    ': property colour should not exist',
  ],
  ['currency ISO 4217', () => ({ requestPayload: transferPayload({ currency: 'gbp' }) }), `${TB}.currency`, 'must be'],
  [
    'lifetimeAmount required',
    () => ({ requestPayload: transferPayload({ lifetimeAmount: undefined }) }),
    `${TB}.lifetimeAmount`,
    'is required',
  ],
  [
    'lifetimeAmount a string',
    () => ({ requestPayload: transferPayload({ lifetimeAmount: 10.5 }) }),
    `${TB}.lifetimeAmount`,
    'must be a string',
  ],
  [
    'lifetimeAmount at most 4 decimals',
    () => ({
      requestPayload: transferPayload({
        currency: 'EUR',
        lifetimeAmount: '1.00001',
        instructions: {
          transferDestinations: [{ sepa: { iban: 'DE89370400440532013000' }, customerData: { legalNames: ['H'] } }],
        },
      }),
    }),
    `${TB}.lifetimeAmount`,
    '',
  ],
  [
    'lifetimeAmount fits the currency',
    () => ({ requestPayload: transferPayload({ lifetimeAmount: '1.001' }) }),
    `${TB}.lifetimeAmount`,
    '',
  ],
  [
    'instructions required',
    () => ({ requestPayload: transferPayload({ instructions: undefined }) }),
    `${TB}.instructions`,
    'is required',
  ],
  [
    'a destination at least',
    () => ({ requestPayload: transferPayload({ instructions: { transferDestinations: [] } }) }),
    `${TB}.instructions.transferDestinations`,
    'must have at least 1 entry',
  ],
  [
    'a destination names a network',
    () => ({
      requestPayload: transferPayload({
        instructions: { transferDestinations: [{ customerData: { legalNames: ['M'] } }] },
      }),
    }),
    DEST,
    'entry 0 must have one account object keyed by its network',
  ],
  [
    'one network per destination',
    () => ({
      requestPayload: transferPayload({
        instructions: { transferDestinations: [destination({ sepa: { iban: 'DE89370400440532013000' } })] },
      }),
    }),
    `${DEST}.0.sepa`,
    'must be the destination',
  ],
  [
    'token destinations not supported',
    () => ({
      requestPayload: transferPayload({
        instructions: { transferDestinations: [{ token: { memberId: 'm' }, customerData: { legalNames: ['M'] } }] },
      }),
    }),
    `${DEST}.0.token`,
    'is not supported',
  ],
  [
    'virtualAccount naming no settlement account of the member',
    () => ({
      requestPayload: transferPayload({
        instructions: {
          transferDestinations: [
            {
              virtualAccount: { id: 'pa:unknown', localInstrument: 'FASTER_PAYMENTS' },
              customerData: { legalNames: ['M'] },
            },
          ],
        },
      }),
    }),
    `${DEST}.0.virtualAccount.id`,
    'pa:unknown is not a settlement account of the member',
  ],
  [
    'virtualAccount on a rail settlement accounts are not paid on',
    () => ({
      requestPayload: transferPayload({
        instructions: {
          transferDestinations: [
            { virtualAccount: { id: 'pa:unknown', localInstrument: 'ELIXIR' }, customerData: { legalNames: ['M'] } },
          ],
        },
      }),
    }),
    `${DEST}.0.virtualAccount.localInstrument`,
    'must be one of',
  ],
  [
    'customerData required',
    () => ({
      requestPayload: transferPayload({
        instructions: { transferDestinations: [destination({ customerData: undefined })] },
      }),
    }),
    `${DEST}.0.customerData`,
    'is required',
  ],
  [
    'legalNames required',
    () => ({
      requestPayload: transferPayload({ instructions: { transferDestinations: [destination({ customerData: {} })] } }),
    }),
    `${DEST}.0.customerData.legalNames`,
    'is required',
  ],
  [
    'legalNames not empty',
    () => ({
      requestPayload: transferPayload({
        instructions: { transferDestinations: [destination({ customerData: { legalNames: [] } })] },
      }),
    }),
    `${DEST}.0.customerData.legalNames`,
    'must have at least 1',
  ],
  [
    'fasterPayments needs a sort code',
    () => ({
      requestPayload: transferPayload({
        instructions: { transferDestinations: [destination({ fasterPayments: { accountNumber: '12345678' } })] },
      }),
    }),
    `${DEST}.0.fasterPayments.sortCode`,
    'is required for FASTER_PAYMENTS',
  ],
  [
    'fasterPayments account number of 8 digits',
    () => ({
      requestPayload: transferPayload({
        instructions: {
          transferDestinations: [destination({ fasterPayments: { sortCode: '040004', accountNumber: '123' } })],
        },
      }),
    }),
    `${DEST}.0.fasterPayments.accountNumber`,
    '',
  ],
  [
    'fasterPayments takes no iban',
    () => ({
      requestPayload: transferPayload({
        instructions: {
          transferDestinations: [
            destination({
              fasterPayments: { sortCode: '040004', accountNumber: '12345678', iban: 'DE89370400440532013000' },
            }),
          ],
        },
      }),
    }),
    `${DEST}.0.fasterPayments.iban`,
    'is not used by FASTER_PAYMENTS',
  ],
  [
    'sepa IBAN check digits',
    () => ({
      requestPayload: transferPayload({
        currency: 'EUR',
        instructions: {
          transferDestinations: [{ sepa: { iban: 'DE89370400440532013001' }, customerData: { legalNames: ['H'] } }],
        },
      }),
    }),
    `${DEST}.0.sepa.iban`,
    '',
  ],
  [
    'sepa BIC form',
    () => ({
      requestPayload: transferPayload({
        currency: 'EUR',
        instructions: { transferDestinations: [{ sepa: { iban: 'DE89370400440532013000', bic: 'XX' } }] },
      }),
    }),
    `${DEST}.0.sepa.bic`,
    '',
  ],
  [
    'elixir account number',
    () => ({
      requestPayload: transferPayload({
        currency: 'PLN',
        instructions: {
          transferDestinations: [{ elixir: { accountNumber: '123' }, customerData: { legalNames: ['P'] } }],
        },
      }),
    }),
    `${DEST}.0.elixir.accountNumber`,
    '',
  ],
  [
    'euDomesticNonEuro needs iban or bban',
    () => ({
      requestPayload: transferPayload({
        currency: 'SEK',
        instructions: {
          transferDestinations: [
            { euDomesticNonEuro: { clearingNumber: '8327' }, customerData: { legalNames: ['S'] } },
          ],
        },
      }),
    }),
    `${DEST}.0.euDomesticNonEuro.iban`,
    'is required for EU_DOMESTIC_NON_EURO',
  ],
  [
    'bankgiro number check digit',
    () => ({
      requestPayload: transferPayload({
        currency: 'SEK',
        instructions: {
          transferDestinations: [{ bankgiro: { bankgiroNumber: '5050-1056' }, customerData: { legalNames: ['S'] } }],
        },
      }),
    }),
    `${DEST}.0.bankgiro.bankgiroNumber`,
    '',
  ],
  [
    'plusgiro number required',
    () => ({
      requestPayload: transferPayload({
        currency: 'SEK',
        instructions: { transferDestinations: [{ plusgiro: {}, customerData: { legalNames: ['S'] } }] },
      }),
    }),
    `${DEST}.0.plusgiro.plusgiroNumber`,
    'is required for PLUSGIRO',
  ],
  [
    'the network carries the currency',
    () => ({ requestPayload: transferPayload({ currency: 'EUR' }) }),
    `${DEST}.0.fasterPayments`,
    'does not carry EUR',
  ],
  [
    'executionDate a date',
    () => ({ requestPayload: transferPayload({ executionDate: '01/12/2030' }) }),
    `${TB}.executionDate`,
    'must be a date in the form YYYY-MM-DD',
  ],
  [
    'executionDate not in the past',
    () => ({ requestPayload: transferPayload({ executionDate: '2020-01-01' }) }),
    `${TB}.executionDate`,
    'must not be in the past',
  ],
  [
    'standing order amount required',
    () => ({ requestPayload: standingOrderPayload({ amount: undefined }) }),
    `${SO}.amount`,
    'is required',
  ],
  [
    'standing order currency',
    () => ({ requestPayload: standingOrderPayload({ currency: 'POUND' }) }),
    `${SO}.currency`,
    'must be',
  ],
  [
    'standing order frequency',
    () => ({ requestPayload: standingOrderPayload({ frequency: 'FORTNIGHTLY' }) }),
    `${SO}.frequency`,
    'must be one of DAIL, WEEK, TOWK, MNTH, TOMN, QUTR, SEMI, YEAR',
  ],
  [
    'standing order frequency required',
    () => ({ requestPayload: standingOrderPayload({ frequency: undefined }) }),
    `${SO}.frequency`,
    'is required',
  ],
  [
    'startDate required',
    () => ({ requestPayload: standingOrderPayload({ startDate: undefined }) }),
    `${SO}.startDate`,
    'is required',
  ],
  [
    'startDate a date',
    () => ({ requestPayload: standingOrderPayload({ startDate: '2030-02-30' }) }),
    `${SO}.startDate`,
    'must be a calendar date',
  ],
  [
    'startDate not in the past',
    () => ({ requestPayload: standingOrderPayload({ startDate: '20200101' }) }),
    `${SO}.startDate`,
    'must not be in the past',
  ],
  [
    'endDate after startDate',
    () => ({ requestPayload: standingOrderPayload({ endDate: '2029-12-31' }) }),
    `${SO}.endDate`,
    'must be after startDate (2030-01-01)',
  ],
  [
    'standing order destinations checked too',
    () => ({
      requestPayload: standingOrderPayload({
        instructions: { transferDestinations: [destination({ fasterPayments: { sortCode: '1' } })] },
      }),
    }),
    `${SO}.instructions.transferDestinations.0.fasterPayments.sortCode`,
    '',
  ],
  [
    'resourceTypeList required',
    () => ({ requestPayload: accessPayload({ resourceTypeList: undefined }) }),
    `${PD}.accessBody.resourceTypeList`,
    'is required',
  ],
  [
    'resources not empty',
    () => ({ requestPayload: accessPayload({ resourceTypeList: { resources: [] } }) }),
    `${PD}.accessBody.resourceTypeList.resources`,
    'must have at least 1',
  ],
  [
    'resources known',
    () => ({ requestPayload: accessPayload({ resourceTypeList: { resources: ['ACCOUNTS', 'CARDS'] } }) }),
    `${PD}.accessBody.resourceTypeList.resources`,
    'entry 1 must be one of',
  ],
  [
    'transactionHistoryDays whole',
    () => ({ requestPayload: accessPayload({ transactionHistoryDays: 1.5 }) }),
    `${PD}.accessBody.transactionHistoryDays`,
    'must be a whole number',
  ],
  [
    'tokenExpiration epoch ms',
    () => ({ requestPayload: accessPayload({}, { tokenExpiration: '2030-01-01' }) }),
    `${PD}.tokenExpiration`,
    'must be Unix epoch milliseconds',
  ],
  [
    'tokenExpiration in the future',
    () => ({ requestPayload: accessPayload({}, { tokenExpiration: '1000' }) }),
    `${PD}.tokenExpiration`,
    'must be in the future',
  ],
  [
    'tokenExpiration only with access',
    () => ({ requestPayload: transferPayload({}, { tokenExpiration: String(Date.now() + 86_400_000) }) }),
    `${PD}.tokenExpiration`,
    'is only for accessBody',
  ],
  [
    'bankId of the catalogue',
    () => ({ requestOptions: { bankId: 'no-such-bank' }, requestPayload: transferPayload() }),
    'requestOptions.bankId',
    'no-such-bank is not a bank of the catalogue',
  ],
  [
    'from.id required',
    () => ({ requestOptions: { from: {} }, requestPayload: transferPayload() }),
    'requestOptions.from.id',
    'is required',
  ],
  [
    'alias type',
    () => ({ requestOptions: { from: { id: 'm', alias: { type: 'TWITTER' } } }, requestPayload: transferPayload() }),
    'requestOptions.from.alias.type',
    'must be one of',
  ],
];

describe('POST /token-requests: every input rule answers 400 naming the field', () => {
  it.each(BAD_REQUESTS)('%s', async (_rule, requestBody, path, phrase) => {
    const answer = await store(JSON.parse(JSON.stringify(requestBody())));
    expectFieldError(answer, path, phrase);
  });

  it('stores nothing for a refused request', async () => {
    const before = await gateway.api.stores.prisma.tokenRequest.count({ where: { memberId: other.id } });
    expect((await store({ requestPayload: transferPayload({ currency: 'EUR' }) }, other)).status).toBe(400);
    expect(await gateway.api.stores.prisma.tokenRequest.count({ where: { memberId: other.id } })).toBe(before);
  });
});

describe('a request not authorised in time', () => {
  it('answers EXPIRED once its time has passed, before its timer ran', async () => {
    const stored = await store({ requestPayload: accessPayload() });
    expect(stored.status).toBe(200);
    const id = stored.body.tokenRequest.id;
    const path = `/token-requests/${encodeURIComponent(id)}/result`;
    expect((await read(path)).body).toEqual({ status: 'PENDING' });
    // No worker runs: the answer does not wait for the timer.
    await advanceClock(gateway, gateway.config.tokens.requestLifetimeMinutes * 60 + 1);
    const expired = await read(path);
    expect(expired.body).toEqual({ status: 'EXPIRED', statusReasonInformation: expect.any(String) as string });
    expectReferenceSchema('GetTokenRequestResultWithStatusResponse', expired.body, 'GET result (expired)');
    const row = await gateway.api.stores.repositories.tokenRequests.findById(id);
    expect(row?.status).toBe('PENDING');
  });

  it('its timer marks it EXPIRED in the row', async () => {
    const { createWorkerProcess } = await import('../../apps/worker/src/create-worker-process.js');
    const stored = await store({ requestPayload: transferPayload() });
    const id = stored.body.tokenRequest.id;
    await advanceClock(gateway, gateway.config.tokens.requestLifetimeMinutes * 60 + 1);
    const worker = await createWorkerProcess(gateway.config, { queuePrefix: `t${Date.now().toString(36)}` });
    await worker.start();
    try {
      const deadline = Date.now() + 20_000;
      let status: string | undefined;
      while (Date.now() < deadline) {
        status = (await gateway.api.stores.repositories.tokenRequests.findById(id))?.status;
        if (status === 'EXPIRED') break;
        await sleep(100);
      }
      expect(status).toBe('EXPIRED');
      const result = await read(`/token-requests/${encodeURIComponent(id)}/result`);
      expect(result.body).toEqual({
        status: 'EXPIRED',
        statusReasonInformation: 'The user did not authorise the request in time.',
      });
    } finally {
      await worker.close();
    }
  });
});
