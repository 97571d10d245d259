import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  CompleteVrpConsentCallbackUseCase,
  CreateVrpConsentUseCase,
  InitiatePaymentUseCase,
  PaymentOrderSubmission,
  PaymentProgression,
} from '#libs/application';
import { GatewayError } from '#libs/common';
import type { MemberId, VrpConsentInitiationInput } from '#libs/domain';
import { MediumGateway } from './harness/medium-gateway.js';
import { bankFails, bankSays } from './harness/scripted-bank.js';

/**
 * VRP consents and VRPs in-process: the consent created and authorised (CreateVrpConsentUseCase,
 * the bank callback), VRPs under it checked against its limits before any bank call
 * (POST /v2/payments with a vrpConsentId), and a VRP whose answer is lost asked again under the
 * same idempotency key at its timer, the bank scripted.
 */
const CREDITOR = { name: 'Savings', sortCode: '040004', accountNumber: '11223344' };
let gateway: MediumGateway;
let member: MemberId;

beforeAll(async () => {
  gateway = await MediumGateway.start();
  member = await gateway.member('vrps');
});

afterAll(async () => {
  await gateway?.close();
});

afterEach(() => {
  gateway.bank.reset();
});

/** A consent the bank authorised, with the given limits. */
async function authorisedConsent(limits: Partial<VrpConsentInitiationInput> = {}): Promise<string> {
  gateway.bank.script('createVrpConsent', bankSays.vrpConsent('AWAITING_AUTHORISATION', { consentId: 'bank-vc' }));
  const created = await gateway.get(CreateVrpConsentUseCase).execute({
    member: { memberId: member, regulated: true },
    input: {
      bankId: 'ob-sandbox-gb',
      refId: `vrp-${randomBytes(4).toString('hex')}`,
      remittanceInformationPrimary: 'Sweep to savings',
      scheme: 'OBL_SWEEPING',
      localInstrument: 'FASTER_PAYMENTS',
      creditor: CREDITOR,
      currency: 'GBP',
      maximumIndividualAmount: '250.00',
      periodicLimits: [{ maximumAmount: '10000.00', periodType: 'YEAR', periodAlignment: 'CONSENT' }],
      callbackUrl: 'https://tpp.example/vrp/callback',
      callbackState: 'state-1',
      ...limits,
    },
  });
  expect(created.status).toBe('PENDING_REDIRECT_AUTH');
  const { callbackToken } = await gateway.stores.prisma.vrpConsent.findUniqueOrThrow({ where: { id: created.id } });
  gateway.bank.script(
    'completeVrpConsentRedirect',
    bankSays.vrpConsent('COMPLETED', { consentId: 'bank-vc', grant: 'vrp-grant-secret' }),
  );
  const authorised = await gateway
    .get(CompleteVrpConsentCallbackUseCase)
    .execute({ token: callbackToken, params: { code: 'c' } });
  expect(authorised?.status).toBe('AUTHORIZED');
  gateway.bank.reset();
  return created.id;
}

function pay(vrpConsentId: string, value: string) {
  return gateway.get(InitiatePaymentUseCase).execute({
    member: { memberId: member, regulated: true },
    input: {
      vrpConsentId,
      refId: `r-${randomBytes(4).toString('hex')}`,
      remittanceInformationPrimary: 'Sweep to savings',
      amount: { value, currency: 'GBP' },
      localInstrument: 'FASTER_PAYMENTS',
      creditor: CREDITOR,
      callbackUrl: 'https://tpp.example/vrp/callback',
    },
  });
}

async function refusal(promise: Promise<unknown>): Promise<GatewayError> {
  const error = await promise.catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(GatewayError);
  return error as GatewayError;
}

const row = (id: string) => gateway.stores.prisma.payment.findUniqueOrThrow({ where: { id } });

describe('a VRP consent', () => {
  it('goes PENDING_REDIRECT_AUTH, then AUTHORIZED with its grant sealed, an event per move', async () => {
    const id = await authorisedConsent();
    const stored = await gateway.stores.prisma.vrpConsent.findUniqueOrThrow({ where: { id } });
    expect(stored.status).toBe('AUTHORIZED');
    expect(stored.sealedGrant).not.toBeNull();
    expect(stored.sealedGrant).not.toContain('vrp-grant-secret');
    expect(await gateway.statusesOf(id)).toEqual([
      'PENDING',
      'PENDING_REDIRECT_AUTH',
      'PENDING_REDIRECT_AUTH_VERIFICATION',
      'AUTHORIZED',
    ]);
  });
});

