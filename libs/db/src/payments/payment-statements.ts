import type pg from 'pg';
import { Prisma, type Payment } from '../generated/prisma/client.js';
import { batchedPerPool } from '#libs/postgres';
import type { NewPayment, PaymentChange } from './payment-records.js';

/**
 * The statements on the Payments v2 request path, run on the pool Prisma shares as named
 * prepared statements (parsed once per connection): reading one payment (whole, or the columns
 * of its resource, the latter several reads to a statement under load), and storing new ones
 * with their creation events and first timers in a single statement (one implicit transaction,
 * one round trip), several creations at a time under load, and recording a payment's change
 * (the bank's answer to its initiation) with its event and timer the same way. PaymentRepository
 * is their only caller; everything else it does goes through Prisma.
 */

/**
 * How a column's value crosses between a Payment and the JSON the insert reads: as is, the
 * amount as decimal text, a timestamp as ISO text.
 */
type ColumnKind = 'plain' | 'amount' | 'timestamp';

interface PaymentColumn {
  readonly column: string;
  readonly field: keyof Payment;
  readonly kind: ColumnKind;
  /** A new row's value when the creation leaves it out; absent = the creation must give it. */
  readonly initial?: null | number | boolean | string;
}

/** Every column of `payment` with its Payment field, in table order: the one list of them. */
const COLUMNS: readonly PaymentColumn[] = [
  { column: 'id', field: 'id', kind: 'plain' },
  { column: 'member_id', field: 'memberId', kind: 'plain' },
  { column: 'bank_id', field: 'bankId', kind: 'plain', initial: null },
  { column: 'ref_id', field: 'refId', kind: 'plain' },
  { column: 'on_behalf_of_id', field: 'onBehalfOfId', kind: 'plain', initial: null },
  { column: 'external_psu_reference', field: 'externalPsuReference', kind: 'plain', initial: null },
  { column: 'status', field: 'status', kind: 'plain' },
  { column: 'initiation', field: 'initiation', kind: 'plain' },
  { column: 'amount', field: 'amount', kind: 'amount' },
  { column: 'currency', field: 'currency', kind: 'plain' },
  { column: 'local_instrument', field: 'localInstrument', kind: 'plain' },
  { column: 'bank_consent_id', field: 'bankConsentId', kind: 'plain', initial: null },
  { column: 'bank_payment_id', field: 'bankPaymentId', kind: 'plain', initial: null },
  { column: 'bank_continuation', field: 'bankContinuation', kind: 'plain', initial: null },
  { column: 'bank_payment_status', field: 'bankPaymentStatus', kind: 'plain', initial: null },
  { column: 'status_reason_information', field: 'statusReasonInformation', kind: 'plain', initial: null },
  { column: 'authentication', field: 'authentication', kind: 'plain', initial: null },
  { column: 'refund_account', field: 'refundAccount', kind: 'plain', initial: null },
  { column: 'error_info', field: 'errorInfo', kind: 'plain', initial: null },
  {
    column: 'converted_to_future_dated_payment',
    field: 'convertedToFutureDatedPayment',
    kind: 'plain',
    initial: false,
  },
  { column: 'payment_link_id', field: 'paymentLinkId', kind: 'plain', initial: null },
  { column: 'callback_token', field: 'callbackToken', kind: 'plain' },
  { column: 'nonce', field: 'nonce', kind: 'plain' },
  { column: 'poll_count', field: 'pollCount', kind: 'plain', initial: 0 },
  { column: 'expires_at', field: 'expiresAt', kind: 'timestamp', initial: null },
  { column: 'poll_until', field: 'pollUntil', kind: 'timestamp' },
  { column: 'version', field: 'version', kind: 'plain', initial: 0 },
  { column: 'created_at', field: 'createdAt', kind: 'timestamp' },
  { column: 'updated_at', field: 'updatedAt', kind: 'timestamp' },
  { column: 'flow_type', field: 'flowType', kind: 'plain', initial: 'API_ONLY' },
  { column: 'tokenized_account_id', field: 'tokenizedAccountId', kind: 'plain', initial: null },
  { column: 'vrp_consent_id', field: 'vrpConsentId', kind: 'plain', initial: null },
  { column: 'refund_status', field: 'refundStatus', kind: 'plain', initial: 'NONE' },
  { column: 'refunded_amount', field: 'refundedAmount', kind: 'plain', initial: '0' },
  { column: 'settled_refund_amount', field: 'settledRefundAmount', kind: 'plain', initial: '0' },
  { column: 'virtual_account_id', field: 'virtualAccountId', kind: 'plain', initial: null },
];

