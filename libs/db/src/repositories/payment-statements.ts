import type pg from 'pg';
import { Prisma, type Payment } from '../generated/prisma/client.js';
import { batchedPerPool } from '#libs/postgres';
import type { NewPayment } from './payment.repository.js';

/**
 * The statements on the Payments v2 request path, run on the pool Prisma shares as named
 * prepared statements (parsed once per connection): reading one payment (whole, or the columns
 * of its resource, the latter several reads to a statement under load), and storing new ones
 * with their creation events and first timers in a single statement (one implicit transaction,
 * one round trip), several creations at a time under load. Everything else about payments goes
 * through Prisma (payment.repository.ts).
 */

/** Every column of `payment` with its Payment field, in table order. */
const COLUMNS = [
  ['id', 'id'],
  ['member_id', 'memberId'],
  ['bank_id', 'bankId'],
  ['ref_id', 'refId'],
  ['on_behalf_of_id', 'onBehalfOfId'],
  ['external_psu_reference', 'externalPsuReference'],
  ['status', 'status'],
  ['initiation', 'initiation'],
  ['amount', 'amount'],
  ['currency', 'currency'],
  ['local_instrument', 'localInstrument'],
  ['bank_consent_id', 'bankConsentId'],
  ['bank_payment_id', 'bankPaymentId'],
  ['bank_continuation', 'bankContinuation'],
  ['bank_payment_status', 'bankPaymentStatus'],
  ['status_reason_information', 'statusReasonInformation'],
  ['authentication', 'authentication'],
  ['refund_account', 'refundAccount'],
  ['error_info', 'errorInfo'],
  ['converted_to_future_dated_payment', 'convertedToFutureDatedPayment'],
  ['callback_token', 'callbackToken'],
  ['nonce', 'nonce'],
  ['poll_count', 'pollCount'],
  ['expires_at', 'expiresAt'],
  ['poll_until', 'pollUntil'],
  ['version', 'version'],
  ['created_at', 'createdAt'],
  ['updated_at', 'updatedAt'],
] as const satisfies ReadonlyArray<readonly [string, keyof Payment]>;

const SELECT_LIST = COLUMNS.map(([column]) => `"${column}"`).join(', ');

/** A `payment` row as pg reads it (jsonb parsed, timestamps as Date, numeric as text) -> Payment, as Prisma would answer it. */
export function paymentFromRow(row: Record<string, unknown>): Payment {
  const payment: Record<string, unknown> = {};
  for (const [column, field] of COLUMNS) payment[field] = row[column];
  payment['amount'] = new Prisma.Decimal(row['amount'] as string);
  return payment as unknown as Payment;
}

/** An amount as Prisma accepts it, as decimal text. */
function amountText(value: NewPayment['amount']): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return value.toFixed();
}

/** A timestamp of a create input (a Date, or text Prisma would take), as a Date. */
function dateOrNull(value: Date | string | null | undefined): Date | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? new Date(value) : value;
}

function requiredText(value: string | undefined, field: string): string {
  if (value === undefined) throw new Error(`a new payment needs ${field}`);
  return value;
}

function requiredDate(value: Date | string | undefined, field: string): Date {
  const date = dateOrNull(value);
  if (date === null) throw new Error(`a new payment needs ${field}`);
  return date;
}

/** A new payment's row as the database will hold it: defaults filled, absent columns null. */
export function paymentFromNew(row: NewPayment): Payment {
  return {
    id: requiredText(row.id, 'id'),
    memberId: row.memberId,
    bankId: row.bankId ?? null,
    refId: row.refId,
    onBehalfOfId: row.onBehalfOfId ?? null,
    externalPsuReference: row.externalPsuReference ?? null,
    status: row.status,
    initiation: row.initiation as Payment['initiation'],
    amount: new Prisma.Decimal(amountText(row.amount)),
    currency: row.currency,
    localInstrument: row.localInstrument,
    bankConsentId: row.bankConsentId ?? null,
    bankPaymentId: row.bankPaymentId ?? null,
    bankContinuation: (row.bankContinuation ?? null) as Payment['bankContinuation'],
    bankPaymentStatus: row.bankPaymentStatus ?? null,
    statusReasonInformation: row.statusReasonInformation ?? null,
    authentication: (row.authentication ?? null) as Payment['authentication'],
    refundAccount: (row.refundAccount ?? null) as Payment['refundAccount'],
    errorInfo: (row.errorInfo ?? null) as Payment['errorInfo'],
    convertedToFutureDatedPayment: row.convertedToFutureDatedPayment ?? false,
    callbackToken: row.callbackToken,
    nonce: row.nonce,
    pollCount: 0,
    expiresAt: dateOrNull(row.expiresAt),
    pollUntil: requiredDate(row.pollUntil, 'pollUntil'),
    version: 0,
    createdAt: requiredDate(row.createdAt, 'createdAt'),
    updatedAt: requiredDate(row.updatedAt, 'updatedAt'),
  };
}