describe('VRPs under a consent', () => {
  it('a VRP within the limits is sent with the consent’s grant and completes', async () => {
    const consent = await authorisedConsent();
    gateway.bank.script('initiateVrp', bankSays.vrp('COMPLETED', 'bank-vrp-a'));
    const payment = await pay(consent, '25.00');
    expect(payment.status).toBe('INITIATION_COMPLETED');
    const [sent] = gateway.bank.calls('initiateVrp');
    expect(sent?.args[0]).toMatchObject({ bankConsentId: 'bank-vc', grant: 'vrp-grant-secret' });
    expect(await row(payment.id)).toMatchObject({ vrpConsentId: consent, status: 'INITIATION_COMPLETED' });
    // The answer, recorded in one statement, wrote both events of each move and ended the initiation's check.
    const events = (await gateway.eventsOf(payment.id)).map((event) => event.eventType);
    expect(events.filter((type) => type === 'PAYMENT_STATUS_CHANGED')).toHaveLength(2);
    expect(events.filter((type) => type === 'VRP_STATUS_CHANGED')).toHaveLength(2);
    expect(await gateway.outcomeCheck('payment', payment.id)).toBeNull();
  });

  it('refuses a VRP above the individual maximum or past a periodic limit before asking the bank', async () => {
    const consent = await authorisedConsent({
      maximumIndividualAmount: '50.00',
      periodicLimits: [{ maximumAmount: '60.00', periodType: 'DAY', periodAlignment: 'CONSENT' }],
    });
    expect((await refusal(pay(consent, '50.01'))).message).toContain('maximumIndividualAmount');
    expect(gateway.bank.calls('initiateVrp')).toHaveLength(0);

    gateway.bank.script('initiateVrp', bankSays.vrp('COMPLETED', 'bank-vrp-b'));
    expect((await pay(consent, '40.00')).status).toBe('INITIATION_COMPLETED');
    await refusal(pay(consent, '20.01'));
    expect(gateway.bank.calls('initiateVrp')).toHaveLength(1);
    // What is left of the period still goes through.
    expect((await pay(consent, '20.00')).status).toBe('INITIATION_COMPLETED');

    // A new period (the next day) has its whole limit again.
    gateway.clock.advance(24 * 3600 + 60);
    expect((await pay(consent, '50.00')).status).toBe('INITIATION_COMPLETED');
  });

  it('a bank refusal for the consent’s controls ends the VRP INITIATION_REJECTED', async () => {
    const consent = await authorisedConsent();
    gateway.bank.script('initiateVrp', bankFails.vrpRefused('CONTROL_PARAMETERS', 'over the limit at the bank'));
    const error = await refusal(pay(consent, '10.00'));
    expect(error.status).toBeGreaterThanOrEqual(400);
    const [stored] = await gateway.stores.prisma.payment.findMany({ where: { vrpConsentId: consent } });
    expect(stored?.status).toBe('INITIATION_REJECTED');
  });
});

describe('a VRP whose initiation answer is lost', () => {
  it('stays INITIATION_PENDING; its outcome check asks the bank again under the same VRP, and the answer is applied', async () => {
    const consent = await authorisedConsent();
    gateway.bank.script('initiateVrp', bankFails.timeout());
    // The caller is answered the VRP as stored: no outcome is made up for it.
    const payment = await pay(consent, '12.00');
    expect(payment.status).toBe('INITIATION_PENDING');
    expect((await row(payment.id)).status).toBe('INITIATION_PENDING');

    // The unknown outcome has its check (the bank truth rule): the timer leaves the VRP to it.
    const check = await gateway.outcomeCheck('payment', payment.id);
    expect(check).not.toBeNull();
    await gateway.get(PaymentProgression).poll(payment.id);
    expect((await row(payment.id)).status).toBe('INITIATION_PENDING');

    gateway.bank.reset();
    gateway.bank.script('initiateVrp', bankSays.vrp('COMPLETED', 'bank-vrp-c'));
    expect(await gateway.get(PaymentOrderSubmission).askAgain(check!)).toBe('answered');

    expect(await row(payment.id)).toMatchObject({ status: 'INITIATION_COMPLETED', bankPaymentId: 'bank-vrp-c' });
    const [asked] = gateway.bank.calls('initiateVrp');
    expect(asked?.args[0].vrpId).toBe(payment.id);
    expect(await gateway.statusesOf(payment.id, 'PAYMENT')).toEqual(['INITIATION_PENDING', 'INITIATION_COMPLETED']);
  });
});

describe('the answer to a VRP that has ended meanwhile', () => {
  it('leaves the VRP as it ended, and its outcome check ends in the transaction that records the answer', async () => {
    const consent = await authorisedConsent();
    gateway.bank.script('initiateVrp', async (_ctx, vrp) => {
      // Another change ends the VRP while the bank is being asked.
      await gateway.get(PaymentProgression).end(vrp.vrpId, 'INITIATION_FAILED', 'Ended while the bank was asked.');
      return bankSays.vrp('COMPLETED', 'bank-vrp-e');
    });
    const payment = await pay(consent, '7.00');

    // Final statuses never change: the machine refuses the answer, and the answer ends the check.
    expect(payment.status).toBe('INITIATION_FAILED');
    expect(await row(payment.id)).toMatchObject({ status: 'INITIATION_FAILED', bankPaymentId: null });
    expect(await gateway.statusesOf(payment.id, 'PAYMENT')).toEqual(['INITIATION_PENDING', 'INITIATION_FAILED']);
    expect(await gateway.outcomeCheck('payment', payment.id)).toBeNull();
  });
});
