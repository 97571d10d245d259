import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decideOnConsentPage } from './obie/consent-form.js';
import { ALL_RESOURCES } from './accounts/account-consent.js';
import {
  ADMIN_TOKEN,
  advanceClock,
  call,
  createPayment,
  newMember,
  startGateway,
  TPP_CALLBACK,
  ukInitiation,
  waitForStatus,
  type Answer,
  type TestGateway,
  type TestMember,
} from '../support/payments-gateway.js';
import {
  expectReferenceAnswer,
  referenceOperations,
  validatedReferenceOperations,
} from '../support/reference-schema.js';
import { referenceDocument } from '../support/reference-spec.js';
import { createSubTpp, newReseller, subTppBody } from '../support/sub-tpps.js';
import { accessPayload, ukTransferPayload } from '../support/token-requests.js';
import { WebhookReceiver } from '../support/webhook-receiver.js';

/**
 * The success answer of every operation of the reference OpenAPI description, and representative
 * error answers (400, 401, 403, 404), validated against the schemas the reference gives them
 * (expectReferenceAnswer), on one gateway with a worker and the sandbox bank. The last test names
 * every operation of the reference whose success answer was not validated here.
 */

type Json = Record<string, unknown>;

const enc = encodeURIComponent;
const USER_IP = '203.0.113.7';
const OUTSIDE_IBAN = 'DE89370400440532013000';

const receiver = new WebhookReceiver();
let gateway: TestGateway;
/** The TPP of most calls. */
let member: TestMember;
/** Another TPP, whose resources `member` may not see. */
let other: TestMember;

interface Send {
  readonly as?: TestMember | null;
  readonly body?: unknown;
  readonly headers?: Record<string, string>;
}

function send<T = Json>(method: string, path: string, options: Send = {}): Promise<Answer<T>> {
  const who = options.as === undefined ? member : options.as;
  return call<T>(`${gateway.apiUrl}${path}`, method, who?.auth, options.body, options.headers);
}

/**
 * `METHOD path` as the TPP: expects `status` (200 unless told) and validates the body against the
 * reference's schema for `METHOD template` and that status.
 */
async function answered<T = Json>(
  method: string,
  template: string,
  path: string,
  options: Send & { readonly status?: number; readonly mediaType?: string } = {},
): Promise<T> {
  const status = options.status ?? 200;
  const answer = await send<T>(method, path, options);
  expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBe(status);
  expectReferenceAnswer(method, template, status, answer.body, options.mediaType);
  return answer.body;
}

/** Reads of account information on behalf of the user's access token, the user present. */
const onBehalfOf = (tokenId: string): Record<string, string> => ({
  'on-behalf-of': tokenId,
  'token-customer-ip-address': USER_IP,
});

/** Follows the bank's consent page as `username` (approving) and the gateway's callback: where the TPP lands. */
async function approveAtBank(redirectUrl: string, username = 'sandbox-success'): Promise<URL> {
  const back = await decideOnConsentPage(redirectUrl, username, 'approve');
  const callback = await call(back.toString(), 'GET', undefined);
  expect(callback.status, JSON.stringify(callback.body)).toBe(303);
  return new URL(callback.headers.get('location') ?? '');
}

beforeAll(async () => {
  gateway = await startGateway({ worker: true, env: { PAYMENT_POLL_SCHEDULE_SECONDS: '1' } });
  member = await newMember(gateway);
  other = await newMember(gateway);
  await receiver.start();
}, 120_000);

afterAll(async () => {
  await gateway?.close();
  await receiver.stop();
});

