import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SharedClock, closeDataStores, openDataStores, type DataStores } from '#libs/db';
import {
  createSandboxBankProcess,
  type SandboxBankProcess,
} from '../../apps/sandbox-bank/src/create-sandbox-bank-process.js';
import { TOKEN_LIFETIMES } from '../../apps/sandbox-bank/src/oauth/token-lifetimes.js';
import { SandboxClock } from '../../apps/sandbox-bank/src/store/sandbox-clock.js';
import { DOMESTIC_PAYMENT_CONSENT } from '../support/obie-consent-fixture.js';
import { baseUrl, testConfig } from '../support/test-env.js';

// Two sandbox bank processes on one database, as deployed behind a load balancer: what one
// process remembers (access tokens) or writes in one statement (consents) must hold for both.

const BASIC = `Basic ${Buffer.from('gateway-sandbox:sandbox-secret').toString('base64')}`;
const CONSENT = DOMESTIC_PAYMENT_CONSENT;

interface ConsentResponse {
  readonly Data: {
    readonly ConsentId: string;
    readonly Status: string;
    readonly CreationDateTime: string;
    readonly Initiation: unknown;
  };
}
interface ObErrorResponse {
  readonly Errors: readonly { readonly ErrorCode: string; readonly Path?: string }[];
}

let one: SandboxBankProcess;
let two: SandboxBankProcess;
let db: pg.Client;
/** The gateway's side of the shared sandbox clock (its admin API moves time through it). */
let gateway: DataStores;

const root = (bank: SandboxBankProcess): string => `${baseUrl(bank.app)}/banks/ob-sandbox-gb`;

