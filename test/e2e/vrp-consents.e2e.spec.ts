import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { remoteJwks, verifyWebhook } from '#libs/events';
import { decideOnConsentPage } from './obie/consent-form.js';
import {
  advanceClock,
  call,
  newMember,
  startGateway,
  type Answer,
  type TestGateway,
  type TestMember,
} from '../support/payments-gateway.js';
import { expectReferenceSchema } from '../support/reference-schema.js';
import { createSubTpp, newReseller } from '../support/sub-tpps.js';
import { WebhookReceiver } from '../support/webhook-receiver.js';

type Json = Record<string, unknown>;
interface VrpConsentBody extends Json {
  readonly id: string;
  readonly status: string;
  readonly initiation: Json;
  readonly authentication?: { readonly redirectUrl: string };
  readonly bankVrpConsentId?: string;
  readonly bankVrpConsentStatus?: string;
  readonly statusReasonInformation?: string;
}
interface ErrorBody {
  readonly error: { readonly message: string; readonly paths?: readonly string[]; readonly tokenTraceId: string };
}

const TPP_CALLBACK = 'https://tpp.example/vrp/callback';

let gateway: TestGateway;
let member: TestMember;
const receiver = new WebhookReceiver();

/** A valid sweeping consent at the redirect bank; fields of the initiation may be replaced. */
function vrpInitiation(overrides: Json = {}): Json {
  return {
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
    ...overrides,
  };
}

function createConsent(initiation: Json, as: TestMember = member): Promise<Answer<{ vrpConsent: VrpConsentBody }>> {
  return call<{ vrpConsent: VrpConsentBody }>(`${gateway.apiUrl}/vrp-consents`, 'POST', as.auth, { initiation });
}

async function created(initiation: Json, as: TestMember = member): Promise<VrpConsentBody> {
  const answer = await createConsent(initiation, as);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expectReferenceSchema('VrpConsentResponse', answer.body, 'POST /vrp-consents');
  return answer.body.vrpConsent;
}

async function getConsent(id: string, as: TestMember = member): Promise<VrpConsentBody> {
  const answer = await call<{ vrpConsent: VrpConsentBody }>(
    `${gateway.apiUrl}/vrp-consents/${encodeURIComponent(id)}`,
    'GET',
    as.auth,
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expectReferenceSchema('VrpConsentResponse', answer.body, 'GET /vrp-consents/{id}');
  return answer.body.vrpConsent;
}

async function waitForConsent(id: string, status: string, timeoutMs = 20_000): Promise<VrpConsentBody> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const consent = await getConsent(id);
    if (consent.status === status) return consent;
    if (Date.now() > deadline) throw new Error(`VRP consent ${id} stayed ${consent.status}, expected ${status}`);
    await sleep(50);
  }
}

/** The gateway's bank callback as the browser follows it: where the user is sent on to. */
async function followCallback(back: URL): Promise<URL> {
  const callback = await fetch(back, { redirect: 'manual' });
  expect(callback.status).toBe(303);
  return new URL(callback.headers.get('location') ?? '');
}

/** The user at the bank (username, approve or deny): the gateway callback URL the bank sends them to. */
async function decideAtBank(consent: VrpConsentBody, decision: 'approve' | 'deny'): Promise<URL> {
  const redirectUrl = consent.authentication?.redirectUrl;
  expect(redirectUrl).toBeDefined();
  const back = await decideOnConsentPage(redirectUrl ?? '', 'sandbox-success', decision);
  expect(back.href.startsWith(`${gateway.apiUrl}/bank-callback`), back.href).toBe(true);
  return back;
}

/** The user at the bank, then the gateway's callback: where the user lands. */
async function authoriseAtBank(consent: VrpConsentBody, decision: 'approve' | 'deny'): Promise<URL> {
  return followCallback(await decideAtBank(consent, decision));
}

/** The VRP_CONSENT_STATUS_CHANGED bodies delivered for a consent, in order. */
function deliveredFor(id: string): Json[] {
  return receiver.requests
    .map((request) => JSON.parse(request.body) as Json)
    .filter((body) => (body['vrpConsentStatusChanged'] as Json | undefined)?.['vrpConsentId'] === id);
}

