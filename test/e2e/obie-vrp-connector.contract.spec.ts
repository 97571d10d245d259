import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BankHttpClient,
  BankVrpRefusedError,
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
import { SharedClock, closeDataStores, openDataStores, type DataStores } from '#libs/db';
import { SANDBOX_BANKS } from '../../apps/sandbox-bank/src/banks/sandbox-bank-definition.js';
import { SandboxClock } from '../../apps/sandbox-bank/src/store/sandbox-clock.js';
import { baseUrl, testConfig } from '../support/test-env.js';
import { decideOnConsentPage } from './obie/consent-form.js';
import { sandboxEntry } from './obie/sandbox-catalogue.js';

const CALLBACK = 'https://gateway.example/callback';
const POT = {
  name: 'Savings Pot Ltd',
  identifier: { type: 'gbDomestic' as const, sortCode: '200000', accountNumber: '55779911' },
};

let bank: SandboxBankProcess;
/** The gateway's side of the shared sandbox clock. */
let gateway: DataStores;
let sandboxUrl: string;
let connector: ObieConnector;

function freshConnector(): ObieConnector {
  const http = new BankHttpClient({ logger: pino({ level: 'silent' }), backoff: { baseMs: 20, maxMs: 100 } });
  return new ObieConnector(sandboxEntry('ob-sandbox-gb', sandboxUrl), { http, secrets: createSecretResolver({}) });
}

const ctx = (): BankCallContext => ({
  bankId: 'ob-sandbox-gb',
  deadlineMs: Date.now() + 10_000,
  traceId: randomUUID().replace(/-/g, ''),
});

