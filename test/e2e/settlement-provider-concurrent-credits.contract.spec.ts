import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSandboxBankProcess,
  type SandboxBankProcess,
} from '../../apps/sandbox-bank/src/create-sandbox-bank-process.js';
import { ADMIN_TOKEN } from '../support/payments-gateway.js';
import { baseUrl, testConfig } from '../support/test-env.js';

/**
 * The sandbox settlement provider's credit cursor while a credit is still being recorded: a
 * credit that has taken its place in the order (its arrival time and sequence) but not yet
 * committed when a later credit is handed out must not land behind the cursor. The credit is
 * held mid-insert by a transaction of this test holding its id; meanwhile a second credit is
 * booked and a reader asks for the account's credits.
 */

interface CreditsPage {
  readonly credits: ReadonlyArray<{ readonly id: string }>;
  readonly nextCursor?: string;
}

let bank: SandboxBankProcess;
let db: pg.Client;
let url: string;
let apiKey: string;

async function send<T>(method: string, path: string, authorization: string, body?: unknown): Promise<T> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: `Bearer ${authorization}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  expect(response.status, `${method} ${path}: ${text}`).toBeLessThan(300);
  return JSON.parse(text) as T;
}

beforeAll(async () => {
  const config = await testConfig({ ADMIN_TOKEN });
  bank = await createSandboxBankProcess(config);
  await bank.app.listen(0, '127.0.0.1');
  url = baseUrl(bank.app);
  apiKey = config.settlement.sandbox.apiKey ?? '';
  db = new pg.Client({ connectionString: config.databaseUrl });
  await db.connect();
});

afterAll(async () => {
  await db?.end().catch(() => undefined);
  await bank?.close();
});

describe('settlement provider contract: a credit committing after a later one was handed out', () => {
  it('is handed out all the same: the reader waits for credits being recorded', async () => {
    const account = await send<{ id: string }>('POST', '/settlement/v1/accounts', apiKey, {
      reference: `va-${randomUUID()}`,
      currency: 'EUR',
      country: 'DE',
    });
    const book = (providerPaymentId?: string): Promise<{ id: string }> =>
      send<{ id: string }>('POST', `/sandbox/settlement/accounts/${account.id}/credits`, ADMIN_TOKEN, {
        amount: { value: '1.00', currency: 'EUR' },
        ...(providerPaymentId === undefined ? {} : { providerPaymentId }),
      });
    const read = (cursor?: string): Promise<CreditsPage> =>
      send<CreditsPage>(
        'GET',
        `/settlement/v1/accounts/${account.id}/credits?${cursor === undefined ? 'since=1970-01-01T00:00:00.000Z' : `cursor=${cursor}`}`,
        apiKey,
      );

    // This transaction holds the first credit's id: its insert waits, its place already taken.
    const held = `SC-held-${randomUUID().slice(0, 8)}`;
    await db.query('BEGIN');
    await db.query(
      `INSERT INTO sandbox_bank.sb_settlement_credit
         (id, account_id, amount, currency, description, local_instrument, available_at, recorded_at)
       VALUES ($1, $2, 1, 'EUR', 'holder', 'SEPA', now(), now())`,
      [held, account.id],
    );
    let first: Promise<{ id: string }> | undefined;
    let page: Promise<CreditsPage> | undefined;
    let second: { id: string } | undefined;
    try {
      first = book(held);
      await sleep(300);
      second = await book();
      page = read();
      await sleep(300);
    } finally {
      await db.query('ROLLBACK');
    }
    expect((await first).id).toBe(held);
    const handedOut = (await page).credits.map((credit) => credit.id);
    const cursor = (await page).nextCursor;
    handedOut.push(...(await read(cursor)).credits.map((credit) => credit.id));
    expect(handedOut.sort()).toEqual([held, second?.id].sort());
  });
});
