import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PaymentRepository,
  PrismaService,
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
async function corrupt(table: 'payment' | 'vrp_consent', id: string): Promise<void> {
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
});
