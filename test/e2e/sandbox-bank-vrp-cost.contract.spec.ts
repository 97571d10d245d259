import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BankHttpClient,
  ObieConnector,
  createSecretResolver,
  type BankCallContext,
  type VrpConsentRequest,
  type VrpRequest,
} from '#libs/connectors';
import {
  createSandboxBankProcess,
  type SandboxBankProcess,
} from '../../apps/sandbox-bank/src/create-sandbox-bank-process.js';
import { SANDBOX_BANKS } from '../../apps/sandbox-bank/src/banks/sandbox-bank-definition.js';
import { baseUrl, testConfig } from '../support/test-env.js';
import { decideOnConsentPage } from './obie/consent-form.js';
import { sandboxEntry } from './obie/sandbox-catalogue.js';

/**
 * What a VRP costs the sandbox bank in Postgres round trips (sandbox users load-test against
 * it, so it must not dominate a VRP's cost): every statement its pool sends while the OBIE
 * connector makes one VRP is counted, BEGIN and COMMIT included.
 */
const CALLBACK = 'https://gateway.example/callback';
const POT = {
  name: 'Savings Pot Ltd',
  identifier: { type: 'gbDomestic' as const, sortCode: '200000', accountNumber: '55779911' },
};

let bank: SandboxBankProcess;
let connector: ObieConnector;
let statements = 0;

const ctx = (): BankCallContext => ({
  bankId: 'ob-sandbox-gb',
  deadlineMs: Date.now() + 10_000,
  traceId: randomUUID().replace(/-/g, ''),
});

/** Counts every query of every client the pool hands out (Prisma's and the direct statements). */
function countStatements(pool: pg.Pool): void {
  const counted = new WeakSet<pg.PoolClient>();
  pool.on('acquire', (client) => {
    if (counted.has(client)) return;
    counted.add(client);
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      statements += 1;
      return query(...args);
    };
  });
}

async function statementsOf(work: () => Promise<unknown>): Promise<number> {
  const before = statements;
  await work();
  return statements - before;
}

function consentRequest(overrides: Partial<VrpConsentRequest> = {}): VrpConsentRequest {
  return {
    consentId: randomUUID(),
    refId: 'vrp-ref',
    creditor: POT,
    currency: 'GBP',
    maximumIndividualAmount: '50.00',
    periodicLimits: [
      { maximumAmount: '60.00', periodType: 'DAY', periodAlignment: 'CALENDAR' },
      { maximumAmount: '1000.00', periodType: 'YEAR', periodAlignment: 'CONSENT' },
    ],
    remittanceInformationPrimary: 'SWEEP',
    redirectUri: CALLBACK,
    state: randomUUID(),
    nonce: randomUUID(),
    ...overrides,
  };
}

async function authorisedConsent(username: string): Promise<{ bankConsentId: string; grant: string }> {
  const consent = await connector.createVrpConsent(ctx(), consentRequest());
  if (consent.next.kind !== 'redirect') throw new Error('expected a redirect');
  const back = await decideOnConsentPage(consent.next.redirectUrl, username, 'approve');
  const authorised = await connector.completeVrpConsentRedirect(
    ctx(),
    consent.bankConsentId,
    Object.fromEntries(back.searchParams),
    CALLBACK,
  );
  expect(authorised).toMatchObject({ outcome: 'COMPLETED', bankStatus: 'Authorised' });
  return { bankConsentId: consent.bankConsentId, grant: authorised.grant ?? '' };
}

const vrp = (consent: { bankConsentId: string; grant: string }, value: string): VrpRequest => ({
  vrpId: randomUUID(),
  refId: `sweep-${randomUUID().slice(0, 8)}`,
  bankConsentId: consent.bankConsentId,
  grant: consent.grant,
  amount: { value, currency: 'GBP' },
  creditor: POT,
  remittanceInformationPrimary: `Sweep ${value}`,
});

beforeAll(async () => {
  const config = await testConfig({});
  bank = await createSandboxBankProcess(config, { banks: SANDBOX_BANKS });
  await bank.app.listen(0, '127.0.0.1');
  countStatements(bank.stores.db.pool);
  const http = new BankHttpClient({ logger: pino({ level: 'silent' }), backoff: { baseMs: 20, maxMs: 100 } });
  connector = new ObieConnector(sandboxEntry('ob-sandbox-gb', baseUrl(bank.app)), {
    http,
    secrets: createSecretResolver({}),
  });
});

afterAll(async () => {
  await bank.close();
});

describe('the sandbox bank: what a VRP costs it in Postgres', () => {
  it('a settled VRP under a consent already read: one statement (the token, the key, the limits under the consent lock, the debit, the VRP and its booking entry; 11 in one locked transaction before)', async () => {
    const consent = await authorisedConsent(`vrp-cost-${randomUUID().slice(0, 8)}`);
    // The first VRP reads the consent's Initiation and Risk once for the connector.
    expect(await connector.initiateVrp(ctx(), vrp(consent, '1.00'))).toMatchObject({ outcome: 'COMPLETED' });
    let answer: unknown;
    const cost = await statementsOf(async () => {
      answer = await connector.initiateVrp(ctx(), vrp(consent, '2.00'));
    });
    expect(answer).toMatchObject({ outcome: 'COMPLETED', bankStatus: 'AcceptedSettlementCompleted' });
    // The sandbox clock may read Postgres once meanwhile.
    expect(cost).toBeLessThanOrEqual(2);
  });

  it('a repeated x-idempotency-key answers the VRP it made, debited once, in one statement; with another body it is refused', async () => {
    const consent = await authorisedConsent(`vrp-cost-${randomUUID().slice(0, 8)}`);
    const request = vrp(consent, '3.00');
    const first = await connector.initiateVrp(ctx(), request);
    expect(first).toMatchObject({ outcome: 'COMPLETED', bankStatus: 'AcceptedSettlementCompleted' });
    let again: unknown;
    const cost = await statementsOf(async () => {
      again = await connector.initiateVrp(ctx(), request);
    });
    expect(again).toMatchObject({ bankVrpId: first.bankVrpId, bankStatus: 'AcceptedSettlementCompleted' });
    expect(cost).toBeLessThanOrEqual(2);
    const debits = await bank.stores.db.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM sandbox_bank.sb_transaction WHERE payment_id = $1',
      [first.bankVrpId],
    );
    expect(debits.rows[0]?.n).toBe(1);
    const otherBody = await connector
      .initiateVrp(ctx(), { ...request, amount: { value: '4.00', currency: 'GBP' } })
      .then(
        () => undefined,
        (reason: unknown) => reason as Error,
      );
    expect(otherBody?.message).toContain('x-idempotency-key was already used with a different request');
  });

  it('over the consent limit: refused with FailsControlParameters, the earlier VRPs counted in one sum over both limits', async () => {
    const consent = await authorisedConsent(`vrp-cost-${randomUUID().slice(0, 8)}`);
    expect(await connector.initiateVrp(ctx(), vrp(consent, '50.00'))).toMatchObject({ outcome: 'COMPLETED' });
    const overTheDay = await connector.initiateVrp(ctx(), vrp(consent, '10.01')).then(
      () => undefined,
      (reason: unknown) => reason as Error,
    );
    expect(overTheDay).toMatchObject({ bankErrorCode: 'UK.OBIE.Rules.FailsControlParameters' });
    expect(overTheDay?.message).toContain('Day limit');
    expect(await connector.initiateVrp(ctx(), vrp(consent, '10.00'))).toMatchObject({ outcome: 'COMPLETED' });
  });
});
