import { expectReferenceSchema } from '../support/reference-schema.js';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, newMember, startGateway, type TestGateway, type TestMember } from '../support/payments-gateway.js';
import { createSubTpp, newReseller } from '../support/sub-tpps.js';
import { storeTokenRequest, ukTransferPayload } from '../support/token-requests.js';

type Json = Record<string, unknown>;

interface Operation {
  operationId?: string;
  security?: unknown[];
  requestBody?: {
    content: Record<string, { examples?: Record<string, { value: Json }>; example?: Json; schema?: Json }>;
  };
  responses: Record<string, { content?: Record<string, { schema: Json }> }>;
}

interface Document {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, { required?: string[]; properties?: Record<string, Json> }> };
}

let gateway: TestGateway;
let member: TestMember;
let publicDocument: Document;
let adminDocument: Document;

beforeAll(async () => {
  gateway = await startGateway();
  member = await newMember(gateway);
  publicDocument = (await call<Document>(`${gateway.apiUrl}/openapi.json`, 'GET', undefined)).body;
  adminDocument = (await call<Document>(`${gateway.adminUrl}/admin/openapi.json`, 'GET', undefined)).body;
});

afterAll(async () => {
  await gateway?.close();
});

function operations(document: Document): [string, string, Operation][] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]): [string, string, Operation] => [method, path, operation]),
  );
}

const isPublicRoute = (operation: Operation): boolean => operation.security?.length === 0;

/** The `error` schema an error response documents, or undefined. */
function errorSchemaOf(operation: Operation, status: string): unknown {
  const schema = operation.responses[status]?.content?.['application/json']?.schema as
    { properties?: { error?: { $ref?: string } } } | undefined;
  return schema?.properties?.error?.$ref;
}

