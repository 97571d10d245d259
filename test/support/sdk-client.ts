import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { apiKeyAuth, createGatewayClient, ok, type GatewayClient } from 'open-banking-gateway-sdk';
import { expect } from 'vitest';
import { decideOnConsentPage } from '../e2e/obie/consent-form.js';
import { ADMIN_TOKEN, advanceClock, call, type TestGateway, type TestMember } from './payments-gateway.js';

/** The SDK's client of the gateway's public API for `member` (its sandbox API key). */
export function sdkClient(gateway: TestGateway, member: TestMember): GatewayClient {
  return createGatewayClient({ baseUrl: gateway.apiUrl, auth: apiKeyAuth(member.auth.replace(/^Basic /, '')) });
}

/**
 * What the user's browser does with a bank's consent URL: approve on the sandbox bank's page as
 * `username`, then follow the bank's redirect back to the gateway, which answers 303 onwards to
 * the TPP. The TPP's landing URL.
 */
export async function approveAtBank(redirectUrl: string, username = 'sandbox-success'): Promise<URL> {
  const back = await decideOnConsentPage(redirectUrl, username, 'approve');
  const callback = await fetch(back, { redirect: 'manual' });
  expect(callback.status, await callback.text()).toBe(303);
  return new URL(callback.headers.get('location') ?? '');
}

/** Reads until `done` holds of the value read (every 100 ms, 20 s at most): the value. */
export async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  what: string,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await sleep(100);
  }
}

/** A field the SDK's types leave optional that the flow needs: asserted present, narrowed. */
export function present<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`${what} is missing from the answer`);
  return value;
}

/** The bank's consent URL of a redirect authentication (a payment's or a consent's). */
export function redirectUrlOf(authentication: object | undefined): string {
  if (authentication === undefined || !('redirectUrl' in authentication)) throw new Error('no redirectUrl to follow');
  const { redirectUrl } = authentication;
  if (typeof redirectUrl !== 'string') throw new Error('redirectUrl is not a string');
  return redirectUrl;
}

/** A unique reference of at most 18 characters. */
export const refId = (prefix: string): string => `${prefix}-${randomBytes(4).toString('hex')}`;

export const MERCHANT = { name: 'Merchant Ltd', sortCode: '040004', accountNumber: '12345678' } as const;
export const FINAL_PAYMENT_STATUSES = [
  'INITIATION_COMPLETED',
  'INITIATION_REJECTED',
  'INITIATION_REJECTED_INSUFFICIENT_FUNDS',
  'INITIATION_FAILED',
  'INITIATION_NO_FINAL_STATUS_AVAILABLE',
];

/** A UK payment of `value` GBP made through the SDK, approved at the sandbox bank, once final. */
export async function completedPayment(
  client: GatewayClient,
  value: string,
): Promise<{ readonly id: string; readonly status: string }> {
  const created = await ok(
    client.POST('/v2/payments', {
      body: {
        initiation: {
          bankId: 'ob-sandbox-gb',
          refId: refId('pay'),
          remittanceInformationPrimary: 'ORDER 4711',
          amount: { value, currency: 'GBP' },
          localInstrument: 'FASTER_PAYMENTS',
          creditor: MERCHANT,
          callbackUrl: 'https://tpp.example/payments/callback',
          returnRefundAccount: true,
        },
      },
    }),
  );
  expect(created.payment.status).toBe('INITIATION_PENDING_REDIRECT_AUTH');
  await approveAtBank(redirectUrlOf(created.payment.authentication));
  const done = await eventually(
    () => ok(client.GET('/v2/payments/{paymentId}', { params: { path: { paymentId: created.payment.id } } })),
    ({ payment }) => FINAL_PAYMENT_STATUSES.includes(payment.status),
    `payment ${created.payment.id}`,
  );
  expect(done.payment.status).toBe('INITIATION_COMPLETED');
  return done.payment;
}

/** The member's switch of Payments v1 auto-redemption (the admin API: an operator's step). */
export async function setAutoRedeem(gateway: TestGateway, member: TestMember, autoRedeem: boolean): Promise<void> {
  const answer = await call(`${gateway.adminUrl}/admin/members/${member.id}`, 'PATCH', `Bearer ${ADMIN_TOKEN}`, {
    autoRedeem,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

/**
 * Credits a settlement account at the sandbox settlement provider (the provider's admin API, as a
 * payer's bank would) and moves the test clock on until the gateway's credit intake books it and
 * the account (read through the SDK) has `value` available.
 */
export async function creditAtProvider(
  gateway: TestGateway,
  client: GatewayClient,
  accountId: string,
  value: string,
  currency: 'GBP' | 'EUR',
): Promise<void> {
  const stored = await gateway.api.stores.repositories.settlementAccounts.findById(accountId);
  if (stored === null) throw new Error(`account ${accountId} not stored`);
  const booked = await fetch(`${gateway.sandboxUrl}/sandbox/settlement/accounts/${stored.providerAccountId}/credits`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      amount: { value, currency },
      refId: refId('payin'),
      description: 'Payin',
      debtor: { name: 'Payer', iban: 'NL91ABNA0417164300' },
    }),
  });
  expect(booked.status).toBe(201);
  await eventually(
    async () => {
      await advanceClock(gateway, 31);
      return ok(client.GET('/virtual-accounts/{accountId}', { params: { path: { accountId } } }));
    },
    ({ virtualAccount }) => virtualAccount.availableBalance === value,
    `the credit of ${value} on ${accountId}`,
  );
}
