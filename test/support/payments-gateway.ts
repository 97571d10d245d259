import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'vitest';
import type { ConnectedConfig } from '#libs/common';
import { createApiProcess, type ApiProcess } from '../../apps/api/src/create-api-process.js';
import {
  createSandboxBankProcess,
  type SandboxBankProcess,
} from '../../apps/sandbox-bank/src/create-sandbox-bank-process.js';
import { createWorkerProcess, type WorkerProcess } from '../../apps/worker/src/create-worker-process.js';
import { freePort } from './free-port.js';
import { expectReferencePayments } from './reference-payment-schema.js';
import { baseUrl, testConfig } from './test-env.js';

export const ADMIN_TOKEN = 'test-admin-token-0123456789abcdef0123';
/** A TPP's callback address: https and not under the gateway's host. */
export const TPP_CALLBACK = 'https://tpp.example/payments/callback';

type Json = Record<string, unknown>;

export interface Answer<T = Json> {
  readonly status: number;
  readonly body: T;
  readonly headers: Headers;
}

/** The whole gateway on loopback: sandbox bank, api (at a known public URL) and, optionally, a worker. */
export interface TestGateway {
  readonly config: ConnectedConfig;
  readonly apiUrl: string;
  readonly adminUrl: string;
  readonly sandboxUrl: string;
  readonly api: ApiProcess;
  readonly bank: SandboxBankProcess;
  readonly worker: WorkerProcess | undefined;
  close(): Promise<void>;
}

export async function startGateway(
  options: { readonly worker?: boolean; readonly env?: Record<string, string> } = {},
): Promise<TestGateway> {
  const base = await testConfig({ ADMIN_TOKEN });
  const bank = await createSandboxBankProcess(base);
  await bank.app.listen(0, '127.0.0.1');
  const sandboxUrl = baseUrl(bank.app);
  const port = await freePort();
  const apiUrl = `http://127.0.0.1:${port}`;
  const config = await testConfig({
    ADMIN_TOKEN,
    DATABASE_URL: base.databaseUrl,
    SANDBOX_BANK_URL: sandboxUrl,
    PUBLIC_BASE_URL: apiUrl,
    SCHEDULER_TICK_MS: '50',
    RATE_LIMIT_WRITE_PER_MINUTE: '1000000',
    RATE_LIMIT_READ_PER_MINUTE: '1000000',
    ...options.env,
  });
  const api = await createApiProcess(config);
  await api.api.listen(port, '127.0.0.1');
  await api.admin.listen(0, '127.0.0.1');
  let worker: WorkerProcess | undefined;
  if (options.worker === true) {
    worker = await createWorkerProcess(config, { queuePrefix: `t${randomBytes(4).toString('hex')}` });
    await worker.start();
  }
  return {
    config,
    apiUrl,
    adminUrl: baseUrl(api.admin),
    sandboxUrl,
    api,
    bank,
    worker,
    close: async () => {
      await worker?.close();
      await api.close();
      await bank.close();
    },
  };
}

export async function call<T = Json>(
  url: string,
  method: string,
  authorization: string | undefined,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer<T>> {
  const response = await fetch(url, {
    method,
    redirect: 'manual',
    headers: {
      ...(authorization === undefined ? {} : { authorization }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text === '' ? undefined : JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  // Every payment a Payments v2 answer carries must be a Payment as the reference describes it.
  const answered = new URL(url);
  if (response.ok && answered.pathname.startsWith('/v2/payments'))
    expectReferencePayments(parsed, `${method} ${answered.pathname}`, {
      partial: answered.searchParams.get('partial') === 'true',
    });
  return { status: response.status, body: parsed as T, headers: response.headers };
}

export interface TestMember {
  readonly id: string;
  readonly auth: string;
}

export async function newMember(
  gateway: TestGateway,
  options: { readonly regulated?: boolean } = {},
): Promise<TestMember> {
  const created = await call<{ member: { id: string }; apiKey: string }>(
    `${gateway.adminUrl}/admin/members`,
    'POST',
    `Bearer ${ADMIN_TOKEN}`,
    {
      name: `TPP ${randomBytes(3).toString('hex')}`,
      ...(options.regulated === undefined ? {} : { regulated: options.regulated }),
    },
  );
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return { id: created.body.member.id, auth: `Basic ${created.body.apiKey}` };
}

export async function advanceClock(gateway: TestGateway, seconds: number): Promise<void> {
  const answer = await call(`${gateway.adminUrl}/admin/clock/advance`, 'POST', `Bearer ${ADMIN_TOKEN}`, { seconds });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

/** A valid UK Faster Payments initiation at the redirect bank; fields may be replaced. */
export function ukInitiation(overrides: Json = {}): Json {
  return {
    bankId: 'ob-sandbox-gb',
    refId: `ref-${randomBytes(4).toString('hex')}`,
    remittanceInformationPrimary: 'INV-2026-001',
    amount: { value: '10.50', currency: 'GBP' },
    localInstrument: 'FASTER_PAYMENTS',
    creditor: { name: 'Merchant Ltd', sortCode: '040004', accountNumber: '12345678' },
    callbackUrl: TPP_CALLBACK,
    callbackState: `state-${randomBytes(4).toString('hex')}`,
    ...overrides,
  };
}

/** A valid SEPA initiation (euro, IBAN) at the given Berlin Group bank. */
export function sepaInitiation(bankId: string, overrides: Json = {}): Json {
  return {
    bankId,
    refId: `ref-${randomBytes(4).toString('hex')}`,
    remittanceInformationPrimary: 'Order 4711',
    amount: { value: '25.00', currency: 'EUR' },
    localInstrument: 'SEPA',
    creditor: { name: 'Haendler GmbH', iban: 'DE89370400440532013000' },
    callbackUrl: TPP_CALLBACK,
    ...overrides,
  };
}

export interface PaymentBody {
  readonly payment: Json & { readonly id: string; readonly status: string; readonly authentication?: Json };
}

export function createPayment(
  gateway: TestGateway,
  member: TestMember,
  initiation: Json,
  headers: Record<string, string> = {},
): Promise<Answer<PaymentBody>> {
  return call<PaymentBody>(`${gateway.apiUrl}/v2/payments`, 'POST', member.auth, { initiation }, headers);
}

export async function getPayment(
  gateway: TestGateway,
  member: TestMember,
  paymentId: string,
): Promise<PaymentBody['payment']> {
  const answer = await call<PaymentBody>(
    `${gateway.apiUrl}/v2/payments/${encodeURIComponent(paymentId)}`,
    'GET',
    member.auth,
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.payment;
}

/** Polls GET /v2/payments/{id} until the status is one of `statuses`. */
export async function waitForStatus(
  gateway: TestGateway,
  member: TestMember,
  paymentId: string,
  statuses: readonly string[],
  timeoutMs = 20_000,
): Promise<PaymentBody['payment']> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const payment = await getPayment(gateway, member, paymentId);
    if (statuses.includes(payment.status)) return payment;
    if (Date.now() > deadline)
      throw new Error(`payment ${paymentId} stayed ${payment.status}, expected ${statuses.join(' or ')}`);
    await sleep(50);
  }
}