const SELECT_FOR_MEMBER = `SELECT ${SELECT_LIST} FROM payment WHERE id = $1 AND member_id = $2`;

/** What the API shows of a payment (the Payment resource); the columns a GET reads. */
export type PaymentView = Pick<
  Payment,
  | 'id'
  | 'memberId'
  | 'initiation'
  | 'convertedToFutureDatedPayment'
  | 'refundAccount'
  | 'status'
  | 'statusReasonInformation'
  | 'bankPaymentStatus'
  | 'bankPaymentId'
  | 'authentication'
  | 'createdAt'
  | 'updatedAt'
  | 'errorInfo'
>;

const VIEW_FIELDS: ReadonlySet<keyof Payment> = new Set<keyof PaymentView>([
  'id',
  'memberId',
  'initiation',
  'convertedToFutureDatedPayment',
  'refundAccount',
  'status',
  'statusReasonInformation',
  'bankPaymentStatus',
  'bankPaymentId',
  'authentication',
  'createdAt',
  'updatedAt',
  'errorInfo',
]);
const VIEW_COLUMNS = COLUMNS.filter(([, field]) => VIEW_FIELDS.has(field));
// Reads of several members' payments at once: each (id, member) pair finds its row or none.
const SELECT_VIEWS_FOR_MEMBERS = `SELECT ${VIEW_COLUMNS.map(([column]) => `p."${column}"`).join(', ')}
  FROM unnest($1::text[], $2::text[]) AS wanted(id, member_id)
  JOIN payment p ON p.id = wanted.id AND p.member_id = wanted.member_id`;

interface ViewWanted {
  readonly memberId: string;
  readonly id: string;
}

async function readViews(pool: pg.Pool, wanted: readonly ViewWanted[]): Promise<ReadonlyArray<PaymentView | null>> {
  const result = await pool.query<Record<string, unknown>>({
    name: 'payment-views-for-members',
    text: SELECT_VIEWS_FOR_MEMBERS,
    values: [wanted.map((w) => w.id), wanted.map((w) => w.memberId)],
  });
  const found = new Map<string, PaymentView>();
  for (const row of result.rows) {
    const view: Record<string, unknown> = {};
    for (const [column, field] of VIEW_COLUMNS) view[field] = row[column];
    found.set(`${String(row['member_id'])}\u0000${String(row['id'])}`, view as PaymentView);
  }
  return wanted.map((w) => found.get(`${w.memberId}\u0000${w.id}`) ?? null);
}

/**
 * Reads in flight at once per pool, and reads per statement: GETs that arrive while four
 * statements run share the next one (see StatementBatcher), as creations do.
 */
const readView = batchedPerPool(readViews, { maxInFlight: 4, maxBatch: 128 });

/** What the member sees of its payment (the columns of the resource only), or null (also for another member's id). */
export function readPaymentViewForMember(pool: pg.Pool, memberId: string, id: string): Promise<PaymentView | null> {
  return readView(pool, { memberId, id });
}

/** The member's payment, or null (also for another member's id). */
export async function readPaymentForMember(pool: pg.Pool, memberId: string, id: string): Promise<Payment | null> {
  const result = await pool.query<Record<string, unknown>>({
    name: 'payment-for-member',
    text: SELECT_FOR_MEMBER,
    values: [id, memberId],
  });
  const row = result.rows[0];
  return row === undefined ? null : paymentFromRow(row);
}

/** The outbox row that announces a new payment (built by libs/events). */
export interface NewPaymentEvent {
  readonly id: string;
  readonly eventType: string;
  /** The notification as posted: JSON text of an object (stored byte for byte). */
  readonly body: string;
  readonly createdAt: Date;
}

/** The payment's timer row, if its state has one. */
export interface NewPaymentTimer {
  readonly id: string;
  readonly queue: string;
  readonly jobName: string;
  readonly payload: Prisma.InputJsonObject;
  readonly dueAt: Date;
}

/** One new payment with what is written beside it. */
interface PaymentWrite {
  readonly payment: Payment;
  readonly event: NewPaymentEvent;
  readonly timer: NewPaymentTimer | null;
}

// Rows arrive as JSON arrays keyed by column name; json_populate_recordset types each field by
// its column (timestamps from ISO text, numeric from decimal text, jsonb from nested objects).
const INSERT_WITH_EVENTS = `
WITH payment_rows AS (
  INSERT INTO payment (${SELECT_LIST})
  SELECT ${SELECT_LIST} FROM json_populate_recordset(NULL::payment, $1::json)
  RETURNING id
), event_rows AS (
  INSERT INTO outbox_event (id, member_id, event_type, body, created_at)
  SELECT id, member_id, event_type, body, created_at FROM json_populate_recordset(NULL::outbox_event, $2::json)
  RETURNING id
), timer_rows AS (
  INSERT INTO scheduled_job (id, queue, job_name, payload, due_at)
  SELECT id, queue, job_name, payload, due_at FROM json_populate_recordset(NULL::scheduled_job, $3::json)
  ON CONFLICT (id) DO UPDATE SET due_at = EXCLUDED.due_at, payload = EXCLUDED.payload
  RETURNING id
)
SELECT (SELECT count(*) FROM payment_rows)::int AS payments, (SELECT count(*) FROM event_rows)::int AS events`;

