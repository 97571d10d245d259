import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OutcomeCheckRepository,
  PaymentRepository,
  PrismaService,
  paymentAfterChange,
  paymentFromNew,
  type NewPayment,
  type Payment,
  type PaymentChange,
} from '#libs/db';
import type { MemberId, PaymentStatus } from '#libs/domain';
import {
  paymentLifecycle as paymentLifecycleWith,
  plannedChange,
  recordChange,
  storeNew,
  type Lifecycle,
  type PaymentMoveContext,
} from '#libs/application';
import { testExtensions } from '../support/extensions.js';
import { freshDatabaseUrl } from '../support/test-env.js';

const paymentLifecycle = paymentLifecycleWith(testExtensions().payments);

let prisma: PrismaService;
let payments: PaymentRepository;
let memberId: MemberId;
let sequence = 0;
const SCHEDULE = [5, 60];

function newRow(now: Date, status: PaymentStatus): NewPayment {
  sequence += 1;
  return {
    id: `pm2:lifecycle${sequence}`,
    memberId,
    refId: `LC-${sequence}`,
    status,
    initiation: { refId: `LC-${sequence}`, amount: { value: '1.00', currency: 'GBP' } },
    amount: '1.00',
    currency: 'GBP',
    localInstrument: 'FASTER_PAYMENTS',
    callbackToken: `lc-${sequence}-${Math.random()}`,
    nonce: 'n',
    expiresAt: new Date(now.getTime() + 900_000),
    pollUntil: new Date(now.getTime() + 86_400_000),
    createdAt: now,
    updatedAt: now,
  };
}

const context = (): PaymentMoveContext => ({ payments, scheduleSeconds: SCHEDULE });

/** A payment stored by the generic storeNew (creation event and first timer). */
async function stored(status: PaymentStatus = 'INITIATION_PENDING_REDIRECT_AUTH'): Promise<Payment> {
  const now = new Date();
  return prisma.$transaction((tx) =>
    storeNew(paymentLifecycle, tx, paymentFromNew(newRow(now, status)), now, context()),
  );
}

function change(status: PaymentStatus): PaymentChange {
  return { status, updatedAt: new Date(), bankPaymentStatus: `bank-${status}` };
}

async function statuses(paymentId: string): Promise<string[]> {
  const rows = await prisma.outboxEvent.findMany({ where: { memberId }, orderBy: { createdAt: 'asc' } });
  return rows
    .map((row) => JSON.parse(row.body) as { payment?: { id: string; status: string } })
    .filter((body) => body.payment?.id === paymentId)
    .map((body) => body.payment?.status ?? '');
}

const timerOf = (paymentId: string) => prisma.scheduledJob.findUnique({ where: { id: `payments.poll:${paymentId}` } });

async function openCheck(paymentId: string): Promise<void> {
  await new OutcomeCheckRepository(prisma).begin(
    { kind: 'payment', resourceId: paymentId, memberId, operation: 'test', since: new Date(), firstAskAt: new Date() },
    {
      id: `outcome-checks.ask-again:payment:${paymentId}`,
      queue: 'timers',
      payload: { name: 'outcome-checks.ask-again', kind: 'payment', resourceId: paymentId },
    },
  );
}
const checkOf = (paymentId: string) =>
  new OutcomeCheckRepository(prisma).find({ kind: 'payment', resourceId: paymentId });

beforeAll(async () => {
  prisma = new PrismaService(await freshDatabaseUrl(), 4);
  payments = new PaymentRepository(prisma);
  memberId = (await prisma.member.create({ data: { id: 'm:lifecycle', name: 'Lifecycle TPP' } })).id as MemberId;
});

afterAll(async () => {
  await prisma.$disconnect();
});

