import type pg from 'pg';
import { batchedPerPool } from '#libs/postgres';
import {
  defineRowShape,
  rowInserter,
  rowUpdater,
  type NewRowEvent,
  type NewRowTimer,
  type RowTimerChange,
} from '../row-writes/index.js';
import { checkKindLiteral, closeChecksSql } from '../bank-truth/outcome-check-writes.js';
import { PAYMENT_STATUS, type NewPayment, type Payment, type PaymentChange } from './payment-records.js';

/**
 * The statements on the Payments v2 request path, run on the pool Prisma shares as named
 * prepared statements (parsed once per connection): reading one payment (whole, or the columns
 * of its resource, the latter several reads to a statement under load), and storing new ones
 * with their creation events and first timers in a single statement (one implicit transaction,
 * one round trip), several creations at a time under load, and recording a payment's change
 * (the bank's answer to its initiation) with its event and timer the same way. PaymentRepository
 * is their only caller; everything else it does goes through Prisma.
 */

/** Every column of `payment` with its Payment field, in table order: the one list of them. */
export const PAYMENT_SHAPE = defineRowShape<Payment>({
  table: 'payment',
  columns: [
    { column: 'id', field: 'id', kind: 'plain' },
    { column: 'member_id', field: 'memberId', kind: 'plain' },
    { column: 'bank_id', field: 'bankId', kind: 'plain', initial: null },
    { column: 'ref_id', field: 'refId', kind: 'plain' },
    { column: 'on_behalf_of_id', field: 'onBehalfOfId', kind: 'plain', initial: null },
    { column: 'external_psu_reference', field: 'externalPsuReference', kind: 'plain', initial: null },
    { column: 'status', field: 'status', kind: 'plain', parse: PAYMENT_STATUS.parse },
    { column: 'initiation', field: 'initiation', kind: 'plain' },
    { column: 'amount', field: 'amount', kind: 'decimal' },
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
    { column: 'poll_count', field: 'pollCount', kind: 'plain', initial: 0, alwaysInitial: true },
    { column: 'expires_at', field: 'expiresAt', kind: 'timestamp', initial: null },
    { column: 'poll_until', field: 'pollUntil', kind: 'timestamp' },
    { column: 'version', field: 'version', kind: 'plain', initial: 0, alwaysInitial: true },
    { column: 'created_at', field: 'createdAt', kind: 'timestamp' },
    { column: 'updated_at', field: 'updatedAt', kind: 'timestamp' },
    { column: 'flow_type', field: 'flowType', kind: 'plain', initial: 'API_ONLY' },
    { column: 'tokenized_account_id', field: 'tokenizedAccountId', kind: 'plain', initial: null },
    { column: 'vrp_consent_id', field: 'vrpConsentId', kind: 'plain', initial: null },
    { column: 'refund_status', field: 'refundStatus', kind: 'plain', initial: 'NONE' },
    { column: 'refunded_amount', field: 'refundedAmount', kind: 'decimal', initial: '0' },
    { column: 'settled_refund_amount', field: 'settledRefundAmount', kind: 'decimal', initial: '0' },
    { column: 'virtual_account_id', field: 'virtualAccountId', kind: 'plain', initial: null },
  ],
});

const COLUMNS = PAYMENT_SHAPE.columns;

export const SELECT_LIST = PAYMENT_SHAPE.selectList;

/** A `payment` row as pg reads it (jsonb parsed, timestamps as Date, numeric as text) -> Payment, as Prisma would answer it. */
export function paymentFromRow(row: Record<string, unknown>): Payment {
  return PAYMENT_SHAPE.fromRow(row);
}

/**
 * A new payment's row as the database will hold it: defaults filled, absent columns null. The
 * version and poll count of a new row always start at 0.
 */
export function paymentFromNew(row: NewPayment): Payment {
  return PAYMENT_SHAPE.fromNew(row);
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
    for (const { column, field, parse } of VIEW_COLUMNS)
      view[field] = parse === undefined ? row[column] : parse(row[column]);
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
  return JSON.stringify(payments.map((payment) => PAYMENT_SHAPE.rowObject(payment)));
}

/** The outbox row that announces a payment (built by libs/events). */
export type NewPaymentEvent = NewRowEvent;

/** The payment's timer row, if its state has one. */
export type NewPaymentTimer = NewRowTimer;

/**
 * Creations in flight at once per pool, and payments per statement. Measured at 50 concurrent
 * initiations: 1 and 2 in flight did alike (about nine and five payments per statement), 4 left
 * most statements with one payment; 2 keeps a lone creation from waiting behind another.
 */
const storePayment = rowInserter(PAYMENT_SHAPE, {
  name: 'payments-insert-with-events',
  batching: { maxInFlight: 2, maxBatch: 64 },
});

/**
 * Stores a new payment (as paymentFromNew gives it), its creation event and its timer: all or
 * nothing, and answers the payment as stored. Creations that arrive together share one
 * statement (see StatementBatcher); a failing one fails alone. The statement does not NOTIFY
 * the outbox relay: the caller wakes it after the commit (see wakeOutboxRelay in libs/events).
 */
export async function insertPaymentWithEvent(
  pool: pg.Pool,
  stored: Payment,
  event: NewPaymentEvent,
  timer: NewPaymentTimer | null,
): Promise<Payment> {
  await storePayment(pool, { row: stored, events: [event], timer });
  return stored;
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

/** The fields a payment's change writes. */
export const PAYMENT_CHANGE_FIELDS = Object.keys(CHANGE_FIELDS) as (keyof Payment)[];

/** What a timer becomes with a change: set (or moved) to a new due time, or removed. */
export type PaymentTimerChange = RowTimerChange;

/** Changes in flight at once per pool, and changes per statement (as for creations). */
const changePayment = rowUpdater(PAYMENT_SHAPE, PAYMENT_CHANGE_FIELDS, {
  name: 'payments-update-with-events',
  batching: { maxInFlight: 2, maxBatch: 64 },
});

// A change that answers the payment's outcome check (a VRP's initiation) ends the check in the same statement.
const changePaymentEndingCheck = rowUpdater(PAYMENT_SHAPE, PAYMENT_CHANGE_FIELDS, {
  name: 'payments-update-with-events-check-ended',
  additions: {
    alongside: [() => closeChecksSql(checkKindLiteral('payment'), 'written')],
  },
  batching: { maxInFlight: 2, maxBatch: 64 },
});

/**
 * Changes a payment still at `expected` (status and version) to `changed`, writes its events (the
 * lifecycle's, none when the status stays) and sets or removes its timer, and with `answered`
 * ends its outcome check: all or nothing, in one statement shared with the changes that arrive
 * together. Answers whether it wrote: false when the row has moved on, or another transaction
 * holds it. Like the creation statement it does not NOTIFY the outbox relay.
 */
export function updatePaymentWithEvents(
  pool: pg.Pool,
  expected: Pick<Payment, 'id' | 'status' | 'version'>,
  changed: Payment,
  events: readonly NewPaymentEvent[],
  timer: PaymentTimerChange,
  answered: boolean,
): Promise<boolean> {
  return (answered ? changePaymentEndingCheck : changePayment)(pool, { expected, changed, events, timer });
}