describe('webhook configuration, member keys, banks, reports and QR codes', () => {
  it('PUT, GET and DELETE /webhook/config', async () => {
    const config = { type: ['PAYMENT_STATUS_CHANGED', 'BANK_AIS_OUTAGE_STATUS_CHANGED'], url: receiver.url };
    await answered('PUT', '/webhook/config', '/webhook/config', { body: { config } });
    const got = await answered<{ config: Json }>('GET', '/webhook/config', '/webhook/config');
    expect(got.config).toMatchObject(config);
    await answered('DELETE', '/webhook/config', '/webhook/config');
    await answered('GET', '/webhook/config', '/webhook/config', { status: 404 });
    await answered('PUT', '/webhook/config', '/webhook/config', { body: { config } });
  });

  it('POST, GET (all and one) and DELETE /member/{memberId}/keys', async () => {
    const publicKey = generateKeyPairSync('ed25519')
      .publicKey.export({ type: 'spki', format: 'der' })
      .subarray(-32)
      .toString('base64url');
    const path = `/member/${enc(member.id)}/keys`;
    const { keyId } = await answered<{ keyId: string }>('POST', '/member/{memberId}/keys', path, {
      body: { keyAlgorithm: 'ED25519', publicKey },
    });
    const all = await answered<[{ key: Json[] }]>('GET', '/member/{memberId}/keys', path);
    expect(all[0].key.map((key) => key['id'])).toContain(keyId);
    const one = await answered<{ key: Json[] }>('GET', '/member/{memberId}/keys/{keyId}', `${path}/${enc(keyId)}`);
    expect(one.key[0]).toMatchObject({ id: keyId, publicKey });
    await answered('DELETE', '/member/{memberId}/keys/{keyId}', `${path}/${enc(keyId)}`);
    await answered('GET', '/member/{memberId}/keys/{keyId}', `${path}/${enc(keyId)}`, { status: 404 });
    // Another member's keys are not the TPP's to read.
    await answered('GET', '/member/{memberId}/keys', `/member/${enc(other.id)}/keys`, { status: 403 });
  });

  it('GET /banks, /v2/banks and /bank/countries', async () => {
    const v1 = await answered<{ banks: Json[] }>('GET', '/banks', '/banks');
    expect(v1.banks.length).toBeGreaterThan(0);
    const v2 = await answered<{ banks: Json[] }>('GET', '/v2/banks', '/v2/banks');
    expect(v2.banks.length).toBeGreaterThan(0);
    const countries = await answered<{ countries: string[] }>('GET', '/bank/countries', '/bank/countries');
    expect(countries.countries).toContain('GB');
  });

  it('GET /reports/banks/status and /reports/banks/{bankId}/status', async () => {
    const all = await answered<{ banksStatus: Json[] }>('GET', '/reports/banks/status', '/reports/banks/status');
    expect(all.banksStatus.length).toBeGreaterThan(0);
    const one = await answered<{ bankStatus: Json }>(
      'GET',
      '/reports/banks/{bankId}/status',
      '/reports/banks/ob-sandbox-gb/status',
    );
    expect([typeof one.bankStatus['aisStatus'], typeof one.bankStatus['pisStatus']]).toEqual(['string', 'string']);
  });

  it('GET /qr-code answers an SVG image', async () => {
    const svg = await answered<string>('GET', '/qr-code', `/qr-code?data=${enc('https://tpp.example/pay/1')}`, {
      mediaType: 'image/svg+xml',
    });
    expect(svg.trimStart().startsWith('<svg')).toBe(true);
  });
});

let accessTokenId: string;
let accountId: string;