function consentRequest(overrides: Partial<VrpConsentRequest> = {}): VrpConsentRequest {
  return {
    consentId: randomUUID(),
    refId: 'vrp-ref',
    creditor: POT,
    currency: 'GBP',
    maximumIndividualAmount: '50.00',
    // A calendar day allows its whole limit even on the consent's first day (1 of 1 days left).
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

/** A consent the user authorised on the bank's page: its id and grant. */
async function authorisedConsent(
  username: string,
  overrides: Partial<VrpConsentRequest> = {},
): Promise<{ bankConsentId: string; grant: string }> {
  const consent = await connector.createVrpConsent(ctx(), consentRequest(overrides));
  expect(consent).toMatchObject({ outcome: 'AWAITING_AUTHORISATION', bankStatus: 'AwaitingAuthorisation' });
  if (consent.next.kind !== 'redirect') throw new Error('expected a redirect');
  const back = await decideOnConsentPage(consent.next.redirectUrl, username, 'approve');
  const authorised = await connector.completeVrpConsentRedirect(
    ctx(),
    consent.bankConsentId,
    Object.fromEntries(back.searchParams),
    CALLBACK,
  );
  expect(authorised).toMatchObject({ outcome: 'COMPLETED', bankStatus: 'Authorised' });
  expect(authorised.grant ?? '').not.toBe('');
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

async function refusal(promise: Promise<unknown>): Promise<BankVrpRefusedError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(BankVrpRefusedError);
  return error as BankVrpRefusedError;
}

beforeAll(async () => {
  const config = await testConfig({});
  bank = await createSandboxBankProcess(config, { banks: SANDBOX_BANKS });
  await bank.app.listen(0, '127.0.0.1');
  gateway = await openDataStores(config, { service: 'test-gateway', poolSize: 1 });
  sandboxUrl = baseUrl(bank.app);
  connector = freshConnector();
});

afterAll(async () => {
  await closeDataStores(gateway);
  await bank.close();
});

describe('OBIE connector against the sandbox bank: variable recurring payments', () => {
  it('a sweeping consent: the bank echoes its limits and, once authorised, the debtor account', async () => {
    const created = await connector.createVrpConsent(ctx(), consentRequest());
    expect(created.controlParameters).toEqual({
      vrpTypes: ['UK.OBIE.VRPType.Sweeping'],
      currency: 'GBP',
      maximumIndividualAmount: '50.00',
      periodicLimits: [
        { maximumAmount: '60.00', periodType: 'Day', periodAlignment: 'Calendar' },
        { maximumAmount: '1000.00', periodType: 'Year', periodAlignment: 'Consent' },
      ],
    });
    expect(created.debtor).toBeUndefined();
    const consent = await authorisedConsent(`vrp-${randomUUID().slice(0, 8)}`);
    const read = await connector.getVrpConsent(ctx(), consent.bankConsentId);
    expect(read).toMatchObject({
      outcome: 'COMPLETED',
      bankStatus: 'Authorised',
      debtor: { identifier: { type: 'gbDomestic' } },
    });
  });

  it('payments within the limits complete; the bank refuses what goes beyond them (FailsControlParameters)', async () => {
    const consent = await authorisedConsent(`vrp-${randomUUID().slice(0, 8)}`);
    const firstRequest = vrp(consent, '40.00');
    const first = await connector.initiateVrp(ctx(), firstRequest);
    // The bank knows the payment by its refId, the instruction's end-to-end id.
    const executed = await fetch(
      `${sandboxUrl}/sandbox/payments/ob-sandbox-gb?endToEndId=${encodeURIComponent(firstRequest.refId)}`,
      { headers: { authorization: 'Bearer test-admin-token-0123456789abcdef0123' } },
    );
    expect(await executed.json()).toEqual({
      payments: [
        expect.objectContaining({
          id: first.bankVrpId,
          kind: 'domestic-vrp',
          amount: { value: '40.00', currency: 'GBP' },
        }),
      ],
    });
    expect(first).toMatchObject({
      outcome: 'COMPLETED',
      bankStatus: 'AcceptedSettlementCompleted',
      debtor: { identifier: { type: 'gbDomestic' } },
      refundAccount: { identifier: { type: 'gbDomestic' } },
    });
    expect(await connector.getVrpStatus(ctx(), first.bankVrpId, consent.grant)).toMatchObject({
      outcome: 'COMPLETED',
    });

    const tooBig = await refusal(connector.initiateVrp(ctx(), vrp(consent, '50.01')));
    expect(tooBig).toMatchObject({
      refusal: 'CONTROL_PARAMETERS',
      bankStatusCode: 400,
      bankErrorCode: 'UK.OBIE.Rules.FailsControlParameters',
    });
    expect(tooBig.message).toContain('MaximumIndividualAmount');
    const overTheDay = await refusal(connector.initiateVrp(ctx(), vrp(consent, '20.01')));
    expect(overTheDay).toMatchObject({ refusal: 'CONTROL_PARAMETERS' });
    expect(overTheDay.message).toContain('Day limit');
    expect(await connector.initiateVrp(ctx(), vrp(consent, '20.00'))).toMatchObject({ outcome: 'COMPLETED' });
    await expect(connector.initiateVrp(ctx(), vrp(consent, '0.01'))).rejects.toMatchObject({
      refusal: 'CONTROL_PARAMETERS',
    });
  });

  it('the bank counts concurrent payments one after the other: never more than the limit together', async () => {
    const consent = await authorisedConsent(`vrp-${randomUUID().slice(0, 8)}`);
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, () => connector.initiateVrp(ctx(), vrp(consent, '20.00'))),
    );
    const completed = results.filter((result) => result.status === 'fulfilled');
    const refused = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []));
    expect(completed).toHaveLength(3);
    expect(refused).toHaveLength(3);
    for (const reason of refused) expect(reason).toMatchObject({ refusal: 'CONTROL_PARAMETERS' });
  });

  it('funds confirmation answers for the consent debtor account', async () => {
    const consent = await authorisedConsent(`vrp-${randomUUID().slice(0, 8)}`);
    const check = (value: string) => ({
      bankConsentId: consent.bankConsentId,
      grant: consent.grant,
      amount: { value, currency: 'GBP' },
      reference: 'check',
    });
    expect(await connector.confirmFunds(ctx(), check('20.00'))).toEqual({ fundsAvailable: true });
    expect(await connector.confirmFunds(ctx(), check('20000.00'))).toEqual({ fundsAvailable: false });
  });

  it('sandbox-insufficient-funds: funds not available; the VRP Rejected with AM04 -> REJECTED_INSUFFICIENT_FUNDS', async () => {
    const consent = await authorisedConsent('sandbox-insufficient-funds');
    expect(
      await connector.confirmFunds(ctx(), {
        bankConsentId: consent.bankConsentId,
        grant: consent.grant,
        amount: { value: '10.00', currency: 'GBP' },
        reference: 'check',
      }),
    ).toEqual({ fundsAvailable: false });
    const rejected = await connector.initiateVrp(ctx(), vrp(consent, '10.00'));
    expect(rejected).toMatchObject({ outcome: 'REJECTED_INSUFFICIENT_FUNDS', bankStatus: 'Rejected' });
    expect(rejected.statusReason).toContain('AM04');
    expect(await connector.getVrpStatus(ctx(), rejected.bankVrpId, consent.grant)).toMatchObject({
      outcome: 'REJECTED_INSUFFICIENT_FUNDS',
    });
    // A rejected payment spends nothing: the next one is judged on the full limits.
    expect(await connector.initiateVrp(ctx(), vrp(consent, '50.00'))).toMatchObject({
      outcome: 'REJECTED_INSUFFICIENT_FUNDS',
    });
  });

  it('sandbox-vrp-revoked: revoked at the bank after its first payment; the consent still reads Authorised, its grant is refused', async () => {
    const consent = await authorisedConsent('sandbox-vrp-revoked');
    const first = await connector.initiateVrp(ctx(), vrp(consent, '10.00'));
    expect(first).toMatchObject({ outcome: 'COMPLETED' });

    expect(await connector.getVrpConsent(ctx(), consent.bankConsentId)).toMatchObject({
      outcome: 'COMPLETED',
      bankStatus: 'Authorised',
    });
    const second = await refusal(connector.initiateVrp(ctx(), vrp(consent, '10.00')));
    expect(second).toMatchObject({ refusal: 'CONSENT_REVOKED', bankStatusCode: 401 });
    const funds = await refusal(
      connector.confirmFunds(ctx(), {
        bankConsentId: consent.bankConsentId,
        grant: consent.grant,
        amount: { value: '1.00', currency: 'GBP' },
        reference: 'check',
      }),
    );
    expect(funds).toMatchObject({ refusal: 'CONSENT_REVOKED' });
    expect(await connector.getVrpStatus(ctx(), first.bankVrpId, consent.grant)).toMatchObject({
      outcome: 'COMPLETED',
    });
  });

  it('a commercial (OTHER) consent; the TPP deletes it: gone at the bank, its payments refused, earlier ones readable', async () => {
    const consent = await authorisedConsent(`vrp-${randomUUID().slice(0, 8)}`, { vrpType: 'OTHER' });
    expect((await connector.getVrpConsent(ctx(), consent.bankConsentId)).controlParameters?.vrpTypes).toEqual([
      'UK.OBIE.VRPType.Other',
    ]);
    const first = await connector.initiateVrp(ctx(), vrp(consent, '5.00'));
    await connector.revokeVrpConsent(ctx(), consent.bankConsentId);
    await expect(connector.getVrpConsent(ctx(), consent.bankConsentId)).rejects.toMatchObject({
      bankErrorCode: 'UK.OBIE.Resource.NotFound',
    });
    expect(await refusal(connector.initiateVrp(ctx(), vrp(consent, '5.00')))).toMatchObject({
      refusal: 'CONSENT_NOT_ACTIVE',
    });
    expect(await connector.getVrpStatus(ctx(), first.bankVrpId, consent.grant)).toMatchObject({
      outcome: 'COMPLETED',
    });
  });
});

