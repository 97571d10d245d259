import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import pg from 'pg';
import { PaymentRepository, PrismaService, type NewPayment, type Payment, type PaymentChange } from '#libs/db';
import { PAYMENT_STATUSES, paymentStatusMachine, type MemberId, type PaymentStatus } from '#libs/domain';
import {
  paymentTimerId,
  recordPaymentChange,
  renderPayment,
  storeNewPayment,
  type PaymentRules,
} from '#libs/application';
import { freshDatabaseUrl } from '../support/test-env.js';

const RULES: PaymentRules = {
  authorisationWindowMs: 900_000,
  bankDeadlineMs: 30_000,
  pollingMs: 30 * 86_400_000,
  defaultScheduleSeconds: [5, 60],
};
let prisma: PrismaService;
let payments: PaymentRepository;
let memberId: MemberId;
let sequence = 0;

/** A new payment's row; `overrides` replace its fields. */
function newRow(now: Date, overrides: Partial<NewPayment> = {}): NewPayment {
  sequence += 1;
  return {
    id: `pm2:test${sequence}`,
    memberId,
    refId: `REF-${sequence}`,
    status: 'INITIATION_PENDING_REDIRECT_AUTH',
    initiation: { refId: `REF-${sequence}`, amount: { value: '1.00', currency: 'GBP' } },
    amount: '1.00',
    currency: 'GBP',
    localInstrument: 'FASTER_PAYMENTS',
    callbackToken: `token-${sequence}-${Math.random()}`,
    nonce: 'n',
    expiresAt: new Date(now.getTime() + 900_000),
    pollUntil: new Date(now.getTime() + RULES.pollingMs),
    createdAt: now,
    updatedAt: now,
    ...overrides,
  };
}

async function newPayment(status: PaymentStatus = 'INITIATION_PENDING_REDIRECT_AUTH'): Promise<Payment> {
  const now = new Date();
  return storeNewPayment(prisma, payments, newRow(now, { status }), now, RULES, []);
}

function move(status: PaymentStatus): PaymentChange {
  return { status, updatedAt: new Date(), bankPaymentStatus: `bank-${status}` };
}

async function events(paymentId: string): Promise<string[]> {
  const rows = await prisma.outboxEvent.findMany({
    where: { memberId, eventType: 'PAYMENT_STATUS_CHANGED' },
    orderBy: { createdAt: 'asc' },
  });
  return rows
    .map((row) => JSON.parse(row.body) as { payment: { id: string; status: string } })
    .filter((b) => b.payment.id === paymentId)
    .map((b) => b.payment.status);
}

beforeAll(async () => {
  prisma = new PrismaService(await freshDatabaseUrl(), 4);
  payments = new PaymentRepository(prisma);
  memberId = (await prisma.member.create({ data: { id: 'm:records', name: 'Records TPP' } })).id as MemberId;
});

afterAll(async () => {
  await prisma.$disconnect();
});

/** A payment as Prisma reads it, with the amount as text so two reads compare by value. */
async function prismaRead(id: string): Promise<Record<string, unknown>> {
  const row = await prisma.payment.findUnique({ where: { id } });
  expect(row).not.toBeNull();
  return { ...(row as Payment), amount: (row as Payment).amount.toString() };
}

