import type pg from 'pg';
import { Prisma, type Payment } from '../generated/prisma/client.js';
import type { NewPayment } from './payment.repository.js';

/**
 * The statements on the Payments v2 request path, run on the pool Prisma shares as named
 * prepared statements (parsed once per connection): reading one payment (whole, or the columns
 * of its resource), and storing a new one
 * with its creation event and first timer in a single statement (one implicit transaction, one
 * round trip). Everything else about payments goes through Prisma (payment.repository.ts).
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

const JSON_FIELDS = new Set<keyof Payment>(['initiation', 'bankContinuation', 'authentication', 'refundAccount', 'errorInfo']);
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

/** A new payment's row as the database will hold it: defaults filled, absent columns null. */
export function paymentFromNew(row: NewPayment): Payment {
  const payment: Record<string, unknown> = {};
  for (const [, field] of COLUMNS) payment[field] = (row as Record<string, unknown>)[field] ?? null;
  payment['amount'] = new Prisma.Decimal(amountText(row.amount));
  payment['convertedToFutureDatedPayment'] = row.convertedToFutureDatedPayment ?? false;
  payment['pollCount'] = 0;
  payment['version'] = 0;
  return payment as unknown as Payment;
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
const SELECT_VIEW_FOR_MEMBER = `SELECT ${VIEW_COLUMNS.map(([column]) => `"${column}"`).join(', ')} FROM payment WHERE id = $1 AND member_id = $2`;

/** What the member sees of its payment (the columns of the resource only), or null (also for another member's id). */
export async function readPaymentViewForMember(pool: pg.Pool, memberId: string, id: string): Promise<PaymentView | null> {
  const result = await pool.query<Record<string, unknown>>({ name: 'payment-view-for-member', text: SELECT_VIEW_FOR_MEMBER, values: [id, memberId] });
  const row = result.rows[0];
  if (row === undefined) return null;
  const view: Record<string, unknown> = {};
  for (const [column, field] of VIEW_COLUMNS) view[field] = row[column];
  return view as PaymentView;
}

/** The member's payment, or null (also for another member's id). */
export async function readPaymentForMember(pool: pg.Pool, memberId: string, id: string): Promise<Payment | null> {
  const result = await pool.query<Record<string, unknown>>({ name: 'payment-for-member', text: SELECT_FOR_MEMBER, values: [id, memberId] });
  const row = result.rows[0];
  return row === undefined ? null : paymentFromRow(row);
}

/** The outbox row that announces a new payment (built by libs/events). */
export interface NewPaymentEvent {
  readonly id: string;
  readonly eventType: string;
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

const PAYMENT_PARAMS = COLUMNS.length;
const p = (n: number): string => `$${PAYMENT_PARAMS + n}`;
const INSERT_WITH_EVENT = `
WITH payment_row AS (
  INSERT INTO payment (${SELECT_LIST})
  VALUES (${COLUMNS.map(([, field], index) => (JSON_FIELDS.has(field) ? `$${index + 1}::jsonb` : `$${index + 1}`)).join(', ')})
  RETURNING ${SELECT_LIST}
), event_row AS (
  INSERT INTO outbox_event (id, member_id, event_type, body, created_at)
  VALUES (${p(1)}, $2, ${p(2)}, ${p(3)}, ${p(4)})
  RETURNING id
), timer_row AS (
  INSERT INTO scheduled_job (id, queue, job_name, payload, due_at)
  SELECT ${p(5)}, ${p(6)}, ${p(7)}, ${p(8)}::jsonb, ${p(9)}::timestamptz WHERE ${p(9)}::timestamptz IS NOT NULL
  ON CONFLICT (id) DO UPDATE SET due_at = EXCLUDED.due_at, payload = EXCLUDED.payload
  RETURNING id
)
SELECT payment_row.* FROM payment_row, event_row`;

function parameter(field: keyof Payment, value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (JSON_FIELDS.has(field)) return JSON.stringify(value);
  if (field === 'amount') return (value as Prisma.Decimal).toFixed();
  // ISO text is the same instant for timestamptz, and cheaper than pg's local-time formatting.
  if (value instanceof Date) return value.toISOString();
  return value;
}

/**
 * Stores a new payment (as paymentFromNew gives it), its creation event and its timer in one
 * statement: all or nothing. The statement does not NOTIFY the outbox relay: the caller wakes it
 * after the commit (see wakeOutboxRelay in libs/events).
 */
export async function insertPaymentWithEvent(pool: pg.Pool, stored: Payment, event: NewPaymentEvent, timer: NewPaymentTimer | null): Promise<Payment> {
  const values: unknown[] = COLUMNS.map(([, field]) => parameter(field, (stored as unknown as Record<string, unknown>)[field]));
  values.push(
    event.id,
    event.eventType,
    event.body,
    event.createdAt.toISOString(),
    timer?.id ?? null,
    timer?.queue ?? null,
    timer?.jobName ?? null,
    timer === null ? null : JSON.stringify(timer.payload),
    timer?.dueAt.toISOString() ?? null,
  );
  const result = await pool.query<Record<string, unknown>>({ name: 'payment-insert-with-event', text: INSERT_WITH_EVENT, values });
  const inserted = result.rows[0];
  if (inserted === undefined) throw new Error('the payment insert returned no row');
  return paymentFromRow(inserted);
}
