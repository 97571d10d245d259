import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  CompleteVrpConsentCallbackUseCase,
  CreateVrpConsentUseCase,
  ExpireVrpConsentUseCase,
  GetVrpConsentUseCase,
  ListVrpConsentsUseCase,
  RevokeVrpConsentUseCase,
  vrpConsentTimerId,
} from '#libs/application';
import { BankRejectedError, BankUnavailableError } from '#libs/connectors';
import type { MemberId, VrpConsentInitiationInput } from '#libs/domain';
import { gatewayFailure } from './harness/gateway-failure.js';
import { MediumGateway } from './harness/medium-gateway.js';
import { bankFails, bankSays } from './harness/scripted-bank.js';

/**
 * VRP consents in-process, the bank scripted: a consent without a bank waits for the user's choice
 * on the hosted pages; the bank's refusal or failure at creation ends it and is the answer; the
 * user back from the bank authorises or refuses it; the 30-minute timer fails a consent still
 * pending and leaves any other alone; revocation asks the bank first and keeps the consent when
 * the bank cannot; reads and lists see only the member's own consents.
 */
const CREDITOR = { name: 'Savings', sortCode: '040004', accountNumber: '11223344' };
let gateway: MediumGateway;
let member: MemberId;
let other: MemberId;

beforeAll(async () => {
  gateway = await MediumGateway.start();
  member = await gateway.member('vrp-consents');
  other = await gateway.member('vrp-consents-other');
});

afterAll(async () => {
  await gateway?.close();
});

afterEach(() => {
  gateway.bank.reset();
});

/** Creates a consent (at the sandbox bank, or with no bank when `atBank` is false). */
function create(overrides: Partial<VrpConsentInitiationInput> = {}, by: MemberId = member, atBank = true) {
  const { bankId, ...input }: VrpConsentInitiationInput = {
    bankId: 'ob-sandbox-gb',
    refId: `vc-${randomBytes(4).toString('hex')}`,
    remittanceInformationPrimary: 'Sweep to savings',
    scheme: 'OBL_SWEEPING',
    localInstrument: 'FASTER_PAYMENTS',
    creditor: CREDITOR,
    currency: 'GBP',
    maximumIndividualAmount: '250.00',
    periodicLimits: [{ maximumAmount: '1000.00', periodType: 'MONTH', periodAlignment: 'CALENDAR' }],
    callbackUrl: 'https://tpp.example/vrp/callback',
    callbackState: 'state-1',
    ...overrides,
  };
  return gateway.get(CreateVrpConsentUseCase).execute({
    member: { memberId: by, regulated: true },
    input: atBank && bankId !== undefined ? { ...input, bankId } : input,
  });
}

/** A consent the bank holds and awaits the user for: its id and its callback token. */
async function awaitingUser(): Promise<{ readonly id: string; readonly token: string }> {
  gateway.bank.script('createVrpConsent', bankSays.vrpConsent('AWAITING_AUTHORISATION', { consentId: 'bank-vc-1' }));
  const created = await create();
  expect(created.status).toBe('PENDING_REDIRECT_AUTH');
  const row = await gateway.stores.prisma.vrpConsent.findUniqueOrThrow({ where: { id: created.id } });
  gateway.bank.reset();
  return { id: created.id, token: row.callbackToken };
}

async function authorised(): Promise<string> {
  const { id, token } = await awaitingUser();
  gateway.bank.script(
    'completeVrpConsentRedirect',
    bankSays.vrpConsent('COMPLETED', { consentId: 'bank-vc-1', grant: 'vrp-grant-secret' }),
  );
  const back = await gateway.get(CompleteVrpConsentCallbackUseCase).execute({ token, params: { code: 'c' } });
  expect(back?.status).toBe('AUTHORIZED');
  gateway.bank.reset();
  return id;
}

function row(id: string) {
  return gateway.stores.prisma.vrpConsent.findUniqueOrThrow({ where: { id } });
}