/** The refund sums, numeric columns beside the amount: Decimals, as Prisma answers them. */
const REFUND_SUM_COLUMNS = { refundedAmount: 'refunded_amount', settledRefundAmount: 'settled_refund_amount' } as const;

export const SELECT_LIST = COLUMNS.map(({ column }) => `"${column}"`).join(', ');

/** A `payment` row as pg reads it (jsonb parsed, timestamps as Date, numeric as text) -> Payment, as Prisma would answer it. */
export function paymentFromRow(row: Record<string, unknown>): Payment {
  const payment: Record<string, unknown> = {};
  for (const { column, field } of COLUMNS) payment[field] = row[column];
  payment['amount'] = new Prisma.Decimal(row['amount'] as string);
  for (const [field, column] of Object.entries(REFUND_SUM_COLUMNS))
    payment[field] = new Prisma.Decimal((row[column] as string | null) ?? '0');
  return payment as unknown as Payment;
}

/** An amount as Prisma accepts it, as decimal text. */
function amountText(value: NewPayment['amount']): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return value.toFixed();
}

/** A timestamp of a create input (a Date, or text Prisma would take), as a Date. */
function dateOrNull(value: unknown): Date | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? new Date(value) : (value as Date);
}

/**
 * A new payment's row as the database will hold it: defaults filled, absent columns null. The
 * version and poll count of a new row always start at 0.
 */
export function paymentFromNew(row: NewPayment): Payment {
  const given = row as unknown as Readonly<Record<string, unknown>>;
  const payment: Record<string, unknown> = {};
  for (const { field, kind, initial } of COLUMNS) {
    const value = field === 'version' || field === 'pollCount' ? undefined : given[field];
    if (value === undefined || value === null) {
      if (initial === undefined) throw new Error(`a new payment needs ${field}`);
      payment[field] = Object.hasOwn(REFUND_SUM_COLUMNS, field) ? new Prisma.Decimal(initial as string) : initial;
    } else if (kind === 'amount') {
      payment[field] = new Prisma.Decimal(amountText(value as NewPayment['amount']));
    } else {
      payment[field] = kind === 'timestamp' ? dateOrNull(value) : value;
    }
  }
  return payment as unknown as Payment;
}

const SELECT_FOR_MEMBER = `SELECT ${SELECT_LIST} FROM payment WHERE id = $1 AND member_id = $2`;

/** The fields of the Payment resource: the columns a GET reads. */
const VIEW_FIELDS = [
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
  'flowType',
  'paymentLinkId',
  'tokenizedAccountId',
  'amount',
  'refundStatus',
  'refundedAmount',
  'settledRefundAmount',
  'virtualAccountId',
] as const satisfies readonly (keyof Payment)[];

/** What the API shows of a payment (the Payment resource). */
export type PaymentView = Pick<Payment, (typeof VIEW_FIELDS)[number]>;

