import fc from 'fast-check';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import pg from 'pg';
import { SystemClock } from '#libs/common';
import { BankConnectors, BankHttpClient, ConnectorRegistry, createSecretResolver } from '#libs/connectors';
import { PaymentRepository, PrismaService, type NewPayment, type Payment, type PaymentChange } from '#libs/db';
import { PAYMENT_STATUSES, paymentStatusMachine, type MemberId, type PaymentStatus } from '#libs/domain';
import {
  PaymentProgression,
  paymentTimerId,
  recordKnownPaymentChange,
  recordPaymentChange,
  renderPayment,
  storeNewPayment,
  type ChangeResult,
  type PaymentRules,
} from '#libs/application';
import { testExtensions } from '../support/extensions.js';
import { freshDatabaseUrl } from '../support/test-env.js';

const EXTENSIONS = testExtensions().payments;

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
  return storeNewPayment(prisma, payments, newRow(now, { status }), now, RULES, [], EXTENSIONS);
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
      'amount',
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
      'paymentLinkId',
      'refundAccount',
      'refundStatus',
      'refundedAmount',
      'settledRefundAmount',
      'status',
      'statusReasonInformation',
      'tokenizedAccountId',
      'updatedAt',
      'virtualAccountId',
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
    const theirs = await storeNewPayment(
      prisma,
      payments,
      newRow(now, { memberId: 'm:other-reader' }),
      now,
      RULES,
      [],
      EXTENSIONS,
    );
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
        EXTENSIONS,
      ),
    ).rejects.toThrow(/duplicate key/);
    expect(await events(payment.id)).toEqual(['INITIATION_PENDING_REDIRECT_AUTH']);
    const timerAfter = await prisma.scheduledJob.findUnique({ where: { id: paymentTimerId(payment.id) } });
    expect(timerAfter?.dueAt.getTime()).toBe(timerBefore?.dueAt.getTime());
  });

  it('creations that arrive together share a statement, each payment committing with its own event and timer', async () => {
    const now = new Date();
    const rows = Array.from({ length: 30 }, () => newRow(now));
    const stored = await Promise.all(
      rows.map((row) => storeNewPayment(prisma, payments, row, now, RULES, [], EXTENSIONS)),
    );
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
    await Promise.all(rows.map((row) => storeNewPayment(prisma, payments, row, now, RULES, [], EXTENSIONS)));
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
        storeNewPayment(prisma, payments, row, now, RULES, [], EXTENSIONS),
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
      recordPaymentChange(payments, tx, payment, move('INITIATION_PROCESSING'), new Date(), RULES, [], EXTENSIONS),
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
      recordPaymentChange(payments, tx, payment, move('INITIATION_PROCESSING'), new Date(), RULES, [], EXTENSIONS),
    );
    const stale = await prisma.$transaction((tx) =>
      recordPaymentChange(payments, tx, payment, move('INITIATION_REJECTED'), new Date(), RULES, [], EXTENSIONS),
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
        EXTENSIONS,
      ),
    );
    expect(stay).toMatchObject({ kind: 'changed', statusChanged: false });
    const after = await payments.findById(payment.id);
    const ended = await prisma.$transaction((tx) =>
      recordPaymentChange(
        payments,
        tx,
        after as Payment,
        move('INITIATION_REJECTED'),
        new Date(),
        RULES,
        [],
        EXTENSIONS,
      ),
    );
    expect(ended.kind).toBe('changed');
    expect(await prisma.scheduledJob.findUnique({ where: { id: paymentTimerId(payment.id) } })).toBeNull();
    const final = (await payments.findById(payment.id)) as Payment;
    for (const status of PAYMENT_STATUSES) {
      const refused = await prisma.$transaction((tx) =>
        recordPaymentChange(payments, tx, final, move(status), new Date(), RULES, [], EXTENSIONS),
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
              recordPaymentChange(payments, tx, payment, move(status), new Date(), RULES, [], EXTENSIONS),
            );
            if (result.kind === 'changed') {
              if (result.statusChanged) moves += 1;
              payment = result.payment;
            }
            if (finalStatus !== undefined) expect(payment.status).toBe(finalStatus);
            if (paymentStatusMachine.isFinal(payment.status)) finalStatus ??= payment.status;
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

/** The id, status and xmin (the writing transaction) of the payment's row, its events and its timer. */
async function written(paymentId: string): Promise<{
  readonly paymentTx: string;
  readonly eventTxs: readonly string[];
  readonly timerTx: string | null;
}> {
  const result = await prisma.pool.query<{ payment_tx: string; event_txs: string[] | null; timer_tx: string | null }>(
    `SELECT p.xmin::text AS payment_tx,
            (SELECT array_agg(e.xmin::text ORDER BY e.created_at) FROM outbox_event e
              WHERE e.member_id = p.member_id AND e.body::jsonb -> 'payment' ->> 'id' = p.id) AS event_txs,
            (SELECT j.xmin::text FROM scheduled_job j WHERE j.id = 'payments.poll:' || p.id) AS timer_tx
     FROM payment p WHERE p.id = $1`,
    [paymentId],
  );
  const row = result.rows[0];
  if (row === undefined) throw new Error(`no payment ${paymentId}`);
  return { paymentTx: row.payment_tx, eventTxs: row.event_txs ?? [], timerTx: row.timer_tx };
}

/** The bank's answer to an initiation: a redirect step, the bank's ids and raw status. */
function answered(status: PaymentStatus, expiresInMs = 900_000): PaymentChange {
  // A millisecond after the creation it answers, so the two events never share a timestamp (the
  // events helper orders them by it).
  const now = new Date(Date.now() + 1);
  return {
    status,
    updatedAt: now,
    bankConsentId: `consent-${sequence}`,
    bankContinuation: { step: 'redirect', n: 1 },
    bankPaymentStatus: 'AwaitingAuthorisation',
    authentication: { redirectUrl: 'https://bank.example/authorize?x=1' },
    expiresAt: new Date(now.getTime() + expiresInMs),
  };
}

/** Records a stored payment's first change in one statement, as the initiation does with the bank's answer. */
function recordAnswer(payment: Payment, change: PaymentChange): Promise<ChangeResult> {
  return recordKnownPaymentChange(prisma, payments, payment, change, new Date(), RULES, [], EXTENSIONS);
}

describe('recording the answer to a stored initiation in one statement (real Postgres)', () => {
  it('moves the row, writes its event and its timer in one transaction, and answers the row as Prisma reads it', async () => {
    const stored = await newPayment('INITIATION_PENDING');
    const change = answered('INITIATION_PENDING_REDIRECT_AUTH');
    const result = await recordAnswer(stored, change);
    expect(result).toMatchObject({ kind: 'changed', statusChanged: true });
    const answer = (result as { payment: Payment }).payment;
    expect({ ...answer, amount: answer.amount.toString() }).toEqual(await prismaRead(stored.id));
    expect(answer).toMatchObject({ status: 'INITIATION_PENDING_REDIRECT_AUTH', version: 1, pollCount: 0 });
    expect(await events(stored.id)).toEqual(['INITIATION_PENDING', 'INITIATION_PENDING_REDIRECT_AUTH']);
    const tx = await written(stored.id);
    expect(tx.eventTxs).toHaveLength(2);
    expect(tx.eventTxs[1]).toBe(tx.paymentTx);
    expect(tx.timerTx).toBe(tx.paymentTx);
    const timer = await prisma.scheduledJob.findUnique({ where: { id: paymentTimerId(stored.id) } });
    expect(timer?.dueAt.getTime()).toBe(change.expiresAt?.getTime());
    expect(timer?.payload).toEqual({ name: 'payments.poll', paymentId: stored.id });
  });

  it('writes the event body byte for byte, as the payload of the row it announces (the user step left out)', async () => {
    const stored = await newPayment('INITIATION_PENDING');
    const tricky = 'Q"uote\\back \u00e9\u20ac \u{1F4B8} \u2028 <tag>';
    const result = await recordAnswer(stored, {
      ...answered('INITIATION_REJECTED'),
      statusReasonInformation: tricky,
      authentication: null,
      expiresAt: null,
    });
    expect(result.kind).toBe('changed');
    const rows = await prisma.outboxEvent.findMany({ where: { memberId, eventType: 'PAYMENT_STATUS_CHANGED' } });
    const body = rows
      .map((row) => row.body)
      .find((text) => {
        const payment = (JSON.parse(text) as { payment: { id: string; status: string } }).payment;
        return payment.id === stored.id && payment.status === 'INITIATION_REJECTED';
      });
    expect(body).toBe(JSON.stringify(JSON.parse(body ?? '')));
    const payment = (JSON.parse(body ?? '') as { payment: Record<string, unknown> }).payment;
    expect(payment['statusReasonInformation']).toBe(tricky);
    expect(payment['authentication']).toBeUndefined();
    expect(payment['version']).toBeUndefined();
  });

  it('a final status clears the timer; staying in a status writes no event and moves the timer', async () => {
    const ended = await newPayment('INITIATION_PENDING');
    expect(
      await recordAnswer(ended, { ...answered('INITIATION_FAILED'), authentication: null, expiresAt: null }),
    ).toMatchObject({ kind: 'changed', statusChanged: true });
    expect(await prisma.scheduledJob.findUnique({ where: { id: paymentTimerId(ended.id) } })).toBeNull();
    expect(await events(ended.id)).toEqual(['INITIATION_PENDING', 'INITIATION_FAILED']);

    const waiting = await newPayment('INITIATION_PENDING');
    const before = await prisma.scheduledJob.findUnique({ where: { id: paymentTimerId(waiting.id) } });
    const stay = await recordAnswer(waiting, {
      status: 'INITIATION_PENDING',
      updatedAt: new Date(),
      bankConsentId: 'consent-stay',
      expiresAt: null,
    });
    expect(stay).toMatchObject({ kind: 'changed', statusChanged: false });
    expect(await events(waiting.id)).toEqual(['INITIATION_PENDING']);
    const after = await prisma.scheduledJob.findUnique({ where: { id: paymentTimerId(waiting.id) } });
    expect(after?.dueAt.getTime()).not.toBe(before?.dueAt.getTime());
    expect((await payments.findById(waiting.id))?.bankConsentId).toBe('consent-stay');
  });

  it('a move the status machine refuses writes nothing', async () => {
    const stored = await newPayment('INITIATION_PENDING');
    const result = await recordAnswer(stored, { status: 'INITIATION_PENDING_REDIRECT_HP', updatedAt: new Date() });
    expect(result).toEqual({ kind: 'refused', payment: stored });
    expect((await payments.findById(stored.id))?.version).toBe(0);
    expect(await events(stored.id)).toEqual(['INITIATION_PENDING']);
  });

  it('is stale, writing nothing, when the row moved on since it was stored', async () => {
    const stored = await newPayment('INITIATION_PENDING');
    const moved = await prisma.$transaction((tx) =>
      recordPaymentChange(payments, tx, stored, move('INITIATION_FAILED'), new Date(), RULES, [], EXTENSIONS),
    );
    expect(moved.kind).toBe('changed');
    const result = await recordAnswer(stored, answered('INITIATION_PENDING_REDIRECT_AUTH'));
    expect(result).toEqual({ kind: 'stale' });
    expect(await payments.findById(stored.id)).toMatchObject({ status: 'INITIATION_FAILED', version: 1 });
    expect(await events(stored.id)).toEqual(['INITIATION_PENDING', 'INITIATION_FAILED']);
  });

  it('does not wait for a row another transaction holds: stale at once, nothing written', async () => {
    const stored = await newPayment('INITIATION_PENDING');
    const holder = await prisma.pool.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT id FROM payment WHERE id = $1 FOR UPDATE', [stored.id]);
      const started = Date.now();
      const result = await recordAnswer(stored, answered('INITIATION_PENDING_REDIRECT_AUTH'));
      expect(result).toEqual({ kind: 'stale' });
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      await holder.query('ROLLBACK');
      holder.release();
    }
    expect((await payments.findById(stored.id))?.version).toBe(0);
    expect(await events(stored.id)).toEqual(['INITIATION_PENDING']);
  });

  it('answers that arrive together share a statement; each commits with its own event and timer', async () => {
    const stored = await Promise.all(Array.from({ length: 30 }, () => newPayment('INITIATION_PENDING')));
    const statements = vi.spyOn(prisma.pool, 'query');
    let results;
    try {
      results = await Promise.all(
        stored.map((payment) => recordAnswer(payment, answered('INITIATION_PENDING_REDIRECT_AUTH'))),
      );
      const updates = statements.mock.calls.filter(
        ([config]) => (config as { name?: string }).name === 'payments-update-with-events',
      );
      expect(updates.length).toBeGreaterThan(0);
      expect(updates.length).toBeLessThan(30);
    } finally {
      statements.mockRestore();
    }
    expect(results.map((result) => result.kind)).toEqual(stored.map(() => 'changed'));
    const txs = await Promise.all(stored.map((payment) => written(payment.id)));
    for (const tx of txs) {
      expect(tx.eventTxs[1]).toBe(tx.paymentTx);
      expect(tx.timerTx).toBe(tx.paymentTx);
    }
    expect(new Set(txs.map((tx) => tx.paymentTx)).size).toBeLessThan(30);
    for (const payment of stored) {
      expect(await events(payment.id)).toEqual(['INITIATION_PENDING', 'INITIATION_PENDING_REDIRECT_AUTH']);
    }
  });

  it('two answers for one payment at once: one is written, the other is stale', async () => {
    const stored = await newPayment('INITIATION_PENDING');
    const results = await Promise.all([
      recordAnswer(stored, answered('INITIATION_PENDING_REDIRECT_AUTH')),
      recordAnswer(stored, { ...answered('INITIATION_REJECTED'), authentication: null, expiresAt: null }),
    ]);
    expect(results.map((result) => result.kind).sort()).toEqual(['changed', 'stale']);
    expect((await payments.findById(stored.id))?.version).toBe(1);
    expect(await events(stored.id)).toHaveLength(2);
  });

  it('wakes the outbox relay once the event is committed', async () => {
    const stored = await newPayment('INITIATION_PENDING');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const listener = new pg.Client({
      connectionString: (prisma.pool.options as { connectionString: string }).connectionString,
    });
    await listener.connect();
    try {
      const seen = new Promise<string[]>((resolve) =>
        listener.once('notification', () => {
          void events(stored.id).then(resolve);
        }),
      );
      await listener.query('LISTEN webhook_outbox');
      await recordAnswer(stored, answered('INITIATION_PENDING_REDIRECT_AUTH'));
      expect(await seen).toEqual(['INITIATION_PENDING', 'INITIATION_PENDING_REDIRECT_AUTH']);
    } finally {
      await listener.end();
    }
  });

  it('PaymentProgression reads the row again, locked, when it moved since it was stored', async () => {
    const progression = new PaymentProgression({
      prisma,
      clock: new SystemClock(),
      connectors: new BankConnectors(
        new ConnectorRegistry({
          http: new BankHttpClient({ logger: pino({ level: 'silent' }) }),
          secrets: createSecretResolver({}),
        }),
      ),
      rules: RULES,
      logger: pino({ level: 'silent' }),
      publicBaseUrl: 'http://127.0.0.1',
      extensions: EXTENSIONS,
    });
    const stored = await newPayment('INITIATION_PENDING');
    await prisma.$transaction((tx) =>
      recordPaymentChange(
        payments,
        tx,
        stored,
        { status: 'INITIATION_PENDING', updatedAt: new Date(), bankConsentId: 'consent-moved' },
        new Date(),
        RULES,
        [],
        EXTENSIONS,
      ),
    );
    const seen: number[] = [];
    const result = await progression.changeKnown(stored, (current, now) => {
      seen.push(current.version);
      return { ...answered('INITIATION_PENDING_REDIRECT_AUTH'), updatedAt: now, bankConsentId: current.bankConsentId };
    });
    expect(seen).toEqual([0, 1]);
    expect(result).toMatchObject({ kind: 'changed', statusChanged: true });
    expect(await payments.findById(stored.id)).toMatchObject({
      status: 'INITIATION_PENDING_REDIRECT_AUTH',
      bankConsentId: 'consent-moved',
      version: 2,
    });
    expect(await events(stored.id)).toEqual(['INITIATION_PENDING', 'INITIATION_PENDING_REDIRECT_AUTH']);
  });

  it('bound to a transaction, the repository reads in it and refuses the statements that are transactions of their own', async () => {
    const stored = await newPayment('INITIATION_PENDING');
    await prisma.$transaction(async (tx) => {
      const bound = payments.in(tx);
      await tx.payment.update({ where: { id: stored.id }, data: { bankPaymentStatus: 'seen-in-tx' } });
      expect((await bound.findForMember(memberId, stored.id))?.bankPaymentStatus).toBe('seen-in-tx');
      expect((await bound.findViewForMember(memberId, stored.id))?.bankPaymentStatus).toBe('seen-in-tx');
      expect(await bound.findViewForMember('m:someone-else' as MemberId, stored.id)).toBeNull();
      await expect(
        bound.updateWithEvents(stored, { ...stored, version: 1 }, [], { clear: paymentTimerId(stored.id) }),
      ).rejects.toThrow(/transaction of its own/);
    });
  });
});