/** Timestamp text as Postgres reads it. JSON.stringify turns a Date into the same text through its toJSON, several times slower. */
function isoOrNull(value: Date | null): string | null {
  return value === null ? null : value.toISOString();
}

/** A payment as its row's JSON object: column names, timestamps as ISO text, the amount as decimal text. */
function paymentRowObject(payment: Payment): { readonly [Column in (typeof COLUMNS)[number][0]]: unknown } {
  return {
    id: payment.id,
    member_id: payment.memberId,
    bank_id: payment.bankId,
    ref_id: payment.refId,
    on_behalf_of_id: payment.onBehalfOfId,
    external_psu_reference: payment.externalPsuReference,
    status: payment.status,
    initiation: payment.initiation,
    amount: payment.amount.toFixed(),
    currency: payment.currency,
    local_instrument: payment.localInstrument,
    bank_consent_id: payment.bankConsentId,
    bank_payment_id: payment.bankPaymentId,
    bank_continuation: payment.bankContinuation,
    bank_payment_status: payment.bankPaymentStatus,
    status_reason_information: payment.statusReasonInformation,
    authentication: payment.authentication,
    refund_account: payment.refundAccount,
    error_info: payment.errorInfo,
    converted_to_future_dated_payment: payment.convertedToFutureDatedPayment,
    callback_token: payment.callbackToken,
    nonce: payment.nonce,
    poll_count: payment.pollCount,
    expires_at: isoOrNull(payment.expiresAt),
    poll_until: payment.pollUntil.toISOString(),
    version: payment.version,
    created_at: payment.createdAt.toISOString(),
    updated_at: payment.updatedAt.toISOString(),
  };
}

/**
 * An outbox row as JSON. The body, a notification's JSON text, goes in as a JSON value rather
 * than a string: json_populate_recordset gives a text column the value's text exactly as written
 * (json, unlike jsonb, keeps it byte for byte), so the body is not escaped and unescaped again.
 */
function eventRowJson({ payment, event }: PaymentWrite): string {
  const columns = JSON.stringify({
    id: event.id,
    member_id: payment.memberId,
    event_type: event.eventType,
    created_at: event.createdAt.toISOString(),
  });
  const body = event.body.startsWith('{') ? event.body : JSON.stringify(event.body);
  return `${columns.slice(0, -1)},"body":${body}}`;
}

async function insertPaymentsWithEvents(pool: pg.Pool, writes: readonly PaymentWrite[]): Promise<readonly Payment[]> {
  const timers = writes.flatMap(({ timer }) =>
    timer === null
      ? []
      : [
          {
            id: timer.id,
            queue: timer.queue,
            job_name: timer.jobName,
            payload: timer.payload,
            due_at: timer.dueAt.toISOString(),
          },
        ],
  );
  const result = await pool.query<{ payments: number; events: number }>({
    name: 'payments-insert-with-events',
    text: INSERT_WITH_EVENTS,
    values: [
      JSON.stringify(writes.map(({ payment }) => paymentRowObject(payment))),
      `[${writes.map(eventRowJson).join(',')}]`,
      JSON.stringify(timers),
    ],
  });
  const counts = result.rows[0];
  if (counts?.payments !== writes.length || counts.events !== writes.length) {
    throw new Error(
      `the payment insert wrote ${String(counts?.payments)} payments and ${String(counts?.events)} events for ${writes.length}`,
    );
  }
  return writes.map(({ payment }) => payment);
}

/**
 * Creations in flight at once per pool, and payments per statement. Measured at 50 concurrent
 * initiations: 1 and 2 in flight did alike (about nine and five payments per statement), 4 left
 * most statements with one payment; 2 keeps a lone creation from waiting behind another.
 */
const storePayment = batchedPerPool(insertPaymentsWithEvents, { maxInFlight: 2, maxBatch: 64 });

/**
 * Stores a new payment (as paymentFromNew gives it), its creation event and its timer: all or
 * nothing, and answers the payment as stored. Creations that arrive together share one
 * statement (see StatementBatcher); a failing one fails alone. The statement does not NOTIFY
 * the outbox relay: the caller wakes it after the commit (see wakeOutboxRelay in libs/events).
 */
export function insertPaymentWithEvent(
  pool: pg.Pool,
  stored: Payment,
  event: NewPaymentEvent,
  timer: NewPaymentTimer | null,
): Promise<Payment> {
  return storePayment(pool, { payment: stored, event, timer });
}
