import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AccountVerificationRepository,
  AisConsentRepository,
  PaymentRepository,
  PrismaService,
  SettlementAccountRepository,
  SubTppRepository,
  TokenRepository,
  UnknownStatusError,
  VrpConsentRepository,
  paymentFromNew,
  type Payment,
  type VrpConsent,
} from '#libs/db';
import type { MemberId, PaymentStatus } from '#libs/domain';
import { freshDatabaseUrl } from '../support/test-env.js';

let prisma: PrismaService;
let payments: PaymentRepository;
let consents: VrpConsentRepository;
let memberId: MemberId;
let sequence = 0;

async function storedPayment(status: PaymentStatus): Promise<Payment> {
  sequence += 1;
  const now = new Date();
  const payment = paymentFromNew({
    id: `pm2:status${sequence}`,
    memberId,
    refId: `REF-${sequence}`,
    status,
    initiation: { refId: `REF-${sequence}`, amount: { value: '1.00', currency: 'GBP' } },
    amount: '1.00',
    currency: 'GBP',
    localInstrument: 'FASTER_PAYMENTS',
    callbackToken: `status-token-${sequence}`,
    nonce: 'n',
    pollUntil: new Date(now.getTime() + 86_400_000),
    createdAt: now,
    updatedAt: now,
  });
  await payments.insert(payment);
  return payment;
}

async function storedConsent(): Promise<VrpConsent> {
  sequence += 1;
  const now = new Date();
  return consents.insert({
    id: `vc:status${sequence}`,
    memberId,
    status: 'PENDING_REDIRECT_AUTH',
    initiation: {},
    refId: `VRP-${sequence}`,
    scheme: 'OBL_SWEEPING',
    localInstrument: 'FASTER_PAYMENTS',
    currency: 'GBP',
    maximumIndividualAmount: '10.00',
    periodicLimits: [],
    startDateTime: now,
    bankTimeZone: 'Europe/London',
    callbackToken: `status-consent-token-${sequence}`,
    createdAt: now,
    updatedAt: now,
  });
}

/** Writes a status the domain does not know straight into the row, as a faulty migration or hand edit would. */
async function corrupt(
  table: 'payment' | 'vrp_consent' | 'token' | 'sub_tpp' | 'settlement_account' | 'account_verification',
  id: string,
): Promise<void> {
  await prisma.$executeRawUnsafe(`UPDATE ${table} SET status = 'SETTLED_ON_MARS' WHERE id = $1`, id);
}

beforeAll(async () => {
  prisma = new PrismaService(await freshDatabaseUrl(), 4);
  payments = new PaymentRepository(prisma);
  consents = new VrpConsentRepository(prisma);
  memberId = (await prisma.member.create({ data: { id: 'm:status-columns', name: 'Status TPP' } })).id as MemberId;
});

afterAll(async () => {
  await prisma?.$disconnect();
});

