import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentRepository, PrismaService, paymentFromNew, type Payment, type VrpLimitsToHold } from '#libs/db';
import { ENDS_WITHOUT_MONEY_MOVED, type MemberId } from '#libs/domain';
import { vrpEvents, vrpTimer } from '#libs/application';
import { testExtensions } from '../support/extensions.js';
import { freshDatabaseUrl } from '../support/test-env.js';

let prisma: PrismaService;
let payments: PaymentRepository;
let memberId: MemberId;
let sequence = 0;

const HOUR = 3_600_000;

async function consent(status = 'AUTHORIZED'): Promise<string> {
  sequence += 1;
  const now = new Date();
  const id = `vc:guard${sequence}`;
  await prisma.vrpConsent.create({
    data: {
      id,
      memberId,
      status,
      bankId: null,
      initiation: {},
      refId: `C-${sequence}`,
      scheme: 'OBL_SWEEPING',
      localInstrument: 'FASTER_PAYMENTS',
      currency: 'GBP',
      maximumIndividualAmount: '100',
      periodicLimits: [],
      startDateTime: new Date(now.getTime() - HOUR),
      bankTimeZone: 'Europe/London',
      callbackToken: `vc-token-${sequence}-${Math.random()}`,
      createdAt: now,
      updatedAt: now,
    },
  });
  return id;
}

function vrp(consentId: string, amount: string, owner: string = memberId): Payment {
  sequence += 1;
  const now = new Date();
  return paymentFromNew({
    id: `pm2:guard${sequence}`,
    memberId: owner,
    refId: `REF-${sequence}`,
    status: 'INITIATION_PENDING',
    initiation: { refId: `REF-${sequence}`, amount: { value: amount, currency: 'GBP' } },
    amount,
    currency: 'GBP',
    localInstrument: 'FASTER_PAYMENTS',
    callbackToken: `token-${sequence}-${Math.random()}`,
    nonce: 'n',
    vrpConsentId: consentId,
    expiresAt: new Date(now.getTime() + 60_000),
    pollUntil: new Date(now.getTime() + HOUR),
    createdAt: now,
    updatedAt: now,
  });
}

function store(payment: Payment, limits: VrpLimitsToHold): Promise<boolean> {
  const now = new Date();
  return payments.insertVrpWithinLimits(
    payment,
    vrpEvents(payment, testExtensions().payments),
    vrpTimer(payment, now, [5]),
    limits,
    ENDS_WITHOUT_MONEY_MOVED,
    {
      kind: 'payment',
      operation: 'vrp-initiation',
      since: now,
      firstAskAt: new Date(now.getTime() + 60_000),
      timer: {
        id: `outcome-checks.ask-again:payment:${payment.id}`,
        queue: 'outcome-checks',
        payload: { name: 'outcome-checks.ask-again', kind: 'payment', resourceId: payment.id },
      },
    },
  );
}

/** A day around now allowing `maximum`. */
function day(maximum: string): VrpLimitsToHold {
  const now = Date.now();
  return {
    periods: [{ start: new Date(now - 12 * HOUR), end: new Date(now + 12 * HOUR), maximum }],
    maximumOccurrences: 0,
  };
}

beforeAll(async () => {
  prisma = new PrismaService(await freshDatabaseUrl(), 8);
  payments = new PaymentRepository(prisma);
  memberId = (await prisma.member.create({ data: { id: 'm:vrp-guard', name: 'VRP guard TPP' } })).id as MemberId;
  await prisma.member.create({ data: { id: 'm:vrp-guard-other', name: 'Another TPP' } });
});

afterAll(async () => {
  await prisma.$disconnect();
});

describe("a VRP's one statement, within its consent's limits (real Postgres)", () => {
  it('writes the VRP, both events, its timer and its outcome check together', async () => {
    const consentId = await consent();
    const payment = vrp(consentId, '1.00');
    expect(await store(payment, day('10'))).toBe(true);
    expect((await prisma.payment.findUnique({ where: { id: payment.id } }))?.vrpConsentId).toBe(consentId);
    const events = await prisma.outboxEvent.findMany({ where: { memberId }, select: { eventType: true, body: true } });
    expect(
      events
        .filter((e) => e.body.includes(payment.id))
        .map((e) => e.eventType)
        .sort(),
    ).toEqual(['PAYMENT_STATUS_CHANGED', 'VRP_STATUS_CHANGED']);
    expect(await prisma.scheduledJob.findUnique({ where: { id: `payments.poll:${payment.id}` } })).not.toBeNull();
    expect(
      await prisma.scheduledJob.findUnique({ where: { id: `outcome-checks.ask-again:payment:${payment.id}` } }),
    ).not.toBeNull();
    const check = await prisma.outcomeCheck.findUnique({
      where: { kind_resourceId: { kind: 'payment', resourceId: payment.id } },
    });
    expect(check?.operation).toBe('vrp-initiation');
  });

  it('never passes a period limit under 40 concurrent VRPs on one consent, and writes nothing for those refused', async () => {
    const consentId = await consent();
    const results = await Promise.all(Array.from({ length: 40 }, () => store(vrp(consentId, '1.00'), day('12.00'))));
    expect(results.filter(Boolean)).toHaveLength(12);
    const stored = await prisma.payment.findMany({ where: { vrpConsentId: consentId } });
    expect(stored).toHaveLength(12);
    const checks = await prisma.outcomeCheck.count({ where: { resourceId: { in: stored.map((p) => p.id) } } });
    expect(checks).toBe(12);
    expect(
      await prisma.outcomeCheck.count({ where: { memberId, operation: 'vrp-initiation' } }),
    ).toBeGreaterThanOrEqual(12);
  });

  it('counts occurrences, and not the payments that ended without the money moving', async () => {
    const consentId = await consent();
    const limits = { periods: [], maximumOccurrences: 2 };
    const first = vrp(consentId, '1.00');
    expect(await store(first, limits)).toBe(true);
    expect(await store(vrp(consentId, '1.00'), limits)).toBe(true);
    expect(await store(vrp(consentId, '1.00'), limits)).toBe(false);
    await prisma.payment.update({ where: { id: first.id }, data: { status: 'INITIATION_REJECTED' } });
    expect(await store(vrp(consentId, '1.00'), limits)).toBe(true);
  });

  it("refuses under a consent that is not AUTHORIZED, or is another member's", async () => {
    const revoked = await consent('REVOKED');
    expect(await store(vrp(revoked, '1.00'), day('10'))).toBe(false);
    const mine = await consent();
    expect(await store(vrp(mine, '1.00', 'm:vrp-guard-other'), day('10'))).toBe(false);
    expect(await prisma.payment.count({ where: { vrpConsentId: { in: [revoked, mine] } } })).toBe(0);
  });
});