describe('token requests and account information at the UK sandbox bank', () => {
  it('POST /token-requests, GET it, POST its authorization, then GET its result once the user approved', async () => {
    const stored = await answered<{ tokenRequest: { id: string } }>('POST', '/token-requests', '/token-requests', {
      body: { requestPayload: accessPayload(ALL_RESOURCES) },
    });
    const id = stored.tokenRequest.id;
    await answered('GET', '/token-requests/{requestId}', `/token-requests/${enc(id)}`);
    const pending = await answered<{ status: string }>(
      'GET',
      '/token-requests/{tokenRequestId}/result',
      `/token-requests/${enc(id)}/result`,
    );
    expect(pending.status).toBe('PENDING');
    const authorization = await answered<{ redirectUrl: string }>(
      'POST',
      '/token-requests/{tokenRequestId}/authorization',
      `/token-requests/${enc(id)}/authorization`,
      { body: { bankId: 'ob-sandbox-gb' } },
    );
    const landing = await approveAtBank(authorization.redirectUrl);
    accessTokenId = landing.searchParams.get('tokenId') ?? '';
    expect(accessTokenId).toMatch(/^tt:/);
    const result = await answered<{ status: string; tokenId?: string }>(
      'GET',
      '/token-requests/{tokenRequestId}/result',
      `/token-requests/${enc(id)}/result`,
    );
    expect(result).toMatchObject({ status: 'PROCESSED', tokenId: accessTokenId });
  });

  it('every account information read', async () => {
    const headers = onBehalfOf(accessTokenId);
    const listed = await answered<{ accounts: Json[] }>('GET', '/accounts', '/accounts', { headers });
    accountId = listed.accounts[0]?.['id'] as string;
    const account = `/accounts/${enc(accountId)}`;
    await answered('GET', '/accounts/{accountId}', account, { headers });
    await answered('GET', '/account-balance', '/account-balance', { headers });
    await answered('GET', '/accounts/{accountId}/balance', `${account}/balance`, { headers });
    const transactions = await answered<{ transactions: Json[] }>(
      'GET',
      '/accounts/{accountId}/transactions',
      `${account}/transactions?page.limit=5`,
      { headers },
    );
    const transactionId = transactions.transactions[0]?.['id'] as string;
    await answered(
      'GET',
      '/accounts/{accountId}/transaction/{transactionId}',
      `${account}/transaction/${enc(transactionId)}`,
      {
        headers,
      },
    );
    const orders = await answered<{ standingOrders: Json[] }>(
      'GET',
      '/accounts/{accountId}/standing-orders',
      `${account}/standing-orders?page.limit=5`,
      { headers },
    );
    const orderId = orders.standingOrders[0]?.['id'] as string;
    await answered(
      'GET',
      '/accounts/{accountId}/standing-orders/{standingOrderId}',
      `${account}/standing-orders/${enc(orderId)}`,
      { headers },
    );
  });

  it('account information errors: 400 without page.limit, 404 for another TPP’s token and an unknown account', async () => {
    const headers = onBehalfOf(accessTokenId);
    await answered('GET', '/accounts/{accountId}/transactions', `/accounts/${enc(accountId)}/transactions`, {
      headers,
      status: 400,
    });
    await answered('GET', '/accounts', '/accounts', { headers, as: other, status: 404 });
    await answered('GET', '/accounts/{accountId}', `/accounts/${enc('a:b2Itc2FuZGJveC1ldQ:QUNDLTE')}`, {
      headers,
      status: 404,
    });
  });

  it('GET /tokens and /tokens/{tokenId}, then PUT /tokens/{tokenId}/cancel', async () => {
    const listed = await answered<{ tokens: Json[] }>('GET', '/tokens', '/tokens?page.limit=10');
    expect(listed.tokens.map((token) => token['id'])).toContain(accessTokenId);
    await answered('GET', '/tokens/{tokenId}', `/tokens/${enc(accessTokenId)}`);
    await answered('GET', '/tokens/{tokenId}', '/tokens/tt:unknown', { status: 404 });
    await answered('PUT', '/tokens/{tokenId}/cancel', `/tokens/${enc(accessTokenId)}/cancel`);
    // The cancelled consent reads nothing more.
    await answered('GET', '/accounts', '/accounts', { headers: onBehalfOf(accessTokenId), status: 403 });
  });
});