const VIEW_COLUMNS = COLUMNS.filter(({ field }) => (VIEW_FIELDS as readonly string[]).includes(field));
// Reads of several members' payments at once: each (id, member) pair finds its row or none.
const SELECT_VIEWS_FOR_MEMBERS = `SELECT ${VIEW_COLUMNS.map(({ column }) => `p."${column}"`).join(', ')}
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
    for (const { column, field } of VIEW_COLUMNS) view[field] = row[column];
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

/** Stores new payments (rows as JSON, see paymentRowsJson) in the transaction that runs it. */
export const INSERT_PAYMENT_ROWS = `INSERT INTO payment (${SELECT_LIST})
  SELECT ${SELECT_LIST} FROM json_populate_recordset(NULL::payment, $1::json)`;

/** Payments as the JSON array INSERT_PAYMENT_ROWS reads. */
export function paymentRowsJson(payments: readonly Payment[]): string {
  return JSON.stringify(payments.map((payment) => paymentRowObject(payment)));
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
function paymentRowObject(
  payment: Payment,
  columns: readonly PaymentColumn[] = COLUMNS,
): Readonly<Record<string, unknown>> {
  const fields = payment as unknown as Readonly<Record<string, unknown>>;
  const row: Record<string, unknown> = {};
  for (const { column, field, kind } of columns) {
    const value = fields[field];
    row[column] =
      kind === 'amount'
        ? (value as Payment['amount']).toFixed()
        : kind === 'timestamp'
          ? isoOrNull(value as Date | null)
          : value;
  }
  return row;
}

/**
 * An outbox row as JSON. The body, a notification's JSON text, goes in as a JSON value rather
 * than a string: json_populate_recordset (and json_to_recordset) give a text column the value's text exactly as written
 * (json, unlike jsonb, keeps it byte for byte), so the body is not escaped and unescaped again.
 */
function eventRowJson(columns: Readonly<Record<string, string>>, body: string): string {
  const text = JSON.stringify(columns);
  return `${text.slice(0, -1)},"body":${body.startsWith('{') ? body : JSON.stringify(body)}}`;
}

/** A new payment's creation event as its outbox row's JSON. */
function creationEventJson({ payment, event }: PaymentWrite): string {
  return eventRowJson(
    {
      id: event.id,
      member_id: payment.memberId,
      event_type: event.eventType,
      created_at: event.createdAt.toISOString(),
    },
    event.body,
  );
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
      `[${writes.map(creationEventJson).join(',')}]`,
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

/**
 * What a change writes: every field of PaymentChange (a field added there and not here does not
 * compile) but the poll count, which moves without a new version, so the row's own value stands.
 */
const CHANGE_FIELDS: Readonly<Record<Exclude<keyof PaymentChange, 'pollCount'>, true>> = {
  status: true,
  updatedAt: true,
  bankId: true,
  localInstrument: true,
  initiation: true,
  bankConsentId: true,
  bankPaymentId: true,
  bankContinuation: true,
  bankPaymentStatus: true,
  statusReasonInformation: true,
  authentication: true,
  refundAccount: true,
  errorInfo: true,
  expiresAt: true,
  tokenizedAccountId: true,
};

const CHANGE_COLUMNS = COLUMNS.filter(({ field }) => Object.hasOwn(CHANGE_FIELDS, field));
/** The changed row's JSON: its id and what the change writes. */
const CHANGED_ROW_COLUMNS = COLUMNS.filter(({ field }) => field === 'id' || Object.hasOwn(CHANGE_FIELDS, field));

/** What a timer becomes with a change: set (or moved) to a new due time, or removed. */
export type PaymentTimerChange = { readonly set: NewPaymentTimer } | { readonly clear: string };

/** One status change (or stay) with what is written beside it. */
interface PaymentChangeWrite {
  /** The row as the caller knows it: the change applies only while the row is still at its status and version. */
  readonly expected: Pick<Payment, 'id' | 'status' | 'version'>;
  /** The row after the change (paymentAfterChange). */
  readonly changed: Payment;
  /** The PAYMENT_STATUS_CHANGED row, when the status changes. */
  readonly event: NewPaymentEvent | null;
  readonly timer: PaymentTimerChange;
}

// Each expected row is locked only if no one else holds it (SKIP LOCKED): a payment that another
// transaction is moving is left out (its caller reads it again) instead of holding the whole
// batch, and the connection, until that transaction ends. The event, the timer and its removal
// are written only for the payments the update changed; all of it commits together. The rows
// and timers to remove are found by their ids ($1, $6) through the primary keys: a join on the
// JSON rows alone leaves the planner free to read the whole table (it cannot tell how many rows
// the JSON holds, and reads thousands of payments to change one).
const UPDATE_WITH_EVENTS = `
WITH locked AS (
  SELECT p.id FROM payment p
  JOIN json_populate_recordset(NULL::payment, $2::json) AS expected ON expected.id = p.id
  WHERE p.id = ANY($1::text[]) AND p.status = expected.status AND p.version = expected.version
  FOR UPDATE OF p SKIP LOCKED
), changed AS (
  UPDATE payment p SET ${CHANGE_COLUMNS.map(({ column }) => `"${column}" = n."${column}"`).join(', ')}, version = p.version + 1
  FROM json_populate_recordset(NULL::payment, $3::json) AS n, locked
  WHERE p.id = ANY($1::text[]) AND p.id = locked.id AND n.id = locked.id
  RETURNING p.id, p.member_id
), event_rows AS (
  INSERT INTO outbox_event (id, member_id, event_type, body, created_at)
  SELECT e.id, changed.member_id, e.event_type, e.body, e.created_at
  FROM json_to_recordset($4::json) AS e(payment_id text, id text, event_type text, body text, created_at timestamptz)
  JOIN changed ON changed.id = e.payment_id
  RETURNING id
), timer_rows AS (
  INSERT INTO scheduled_job (id, queue, job_name, payload, due_at)
  SELECT t.id, t.queue, t.job_name, t.payload, t.due_at
  FROM json_to_recordset($5::json) AS t(payment_id text, id text, queue text, job_name text, payload jsonb, due_at timestamptz)
  JOIN changed ON changed.id = t.payment_id
  ON CONFLICT (id) DO UPDATE SET due_at = EXCLUDED.due_at, payload = EXCLUDED.payload
  RETURNING id
), cleared AS (
  DELETE FROM scheduled_job j
  USING unnest($6::text[], $7::text[]) AS t(id, payment_id) JOIN changed ON changed.id = t.payment_id
  WHERE j.id = ANY($6::text[]) AND j.id = t.id
  RETURNING j.id
)
SELECT id FROM changed`;

/** The columns a change writes, of the changed row, as JSON. */
function changedRowObject(changed: Payment): Readonly<Record<string, unknown>> {
  return paymentRowObject(changed, CHANGED_ROW_COLUMNS);
}

async function updatePaymentsWithEvents(
  pool: pg.Pool,
  writes: readonly PaymentChangeWrite[],
): Promise<readonly boolean[]> {
  const ids = new Set(writes.map(({ expected }) => expected.id));
  // Two changes of one payment in one statement would both see the row: fail the batch so that
  // each runs alone (StatementBatcher), one after the other's version.
  if (ids.size !== writes.length) throw new Error('one statement cannot change a payment twice');
  // The event's member is the payment's (the statement takes it from the changed row).
  const events = writes.flatMap(({ changed, event }) =>
    event === null
      ? []
      : [
          eventRowJson(
            {
              payment_id: changed.id,
              id: event.id,
              event_type: event.eventType,
              created_at: event.createdAt.toISOString(),
            },
            event.body,
          ),
        ],
  );
  const timers = writes.flatMap(({ changed, timer }) =>
    'set' in timer
      ? [
          {
            payment_id: changed.id,
            id: timer.set.id,
            queue: timer.set.queue,
            job_name: timer.set.jobName,
            payload: timer.set.payload,
            due_at: timer.set.dueAt.toISOString(),
          },
        ]
      : [],
  );
  const cleared = writes.flatMap(({ changed, timer }) =>
    'clear' in timer ? [{ paymentId: changed.id, id: timer.clear }] : [],
  );
  const result = await pool.query<{ id: string }>({
    name: 'payments-update-with-events',
    text: UPDATE_WITH_EVENTS,
    values: [
      writes.map(({ expected }) => expected.id),
      JSON.stringify(
        writes.map(({ expected }) => ({ id: expected.id, status: expected.status, version: expected.version })),
      ),
      JSON.stringify(writes.map(({ changed }) => changedRowObject(changed))),
      `[${events.join(',')}]`,
      JSON.stringify(timers),
      cleared.map(({ id }) => id),
      cleared.map(({ paymentId }) => paymentId),
    ],
  });
  const updated = new Set(result.rows.map((row) => row.id));
  return writes.map(({ expected }) => updated.has(expected.id));
}

/** Changes in flight at once per pool, and changes per statement (as for creations). */
const changePayment = batchedPerPool(updatePaymentsWithEvents, { maxInFlight: 2, maxBatch: 64 });

/**
 * Changes a payment still at `expected` (status and version) to `changed`, writes its event (when
 * given) and sets or removes its timer: all or nothing, in one statement shared with the changes
 * that arrive together. Answers whether it wrote: false when the row has moved on, or another
 * transaction holds it. Like the creation statement it does not NOTIFY the outbox relay.
 */
export async function updatePaymentWithEvent(
  pool: pg.Pool,
  expected: Pick<Payment, 'id' | 'status' | 'version'>,
  changed: Payment,
  event: NewPaymentEvent | null,
  timer: PaymentTimerChange,
): Promise<boolean> {
  if (changed.id !== expected.id || changed.version !== expected.version + 1)
    throw new Error(`a change of payment ${expected.id} must be its next version`);
  return changePayment(pool, { expected, changed, event, timer });
}