describe('status columns read through their repositories', () => {
  it('answer a known status as stored, on every read path', async () => {
    const payment = await storedPayment('INITIATION_PROCESSING');
    expect((await payments.findById(payment.id))?.status).toBe('INITIATION_PROCESSING');
    expect((await payments.findForMember(memberId, payment.id))?.status).toBe('INITIATION_PROCESSING');
    expect((await payments.findViewForMember(memberId, payment.id))?.status).toBe('INITIATION_PROCESSING');
    const consent = await storedConsent();
    expect((await consents.findViewForMember(memberId, consent.id))?.status).toBe('PENDING_REDIRECT_AUTH');
  });

  it('stop a payment read at an unknown status, naming the domain and the value', async () => {
    const payment = await storedPayment('INITIATION_COMPLETED');
    await corrupt('payment', payment.id);
    const reads: Array<[string, () => Promise<unknown>]> = [
      ['findById (Prisma)', () => payments.findById(payment.id)],
      ['findForMember (prepared statement on the pool)', () => payments.findForMember(memberId, payment.id)],
      ['findViewForMember (batched view read)', () => payments.findViewForMember(memberId, payment.id)],
      ['listForMember', () => payments.listForMember(memberId, { ids: [payment.id] }, 10)],
      [
        'findForMember in a transaction',
        () => prisma.$transaction((tx) => payments.in(tx).findForMember(memberId, payment.id)),
      ],
    ];
    for (const [path, read] of reads) {
      const failure = await read().then(
        () => null,
        (error: unknown) => error,
      );
      expect(failure, path).toBeInstanceOf(UnknownStatusError);
      expect(failure, path).toMatchObject({ domain: 'payment', value: 'SETTLED_ON_MARS' });
    }
  });

  it('stop a read-by-id view at an unknown status', async () => {
    const consent = await storedConsent();
    await corrupt('vrp_consent', consent.id);
    await expect(consents.findViewForMember(memberId, consent.id)).rejects.toMatchObject({
      name: 'UnknownStatusError',
      domain: 'VRP consent',
      value: 'SETTLED_ON_MARS',
    });
    await expect(consents.findById(consent.id)).rejects.toBeInstanceOf(UnknownStatusError);
  });

  it('stop token, account-information consent, sub-TPP, settlement account and verification reads at an unknown status', async () => {
    const now = new Date();
    await prisma.bank.create({
      data: {
        id: 'status-columns-bank',
        name: 'Status columns bank',
        countries: ['GB'],
        bics: [],
        logoUri: 'https://bank.example/logo.png',
        provider: 'test',
        openBankingStandard: 'UK_OPEN_BANKING_STANDARD',
        supportedLocalInstruments: ['FASTER_PAYMENTS'],
        scaApproaches: ['REDIRECT'],
        features: {},
        connectorType: 'obie',
        connectorSettings: {},
        listed: false,
      },
    });
    await prisma.tokenRequest.create({
      data: {
        id: 'rq:status-columns',
        memberId,
        kind: 'ACCESS',
        refId: 'REF-status-columns',
        requestOptions: {},
        requestPayload: {},
        status: 'PROCESSED',
        callbackToken: 'status-columns-request-token',
        nonce: 'n',
        expiresAt: new Date(now.getTime() + 86_400_000),
        createdAt: now,
        updatedAt: now,
      },
    });
    const tokens = new TokenRepository(prisma);
    const token = await tokens.insert({
      id: 'tt:status-columns',
      memberId,
      tokenRequestId: 'rq:status-columns',
      kind: 'ACCESS',
      status: 'ACTIVE',
      bankId: 'status-columns-bank',
      payload: {},
      createdAt: now,
      updatedAt: now,
    });
    const subTpps = new SubTppRepository(prisma);
    const subTpp = await subTpps.insert({
      id: 'st:status-columns',
      memberId,
      name: 'Status Shop',
      domain: 'status.example',
      merchant: {},
      newFlow: false,
      status: 'ACTIVATED',
      createdAt: now,
      updatedAt: now,
    });
    const accounts = new SettlementAccountRepository(prisma);
    const account = await accounts.insert({
      id: 'pa:status-columns',
      memberId,
      providerId: 'sandbox-settlement',
      providerAccountId: 'PRV-status-columns',
      status: 'ACTIVE',
      currency: 'GBP',
      country: 'GB',
      createdAt: now,
      updatedAt: now,
    });
    const verifications = new AccountVerificationRepository(prisma);
    const verification = await verifications.insert({
      id: 'av:status-columns',
      memberId,
      providerId: 'sandbox-settlement',
      name: 'A Payee',
      currency: 'GBP',
      status: 'MATCH',
      reasons: ['EXACT_MATCH'],
      details: 'The account details match.',
      createdAt: now,
      expiresAt: new Date(now.getTime() + 86_400_000),
    });
    const aisConsents = new AisConsentRepository(prisma);
    expect((await aisConsents.findForMember(memberId, token.id))?.status).toBe('ACTIVE');
    expect((await accounts.findViewForMember(memberId, account.id))?.status).toBe('ACTIVE');

    // The token's column also has a CHECK of its statuses; without it (this file's own database), the read checks.
    await prisma.$executeRawUnsafe('ALTER TABLE token DROP CONSTRAINT token_status_check');
    await corrupt('token', token.id);
    await corrupt('sub_tpp', subTpp.id);
    await corrupt('settlement_account', account.id);
    await corrupt('account_verification', verification.id);
    const reads: Array<[string, string, () => Promise<unknown>]> = [
      ['token', 'token', () => tokens.findForMember(memberId, token.id)],
      ['token list', 'token', () => tokens.listForMember(memberId, {}, 10)],
      ['account-information consent', 'token', () => aisConsents.findForMember(memberId, token.id)],
      ['sub-TPP', 'sub-TPP', () => subTpps.findForMember(memberId, subTpp.id)],
      ['settlement account', 'settlement account', () => accounts.findById(account.id)],
      ['settlement account view', 'settlement account', () => accounts.findViewForMember(memberId, account.id)],
      ['account verification', 'account verification', () => verifications.findForMember(memberId, verification.id)],
    ];
    for (const [path, domain, read] of reads) {
      const failure = await read().then(
        () => null,
        (error: unknown) => error,
      );
      expect(failure, path).toBeInstanceOf(UnknownStatusError);
      expect(failure, path).toMatchObject({ domain, value: 'SETTLED_ON_MARS' });
    }
  });
});