describe('the request-path statements agree with Prisma (real Postgres)', () => {
  it('storeNewPayment answers the row exactly as Prisma reads it back, and readPaymentForMember reads it the same', async () => {
    const payment = await newPayment();
    const expected = await prismaRead(payment.id);
    expect({ ...payment, amount: payment.amount.toString() }).toEqual(expected);
    const read = await payments.findForMember(memberId, payment.id);
    expect({ ...(read as Payment), amount: (read as Payment).amount.toString() }).toEqual(expected);
    const view = await payments.findViewForMember(memberId, payment.id);
    expect(renderPayment(view as NonNullable<typeof view>)).toEqual(renderPayment(payment));
    expect(Object.keys(view ?? {}).sort()).toEqual([
      'authentication',
      'bankPaymentId',
      'bankPaymentStatus',
      'convertedToFutureDatedPayment',
      'createdAt',
      'errorInfo',
      'flowType',
      'id',
      'initiation',
      'memberId',
      'refundAccount',
      'status',
      'statusReasonInformation',
      'updatedAt',
    ]);
    expect(await payments.findViewForMember('m:someone-else' as MemberId, payment.id)).toBeNull();
    expect(expected['amount']).toBe('1');
    expect(expected['version']).toBe(0);
    expect(expected['convertedToFutureDatedPayment']).toBe(false);
  });

  it("reads that arrive together share a statement, and each answers only its own member's payment", async () => {
    const mine = await Promise.all(Array.from({ length: 20 }, () => newPayment()));
    await prisma.member.create({ data: { id: 'm:other-reader', name: 'Other reader' } });
    const now = new Date();
    const theirs = await storeNewPayment(prisma, payments, newRow(now, { memberId: 'm:other-reader' }), now, RULES, []);
    const asks: Array<{ member: string; id: string; expected: string | null }> = [
      ...mine.map((payment) => ({ member: memberId, id: payment.id, expected: payment.id })),
      { member: memberId, id: mine[0]?.id ?? '', expected: mine[0]?.id ?? '' },
      { member: memberId, id: theirs.id, expected: null },
      { member: 'm:other-reader', id: mine[1]?.id ?? '', expected: null },
      { member: 'm:other-reader', id: theirs.id, expected: theirs.id },
      { member: memberId, id: 'pm2:nope', expected: null },
    ];
    const statements = vi.spyOn(prisma.pool, 'query');
    try {
      const views = await Promise.all(asks.map((ask) => payments.findViewForMember(ask.member as MemberId, ask.id)));
      expect(views.map((view) => view?.id ?? null)).toEqual(asks.map((ask) => ask.expected));
      expect(views.every((view, i) => view === null || view.memberId === asks[i]?.member)).toBe(true);
      expect(statements.mock.calls.length).toBeGreaterThan(0);
      expect(statements.mock.calls.length).toBeLessThan(asks.length);
    } finally {
      statements.mockRestore();
    }
  });

  it('readPaymentForMember answers null for another member and for an unknown id', async () => {
    const payment = await newPayment();
    await prisma.member.create({ data: { id: 'm:other-records', name: 'Other TPP' } }).catch(() => undefined);
    expect(await payments.findForMember('m:other-records' as MemberId, payment.id)).toBeNull();
    expect(await payments.findForMember(memberId, 'pm2:nope')).toBeNull();
  });

  it('the creation statement is all or nothing: a clashing payment id writes no second event and no timer change', async () => {
    const payment = await newPayment();
    const timerBefore = await prisma.scheduledJob.findUnique({ where: { id: paymentTimerId(payment.id) } });
    const now = new Date(Date.now() + 60_000);
    await expect(
      storeNewPayment(
        prisma,
        payments,
        newRow(now, { id: payment.id, refId: 'CLASH', initiation: { refId: 'CLASH' }, amount: '2.00' }),
        now,
        RULES,
        [],
      ),
    ).rejects.toThrow(/duplicate key/);
    expect(await events(payment.id)).toEqual(['INITIATION_PENDING_REDIRECT_AUTH']);
    const timerAfter = await prisma.scheduledJob.findUnique({ where: { id: paymentTimerId(payment.id) } });
    expect(timerAfter?.dueAt.getTime()).toBe(timerBefore?.dueAt.getTime());
  });

  it('creations that arrive together share a statement, each payment committing with its own event and timer', async () => {
    const now = new Date();
    const rows = Array.from({ length: 30 }, () => newRow(now));
    const stored = await Promise.all(rows.map((row) => storeNewPayment(prisma, payments, row, now, RULES, [])));
    expect(stored.map((payment) => payment.id)).toEqual(rows.map((row) => row.id));
    // xmin is the id of the transaction that wrote the row.
    const written = await prisma.pool.query<{
      id: string;
      payment_tx: string;
      event_tx: string | null;
      timer_tx: string | null;
    }>(
      `SELECT p.id, p.xmin::text AS payment_tx,
              (SELECT e.xmin::text FROM outbox_event e WHERE e.member_id = p.member_id AND e.body::jsonb -> 'payment' ->> 'id' = p.id) AS event_tx,
              (SELECT j.xmin::text FROM scheduled_job j WHERE j.id = 'payments.poll:' || p.id) AS timer_tx
       FROM payment p WHERE p.id = ANY($1)`,
      [rows.map((row) => row.id)],
    );
    expect(written.rows).toHaveLength(30);
    for (const row of written.rows) {
      expect(row.event_tx).toBe(row.payment_tx);
      expect(row.timer_tx).toBe(row.payment_tx);
    }
    expect(new Set(written.rows.map((row) => row.payment_tx)).size).toBeLessThan(30);
  });

  it('stores each creation event body byte for byte, escapes and non-ASCII included', async () => {
    const now = new Date();
    const tricky = 'Q"uote\\back/slash \u00e9\u20ac \u{1F4B8} \u2028 <tag> \t';
    const rows = [newRow(now, { initiation: { refId: 'ESC', remittanceInformationPrimary: tricky } }), newRow(now)];
    await Promise.all(rows.map((row) => storeNewPayment(prisma, payments, row, now, RULES, [])));
    for (const row of rows) {
      const stored = await prisma.outboxEvent.findMany({ where: { memberId, eventType: 'PAYMENT_STATUS_CHANGED' } });
      const body = stored
        .map((event) => event.body)
        .find((text) => (JSON.parse(text) as { payment: { id: string } }).payment.id === row.id);
      expect(body).toBeDefined();
      // The relay posts this text as it stands: the compact JSON the event was built as.
      expect(body).toBe(JSON.stringify(JSON.parse(body ?? '')));
      const payment = (JSON.parse(body ?? '') as { payment: { initiation: Record<string, unknown> } }).payment;
      // The event echoes the stored flow type (API_ONLY when the initiation left it out).
      expect(payment.initiation).toEqual({ ...(row.initiation as object), flowType: 'API_ONLY' });
    }
  });

  it('a clashing creation among others fails alone: the others are stored, the clash writes nothing', async () => {
    const stored = await newPayment();
    const now = new Date();
    const rows = Array.from({ length: 10 }, () => newRow(now));
    const clash = newRow(now, { id: stored.id });
    const answers = await Promise.allSettled(
      [...rows.slice(0, 5), clash, ...rows.slice(5)].map((row) =>
        storeNewPayment(prisma, payments, row, now, RULES, []),
      ),
    );
    const failures = answers.flatMap((answer) => (answer.status === 'rejected' ? [String(answer.reason)] : []));
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatch(/duplicate key/);
    expect(answers[5]?.status).toBe('rejected');
    expect(await prisma.payment.count({ where: { id: { in: rows.map((row) => row.id) } } })).toBe(10);
    expect(await events(stored.id)).toEqual(['INITIATION_PENDING_REDIRECT_AUTH']);
  });

  it('creations committed together wake the relay with one NOTIFY, after their commits', async () => {
    const listener = new pg.Client({
      connectionString: (prisma.pool.options as { connectionString: string }).connectionString,
    });
    await listener.connect();
    try {
      let wakeUps = 0;
      let eventsAtFirstWakeUp: Promise<number> | undefined;
      listener.on('notification', () => {
        wakeUps += 1;
        eventsAtFirstWakeUp ??= prisma.outboxEvent.count({ where: { memberId, eventType: 'PAYMENT_STATUS_CHANGED' } });
      });
      await listener.query('LISTEN webhook_outbox');
      const before = await prisma.outboxEvent.count({ where: { memberId, eventType: 'PAYMENT_STATUS_CHANGED' } });
      await Promise.all(Array.from({ length: 20 }, () => newPayment()));
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(wakeUps).toBeGreaterThanOrEqual(1);
      expect(wakeUps).toBeLessThan(20);
      // The wake-up comes once the events it announces are visible.
      expect(await eventsAtFirstWakeUp).toBeGreaterThanOrEqual(before + 1);
    } finally {
      await listener.end();
    }
  });

  it('the creation statement notifies the outbox relay when it commits', async () => {
    const listener = new pg.Client({
      connectionString: (prisma.pool.options as { connectionString: string }).connectionString,
    });
    await listener.connect();
    try {
      const notified = new Promise<string>((resolve) =>
        listener.once('notification', (message: pg.Notification) => resolve(message.channel)),
      );
      await listener.query('LISTEN webhook_outbox');
      await newPayment();
      expect(await notified).toBe('webhook_outbox');
    } finally {
      await listener.end();
    }
  });
});