describe('recordChange applies a declared lifecycle in the caller transaction (real Postgres)', () => {
  it('storeNew writes the row, its creation event and its first timer', async () => {
    const payment = await stored();
    expect(await prisma.payment.findUnique({ where: { id: payment.id } })).not.toBeNull();
    expect(await statuses(payment.id)).toEqual(['INITIATION_PENDING_REDIRECT_AUTH']);
    expect(await timerOf(payment.id)).not.toBeNull();
  });

  it('a move updates the row at its version, writes the event and resets the timer; a final status clears it', async () => {
    const payment = await stored();
    const moved = await prisma.$transaction((tx) =>
      recordChange(paymentLifecycle, tx, payment, change('INITIATION_PROCESSING'), new Date(), context()),
    );
    expect(moved).toMatchObject({ kind: 'changed', statusChanged: true });
    if (moved.kind !== 'changed') throw new Error('not changed');
    expect(moved.row.version).toBe(payment.version + 1);
    expect(await statuses(payment.id)).toEqual(['INITIATION_PENDING_REDIRECT_AUTH', 'INITIATION_PROCESSING']);
    expect(await timerOf(payment.id)).not.toBeNull();
    const ended = await prisma.$transaction((tx) =>
      recordChange(paymentLifecycle, tx, moved.row, change('INITIATION_REJECTED'), new Date(), context()),
    );
    expect(ended).toMatchObject({ kind: 'changed', statusChanged: true });
    expect(await timerOf(payment.id)).toBeNull();
  });

  it('a stay updates the row without an event; a final status refuses even a stay and writes nothing', async () => {
    const payment = await stored();
    const stayed = await prisma.$transaction((tx) =>
      recordChange(paymentLifecycle, tx, payment, change('INITIATION_PENDING_REDIRECT_AUTH'), new Date(), context()),
    );
    expect(stayed).toMatchObject({ kind: 'changed', statusChanged: false });
    expect(await statuses(payment.id)).toEqual(['INITIATION_PENDING_REDIRECT_AUTH']);
    if (stayed.kind !== 'changed') throw new Error('not changed');
    const ended = await prisma.$transaction((tx) =>
      recordChange(paymentLifecycle, tx, stayed.row, change('INITIATION_FAILED'), new Date(), context()),
    );
    if (ended.kind !== 'changed') throw new Error('not changed');
    for (const to of ['INITIATION_FAILED', 'INITIATION_COMPLETED'] as const) {
      const refused = await prisma.$transaction((tx) =>
        recordChange(paymentLifecycle, tx, ended.row, change(to), new Date(), context()),
      );
      expect(refused).toEqual({ kind: 'refused', row: ended.row });
    }
    const row = await prisma.payment.findUnique({ where: { id: payment.id } });
    expect(row?.version).toBe(ended.row.version);
    expect(await statuses(payment.id)).toEqual(['INITIATION_PENDING_REDIRECT_AUTH', 'INITIATION_FAILED']);
  });

  it('a row moved by someone else first is stale: nothing written, and an answered check stays open', async () => {
    const payment = await stored();
    await prisma.$transaction((tx) =>
      recordChange(paymentLifecycle, tx, payment, change('INITIATION_PROCESSING'), new Date(), context()),
    );
    await openCheck(payment.id);
    const stale = await prisma.$transaction((tx) =>
      recordChange(paymentLifecycle, tx, payment, change('INITIATION_REJECTED'), new Date(), context(), {
        answered: { kind: 'payment', resourceId: payment.id },
      }),
    );
    expect(stale).toEqual({ kind: 'stale' });
    expect((await prisma.payment.findUnique({ where: { id: payment.id } }))?.status).toBe('INITIATION_PROCESSING');
    expect(await checkOf(payment.id)).not.toBeNull();
  });

  it('an answered check ends in the transaction of the answer, whether the machine moved or refused it', async () => {
    const moving = await stored();
    await openCheck(moving.id);
    await prisma.$transaction((tx) =>
      recordChange(paymentLifecycle, tx, moving, change('INITIATION_COMPLETED'), new Date(), context(), {
        answered: { kind: 'payment', resourceId: moving.id },
      }),
    );
    expect(await checkOf(moving.id)).toBeNull();
    const final = await prisma.payment.findUniqueOrThrow({ where: { id: moving.id } });
    await openCheck(moving.id);
    const refused = await prisma.$transaction((tx) =>
      recordChange(paymentLifecycle, tx, final, change('INITIATION_FAILED'), new Date(), context(), {
        answered: { kind: 'payment', resourceId: moving.id },
      }),
    );
    expect(refused.kind).toBe('refused');
    expect(await checkOf(moving.id)).toBeNull();
  });

  it('prepare runs before the update of a status move only, and follow after its event, in the same transaction', async () => {
    const calls: string[] = [];
    const traced: Lifecycle<Payment, PaymentChange, PaymentStatus, PaymentMoveContext, string> = {
      ...paymentLifecycle,
      async prepare(tx, current, to) {
        const events = await tx.outboxEvent.count({ where: { memberId } });
        calls.push(`prepare ${current.status}->${to} events=${events}`);
        return 'prepared';
      },
      async follow(tx, { before, after, prepared }) {
        const events = await tx.outboxEvent.count({ where: { memberId } });
        calls.push(`follow ${before.status}->${after.status} ${prepared} events=${events}`);
        return { ...after, statusReasonInformation: 'followed' };
      },
    };
    const payment = await stored();
    const before = await prisma.outboxEvent.count({ where: { memberId } });
    const stayed = await prisma.$transaction((tx) =>
      recordChange(traced, tx, payment, change('INITIATION_PENDING_REDIRECT_AUTH'), new Date(), context()),
    );
    expect(calls).toEqual([]);
    if (stayed.kind !== 'changed') throw new Error('not changed');
    const moved = await prisma.$transaction((tx) =>
      recordChange(traced, tx, stayed.row, change('INITIATION_PROCESSING'), new Date(), context()),
    );
    expect(calls).toEqual([
      `prepare INITIATION_PENDING_REDIRECT_AUTH->INITIATION_PROCESSING events=${before}`,
      `follow INITIATION_PENDING_REDIRECT_AUTH->INITIATION_PROCESSING prepared events=${before + 1}`,
    ]);
    expect(moved).toMatchObject({ kind: 'changed', statusChanged: true, row: { statusReasonInformation: 'followed' } });
  });

  it('plannedChange gives the one-statement path the same events and timer recordChange writes', async () => {
    const payment = await stored();
    const now = new Date();
    const next = change('INITIATION_PROCESSING');
    const planned = plannedChange(paymentLifecycle, payment, paymentAfterChange(payment, next), now, context());
    if (planned === 'refused') throw new Error('refused');
    const moved = await prisma.$transaction((tx) => recordChange(paymentLifecycle, tx, payment, next, now, context()));
    if (moved.kind !== 'changed') throw new Error('not changed');
    const written = await prisma.outboxEvent.findMany({ where: { memberId }, orderBy: { createdAt: 'desc' }, take: 1 });
    const strip = (body: string) => ({ ...(JSON.parse(body) as object), id: undefined });
    expect(planned.events.map((event) => strip(event.body))).toEqual(written.map((row) => strip(row.body)));
    const timer = await timerOf(payment.id);
    expect('set' in planned.timer && planned.timer.set.dueAt.getTime()).toBe(timer?.dueAt.getTime());
  });
});