async function waitForEvent(id: string, status: string): Promise<Json> {
  const has = () => deliveredFor(id).find((body) => (body['vrpConsentStatusChanged'] as Json)['status'] === status);
  await receiver.waitFor(`VRP_CONSENT_STATUS_CHANGED ${status} of ${id}`, () => has() !== undefined, 20_000);
  return has() as Json;
}

beforeAll(async () => {
  gateway = await startGateway({ worker: true });
  member = await newMember(gateway);
  await receiver.start();
  const put = await call(`${gateway.apiUrl}/webhook/config`, 'PUT', member.auth, {
    config: { type: ['VRP_CONSENT_STATUS_CHANGED'], url: receiver.url },
  });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
}, 120_000);

afterAll(async () => {
  await gateway?.close();
  await receiver.stop();
});

describe('POST /vrp-consents refuses every broken rule with a 400 naming the field', () => {
  const longText = (length: number) => 'x'.repeat(length);
  const limit = (overrides: Json = {}) => ({ maximumAmount: '100.00', periodType: 'DAY', ...overrides });
  const cases: readonly [string, Json, string][] = [
    ['refId missing', { refId: undefined }, 'initiation.refId'],
    ['refId over 18 characters', { refId: longText(19) }, 'initiation.refId'],
    [
      'remittanceInformationPrimary missing',
      { remittanceInformationPrimary: undefined },
      'initiation.remittanceInformationPrimary',
    ],
    [
      'remittanceInformationPrimary over 35',
      { remittanceInformationPrimary: longText(36) },
      'initiation.remittanceInformationPrimary',
    ],
    [
      'remittanceInformationSecondary over 140',
      { remittanceInformationSecondary: longText(141) },
      'initiation.remittanceInformationSecondary',
    ],
    ['scheme unknown', { scheme: 'OBL_OTHER' }, 'initiation.scheme'],
    ['scheme missing', { scheme: undefined }, 'initiation.scheme'],
    ['localInstrument not FASTER_PAYMENTS', { localInstrument: 'SEPA' }, 'initiation.localInstrument'],
    ['currency not ISO 4217', { currency: 'XYZ' }, 'initiation.currency'],
    ['currency not carried by Faster Payments', { currency: 'EUR' }, 'initiation.currency'],
    ['creditor missing', { creditor: undefined }, 'initiation.creditor'],
    [
      'creditor sort code malformed',
      { creditor: { name: 'A', sortCode: '0400', accountNumber: '12345678' } },
      'initiation.creditor.sortCode',
    ],
    [
      'creditor account number missing',
      { creditor: { name: 'A', sortCode: '040004' } },
      'initiation.creditor.accountNumber',
    ],
    [
      'creditor name missing',
      { creditor: { sortCode: '040004', accountNumber: '12345678' } },
      'initiation.creditor.name',
    ],
    [
      'creditor IBAN (not a UK account form)',
      { creditor: { name: 'A', iban: 'GB33BUKB20201555555555' } },
      'initiation.creditor.iban',
    ],
    [
      'debtor account number malformed',
      { debtor: { name: 'B', sortCode: '040004', accountNumber: '123' } },
      'initiation.debtor.accountNumber',
    ],
    ['startDateTime not a date-time', { startDateTime: 'tomorrow' }, 'initiation.startDateTime'],
    ['startDateTime in the past', { startDateTime: '2020-01-01T00:00:00Z' }, 'initiation.startDateTime'],
    [
      'endDateTime before startDateTime',
      { startDateTime: '2030-06-01T00:00:00Z', endDateTime: '2030-05-01T00:00:00Z' },
      'initiation.endDateTime',
    ],
    [
      'endDateTime in the past (start defaults to now)',
      { endDateTime: '2020-01-01T00:00:00Z' },
      'initiation.endDateTime',
    ],
    ['maximumIndividualAmount missing', { maximumIndividualAmount: undefined }, 'initiation.maximumIndividualAmount'],
    [
      'maximumIndividualAmount with 3 decimals for GBP',
      { maximumIndividualAmount: '10.001' },
      'initiation.maximumIndividualAmount',
    ],
    ['maximumIndividualAmount a number', { maximumIndividualAmount: 10 }, 'initiation.maximumIndividualAmount'],
    ['minimumIndividualAmount zero', { minimumIndividualAmount: '0' }, 'initiation.minimumIndividualAmount'],
    [
      'periodic maximumAmount with 3 decimals for GBP',
      { periodicLimits: [limit({ maximumAmount: '1.001' })] },
      'initiation.periodicLimits.0.maximumAmount',
    ],
    [
      'minimumIndividualAmount above the maximum',
      { minimumIndividualAmount: '250.01' },
      'initiation.minimumIndividualAmount',
    ],
    [
      'minimumIndividualAmount above a periodic maximum',
      { minimumIndividualAmount: '50.00', periodicLimits: [limit({ maximumAmount: '40.00' })] },
      'initiation.minimumIndividualAmount',
    ],
    ['periodicLimits missing', { periodicLimits: undefined }, 'initiation.periodicLimits'],
    ['periodicLimits empty', { periodicLimits: [] }, 'initiation.periodicLimits'],
    [
      'periodType unknown',
      { periodicLimits: [limit({ periodType: 'FORTNIGHT' })] },
      'initiation.periodicLimits.0.periodType',
    ],
    [
      'periodAlignment unknown',
      { periodicLimits: [limit({ periodAlignment: 'WEEKLY' })] },
      'initiation.periodicLimits.0.periodAlignment',
    ],
    [
      'periodic maximumAmount negative',
      { periodicLimits: [limit({ maximumAmount: '-5' })] },
      'initiation.periodicLimits.0.maximumAmount',
    ],
    [
      'two limits of one type and alignment',
      { periodicLimits: [limit(), limit({ periodAlignment: 'CONSENT' })] },
      'initiation.periodicLimits.1',
    ],
    ['maximumOccurrences negative', { maximumOccurrences: -1 }, 'initiation.maximumOccurrences'],
    ['maximumOccurrences not whole', { maximumOccurrences: 1.5 }, 'initiation.maximumOccurrences'],
    ['callbackUrl not https', { callbackUrl: 'http://tpp.example/back' }, 'initiation.callbackUrl'],
    ['callbackUrl missing', { callbackUrl: undefined }, 'initiation.callbackUrl'],
    ['callbackState missing', { callbackState: undefined }, 'initiation.callbackState'],
    ['onBehalfOfId not an active sub-TPP', { onBehalfOfId: 'st:unknown' }, 'initiation.onBehalfOfId'],
    ['bankId not in the catalogue', { bankId: 'no-such-bank' }, 'initiation.bankId'],
    ['bankId of a bank without VRP', { bankId: 'ob-sandbox-gb-payments' }, 'initiation.bankId'],
  ];

  it.each(cases)('%s', async (_name, overrides, path) => {
    const answer = await call<ErrorBody>(`${gateway.apiUrl}/vrp-consents`, 'POST', member.auth, {
      initiation: vrpInitiation(overrides),
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(answer.body.error.paths, JSON.stringify(answer.body)).toContain(path);
    expect(answer.body.error.message).toContain(path);
    expect(answer.body.error.tokenTraceId).toMatch(/\S/);
  });

  it("refuses a callbackUrl under the gateway's own host", async () => {
    const own = new URL(gateway.apiUrl).hostname;
    // The gateway answers on 127.0.0.1 in tests; a https URL there is its own host.
    const answer = await call<ErrorBody>(`${gateway.apiUrl}/vrp-consents`, 'POST', member.auth, {
      initiation: vrpInitiation({ callbackUrl: `https://${own}/back` }),
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error.paths).toEqual(['initiation.callbackUrl']);
  });

  it('requires onBehalfOfId of an unregulated member', async () => {
    const unregulated = await newMember(gateway, { regulated: false });
    const answer = await call<ErrorBody>(`${gateway.apiUrl}/vrp-consents`, 'POST', unregulated.auth, {
      initiation: vrpInitiation(),
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error.paths).toEqual(['initiation.onBehalfOfId']);
  });

  it('stores nothing for a refused request', async () => {
    const before = await gateway.api.stores.prisma.vrpConsent.count({ where: { memberId: member.id } });
    await createConsent(vrpInitiation({ refId: undefined }));
    expect(await gateway.api.stores.prisma.vrpConsent.count({ where: { memberId: member.id } })).toBe(before);
  });
});

describe('a VRP consent authorised at the bank', () => {
  it('PENDING_REDIRECT_AUTH, the bank, the callback, the TPP with id and state; AUTHORIZED, grant sealed, each change a signed webhook', async () => {
    const initiation = vrpInitiation({ minimumIndividualAmount: '1.00', maximumOccurrences: 12 });
    const consent = await created(initiation);
    expect(consent.status).toBe('PENDING_REDIRECT_AUTH');
    expect(consent.id).toMatch(/^vc:/);
    expect(consent.bankVrpConsentId).toMatch(/\S/);
    expect(consent.bankVrpConsentStatus).toBe('AwaitingAuthorisation');
    expect(consent.initiation).toMatchObject({ ...initiation, startDateTime: expect.any(String) as string });

    const back = await decideAtBank(consent, 'approve');
    const landed = await followCallback(back);
    expect(`${landed.origin}${landed.pathname}`).toBe(TPP_CALLBACK);
    expect(landed.searchParams.get('vrpConsentId')).toBe(consent.id);
    expect(landed.searchParams.get('callbackState')).toBe(initiation['callbackState']);

    const authorised = await getConsent(consent.id);
    expect(authorised.status).toBe('AUTHORIZED');
    expect(authorised.bankVrpConsentStatus).toBe('Authorised');
    expect(authorised.authentication).toBeUndefined();
    expect(JSON.stringify(authorised)).not.toMatch(/grant|sealed/i);

    const row = await gateway.api.stores.prisma.vrpConsent.findUnique({ where: { id: consent.id } });
    expect(row?.sealedGrant).toMatch(/\S/);
    expect(row?.bankTimeZone).toBe('Europe/London');
    expect(row?.maximumOccurrences).toBe(12);
    expect(row?.minimumIndividualAmount?.toString()).toBe('1');

    await waitForEvent(consent.id, 'AUTHORIZED');
    expect(deliveredFor(consent.id).map((body) => (body['vrpConsentStatusChanged'] as Json)['status'])).toEqual([
      'PENDING',
      'PENDING_REDIRECT_AUTH',
      'PENDING_REDIRECT_AUTH_VERIFICATION',
      'AUTHORIZED',
    ]);
    const event = await waitForEvent(consent.id, 'AUTHORIZED');
    expect(event['vrpConsentStatusChanged']).toEqual({
      vrpConsentId: consent.id,
      bankVrpConsentId: consent.bankVrpConsentId,
      status: 'AUTHORIZED',
      bankVrpConsentStatus: 'Authorised',
    });
    const jwks = remoteJwks(`${gateway.apiUrl}/.well-known/jwks.json`);
    for (const request of receiver.requests.filter((r) => r.body.includes(consent.id))) {
      const verified = await verifyWebhook({ body: request.body, headers: request.headers, jwks });
      expect(verified.event).toBe('VRP_CONSENT_STATUS_CHANGED');
    }

    // A reload of the callback does not repeat the bank calls (the code is spent) and lands at the TPP again.
    const before = await gateway.api.stores.prisma.vrpConsent.findUnique({ where: { id: consent.id } });
    expect((await followCallback(back)).href).toBe(landed.href);
    const reloaded = await gateway.api.stores.prisma.vrpConsent.findUnique({ where: { id: consent.id } });
    expect(reloaded?.version).toBe(before?.version);
    expect(reloaded?.status).toBe('AUTHORIZED');
  });

  it('a consent the user denies at the bank ends REJECTED, and the user still returns to the TPP', async () => {
    const consent = await created(vrpInitiation());
    const landed = await authoriseAtBank(consent, 'deny');
    expect(landed.searchParams.get('vrpConsentId')).toBe(consent.id);
    const rejected = await getConsent(consent.id);
    expect(rejected.status).toBe('REJECTED');
    expect(rejected.statusReasonInformation).toMatch(/\S/);
    const row = await gateway.api.stores.prisma.vrpConsent.findUnique({ where: { id: consent.id } });
    expect(row?.sealedGrant).toBeNull();
  });

  it('a commercial consent (OBL_COMMERCIAL) is set up as UK.OBIE.VRPType.Other', async () => {
    // The gateway's extension: the reference's enum lists OBL_SWEEPING only, so no reference-schema check here.
    const answer = await createConsent(vrpInitiation({ scheme: 'OBL_COMMERCIAL' }));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const consent = answer.body.vrpConsent;
    expect(consent.status).toBe('PENDING_REDIRECT_AUTH');
    const atBank = await gateway.bank.stores.db.sbConsent.findFirst({ where: { id: consent.bankVrpConsentId ?? '' } });
    expect(JSON.stringify(atBank?.request)).toContain('UK.OBIE.VRPType.Other');
  });

  it('a sub-TPP of the member may be named in onBehalfOfId', async () => {
    const reseller = await newReseller(gateway);
    const subTppId = await createSubTpp(gateway, reseller);
    const consent = await created(vrpInitiation({ onBehalfOfId: subTppId }), reseller);
    expect(consent.initiation['onBehalfOfId']).toBe(subTppId);
  });
});

describe('POST /vrp-consents with an Idempotency-Key', () => {
  it('answers a retry with the same consent, created once', async () => {
    const body = { initiation: vrpInitiation() };
    const key = { 'idempotency-key': `vrp-${randomBytes(8).toString('hex')}` };
    const first = await call<{ vrpConsent: VrpConsentBody }>(
      `${gateway.apiUrl}/vrp-consents`,
      'POST',
      member.auth,
      body,
      key,
    );
    const again = await call<{ vrpConsent: VrpConsentBody }>(
      `${gateway.apiUrl}/vrp-consents`,
      'POST',
      member.auth,
      body,
      key,
    );
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body.vrpConsent.id).toBe(first.body.vrpConsent.id);
    const refId = body.initiation['refId'] as string;
    expect(await gateway.api.stores.prisma.vrpConsent.count({ where: { refId } })).toBe(1);
  });
});

describe('DELETE /vrp-consents/{id}', () => {
  it('revokes an authorised consent at the bank and here (REVOKED, grant dropped, event); final states stay', async () => {
    const consent = await created(vrpInitiation());
    await authoriseAtBank(consent, 'approve');
    expect((await getConsent(consent.id)).status).toBe('AUTHORIZED');

    const revoked = await call<{ vrpConsent: VrpConsentBody }>(
      `${gateway.apiUrl}/vrp-consents/${encodeURIComponent(consent.id)}`,
      'DELETE',
      member.auth,
    );
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
    expectReferenceSchema('VrpConsentResponse', revoked.body, 'DELETE /vrp-consents/{id}');
    expect(revoked.body.vrpConsent.status).toBe('REVOKED');
    const atBank = await gateway.bank.stores.db.sbConsent.findFirst({ where: { id: consent.bankVrpConsentId ?? '' } });
    expect(atBank?.status).toBe('Deleted');
    const row = await gateway.api.stores.prisma.vrpConsent.findUnique({ where: { id: consent.id } });
    expect(row?.sealedGrant).toBeNull();
    await waitForEvent(consent.id, 'REVOKED');

    const again = await call<{ vrpConsent: VrpConsentBody }>(
      `${gateway.apiUrl}/vrp-consents/${encodeURIComponent(consent.id)}`,
      'DELETE',
      member.auth,
    );
    expect(again.status).toBe(200);
    expect(again.body.vrpConsent.status).toBe('REVOKED');
    expect(again.body.vrpConsent.updatedDateTime).toBe(revoked.body.vrpConsent.updatedDateTime);
    expect(
      deliveredFor(consent.id).filter((body) => (body['vrpConsentStatusChanged'] as Json)['status'] === 'REVOKED'),
    ).toHaveLength(1);
  });

  it('revokes a consent still waiting for the user', async () => {
    const consent = await created(vrpInitiation());
    const revoked = await call<{ vrpConsent: VrpConsentBody }>(
      `${gateway.apiUrl}/vrp-consents/${encodeURIComponent(consent.id)}`,
      'DELETE',
      member.auth,
    );
    expect(revoked.body.vrpConsent.status).toBe('REVOKED');
    expect(revoked.body.vrpConsent.authentication).toBeUndefined();
  });
});

describe('another member', () => {
  it("answers 404 for another member's consent on GET and DELETE, and leaves it out of its list", async () => {
    const consent = await created(vrpInitiation());
    const other = await newMember(gateway);
    for (const method of ['GET', 'DELETE']) {
      const answer = await call<{ error: Json }>(
        `${gateway.apiUrl}/vrp-consents/${encodeURIComponent(consent.id)}`,
        method,
        other.auth,
      );
      expect(answer.status, method).toBe(404);
    }
    const list = await call<{ vrpConsents: VrpConsentBody[] }>(
      `${gateway.apiUrl}/vrp-consents?limit=200`,
      'GET',
      other.auth,
    );
    expect(list.body.vrpConsents).toEqual([]);
    expect((await getConsent(consent.id)).status).toBe('PENDING_REDIRECT_AUTH');
  });
});

describe('GET /vrp-consents', () => {
  it('lists the member’s consents newest first, in pages, with filters', async () => {
    const lister = await newMember(gateway);
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) ids.push((await created(vrpInitiation(), lister)).id);
    const hosted = await created(vrpInitiation({ bankId: undefined }), lister);
    ids.push(hosted.id);
    const list = (query: string) =>
      call<{ vrpConsents: VrpConsentBody[]; pageInfo: Json }>(
        `${gateway.apiUrl}/vrp-consents?${query}`,
        'GET',
        lister.auth,
      );

    const first = await list('limit=3');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expectReferenceSchema('VrpConsentsResponse', first.body, 'GET /vrp-consents');
    expect(first.body.vrpConsents.map((c) => c.id)).toEqual([...ids].reverse().slice(0, 3));
    expect(first.body.pageInfo).toMatchObject({ limit: 3, haveMore: true });
    const next = first.body.pageInfo['nextOffset'] as string;
    const second = await list(`limit=3&offset=${encodeURIComponent(next)}`);
    expect(second.body.vrpConsents.map((c) => c.id)).toEqual([ids[0]]);
    expect(second.body.pageInfo).toMatchObject({ limit: 3, offset: next, haveMore: false });

    const moreInfo = await list('limit=10&statuses=PENDING_MORE_INFO');
    expect(moreInfo.body.vrpConsents.map((c) => c.id)).toEqual([hosted.id]);
    expect((await list('limit=10&scheme=OBL_COMMERCIAL')).body.vrpConsents).toEqual([]);

    for (const bad of ['', 'limit=0', 'limit=201', 'limit=2&statuses=DONE', 'limit=2&createdAfter=yesterday']) {
      const answer = await list(bad);
      expect(answer.status, bad).toBe(400);
    }
  });
});

describe('the 30-minute lifetime under the test clock', () => {
  it('a consent still PENDING_REDIRECT_AUTH or PENDING_MORE_INFO 30 minutes after creation becomes FAILED (worker timer, event)', async () => {
    const atBank = await created(vrpInitiation());
    const hosted = await created(vrpInitiation({ bankId: undefined }));
    expect(hosted.status).toBe('PENDING_MORE_INFO');
    const done = await created(vrpInitiation());
    await authoriseAtBank(done, 'approve');

    await advanceClock(gateway, 29 * 60);
    await sleep(1000);
    expect((await getConsent(atBank.id)).status).toBe('PENDING_REDIRECT_AUTH');
    await advanceClock(gateway, 60 + 1);
    const failed = await waitForConsent(atBank.id, 'FAILED');
    expect(failed.statusReasonInformation).toMatch(/30 minutes/);
    expect(failed.authentication).toBeUndefined();
    expect((await waitForConsent(hosted.id, 'FAILED')).status).toBe('FAILED');
    expect((await getConsent(done.id)).status).toBe('AUTHORIZED');
    const event = await waitForEvent(atBank.id, 'FAILED');
    expect(event['vrpConsentStatusChanged']).toMatchObject({ vrpConsentId: atBank.id, status: 'FAILED' });
    expect(
      await gateway.api.stores.prisma.scheduledJob.count({
        where: { id: { in: [atBank.id, hosted.id, done.id].map((id) => `vrp-consents.expire:${id}`) } },
      }),
    ).toBe(0);
  });
});
