import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BankHttpClient,
  ObieConnector,
  createSecretResolver,
  type BankCallContext,
  type PaymentInitiation,
} from '#libs/connectors';
import {
  createSandboxBankProcess,
  type SandboxBankProcess,
} from '../../apps/sandbox-bank/src/create-sandbox-bank-process.js';
import { baseUrl, testConfig } from '../support/test-env.js';
import { decideOnConsentPage } from './obie/consent-form.js';
import { sandboxEntry } from './obie/sandbox-catalogue.js';

const ADMIN_TOKEN = 'test-admin-token-0123456789abcdef0123';
const SETTLEMENT_KEY = 'sandbox-settlement-key';
const PROVIDER = 'sandbox-bank';
const CALLBACK = 'https://gateway.example/callback';
/** How long a sandbox process trusts faults it read (fault.store.ts). */
const FAULT_CACHE_MS = 1000;

let bank: SandboxBankProcess;
let other: SandboxBankProcess;
let sandboxUrl: string;
let otherUrl: string;

interface Execution {
  id: string;
  kind: string;
  status: string;
  amount: { value: string; currency: string };
}

const admin = { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' };

async function setFaults(subject: string, body: unknown, root = sandboxUrl): Promise<Response> {
  return fetch(`${root}/sandbox/faults/${subject}`, { method: 'PUT', headers: admin, body: JSON.stringify(body) });
}

async function executions(subject: string, endToEndId: string): Promise<Execution[]> {
  const response = await fetch(
    `${sandboxUrl}/sandbox/payments/${subject}?endToEndId=${encodeURIComponent(endToEndId)}`,
    {
      headers: admin,
    },
  );
  expect(response.status).toBe(200);
  return ((await response.json()) as { payments: Execution[] }).payments;
}

const ctx = (): BankCallContext => ({
  bankId: 'ob-sandbox-gb',
  deadlineMs: Date.now() + 10_000,
  traceId: randomUUID().replace(/-/g, ''),
});

function initiation(): PaymentInitiation {
  const id = randomUUID();
  return {
    paymentId: id,
    refId: `lost-${id.slice(0, 8)}`,
    amount: { value: '12.30', currency: 'GBP' },
    localInstrument: 'FASTER_PAYMENTS',
    creditor: {
      name: 'Merchant Ltd',
      identifier: { type: 'gbDomestic', sortCode: '040004', accountNumber: '12345678' },
    },
    remittanceInformationPrimary: `INV-${id.slice(0, 6)}`,
    redirectUri: CALLBACK,
    state: randomUUID(),
    nonce: randomUUID(),
  };
}

/** A settlement API call with the provider's key; a closed connection is `'closed'`. */
async function settlement(root: string, method: string, path: string, body?: unknown): Promise<Response | 'closed'> {
  try {
    return await fetch(`${root}/settlement/v1/${path}`, {
      method,
      headers: { authorization: `Bearer ${SETTLEMENT_KEY}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch (error) {
    // undici reports a connection closed without an answer as a TypeError ("fetch failed").
    expect(error).toBeInstanceOf(TypeError);
    return 'closed';
  }
}

async function openAccount(): Promise<string> {
  const opened = await settlement(sandboxUrl, 'POST', 'accounts', {
    reference: randomUUID(),
    currency: 'GBP',
    country: 'GB',
  });
  if (opened === 'closed') throw new Error('the account opening lost its answer');
  expect(opened.status).toBe(201);
  return ((await opened.json()) as { id: string }).id;
}

function payout(accountId: string, refId: string): object {
  return {
    payoutId: randomUUID(),
    accountId,
    amount: { value: '1.00', currency: 'GBP' },
    refId,
    description: 'Lost answer',
    creditor: { name: 'Payee Ltd', sortCode: '040004', accountNumber: '12345678' },
  };
}

beforeAll(async () => {
  const config = await testConfig({ ADMIN_TOKEN, SANDBOX_SETTLEMENT_API_KEY: SETTLEMENT_KEY });
  bank = await createSandboxBankProcess(config);
  await bank.app.listen(0, '127.0.0.1');
  sandboxUrl = baseUrl(bank.app);
  // A second process on the same database, as when the sandbox bank runs several.
  other = await createSandboxBankProcess(config);
  await other.app.listen(0, '127.0.0.1');
  otherUrl = baseUrl(other.app);
});

afterAll(async () => {
  await other.close();
  await bank.close();
});

describe('sandbox bank: answers lost or late after the work', () => {
  it('executes a domestic payment order whose answer is lost, and answers the token and consent calls as usual', async () => {
    expect((await setFaults('ob-sandbox-gb', { lostAnswerRate: 1, only: ['domestic-payments'] })).status).toBe(200);
    const connector = new ObieConnector(sandboxEntry('ob-sandbox-gb', sandboxUrl), {
      http: new BankHttpClient({ logger: pino({ level: 'silent' }), backoff: { baseMs: 20, maxMs: 100 } }),
      secrets: createSecretResolver({}),
    });
    try {
      const payment = initiation();
      // Token and consent are not named by `only`: they answer.
      const started = await connector.initiatePayment(ctx(), payment);
      expect(started.outcome).toBe('AWAITING_AUTHORISATION');
      if (started.next.kind !== 'redirect') throw new Error(`expected a redirect, got ${started.next.kind}`);
      const back = await decideOnConsentPage(started.next.redirectUrl, 'sandbox-success', 'approve');
      const submitted = connector.completeRedirect(ctx(), {
        handle: started.handle,
        params: Object.fromEntries(back.searchParams),
        redirectUri: CALLBACK,
        initiation: payment,
      });
      await expect(submitted).rejects.toThrow();
      // The order was executed once (the connector's retries repeat its idempotency key).
      const executed = await executions('ob-sandbox-gb', payment.refId);
      expect(executed).toEqual([
        expect.objectContaining({
          kind: 'domestic-payment',
          status: 'AcceptedSettlementCompleted',
          amount: { value: '12.30', currency: 'GBP' },
        }),
      ]);
      expect(executed[0]?.id).toMatch(/^DP-/);
    } finally {
      expect((await setFaults('ob-sandbox-gb', {})).status).toBe(200);
    }
  });

  it('loses a payout answer after the payout is made: a 503 or a closed connection, in every process', async () => {
    const accountId = await openAccount();
    expect((await setFaults(PROVIDER, { lostAnswerRate: 1, only: ['payouts'] })).status).toBe(200);
    try {
      await sleep(FAULT_CACHE_MS + 100);
      for (const root of [sandboxUrl, otherUrl, sandboxUrl, otherUrl, sandboxUrl, otherUrl]) {
        const refId = `po-${randomUUID().slice(0, 8)}`;
        const answer = await settlement(root, 'POST', 'payouts', payout(accountId, refId));
        if (answer !== 'closed') {
          expect(answer.status).toBe(503);
          expect(await answer.json()).toMatchObject({ code: 'UNAVAILABLE' });
        }
        expect(await executions(PROVIDER, refId)).toEqual([
          expect.objectContaining({ kind: 'payout', amount: { value: '1.00', currency: 'GBP' } }),
        ]);
      }
      // Not named by `only`: the account reads and openings answer.
      const read = await settlement(otherUrl, 'GET', `accounts/${accountId}`);
      expect(read === 'closed' ? 0 : read.status).toBe(200);
      await openAccount();
    } finally {
      expect((await setFaults(PROVIDER, {})).status).toBe(200);
    }
  });

  it('answers late after the work committed', async () => {
    const accountId = await openAccount();
    expect((await setFaults(PROVIDER, { lateAnswerMs: 1500, only: ['payouts'] })).status).toBe(200);
    try {
      const refId = `late-${randomUUID().slice(0, 8)}`;
      const started = Date.now();
      const answer = settlement(sandboxUrl, 'POST', 'payouts', payout(accountId, refId));
      await sleep(700);
      // Committed while the answer waits.
      expect(await executions(PROVIDER, refId)).toHaveLength(1);
      const answered = await answer;
      expect(answered === 'closed' ? 0 : answered.status).toBe(201);
      expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
      // Other operations answer at once.
      const quick = Date.now();
      await openAccount();
      expect(Date.now() - quick).toBeLessThan(1000);
    } finally {
      expect((await setFaults(PROVIDER, {})).status).toBe(200);
    }
  });

  it('reads the faults back, and refuses bad values with a 400 naming the field', async () => {
    const set = await setFaults('ob-sandbox-eu', { lostAnswerRate: 0.5, lateAnswerMs: 10, only: ['payments'] });
    expect(await set.json()).toEqual({
      bankId: 'ob-sandbox-eu',
      latencyMs: 0,
      errorRate: 0,
      lostAnswerRate: 0.5,
      lateAnswerMs: 10,
      only: ['payments'],
    });
    const read = await fetch(`${otherUrl}/sandbox/faults/ob-sandbox-eu`, { headers: admin });
    expect(await read.json()).toMatchObject({ lostAnswerRate: 0.5, lateAnswerMs: 10, only: ['payments'] });
    expect((await setFaults('ob-sandbox-eu', {})).status).toBe(200);

    for (const [body, field] of [
      [{ lostAnswerRate: 1.5 }, 'lostAnswerRate'],
      [{ lostAnswerRate: 'all' }, 'lostAnswerRate'],
      [{ lateAnswerMs: -1 }, 'lateAnswerMs'],
      [{ lateAnswerMs: 2.5 }, 'lateAnswerMs'],
      [{ only: [] }, 'only'],
      [{ only: ['Domestic Payments'] }, 'only'],
      [{ only: 'payments' }, 'only'],
    ] as const) {
      const refused = await setFaults('ob-sandbox-gb', body);
      const text = await refused.text();
      expect(refused.status, text).toBe(400);
      expect(text).toContain(field);
      expect(text).toContain('tokenTraceId');
    }
    const noId = await fetch(`${sandboxUrl}/sandbox/payments/ob-sandbox-gb`, { headers: admin });
    expect(noId.status).toBe(400);
    expect(await noId.text()).toContain('endToEndId');
    expect((await fetch(`${sandboxUrl}/sandbox/payments/nowhere?endToEndId=x`, { headers: admin })).status).toBe(404);
    expect((await fetch(`${sandboxUrl}/sandbox/payments/ob-sandbox-gb?endToEndId=x`)).status).toBe(401);
  });
});