describe('recording payment changes (real Postgres)', () => {
  it('creation writes the payment, its PAYMENT_STATUS_CHANGED row and its timer in one go', async () => {
    const payment = await newPayment();
    expect(await events(payment.id)).toEqual(['INITIATION_PENDING_REDIRECT_AUTH']);
    const timer = await prisma.scheduledJob.findUnique({ where: { id: paymentTimerId(payment.id) } });
    expect(timer?.dueAt.getTime()).toBe(payment.expiresAt?.getTime());
  });

  it('a move updates the row, bumps the version, writes one event and resets the timer', async () => {
    const payment = await newPayment();
    const result = await prisma.$transaction((tx) =>
      recordPaymentChange(payments, tx, payment, move('INITIATION_PROCESSING'), new Date(), RULES, []),
    );
    expect(result.kind).toBe('changed');
    const stored = await payments.findById(payment.id);
    expect(stored).toMatchObject({
      status: 'INITIATION_PROCESSING',
      version: payment.version + 1,
      bankPaymentStatus: 'bank-INITIATION_PROCESSING',
    });
    expect(await events(payment.id)).toEqual(['INITIATION_PENDING_REDIRECT_AUTH', 'INITIATION_PROCESSING']);
    const timer = await prisma.scheduledJob.findUnique({ where: { id: paymentTimerId(payment.id) } });
    expect(timer?.dueAt.getTime()).toBeLessThan(Date.now() + 10_000);
  });

  it('a change against a stale version writes nothing', async () => {
    const payment = await newPayment();
    await prisma.$transaction((tx) =>
      recordPaymentChange(payments, tx, payment, move('INITIATION_PROCESSING'), new Date(), RULES, []),
    );
    const stale = await prisma.$transaction((tx) =>
      recordPaymentChange(payments, tx, payment, move('INITIATION_REJECTED'), new Date(), RULES, []),
    );
    expect(stale.kind).toBe('stale');
    expect((await payments.findById(payment.id))?.status).toBe('INITIATION_PROCESSING');
    expect(await events(payment.id)).toHaveLength(2);
  });

  it('staying in a status updates details without an event; a final status refuses everything and clears the timer', async () => {
    const payment = await newPayment('INITIATION_PENDING_EMBEDDED_AUTH');
    const stay = await prisma.$transaction((tx) =>
      recordPaymentChange(
        payments,
        tx,
        payment,
        { ...move('INITIATION_PENDING_EMBEDDED_AUTH'), authentication: { fields: [], isRetry: true } },
        new Date(),
        RULES,
        [],
      ),
    );
    expect(stay).toMatchObject({ kind: 'changed', statusChanged: false });
    const after = await payments.findById(payment.id);
    const ended = await prisma.$transaction((tx) =>
      recordPaymentChange(payments, tx, after as Payment, move('INITIATION_REJECTED'), new Date(), RULES, []),
    );
    expect(ended.kind).toBe('changed');
    expect(await prisma.scheduledJob.findUnique({ where: { id: paymentTimerId(payment.id) } })).toBeNull();
    const final = (await payments.findById(payment.id)) as Payment;
    for (const status of PAYMENT_STATUSES) {
      const refused = await prisma.$transaction((tx) =>
        recordPaymentChange(payments, tx, final, move(status), new Date(), RULES, []),
      );
      expect(refused.kind, status).toBe('refused');
    }
    expect(await events(payment.id)).toEqual(['INITIATION_PENDING_EMBEDDED_AUTH', 'INITIATION_REJECTED']);
  });

  it('over random sequences of proposed statuses: finals never change and every move has exactly one event', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...PAYMENT_STATUSES), { minLength: 1, maxLength: 12 }),
        async (proposals) => {
          let payment = await newPayment('INITIATION_PENDING');
          let moves = 0;
          let finalStatus: string | undefined;
          for (const status of proposals) {
            const result = await prisma.$transaction((tx) =>
              recordPaymentChange(payments, tx, payment, move(status), new Date(), RULES, []),
            );
            if (result.kind === 'changed') {
              if (result.statusChanged) moves += 1;
              payment = result.payment;
            }
            if (finalStatus !== undefined) expect(payment.status).toBe(finalStatus);
            if (paymentStatusMachine.isFinal(payment.status as PaymentStatus)) finalStatus ??= payment.status;
          }
          const stored = (await payments.findById(payment.id)) as Payment;
          expect(stored.status).toBe(payment.status);
          expect(await events(payment.id)).toHaveLength(moves + 1);
        },
      ),
      { numRuns: 40 },
    );
  }, 60_000);
});