describe('the OpenAPI documents', () => {
  it.each([
    ['public', () => publicDocument],
    ['admin', () => adminDocument],
  ] as const)('the %s document is a valid OpenAPI description', async (_name, document) => {
    const result = await new Validator().validate(
      structuredClone(document()) as unknown as Parameters<Validator['validate']>[0],
    );
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("documents every public operation's error responses in the interface's shapes", () => {
    for (const [method, path, operation] of operations(publicDocument)) {
      const name = `${method.toUpperCase()} ${path}`;
      expect(errorSchemaOf(operation, '500'), name).toBe('#/components/schemas/ErrorWithCode');
      if (isPublicRoute(operation)) continue;
      expect(errorSchemaOf(operation, '401'), name).toBe('#/components/schemas/Error');
      expect(errorSchemaOf(operation, '403'), name).toBe('#/components/schemas/ErrorWithCode');
      expect(errorSchemaOf(operation, '429'), name).toBe('#/components/schemas/ResourceExhaustedError');
      if (path.includes('{')) expect(errorSchemaOf(operation, '404'), name).toBe('#/components/schemas/NotFoundError');
      if (operation.requestBody !== undefined) {
        expect(errorSchemaOf(operation, '400'), name).toBe('#/components/schemas/BadRequestError');
      }
    }
    const initiate = publicDocument.paths['/v2/payments']?.['post'];
    expect(initiate && errorSchemaOf(initiate, '504')).toBe('#/components/schemas/GatewayTimeoutError');
  });

  it('describes the refund, payout and account verification bodies by the DTO classes that validate them', () => {
    const bodies: ReadonlyArray<[string, string, string, readonly string[]]> = [
      [
        '/refunds',
        'InitiateRefundRequest',
        'RefundInitiationDto',
        ['refId', 'amount', 'originalPaymentId', 'localInstrument'],
      ],
      [
        '/refund/registrations',
        'RegisterRefundAccountRequest',
        'RegisterRefundAccountRequest',
        ['bankId', 'debtor', 'credentials'],
      ],
      [
        '/payouts',
        'InitiatePayoutRequest',
        'PayoutInitiationDto',
        ['description', 'refId', 'amount', 'debtor', 'creditor'],
      ],
      ['/account-verifications', 'VerifyAccountRequest', 'VerificationAccountDto', ['name', 'currency']],
    ];
    const schemas = publicDocument.components?.schemas ?? {};
    for (const [path, body, inner, required] of bodies) {
      const content = publicDocument.paths[path]?.['post']?.requestBody?.content['application/json'];
      expect(content?.schema, path).toEqual({ $ref: `#/components/schemas/${body}` });
      expect(schemas[inner]?.required, `${path}: ${inner}`).toEqual(required);
    }
    expect(schemas['RefundInitiationDto']?.properties?.['localInstrument']).toMatchObject({
      enum: ['SEPA', 'SEPA_INSTANT', 'FASTER_PAYMENTS'],
    });
  });

  it('gives every public request body named examples', () => {
    for (const [method, path, operation] of operations(publicDocument)) {
      if (operation.requestBody === undefined) continue;
      const examples = operation.requestBody.content['application/json']?.examples ?? {};
      expect(Object.keys(examples).length, `${method.toUpperCase()} ${path}`).toBeGreaterThan(0);
    }
  });
});

describe('every documented request example succeeds against the sandbox', () => {
  const examplesOf = (path: string, method: string): [string, Json][] =>
    Object.entries(publicDocument.paths[path]?.[method]?.requestBody?.content['application/json']?.examples ?? {}).map(
      ([name, example]) => [name, example.value],
    );

  it('POST /v2/payments and, on the embedded payment, POST /v2/payments/{paymentId}/embedded-auth', async () => {
    const initiations = examplesOf('/v2/payments', 'post');
    expect(initiations.length).toBeGreaterThanOrEqual(2);
    let embedded: string | undefined;
    for (const [name, example] of initiations) {
      const answer = await call<{ payment: { id: string; status: string } }>(
        `${gateway.apiUrl}/v2/payments`,
        'POST',
        member.auth,
        example,
      );
      expect(answer.status, `${name}: ${JSON.stringify(answer.body)}`).toBe(200);
      if (answer.body.payment.status === 'INITIATION_PENDING_EMBEDDED_AUTH') embedded = answer.body.payment.id;
    }
    expect(embedded, 'an example initiates at the embedded bank').toBeDefined();
    for (const [name, example] of examplesOf('/v2/payments/{paymentId}/embedded-auth', 'post')) {
      const answer = await call(
        `${gateway.apiUrl}/v2/payments/${encodeURIComponent(embedded ?? '')}/embedded-auth`,
        'POST',
        member.auth,
        example,
      );
      expect(answer.status, `${name}: ${JSON.stringify(answer.body)}`).toBe(200);
    }
  });

  it('PUT /webhook/config', async () => {
    for (const [name, example] of examplesOf('/webhook/config', 'put')) {
      const answer = await call(`${gateway.apiUrl}/webhook/config`, 'PUT', member.auth, example);
      expect(answer.status, `${name}: ${JSON.stringify(answer.body)}`).toBe(200);
    }
  });

  it('POST /webhook/config/secret/rotate (after the PUT above made a configuration)', async () => {
    const rotations = examplesOf('/webhook/config/secret/rotate', 'post');
    expect(rotations.length).toBeGreaterThan(0);
    for (const [name, example] of rotations) {
      const answer = await call(`${gateway.apiUrl}/webhook/config/secret/rotate`, 'POST', member.auth, example);
      expect(answer.status, `${name}: ${JSON.stringify(answer.body)}`).toBe(200);
    }
  });

  it('POST /member/{memberId}/keys', async () => {
    const keys = examplesOf('/member/{memberId}/keys', 'post');
    expect(keys.length).toBeGreaterThan(0);
    for (const [name, example] of keys) {
      const path = `/member/${encodeURIComponent(member.id)}/keys`;
      const answer = await call(`${gateway.apiUrl}${path}`, 'POST', member.auth, example);
      expect(answer.status, `${name}: ${JSON.stringify(answer.body)}`).toBe(200);
    }
  });

  it('POST /token-requests/{tokenRequestId}/authorization (each on a token request naming its bank)', async () => {
    const examples = examplesOf('/token-requests/{tokenRequestId}/authorization', 'post');
    expect(examples.length).toBeGreaterThan(0);
    for (const [name, example] of examples) {
      const request = await storeTokenRequest(gateway, member, ukTransferPayload(), { bankId: 'ob-sandbox-gb' });
      const path = `/token-requests/${encodeURIComponent(request.id)}/authorization`;
      const answer = await call(`${gateway.apiUrl}${path}`, 'POST', member.auth, example);
      expect(answer.status, `${name}: ${JSON.stringify(answer.body)}`).toBe(200);
    }
  });

  it('POST /token-requests: one example per kind of request', async () => {
    const requests = examplesOf('/token-requests', 'post');
    expect(requests.map(([name]) => name)).toEqual(
      expect.arrayContaining(['transfer', 'standingOrder', 'access']) as string[],
    );
    for (const [name, example] of requests) {
      const answer = await call<{ tokenRequest: { id: string; requestPayload: Json } }>(
        `${gateway.apiUrl}/token-requests`,
        'POST',
        member.auth,
        example,
      );
      expect(answer.status, `${name}: ${JSON.stringify(answer.body)}`).toBe(200);
      expect(answer.body.tokenRequest.requestPayload).toEqual({
        ...(example['requestPayload'] as Json),
        id: answer.body.tokenRequest.id,
      });
    }
  });

  it('POST /transfers: every example is a valid body (it reaches the token lookup: 404 for a token of no one)', async () => {
    const redemptions = examplesOf('/transfers', 'post');
    expect(redemptions.length).toBeGreaterThanOrEqual(2);
    for (const [name, example] of redemptions) {
      const payload = example['payload'] as Json;
      const tokenId = `${String(payload['tokenId'])}-absent`;
      const answer = await call<{ error: { errorCode: string; paymentId: string } }>(
        `${gateway.apiUrl}/transfers`,
        'POST',
        member.auth,
        { payload: { ...payload, tokenId } },
      );
      expect(answer.status, `${name}: ${JSON.stringify(answer.body)}`).toBe(404);
      expect(answer.body.error).toMatchObject({ errorCode: 'NOT_FOUND', paymentId: tokenId });
    }
  });

  it('POST /member/sub-tpps: every example creates a sub-TPP (a parent named by the example is one of the reseller’s)', async () => {
    const reseller = await newReseller(gateway);
    const parentSubTppId = await createSubTpp(gateway, reseller);
    const examples = examplesOf('/member/sub-tpps', 'post');
    expect(examples.length).toBeGreaterThanOrEqual(2);
    for (const [name, example] of examples) {
      const body = example['parentSubTppId'] === undefined ? example : { ...example, parentSubTppId };
      const answer = await call<{ subTppId: string }>(`${gateway.apiUrl}/member/sub-tpps`, 'POST', reseller.auth, body);
      expect(answer.status, `${name}: ${JSON.stringify(answer.body)}`).toBe(200);
      expect(answer.body.subTppId).toMatch(/^st:/);
    }
  });

  it('POST /tokenized-accounts: every example is stored and read back', async () => {
    const accounts = examplesOf('/tokenized-accounts', 'post');
    expect(accounts.length).toBeGreaterThanOrEqual(2);
    for (const [name, example] of accounts) {
      const answer = await call<{ tokenizedAccountId: string }>(
        `${gateway.apiUrl}/tokenized-accounts`,
        'POST',
        member.auth,
        example,
      );
      expect(answer.status, `${name}: ${JSON.stringify(answer.body)}`).toBe(200);
      const read = await call<{ accountDetails: Json }>(
        `${gateway.apiUrl}/tokenized-accounts/${encodeURIComponent(answer.body.tokenizedAccountId)}`,
        'GET',
        member.auth,
      );
      expect(read.body.accountDetails, name).toEqual(example['accountDetails']);
    }
  });

  it('POST /v2/payment-links: every example is a valid body (a link in the reference shape)', async () => {
    const links = examplesOf('/v2/payment-links', 'post');
    expect(links.length).toBeGreaterThanOrEqual(2);
    for (const [name, example] of links) {
      const answer = await call<{ paymentLink: Json }>(
        `${gateway.apiUrl}/v2/payment-links`,
        'POST',
        member.auth,
        example,
      );
      expect(answer.status, `${name}: ${JSON.stringify(answer.body)}`).toBe(200);
      expectReferenceSchema('PaymentLinkResponse', answer.body, `POST /v2/payment-links ${name}`);
      expect(answer.body.paymentLink['paymentTemplate']).toMatchObject(example['paymentTemplate'] as Json);
    }
  });

  it('POST /vrp-consents: every example creates a consent in the reference shape (a sub-TPP of the member named where the example names one)', async () => {
    const reseller = await newReseller(gateway);
    const subTppId = await createSubTpp(gateway, reseller);
    const consents = examplesOf('/vrp-consents', 'post');
    expect(consents.length).toBeGreaterThanOrEqual(2);
    for (const [name, example] of consents) {
      const initiation = example['initiation'] as Json;
      const body =
        initiation['onBehalfOfId'] === undefined
          ? example
          : { ...example, initiation: { ...initiation, onBehalfOfId: subTppId } };
      const answer = await call<{ vrpConsent: Json }>(`${gateway.apiUrl}/vrp-consents`, 'POST', reseller.auth, body);
      expect(answer.status, `${name}: ${JSON.stringify(answer.body)}`).toBe(200);
      // OBL_COMMERCIAL is the gateway's extension of the reference's scheme enum.
      if (initiation['scheme'] === 'OBL_SWEEPING')
        expectReferenceSchema('VrpConsentResponse', answer.body, `POST /vrp-consents ${name}`);
      expect(answer.body.vrpConsent['status'], name).toBe(
        initiation['bankId'] === undefined ? 'PENDING_MORE_INFO' : 'PENDING_REDIRECT_AUTH',
      );
    }
  });

  it('POST /refund/registrations and POST /refunds: every example is a valid body', async () => {
    const registrations = examplesOf('/refund/registrations', 'post');
    expect(registrations.length).toBeGreaterThanOrEqual(2);
    for (const [name, example] of registrations) {
      const answer = await call<{ registration: Json }>(
        `${gateway.apiUrl}/refund/registrations`,
        'POST',
        member.auth,
        example,
      );
      expect(answer.status, `${name}: ${JSON.stringify(answer.body)}`).toBe(200);
      expect(answer.body.registration['product']).toBe('REFUND');
    }
    // The examples name payments of their own: a valid body gets as far as looking the payment up.
    const refunds = examplesOf('/refunds', 'post');
    expect(refunds.length).toBeGreaterThanOrEqual(2);
    for (const [name, example] of refunds) {
      const initiation = example['initiation'] as Json;
      const { registrationId: _unused, ...withoutRegistration } = initiation;
      const debtor =
        initiation['localInstrument'] === 'FASTER_PAYMENTS'
          ? { sortCode: '040004', accountNumber: '12345678' }
          : { iban: 'DE89370400440532013000' };
      const answer = await call<{ error: { errorCode: string } }>(`${gateway.apiUrl}/refunds`, 'POST', member.auth, {
        initiation: { debtor, ...withoutRegistration },
      });
      expect(answer.status, `${name}: ${JSON.stringify(answer.body)}`).toBe(404);
      expect(answer.body.error.errorCode).toBe('NOT_FOUND');
    }
  });

  it('POST /payouts: every example is a valid body', async () => {
    // The examples name settlement accounts (and a verification) of their own: a valid body gets as far as looking them up.
    const payouts = examplesOf('/payouts', 'post');
    expect(payouts.length).toBeGreaterThanOrEqual(2);
    for (const [name, example] of payouts) {
      const answer = await call<{ error: { message: string } }>(
        `${gateway.apiUrl}/payouts`,
        'POST',
        member.auth,
        example,
      );
      expect(answer.status, `${name}: ${JSON.stringify(answer.body)}`).toBe(400);
      expect(answer.body.error.message, name).toMatch(
        /^initiation\.(debtor\.accountId|creditor\.accountVerificationId) must be the id of one of the member/,
      );
    }
  });

  it('POST /account-verifications: every example is a valid body, answered as the reference describes', async () => {
    const verifications = examplesOf('/account-verifications', 'post');
    expect(verifications.length).toBeGreaterThanOrEqual(2);
    for (const [name, example] of verifications) {
      const answer = await call<{ id: string }>(
        `${gateway.apiUrl}/account-verifications`,
        'POST',
        member.auth,
        example,
      );
      expect(answer.status, `${name}: ${JSON.stringify(answer.body)}`).toBe(200);
      expect(answer.body.id).toMatch(/^avr-/);
      expectReferenceSchema('AccountVerificationResponse', answer.body, `POST /account-verifications ${name}`);
    }
  });

  it('POST /virtual-accounts/{accountId}/settlement-rule: every example is a valid body', async () => {
    // The examples name a settlement account of their own: a valid body gets as far as looking it up.
    const rules = examplesOf('/virtual-accounts/{accountId}/settlement-rule', 'post');
    expect(rules.length).toBeGreaterThanOrEqual(2);
    for (const [name, example] of rules) {
      const accountId = encodeURIComponent(example['accountId'] as string);
      const answer = await call<{ error: { errorCode: string } }>(
        `${gateway.apiUrl}/virtual-accounts/${accountId}/settlement-rule`,
        'POST',
        member.auth,
        example,
      );
      expect(answer.status, `${name}: ${JSON.stringify(answer.body)}`).toBe(404);
      expect(answer.body.error.errorCode).toBe('NOT_FOUND');
    }
  });

  it('leaves no request body example untested', () => {
    const tested = new Set([
      'post /token-requests',
      'post /v2/payments',
      'post /v2/payments/{paymentId}/embedded-auth',
      'put /webhook/config',
      'post /webhook/config/secret/rotate',
      'post /member/{memberId}/keys',
      'post /token-requests/{tokenRequestId}/authorization',
      'post /transfers',
      'post /member/sub-tpps',
      'post /tokenized-accounts',
      'post /v2/payment-links',
      'post /vrp-consents',
      'post /refund/registrations',
      'post /refunds',
      'post /payouts',
      'post /account-verifications',
      'post /virtual-accounts',
      'post /virtual-accounts/{accountId}/settlement-rule',
    ]);
    const withBodies = operations(publicDocument)
      .filter(([, , operation]) => operation.requestBody !== undefined)
      .map(([method, path]) => `${method} ${path}`);
    expect(withBodies.filter((operation) => !tested.has(operation))).toEqual([]);
  });
});