async function token(bank: SandboxBankProcess): Promise<string> {
  const response = await fetch(`${root(bank)}/as/token`, {
    method: 'POST',
    headers: { authorization: BASIC, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'payments' }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

function createConsent(
  bank: SandboxBankProcess,
  bearer: string,
  key: string,
  body: unknown = CONSENT,
): Promise<Response> {
  return fetch(`${root(bank)}/open-banking/v3.1/pisp/domestic-payment-consents`, {
    method: 'POST',
    headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json', 'x-idempotency-key': key },
    body: JSON.stringify(body),
  });
}

function readConsent(bank: SandboxBankProcess, bearer: string, consentId: string): Promise<Response> {
  return fetch(`${root(bank)}/open-banking/v3.1/pisp/domestic-payment-consents/${consentId}`, {
    headers: { authorization: `Bearer ${bearer}` },
  });
}

async function rowsWithKey(key: string): Promise<number> {
  const result = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM sandbox_bank.sb_consent WHERE idempotency_key = $1',
    [key],
  );
  return result.rows[0]?.n ?? -1;
}

beforeAll(async () => {
  const config = await testConfig();
  one = await createSandboxBankProcess(config);
  two = await createSandboxBankProcess(config);
  await Promise.all([one.app.listen(0, '127.0.0.1'), two.app.listen(0, '127.0.0.1')]);
  db = new pg.Client({ connectionString: config.databaseUrl });
  await db.connect();
  gateway = await openDataStores(config, { service: 'test-gateway', poolSize: 1 });
});

afterAll(async () => {
  await closeDataStores(gateway);
  await db.end();
  await Promise.all([one.close(), two.close()]);
});

describe('domestic payment consents across sandbox bank processes', () => {
  it('runs its sessions without waiting for WAL flushes; other sessions keep the durable default', async () => {
    const bankSession = await one.stores.db.pool.query<{ synchronous_commit: string }>('SHOW synchronous_commit');
    expect(bankSession.rows[0]?.synchronous_commit).toBe('off');
    const otherSession = await db.query<{ synchronous_commit: string }>('SHOW synchronous_commit');
    expect(otherSession.rows[0]?.synchronous_commit).toBe('on');
  });

  it('accepts a token issued by another process, and serves a consent the other process created', async () => {
    const bearer = await token(one);
    const created = await createConsent(two, bearer, 'cross-1');
    expect(created.status).toBe(201);
    const body = (await created.json()) as ConsentResponse;
    expect(body.Data).toMatchObject({ Status: 'AwaitingAuthorisation', Initiation: CONSENT.Data.Initiation });
    const read = await readConsent(one, bearer, body.Data.ConsentId);
    expect(read.status).toBe(200);
    expect(((await read.json()) as ConsentResponse).Data).toMatchObject({
      ConsentId: body.Data.ConsentId,
      CreationDateTime: body.Data.CreationDateTime,
      Status: 'AwaitingAuthorisation',
    });
  });

  it('answers a repeated x-idempotency-key with the same consent in either process, and refuses it for another body', async () => {
    const bearer = await token(one);
    const first = (await (await createConsent(one, bearer, 'replay-1')).json()) as ConsentResponse;
    const again = await createConsent(two, bearer, 'replay-1');
    expect(again.status).toBe(201);
    expect(((await again.json()) as ConsentResponse).Data).toMatchObject({
      ConsentId: first.Data.ConsentId,
      CreationDateTime: first.Data.CreationDateTime,
    });
    for (const bank of [one, two]) {
      const other = await createConsent(bank, bearer, 'replay-1', { ...CONSENT, Risk: {} });
      expect(other.status).toBe(400);
      expect(((await other.json()) as ObErrorResponse).Errors[0]).toMatchObject({
        ErrorCode: 'UK.OBIE.Header.Invalid',
        Path: 'x-idempotency-key',
      });
    }
    expect(await rowsWithKey('replay-1')).toBe(1);
  });

  it('creates one consent for one key when both processes receive it at once', async () => {
    const bearer = await token(one);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => createConsent(i % 2 === 0 ? one : two, bearer, 'race-1')),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 8 }, () => 201));
    const ids = new Set(
      await Promise.all(answers.map(async (answer) => ((await answer.json()) as ConsentResponse).Data.ConsentId)),
    );
    expect(ids.size).toBe(1);
    expect(await rowsWithKey('race-1')).toBe(1);
  });

  it('stores consents that arrive together in shared statements, each with its own id; a repeated key among them answers one consent', async () => {
    const bearer = await token(one);
    const keys = Array.from({ length: 24 }, (_, i) => `together-${i}`);
    const answers = await Promise.all(
      [...keys, 'together-0', 'together-0'].map((key) => createConsent(one, bearer, key)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 201));
    const ids = await Promise.all(
      answers.map(async (answer) => ((await answer.json()) as ConsentResponse).Data.ConsentId),
    );
    expect(new Set(ids.slice(0, 24)).size).toBe(24);
    expect(ids.slice(24)).toEqual([ids[0], ids[0]]);
    // xmin is the id of the transaction that wrote the row.
    const rows = await db.query<{ id: string; idempotency_key: string; tx: string }>(
      'SELECT id, idempotency_key, xmin::text AS tx FROM sandbox_bank.sb_consent WHERE idempotency_key = ANY($1)',
      [keys],
    );
    expect(rows.rows.map((row) => `${row.idempotency_key}=${row.id}`).sort()).toEqual(
      keys.map((key, i) => `${key}=${ids[i] ?? ''}`).sort(),
    );
    expect(new Set(rows.rows.map((row) => row.tx)).size).toBeLessThan(24);
  });

  it('refuses an unknown token', async () => {
    for (const bank of [one, two]) {
      const refused = await createConsent(bank, 'not-a-token', 'unknown-1');
      expect(refused.status).toBe(401);
      expect(((await refused.json()) as ObErrorResponse).Errors[0]).toMatchObject({
        ErrorCode: 'UK.OBIE.Header.Invalid',
        Path: 'Authorization',
      });
    }
    expect(await rowsWithKey('unknown-1')).toBe(0);
  });

  // Last: it moves this database's sandbox clock past every token issued so far.
  it('refuses a token once it has expired, in the process that issued it and in one that has used it', async () => {
    const bearer = await token(one);
    expect((await createConsent(one, bearer, 'expiry-1')).status).toBe(201);
    expect((await createConsent(two, bearer, 'expiry-2')).status).toBe(201);

    const clock = gateway.clock;
    if (!(clock instanceof SharedClock)) throw new Error('the sandbox runs on the shared clock');
    const offset = await clock.advance(TOKEN_LIFETIMES.clientToken + 1);
    // Both processes hear of the gateway's new offset over Redis.
    for (const bank of [one, two])
      await expect.poll(() => (bank.stores.clock instanceof SandboxClock ? bank.stores.clock.offset : -1)).toBe(offset);

    for (const [bank, key] of [
      [one, 'expiry-3'],
      [two, 'expiry-4'],
    ] as const) {
      const refused = await createConsent(bank, bearer, key);
      expect(refused.status).toBe(401);
      expect(((await refused.json()) as ObErrorResponse).Errors[0]).toMatchObject({
        ErrorCode: 'UK.OBIE.Header.Invalid',
        Path: 'Authorization',
      });
    }
    expect((await createConsent(two, await token(two), 'expiry-5')).status).toBe(201);
  });
});