describe('OBIE connector against the sandbox bank: a VRP consent over time', () => {
  it('its grant outlives 90 days, and a new consent-aligned month allows its limit again', async () => {
    const consent = await authorisedConsent(`vrp-${randomUUID().slice(0, 8)}`, {
      periodicLimits: [{ maximumAmount: '50.00', periodType: 'MONTH', periodAlignment: 'CONSENT' }],
    });
    expect(await connector.initiateVrp(ctx(), vrp(consent, '50.00'))).toMatchObject({ outcome: 'COMPLETED' });
    await expect(connector.initiateVrp(ctx(), vrp(consent, '0.01'))).rejects.toMatchObject({
      refusal: 'CONTROL_PARAMETERS',
    });

    const clock = gateway.clock;
    if (!(clock instanceof SharedClock)) throw new Error('the sandbox runs on the shared clock');
    const offset = await clock.advance(100 * 86_400);
    await expect.poll(() => (bank.stores.clock instanceof SandboxClock ? bank.stores.clock.offset : -1)).toBe(offset);
    // Client tokens cached before the jump have expired: a fresh connector fetches new ones.
    expect(await freshConnector().initiateVrp(ctx(), vrp(consent, '50.00'))).toMatchObject({
      outcome: 'COMPLETED',
    });
  });
});
