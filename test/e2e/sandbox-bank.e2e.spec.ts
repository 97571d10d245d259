import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSandboxBankProcess,
  type SandboxBankProcess,
} from '../../apps/sandbox-bank/src/create-sandbox-bank-process.js';
import { baseUrl, testConfig } from '../support/test-env.js';
import { DOMESTIC_PAYMENT_CONSENT } from '../support/obie-consent-fixture.js';

const ADMIN_TOKEN = 'test-admin-token-0123456789abcdef0123';
const BASIC = `Basic ${Buffer.from('gateway-sandbox:sandbox-secret').toString('base64')}`;

let bank: SandboxBankProcess;
let root: string;
let api: string;

interface ObErrorResponse {
  Code: string;
  Id: string;
  Message: string;
  Errors: Array<{ ErrorCode: string; Message: string; Path?: string }>;
}

async function token(scope = 'payments'): Promise<string> {
  const response = await fetch(`${root}/banks/ob-sandbox-gb/as/token`, {
    method: 'POST',
    headers: { authorization: BASIC, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', scope }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

const CONSENT = DOMESTIC_PAYMENT_CONSENT;

async function createConsent(bearer: string, key: string, body: unknown = CONSENT): Promise<Response> {
  return fetch(`${api}/pisp/domestic-payment-consents`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${bearer}`,
      'content-type': 'application/json',
      'x-idempotency-key': key,
      'x-fapi-financial-id': '001580000SANDBOXGB',
      'x-fapi-interaction-id': '93bac548-d2de-4546-b106-880a5018460d',
    },
    body: JSON.stringify(body),
  });
}

beforeAll(async () => {
  bank = await createSandboxBankProcess(await testConfig({ ADMIN_TOKEN }));
  await bank.app.listen(0, '127.0.0.1');
  root = baseUrl(bank.app);
  api = `${root}/banks/ob-sandbox-gb/open-banking/v3.1`;
});

afterAll(async () => {
  await bank.close();
});

describe('sandbox bank over HTTP', () => {
  it('answers readiness like every gateway process', async () => {
    expect((await fetch(`${root}/readyz`)).status).toBe(200);
  });

  it('creates a domestic payment consent (OBWriteDomesticConsentResponse5), echoing the interaction id', async () => {
    const response = await createConsent(await token(), 'key-1');
    expect(response.status).toBe(201);
    expect(response.headers.get('x-fapi-interaction-id')).toBe('93bac548-d2de-4546-b106-880a5018460d');
    const body = (await response.json()) as {
      Data: Record<string, unknown>;
      Risk: unknown;
      Links: { Self: string };
      Meta: unknown;
    };
    expect(String(body.Data['ConsentId'])).toMatch(/^PDC-/);
    expect(body.Data).toMatchObject({ Status: 'AwaitingAuthorisation', Initiation: CONSENT.Data.Initiation });
    expect(body.Data['CreationDateTime']).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/);
    expect(body.Risk).toEqual(CONSENT.Risk);
    expect(body.Links.Self).toBe(`${api}/pisp/domestic-payment-consents/${String(body.Data['ConsentId'])}`);
    expect(body.Meta).toEqual({});
  });

  it('answers a repeated x-idempotency-key with the same consent, and refuses it for another body', async () => {
    const bearer = await token();
    const first = (await (await createConsent(bearer, 'key-2')).json()) as { Data: { ConsentId: string } };
    const again = (await (await createConsent(bearer, 'key-2')).json()) as { Data: { ConsentId: string } };
    expect(again.Data.ConsentId).toBe(first.Data.ConsentId);
    const other = await createConsent(bearer, 'key-2', { ...CONSENT, Risk: {} });
    expect(other.status).toBe(400);
    expect(((await other.json()) as ObErrorResponse).Errors[0]).toMatchObject({
      ErrorCode: 'UK.OBIE.Header.Invalid',
      Path: 'x-idempotency-key',
    });
  });

  it('answers failures as OBErrorResponse1 with the standard error codes', async () => {
    const bearer = await token();
    const missingKey = await fetch(`${api}/pisp/domestic-payment-consents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
      body: JSON.stringify(CONSENT),
    });
    expect(missingKey.status).toBe(400);
    const missingKeyBody = (await missingKey.json()) as ObErrorResponse;
    expect(missingKeyBody).toMatchObject({
      Code: '400 BadRequest',
      Errors: [{ ErrorCode: 'UK.OBIE.Header.Missing', Path: 'x-idempotency-key' }],
    });
    expect(missingKeyBody.Id).toMatch(/^[0-9a-f-]{36}$/);

    const badAmount = await createConsent(bearer, 'key-3', {
      ...CONSENT,
      Data: { Initiation: { ...CONSENT.Data.Initiation, InstructedAmount: { Amount: '1.2.3', Currency: 'GBP' } } },
    });
    expect(((await badAmount.json()) as ObErrorResponse).Errors[0]).toMatchObject({
      ErrorCode: 'UK.OBIE.Field.Invalid',
      Path: 'Data.Initiation.InstructedAmount.Amount',
    });

    const noToken = await fetch(`${api}/pisp/domestic-payment-consents/PDC-x`);
    expect(noToken.status).toBe(401);
    const unknown = await fetch(`${api}/pisp/domestic-payment-consents/PDC-nope`, {
      headers: { authorization: `Bearer ${bearer}` },
    });
    expect(((await unknown.json()) as ObErrorResponse).Errors[0]?.ErrorCode).toBe('UK.OBIE.Resource.NotFound');
    const otherFinancialId = await fetch(`${api}/pisp/domestic-payment-consents/PDC-x`, {
      headers: { authorization: `Bearer ${bearer}`, 'x-fapi-financial-id': 'someone-else' },
    });
    expect(otherFinancialId.status).toBe(403);
    const unknownBank = await fetch(`${root}/banks/no-such-bank/open-banking/v3.1/pisp/domestic-payment-consents/x`);
    expect(unknownBank.status).toBe(404);
  });

  it('guards the token endpoint with client_secret_basic and answers RFC 6749 errors', async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const wrongSecret = await fetch(`${root}/banks/ob-sandbox-gb/as/token`, {
      method: 'POST',
      headers: { ...form, authorization: `Basic ${Buffer.from('gateway-sandbox:nope').toString('base64')}` },
      body: 'grant_type=client_credentials',
    });
    expect(wrongSecret.status).toBe(401);
    expect(await wrongSecret.json()).toMatchObject({ error: 'invalid_client' });
    const badCode = await fetch(`${root}/banks/ob-sandbox-gb/as/token`, {
      method: 'POST',
      headers: { ...form, authorization: BASIC },
      body: 'grant_type=authorization_code&code=nope&redirect_uri=https%3A%2F%2Fx',
    });
    expect(await badCode.json()).toMatchObject({ error: 'invalid_grant' });
    const unsupported = await fetch(`${root}/banks/ob-sandbox-gb/as/token`, {
      method: 'POST',
      headers: { ...form, authorization: BASIC },
      body: 'grant_type=password',
    });
    expect(await unsupported.json()).toMatchObject({ error: 'unsupported_grant_type' });
    const ciba = await fetch(`${root}/banks/ob-sandbox-gb/as/bc-authorize`, {
      method: 'POST',
      headers: { ...form, authorization: BASIC },
      body: 'login_hint=sandbox-success',
    });
    expect(await ciba.json()).toMatchObject({ error: 'invalid_request' });
  });

  it('renders an error page, not a redirect, for an authorize request naming no consent', async () => {
    const response = await fetch(
      `${root}/banks/ob-sandbox-gb/as/authorize?client_id=gateway-sandbox&response_type=code&redirect_uri=https%3A%2F%2Fevil.example`,
      { redirect: 'manual' },
    );
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(await response.text()).toContain('request (the request object naming the consent) is required');
  });

  it('takes faults at run time only with the admin token', async () => {
    const put = (authorization: string | undefined, body: unknown): Promise<Response> =>
      fetch(`${root}/sandbox/faults/ob-sandbox-gb`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', ...(authorization === undefined ? {} : { authorization }) },
        body: JSON.stringify(body),
      });
    expect((await put(undefined, { latencyMs: 0, errorRate: 1 })).status).toBe(401);
    expect((await put(`Bearer ${ADMIN_TOKEN}`, { latencyMs: -1, errorRate: 2 })).status).toBe(400);
    expect((await put(`Bearer ${ADMIN_TOKEN}`, { latencyMs: 0, errorRate: 1 })).status).toBe(200);
    const failing = await fetch(`${api}/pisp/domestic-payment-consents/x`, { headers: { authorization: 'Bearer x' } });
    expect(failing.status).toBe(500);
    expect(((await failing.json()) as ObErrorResponse).Errors[0]?.ErrorCode).toBe('UK.OBIE.UnexpectedError');
    expect((await put(`Bearer ${ADMIN_TOKEN}`, { latencyMs: 0, errorRate: 0 })).status).toBe(200);
    const read = await fetch(`${root}/sandbox/faults/ob-sandbox-gb`, {
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    expect(await read.json()).toEqual({
      bankId: 'ob-sandbox-gb',
      latencyMs: 0,
      errorRate: 0,
      lostAnswerRate: 0,
      lateAnswerMs: 0,
      only: [],
    });
  });
});