describe('transfers: a token redeemed by the TPP', () => {
  it('POST /transfers with a token kept for redemption, GET it, list the transfers and their refunds', async () => {
    const payer = await newMember(gateway);
    const off = await call(`${gateway.adminUrl}/admin/members/${payer.id}`, 'PATCH', `Bearer ${ADMIN_TOKEN}`, {
      autoRedeem: false,
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    const stored = await answered<{ tokenRequest: { id: string } }>('POST', '/token-requests', '/token-requests', {
      as: payer,
      body: { requestPayload: ukTransferPayload('4.20') },
    });
    const authorization = await answered<{ redirectUrl: string }>(
      'POST',
      '/token-requests/{tokenRequestId}/authorization',
      `/token-requests/${enc(stored.tokenRequest.id)}/authorization`,
      { as: payer, body: { bankId: 'ob-sandbox-gb' } },
    );
    const tokenId = (await approveAtBank(authorization.redirectUrl)).searchParams.get('tokenId') ?? '';
    expect(tokenId).toMatch(/^tt:/);
    const redeemed = await answered<{ transfer: { id: string } }>('POST', '/transfers', '/transfers', {
      as: payer,
      body: { payload: { tokenId } },
    });
    const transferId = redeemed.transfer.id;
    await answered('GET', '/transfers/{transferId}', `/transfers/${enc(transferId)}`, { as: payer });
    const listed = await answered<{ transfers: Json[] }>('GET', '/transfers', '/transfers?page.limit=10', {
      as: payer,
    });
    expect(listed.transfers.map((transfer) => transfer['id'])).toContain(transferId);
    await answered('GET', '/transfers/{id}/refunds', `/transfers/${enc(transferId)}/refunds?limit=10`, { as: payer });
    await answered('GET', '/transfers/{transferId}', `/transfers/${enc(transferId)}`, { status: 404 });
    await answered('GET', '/transfers', '/transfers', { as: payer, status: 400 });
    await answered('POST', '/transfers', '/transfers', { as: payer, body: { payload: {} }, status: 400 });
  });
});

describe('payments and refunds', () => {
  let paymentId: string;

  it('POST /v2/payments, approved at the bank, GET it and list the payments', async () => {
    const created = await answered<{ payment: { id: string; authentication: { redirectUrl: string } } }>(
      'POST',
      '/v2/payments',
      '/v2/payments',
      { body: { initiation: ukInitiation({ returnRefundAccount: true }) } },
    );
    paymentId = created.payment.id;
    await approveAtBank(created.payment.authentication.redirectUrl);
    await waitForStatus(gateway, member, paymentId, ['INITIATION_COMPLETED']);
    await answered('GET', '/v2/payments/{paymentId}', `/v2/payments/${enc(paymentId)}`);
    const listed = await answered<{ payments: Json[] }>('GET', '/v2/payments', '/v2/payments?limit=10');
    expect(listed.payments.map((payment) => payment['id'])).toContain(paymentId);
  });

  it('POST /v2/payments/{paymentId}/embedded-auth at the embedded bank', async () => {
    const created = await createPayment(gateway, member, {
      bankId: 'ob-sandbox-eu',
      refId: `ref-${randomBytes(4).toString('hex')}`,
      remittanceInformationPrimary: 'Order 4712',
      amount: { value: '9.99', currency: 'EUR' },
      localInstrument: 'SEPA_INSTANT',
      creditor: { name: 'Haendler GmbH', iban: OUTSIDE_IBAN },
      callbackUrl: TPP_CALLBACK,
      flowType: 'API_ONLY',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.payment.status).toBe('INITIATION_PENDING_EMBEDDED_AUTH');
    await answered(
      'POST',
      '/v2/payments/{paymentId}/embedded-auth',
      `/v2/payments/${enc(created.body.payment.id)}/embedded-auth`,
      {
        body: { embeddedAuth: { psuId: 'sandbox-success', password: '12345' } },
      },
    );
  });

  it('payment errors: 400 for an invalid initiation and for a list without limit, 401, 404', async () => {
    await answered('POST', '/v2/payments', '/v2/payments', {
      body: { initiation: { bankId: 'ob-sandbox-gb' } },
      status: 400,
    });
    await answered('GET', '/v2/payments', '/v2/payments', { status: 400 });
    await answered('GET', '/v2/payments/{paymentId}', `/v2/payments/${enc(paymentId)}`, { as: other, status: 404 });
    await answered('GET', '/v2/payments/{paymentId}', `/v2/payments/${enc(paymentId)}`, {
      as: { id: member.id, auth: 'Basic bm90LWEta2V5' },
      status: 401,
    });
  });

  it('POST /refunds of the payment through a refund registration, GET it and list the refunds', async () => {
    const issued = await call<{ credential: string; account: { identification: string; name: string } }>(
      `${gateway.sandboxUrl}/sandbox/registered-credentials/ob-sandbox-gb`,
      'POST',
      `Bearer ${ADMIN_TOKEN}`,
      { clientId: 'gateway-sandbox', username: 'refund-merchant' },
    );
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    const { identification, name } = issued.body.account;
    const registered = await send<{ registration: { id: string } }>('POST', '/refund/registrations', {
      body: {
        bankId: 'ob-sandbox-gb',
        debtor: { sortCode: identification.slice(0, 6), accountNumber: identification.slice(6), name },
        credentials: { grant: issued.body.credential },
      },
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    const refund = await answered<{ refund: { id: string } }>('POST', '/refunds', '/refunds', {
      body: {
        initiation: {
          refId: `rf-${randomBytes(4).toString('hex')}`,
          amount: { value: '1.00', currency: 'GBP' },
          originalPaymentId: paymentId,
          registrationId: registered.body.registration.id,
          localInstrument: 'FASTER_PAYMENTS',
        },
      },
    });
    await answered('GET', '/refunds/{id}', `/refunds/${enc(refund.refund.id)}`);
    const listed = await answered<{ refunds: Json[] }>('GET', '/refunds', '/refunds?limit=10');
    expect(listed.refunds.map((entry) => entry['id'])).toContain(refund.refund.id);
    await answered('GET', '/refunds/{id}', `/refunds/${enc(refund.refund.id)}`, { as: other, status: 404 });
    await answered('POST', '/refunds', '/refunds', { body: { initiation: {} }, status: 400 });
  });
});

describe('variable recurring payments', () => {
  it('POST /vrp-consents, approved at the bank; GET, list, a VRP under it, its payments, funds; DELETE', async () => {
    const created = await answered<{ vrpConsent: { id: string; authentication: { redirectUrl: string } } }>(
      'POST',
      '/vrp-consents',
      '/vrp-consents',
      {
        body: {
          initiation: {
            bankId: 'ob-sandbox-gb',
            refId: `vrp-${randomBytes(4).toString('hex')}`,
            remittanceInformationPrimary: 'Sweep to savings',
            scheme: 'OBL_SWEEPING',
            localInstrument: 'FASTER_PAYMENTS',
            creditor: { name: 'J Smith Savings', sortCode: '040004', accountNumber: '12345678' },
            currency: 'GBP',
            maximumIndividualAmount: '250.00',
            periodicLimits: [{ maximumAmount: '1000.00', periodType: 'MONTH', periodAlignment: 'CALENDAR' }],
            callbackUrl: TPP_CALLBACK,
            callbackState: `state-${randomBytes(4).toString('hex')}`,
          },
        },
      },
    );
    const id = created.vrpConsent.id;
    const back = await decideOnConsentPage(created.vrpConsent.authentication.redirectUrl, 'sandbox-success', 'approve');
    expect((await fetch(back, { redirect: 'manual' })).status).toBe(303);
    const read = await answered<{ vrpConsent: { status: string } }>(
      'GET',
      '/vrp-consents/{id}',
      `/vrp-consents/${enc(id)}`,
    );
    expect(read.vrpConsent.status).toBe('AUTHORIZED');
    const listed = await answered<{ vrpConsents: Json[] }>('GET', '/vrp-consents', '/vrp-consents?limit=10');
    expect(listed.vrpConsents.map((consent) => consent['id'])).toContain(id);
    const vrp = await send<{ payment: { id: string } }>('POST', '/v2/payments', {
      body: {
        initiation: {
          vrpConsentId: id,
          refId: `r-${randomBytes(4).toString('hex')}`,
          remittanceInformationPrimary: 'Sweep to savings',
          amount: { value: '1.00', currency: 'GBP' },
          localInstrument: 'FASTER_PAYMENTS',
          creditor: { name: 'J Smith Savings', sortCode: '040004', accountNumber: '12345678' },
          callbackUrl: TPP_CALLBACK,
        },
      },
    });
    expect(vrp.status, JSON.stringify(vrp.body)).toBe(200);
    const vrps = await answered<{ vrps: Json[] }>(
      'GET',
      '/vrp-consents/{id}/payments',
      `/vrp-consents/${enc(id)}/payments?limit=10`,
    );
    expect(vrps.vrps).toHaveLength(1);
    const funds = await answered<{ fundsAvailable: boolean }>(
      'GET',
      '/vrps/{id}/confirm-funds',
      `/vrps/${enc(id)}/confirm-funds?amount=10.00`,
    );
    expect(funds.fundsAvailable).toBe(true);
    const revoked = await answered<{ vrpConsent: { status: string } }>(
      'DELETE',
      '/vrp-consents/{id}',
      `/vrp-consents/${enc(id)}`,
    );
    expect(revoked.vrpConsent.status).toBe('REVOKED');
    await answered('GET', '/vrp-consents/{id}', `/vrp-consents/${enc(id)}`, { as: other, status: 404 });
    await answered('GET', '/vrps/{id}/confirm-funds', '/vrps/vc:unknown/confirm-funds?amount=1.00', { status: 404 });
    await answered('GET', '/vrp-consents', '/vrp-consents', { status: 400 });
    await answered('POST', '/vrp-consents', '/vrp-consents', { body: { initiation: {} }, status: 400 });
  });
});

describe('sub-TPPs, payment links and tokenized accounts', () => {
  it('POST /member/sub-tpps (a parent and its child), GET them, list them and the children; DELETE', async () => {
    const reseller = await newReseller(gateway);
    const parent = await answered<{ subTppId: string }>('POST', '/member/sub-tpps', '/member/sub-tpps', {
      as: reseller,
      body: subTppBody(),
    });
    const child = await createSubTpp(gateway, reseller, subTppBody({ parentSubTppId: parent.subTppId }));
    await answered('GET', '/member/sub-tpps/{subTppId}', `/member/sub-tpps/${enc(parent.subTppId)}`, { as: reseller });
    await answered('GET', '/member/sub-tpps', '/member/sub-tpps?page.limit=10', { as: reseller });
    const children = await answered<{ subTpps: Json[] }>(
      'GET',
      '/member/sub-tpps/{subTppId}/children',
      `/member/sub-tpps/${enc(parent.subTppId)}/children`,
      { as: reseller },
    );
    expect(children.subTpps.map((subTpp) => subTpp['id'])).toEqual([child]);
    await answered('DELETE', '/member/sub-tpps/{subTppId}', `/member/sub-tpps/${enc(child)}`, { as: reseller });
    await answered('GET', '/member/sub-tpps/{subTppId}', '/member/sub-tpps/st:unknown', { as: reseller, status: 404 });
    // A TPP that is not a reseller has no sub-TPPs to make.
    await answered('POST', '/member/sub-tpps', '/member/sub-tpps', { body: subTppBody(), status: 403 });
  });

  it('POST, GET, list and DELETE /v2/payment-links', async () => {
    const created = await answered<{ paymentLink: { id: string } }>('POST', '/v2/payment-links', '/v2/payment-links', {
      body: {
        paymentTemplate: {
          amount: { value: '10.50', currency: 'GBP' },
          localInstrument: 'FASTER_PAYMENTS',
          creditor: { name: 'Merchant Ltd', sortCode: '040004', accountNumber: '12345678' },
          refId: 'ORDER-4711',
          remittanceInformationPrimary: 'ORDER 4711',
          callbackUrl: TPP_CALLBACK,
        },
      },
    });
    const id = created.paymentLink.id;
    await answered('GET', '/v2/payment-links/{paymentLinkId}', `/v2/payment-links/${enc(id)}`);
    await answered('GET', '/v2/payment-links', '/v2/payment-links');
    await answered('DELETE', '/v2/payment-links/{paymentLinkId}', `/v2/payment-links/${enc(id)}`);
    await answered('GET', '/v2/payment-links/{paymentLinkId}', `/v2/payment-links/${enc(id)}`, {
      as: other,
      status: 404,
    });
    await answered('POST', '/v2/payment-links', '/v2/payment-links', { body: { paymentTemplate: {} }, status: 400 });
  });

  it('POST, GET and DELETE /tokenized-accounts', async () => {
    const created = await answered<{ tokenizedAccountId: string }>(
      'POST',
      '/tokenized-accounts',
      '/tokenized-accounts',
      {
        body: { accountDetails: { iban: OUTSIDE_IBAN } },
      },
    );
    const path = `/tokenized-accounts/${enc(created.tokenizedAccountId)}`;
    await answered('GET', '/tokenized-accounts/{tokenizedAccountId}', path);
    await answered('DELETE', '/tokenized-accounts/{tokenizedAccountId}', path);
    await answered('GET', '/tokenized-accounts/{tokenizedAccountId}', path, { status: 404 });
    await answered('POST', '/tokenized-accounts', '/tokenized-accounts', { body: {}, status: 400 });
  });
});

describe('settlement accounts, payouts and settlement rules', () => {
  let settlementAccountId: string;

  it('POST /virtual-accounts, credited at the provider: GET it, list the accounts, its transactions and one', async () => {
    const opened = await answered<{ virtualAccount: { accountId: string } }>(
      'POST',
      '/virtual-accounts',
      '/virtual-accounts',
      {
        body: { currency: 'GBP', country: 'GB' },
      },
    );
    settlementAccountId = opened.virtualAccount.accountId;
    const stored = await gateway.api.stores.repositories.settlementAccounts.findById(settlementAccountId);
    const booked = await call(
      `${gateway.sandboxUrl}/sandbox/settlement/accounts/${stored?.providerAccountId ?? ''}/credits`,
      'POST',
      `Bearer ${ADMIN_TOKEN}`,
      {
        amount: { value: '100.00', currency: 'GBP' },
        refId: `ref-${randomBytes(4).toString('hex')}`,
        description: 'Payin',
        debtor: { name: 'Payer', iban: 'NL91ABNA0417164300' },
      },
    );
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const account = `/virtual-accounts/${enc(settlementAccountId)}`;
    await expect
      .poll(
        async () => {
          await advanceClock(gateway, 31);
          return (await send<{ virtualAccount: Json }>('GET', account)).body.virtualAccount['availableBalance'];
        },
        { timeout: 20_000, interval: 300 },
      )
      .toBe('100.00');
    await answered('GET', '/virtual-accounts/{accountId}', account);
    await answered('GET', '/virtual-accounts', '/virtual-accounts');
    const page = await answered<{ transactions: Json[] }>(
      'GET',
      '/virtual-accounts/{accountId}/transactions',
      `${account}/transactions?limit=10`,
    );
    const providerPaymentId = page.transactions[0]?.['providerPaymentId'] as string;
    await answered(
      'GET',
      '/virtual-accounts/{accountId}/transactions/{providerPaymentId}',
      `${account}/transactions/${enc(providerPaymentId)}`,
    );
    await answered('GET', '/virtual-accounts/{accountId}', account, { as: other, status: 404 });
    await answered('POST', '/virtual-accounts', '/virtual-accounts', { body: { currency: 'XXX' }, status: 400 });
  });

  it('POST /account-verifications and POST /payouts from the account; GET the payout and list the payouts', async () => {
    await answered('POST', '/account-verifications', '/account-verifications', {
      body: { account: { name: 'Jane Doe', iban: OUTSIDE_IBAN, currency: 'EUR' } },
    });
    const made = await answered<{ payout: { id: string } }>('POST', '/payouts', '/payouts', {
      body: {
        initiation: {
          description: 'Invoice 2026-0001',
          refId: `po-${randomBytes(4).toString('hex')}`,
          amount: { value: '30.00', currency: 'GBP' },
          debtor: { accountId: settlementAccountId },
          creditor: { name: 'Jane Doe', sortCode: '040004', accountNumber: '12345678' },
        },
      },
    });
    await answered('GET', '/payouts/{id}', `/payouts/${enc(made.payout.id)}`);
    const listed = await answered<{ payouts: Json[] }>('GET', '/payouts', '/payouts?limit=10');
    expect(listed.payouts.map((payout) => payout['id'])).toContain(made.payout.id);
    await answered('GET', '/payouts/{id}', `/payouts/${enc(made.payout.id)}`, { as: other, status: 404 });
    await answered('POST', '/payouts', '/payouts', { body: { initiation: {} }, status: 400 });
  });

  it('a settlement rule: POST, GET, list; its run on an empty account listed as a rule payout; DELETE', async () => {
    const empty = await answered<{ virtualAccount: { accountId: string } }>(
      'POST',
      '/virtual-accounts',
      '/virtual-accounts',
      {
        body: { currency: 'EUR', country: 'DE' },
      },
    );
    const accountId = empty.virtualAccount.accountId;
    const account = `/virtual-accounts/${enc(accountId)}`;
    const created = await answered<{ settlementRuleId: string }>(
      'POST',
      '/virtual-accounts/{accountId}/settlement-rule',
      `${account}/settlement-rule`,
      {
        body: {
          accountId,
          payeeAccountDetails: { name: 'Merchant GmbH', iban: 'DE75512108001245126199', bic: 'SOGEDEFFXXX' },
          amountType: 'FIXED_VALUE',
          amountValue: '10.00',
          timeInterval: 'DAILY',
          intradayIntervalHours: 0,
          description: 'Daily payout',
        },
      },
    );
    const ruleId = created.settlementRuleId;
    const rule = `${account}/settlement-rules/${enc(ruleId)}`;
    await answered('GET', '/virtual-accounts/{accountId}/settlement-rules/{settlementRuleId}', rule);
    await answered('GET', '/virtual-accounts/{accountId}/settlement-rules', `${account}/settlement-rules`);
    await advanceClock(gateway, 86_400 + 60);
    await expect
      .poll(
        async () =>
          (await send<{ payouts: Json[] }>('GET', `${account}/settlement-rule-payouts?settlementRuleId=${enc(ruleId)}`))
            .body.payouts?.length,
        { timeout: 20_000, interval: 200 },
      )
      .toBe(1);
    const payouts = await answered<{ payouts: Json[] }>(
      'GET',
      '/virtual-accounts/{accountId}/settlement-rule-payouts',
      `${account}/settlement-rule-payouts?settlementRuleId=${enc(ruleId)}`,
    );
    expect(payouts.payouts[0]).toMatchObject({ settlementRuleId: ruleId, status: 'INITIATION_FAILED' });
    await answered('DELETE', '/virtual-accounts/{accountId}/settlement-rules/{settlementRuleId}', rule);
    await answered(
      'GET',
      '/virtual-accounts/{accountId}/settlement-rules/{settlementRuleId}',
      `${account}/settlement-rules/sr:unknown`,
      {
        status: 404,
      },
    );
  });
});

describe('the reference, operation by operation', () => {
  it('refuses answers off the reference, naming where in the body, and operations or statuses it does not have', () => {
    const wrong = { payment: { id: 7, status: 'PAID' } };
    expect(() => expectReferenceAnswer('GET', '/v2/payments/{paymentId}', 200, wrong)).toThrow(
      /\/payment\/id: must be string[\s\S]*\/payment\/status: must be equal to one of the allowed values/,
    );
    expect(() => expectReferenceAnswer('GET', '/v2/payments/{paymentId}', 200, wrong)).toThrow(
      /must have required property 'memberId'/,
    );
    expect(() => expectReferenceAnswer('GET', '/no-such-path', 200, {})).toThrow(/not an operation of the reference/);
    expect(() => expectReferenceAnswer('GET', '/v2/payments/{paymentId}', 400, {})).toThrow(/no 400 answer/);
    expect(() => expectReferenceAnswer('GET', '/qr-code', 200, '<svg/>', 'image/png')).toThrow(/no image\/png body/);
  });

  it('answers 401 in the reference shape to every operation without credentials', async () => {
    for (const operation of referenceOperations()) {
      const [method = '', template = ''] = operation.split(' ');
      const hasBody = method === 'POST' || method === 'PUT';
      const answer = await send(method, template.replace(/\{[^}]+\}/g, 'unknown-id'), {
        as: null,
        ...(hasBody ? { body: {} } : {}),
      });
      expect(answer.status, operation).toBe(401);
      const responses = (referenceDocument().paths[template]?.[method.toLowerCase()] as { responses: Json }).responses;
      if (responses['401'] !== undefined) expectReferenceAnswer(method, template, 401, answer.body);
    }
  });

  it('validated the success answer of every operation of the reference', () => {
    const validated = validatedReferenceOperations();
    expect(referenceOperations().filter((operation) => !validated.has(operation))).toEqual([]);
  });
});