describe('creating a VRP consent', () => {
  it('without a bank: PENDING_MORE_INFO with the hosted bank selection, its timer set, no bank asked', async () => {
    const created = await create({}, member, false);
    expect(created.status).toBe('PENDING_MORE_INFO');
    expect(created.authentication?.redirectUrl).toMatch(/^http.*\/vrp-consents\/[^/]+$/);
    expect(gateway.bank.calls()).toEqual([]);
    expect(await gateway.statusesOf(created.id)).toEqual(['PENDING_MORE_INFO']);
    const timer = await gateway.timer(vrpConsentTimerId(created.id));
    expect(timer?.jobName).toBe('vrp-consents.expire');
  });

  it('sends the bank the consent’s controls and the user to the bank', async () => {
    gateway.bank.script('createVrpConsent', bankSays.vrpConsent('AWAITING_AUTHORISATION', { consentId: 'bank-vc-2' }));
    const created = await create({ maximumIndividualAmount: '99.99' });
    expect(created.status).toBe('PENDING_REDIRECT_AUTH');
    expect(created.authentication?.redirectUrl).toBe('https://bank.example/vrp/authorise');
    const [call] = gateway.bank.calls('createVrpConsent');
    expect(JSON.stringify(call?.args[0])).toContain('99.99');
    expect((await row(created.id)).bankConsentId).toBe('bank-vc-2');
    expect(await gateway.statusesOf(created.id)).toEqual(['PENDING', 'PENDING_REDIRECT_AUTH']);
  });

  it('a bank refusal ends it REJECTED with the bank’s reason and is the answer', async () => {
    gateway.bank.script('createVrpConsent', bankFails.rejected('Creditor account not allowed'));
    const error = await create().then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(BankRejectedError);
    const [stored] = await gateway.stores.prisma.vrpConsent.findMany({
      where: { memberId: member },
      orderBy: { createdAt: 'desc' },
      take: 1,
    });
    expect(stored?.status).toBe('REJECTED');
    expect(stored?.statusReasonInformation).toContain('Creditor account not allowed');
    expect(await gateway.timer(vrpConsentTimerId(stored?.id ?? ''))).toBeNull();
  });

  it('a bank that fails (5xx) ends it FAILED: no money moves on a consent, so nothing is asked again', async () => {
    gateway.bank.script('createVrpConsent', bankFails.unavailable(502));
    const refId = `vc-${randomBytes(4).toString('hex')}`;
    const error = await create({ refId }).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(BankUnavailableError);
    const stored = await gateway.stores.prisma.vrpConsent.findFirstOrThrow({ where: { memberId: member, refId } });
    expect(stored.status).toBe('FAILED');
    expect(await gateway.outcomeCheck('vrp-consent', stored.id)).toBeNull();
    expect(await gateway.statusesOf(stored.id)).toEqual(['PENDING', 'FAILED']);
  });
});

describe('the user back from the bank', () => {
  it('authorises it: AUTHORIZED, the grant sealed in its row, the timer cleared', async () => {
    const id = await authorised();
    const stored = await row(id);
    expect(stored.sealedGrant).not.toBeNull();
    expect(stored.sealedGrant).not.toContain('vrp-grant-secret');
    expect(await gateway.timer(vrpConsentTimerId(id))).toBeNull();
    expect(await gateway.statusesOf(id)).toEqual([
      'PENDING',
      'PENDING_REDIRECT_AUTH',
      'PENDING_REDIRECT_AUTH_VERIFICATION',
      'AUTHORIZED',
    ]);
  });

  it('a refusal at the bank ends it REJECTED, and a reload of the callback asks the bank nothing more', async () => {
    const { id, token } = await awaitingUser();
    gateway.bank.script('completeVrpConsentRedirect', bankSays.vrpConsent('REJECTED'));
    const callback = gateway.get(CompleteVrpConsentCallbackUseCase);
    expect((await callback.execute({ token, params: { error: 'access_denied' } }))?.status).toBe('REJECTED');
    expect((await callback.execute({ token, params: { error: 'access_denied' } }))?.status).toBe('REJECTED');
    expect(gateway.bank.calls('completeVrpConsentRedirect')).toHaveLength(1);
    expect((await row(id)).sealedGrant).toBeNull();
  });

  it('an unknown callback token finds nothing', async () => {
    expect(
      await gateway.get(CompleteVrpConsentCallbackUseCase).execute({ token: 'no-such-token', params: {} }),
    ).toBeNull();
  });
});

