import type pg from 'pg';

/**
 * The creation of a refund on the request path as one statement on the pool Prisma shares (a
 * data-modifying CTE: one round trip, its own implicit transaction, no interactive transaction):
 * the original payment's (or transfer's) row is locked (FOR UPDATE: concurrent refunds of one
 * payment queue here and each reads the sums the one before wrote), and only while it is still
 * the member's completed payment in the refund's currency with room for the amount, the refund
 * is inserted, the sums and refund status of the original updated, the creation event and the
 * first timer written. RefundRepository.insertCounted is its only caller.
 */
function insertCounted(table: 'payment' | 'transfer'): string {
  return `WITH original AS (
    SELECT id, amount, refunded_amount FROM ${table}
     WHERE id = $1 AND member_id = $2 AND status = ANY($3::text[]) AND currency = $4
     FOR UPDATE
  ), fits AS (
    SELECT id, amount, refunded_amount + $5::numeric AS refunded FROM original
     WHERE refunded_amount + $5::numeric <= amount
  ), refund_row AS (
    INSERT INTO refund (id, member_id, ref_id, on_behalf_of_id, original_payment_id, original_kind, registration_id,
      bank_id, status, amount, currency, local_instrument, initiation, poll_until, created_at, updated_at)
    SELECT $6, $2, $7, $8, $1, '${table}', $9, $10, 'INITIATION_PENDING', $5::numeric, $4, $11, $12::jsonb,
      $13::timestamptz, $14::timestamptz, $14::timestamptz
    FROM fits
    RETURNING id
  ), sums AS (
    UPDATE ${table} AS o
       SET refunded_amount = fits.refunded,
           refund_status = CASE WHEN fits.refunded >= fits.amount THEN 'FULL' ELSE 'PARTIAL' END
      FROM fits
     WHERE o.id = fits.id
    RETURNING o.id
  ), event_row AS (
    INSERT INTO outbox_event (id, member_id, event_type, body, created_at)
    SELECT $15, $2, 'REFUND_STATUS_CHANGED', $16, $14::timestamptz FROM refund_row
    RETURNING id
  ), timer_row AS (
    INSERT INTO scheduled_job (id, queue, job_name, payload, due_at)
    SELECT $17, $18, 'refunds.poll', $19::jsonb, $20::timestamptz FROM refund_row
    ON CONFLICT (id) DO UPDATE SET due_at = EXCLUDED.due_at, payload = EXCLUDED.payload
    RETURNING id
  )
  SELECT (SELECT count(*) FROM refund_row)::int AS inserted,
         (SELECT count(*) FROM sums)::int AS summed,
         (SELECT count(*) FROM event_row)::int AS events,
         (SELECT count(*) FROM timer_row)::int AS timers`;
}

const STATEMENTS = { payment: insertCounted('payment'), transfer: insertCounted('transfer') } as const;

/** A refund as the one statement stores it (status INITIATION_PENDING, counted). */
export interface CountedRefund {
  readonly id: string;
  readonly memberId: string;
  readonly refId: string;
  readonly onBehalfOfId: string | null;
  readonly originalPaymentId: string;
  readonly originalKind: 'payment' | 'transfer';
  readonly registrationId: string | null;
  readonly bankId: string;
  readonly amount: string;
  readonly currency: string;
  readonly localInstrument: string;
  readonly initiation: object;
  readonly pollUntil: Date;
  readonly createdAt: Date;
}

/** Whether the refund was stored: false when, under the lock, the original no longer takes it. */
export async function insertCountedRefund(
  pool: pg.Pool,
  refund: CountedRefund,
  completedStatuses: readonly string[],
  event: { readonly id: string; readonly body: string },
  timer: { readonly id: string; readonly queue: string; readonly payload: object; readonly dueAt: Date },
): Promise<boolean> {
  const result = await pool.query<{ inserted: number }>({
    name: `refund.insert_counted.${refund.originalKind}`,
    text: STATEMENTS[refund.originalKind],
    values: [
      refund.originalPaymentId,
      refund.memberId,
      completedStatuses,
      refund.currency,
      refund.amount,
      refund.id,
      refund.refId,
      refund.onBehalfOfId,
      refund.registrationId,
      refund.bankId,
      refund.localInstrument,
      JSON.stringify(refund.initiation),
      refund.pollUntil.toISOString(),
      refund.createdAt.toISOString(),
      event.id,
      event.body,
      timer.id,
      timer.queue,
      JSON.stringify(timer.payload),
      timer.dueAt.toISOString(),
    ],
  });
  return (result.rows[0]?.inserted ?? 0) === 1;
}

const SELECT_ORIGINAL = (table: 'payment' | 'transfer', account: string): string =>
  `SELECT id, member_id AS "memberId", bank_id AS "bankId", status, amount::text AS amount, currency,
     refunded_amount::text AS "refundedAmount", settled_refund_amount::text AS "settledRefundAmount",
     ${account} AS "payerAccount"
   FROM ${table} WHERE id = $1 AND member_id = $2`;

/** The member's payment (or else transfer), read without a lock (a named prepared statement each). */
export async function readOriginal(
  pool: pg.Pool,
  memberId: string,
  id: string,
): Promise<(Record<string, unknown> & { kind: 'payment' | 'transfer' }) | null> {
  const payment = await pool.query<Record<string, unknown>>({
    name: 'refund.original.payment',
    text: SELECT_ORIGINAL('payment', 'refund_account'),
    values: [id, memberId],
  });
  if (payment.rows[0] !== undefined) return { ...payment.rows[0], kind: 'payment' };
  const transfer = await pool.query<Record<string, unknown>>({
    name: 'refund.original.transfer',
    text: SELECT_ORIGINAL('transfer', 'source'),
    values: [id, memberId],
  });
  return transfer.rows[0] === undefined ? null : { ...transfer.rows[0], kind: 'transfer' };
}