describe('the 30-minute timer', () => {
  it('leaves a consent not yet due pending with its timer, then fails it with its event, once', async () => {
    const { id } = await awaitingUser();
    const expire = gateway.get(ExpireVrpConsentUseCase);
    expect(await expire.execute({ vrpConsentId: id })).toBe('PENDING_REDIRECT_AUTH');
    expect(await gateway.timer(vrpConsentTimerId(id))).not.toBeNull();
    gateway.clock.advance(31 * 60);
    try {
      expect(await expire.execute({ vrpConsentId: id })).toBe('FAILED');
      expect(await expire.execute({ vrpConsentId: id })).toBe('FAILED');
    } finally {
      gateway.clock.advance(-31 * 60);
    }
    expect(await gateway.statusesOf(id)).toEqual(['PENDING', 'PENDING_REDIRECT_AUTH', 'FAILED']);
    expect(await gateway.timer(vrpConsentTimerId(id))).toBeNull();
    expect(await expire.execute({ vrpConsentId: 'vc-gone' })).toBe('gone');
  });

  it('leaves an authorised consent as it is', async () => {
    const id = await authorised();
    gateway.clock.advance(31 * 60);
    try {
      expect(await gateway.get(ExpireVrpConsentUseCase).execute({ vrpConsentId: id })).toBe('AUTHORIZED');
    } finally {
      gateway.clock.advance(-31 * 60);
    }
  });
});

describe('revoking a consent', () => {
  it('revokes it at the bank first, then REVOKED with its event and the grant dropped; again, answered as it is', async () => {
    const id = await authorised();
    gateway.bank.script('revokeVrpConsent', () => undefined);
    const revoke = gateway.get(RevokeVrpConsentUseCase);
    expect((await revoke.execute({ memberId: member, vrpConsentId: id })).status).toBe('REVOKED');
    expect(gateway.bank.calls('revokeVrpConsent').map((call) => call.args[0])).toEqual(['bank-vc-1']);
    expect((await row(id)).sealedGrant).toBeNull();
    expect((await revoke.execute({ memberId: member, vrpConsentId: id })).status).toBe('REVOKED');
    expect(gateway.bank.calls('revokeVrpConsent')).toHaveLength(1);
    expect((await gateway.statusesOf(id)).at(-1)).toBe('REVOKED');
  });

  it('a bank that cannot revoke now is the answer, and the consent stays authorised with its grant', async () => {
    const id = await authorised();
    gateway.bank.script('revokeVrpConsent', bankFails.unavailable(503));
    const error = await gateway
      .get(RevokeVrpConsentUseCase)
      .execute({ memberId: member, vrpConsentId: id })
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    expect(error).toBeInstanceOf(BankUnavailableError);
    const stored = await row(id);
    expect(stored.status).toBe('AUTHORIZED');
    expect(stored.sealedGrant).not.toBeNull();
  });

  it('another member’s consent is not found, and nothing is asked of the bank', async () => {
    const id = await authorised();
    const failure = await gatewayFailure(() =>
      gateway.get(RevokeVrpConsentUseCase).execute({ memberId: other, vrpConsentId: id }),
    );
    expect(failure.status).toBe(404);
    expect(gateway.bank.calls()).toEqual([]);
    expect((await row(id)).status).toBe('AUTHORIZED');
  });
});

describe('reading consents', () => {
  it('reads the member’s own consent, and 404 for another member', async () => {
    const id = await authorised();
    const got = await gateway.get(GetVrpConsentUseCase).execute({ memberId: member, vrpConsentId: id });
    expect(got).toMatchObject({ id, status: 'AUTHORIZED' });
    expect(JSON.stringify(got)).not.toContain('vrp-grant-secret');
    const failure = await gatewayFailure(() =>
      gateway.get(GetVrpConsentUseCase).execute({ memberId: other, vrpConsentId: id }),
    );
    expect(failure.status).toBe(404);
  });

  it('lists the member’s consents newest first in pages, filtered by status', async () => {
    const lister = await gateway.member('vrp-consents-lister');
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      ids.push((await create({}, lister, false)).id);
      gateway.clock.advance(1);
    }
    const list = gateway.get(ListVrpConsentsUseCase);
    const first = await list.execute({ memberId: lister, limit: 2, filter: {} });
    expect(first.vrpConsents.map((consent) => consent.id)).toEqual([ids[2], ids[1]]);
    expect(first.pageInfo.haveMore).toBe(true);
    const second = await list.execute({
      memberId: lister,
      limit: 2,
      offset: first.pageInfo.nextOffset,
      filter: {},
    });
    expect(second.vrpConsents.map((consent) => consent.id)).toEqual([ids[0]]);
    expect(second.pageInfo.haveMore).toBe(false);
    expect(
      (await list.execute({ memberId: lister, limit: 10, filter: { statuses: ['AUTHORIZED'] } })).vrpConsents,
    ).toEqual([]);
    expect((await list.execute({ memberId: other, limit: 10, filter: {} })).vrpConsents.map((c) => c.id)).not.toContain(
      ids[0],
    );
  });
});
