import type pg from 'pg';
import {
  defineRowShape,
  rowInserter,
  type NewRowEvent,
  type NewRowTimer,
  type RowInsert,
} from '../row-writes/index.js';
import { REFUND_STATUS, type Refund } from './refund-row.js';

/** Every column of `refund` with its Refund field, in table order. */
export const REFUND_SHAPE = defineRowShape<Refund>({
  table: 'refund',
  columns: [
    { column: 'id', field: 'id', kind: 'plain' },
    { column: 'member_id', field: 'memberId', kind: 'plain' },
    { column: 'ref_id', field: 'refId', kind: 'plain' },
    { column: 'on_behalf_of_id', field: 'onBehalfOfId', kind: 'plain', initial: null },
    { column: 'original_payment_id', field: 'originalPaymentId', kind: 'plain' },
    { column: 'original_kind', field: 'originalKind', kind: 'plain' },
    { column: 'registration_id', field: 'registrationId', kind: 'plain', initial: null },
    { column: 'bank_id', field: 'bankId', kind: 'plain' },
    { column: 'status', field: 'status', kind: 'plain', parse: REFUND_STATUS.parse },
    { column: 'amount', field: 'amount', kind: 'decimal' },
    { column: 'currency', field: 'currency', kind: 'plain' },
    { column: 'local_instrument', field: 'localInstrument', kind: 'plain' },
    { column: 'initiation', field: 'initiation', kind: 'plain' },
    { column: 'bank_transaction_id', field: 'bankTransactionId', kind: 'plain', initial: null },
    { column: 'bank_payment_status', field: 'bankPaymentStatus', kind: 'plain', initial: null },
    { column: 'status_reason_information', field: 'statusReasonInformation', kind: 'plain', initial: null },
    { column: 'poll_count', field: 'pollCount', kind: 'plain', initial: 0, alwaysInitial: true },
    { column: 'poll_until', field: 'pollUntil', kind: 'timestamp' },
    { column: 'version', field: 'version', kind: 'plain', initial: 0, alwaysInitial: true },
    { column: 'created_at', field: 'createdAt', kind: 'timestamp' },
    { column: 'updated_at', field: 'updatedAt', kind: 'timestamp' },
  ],
});

interface CountedWrite extends RowInsert<Refund> {
  readonly completedStatuses: readonly string[];
}

/**
 * The creation of a refund on the request path as one statement on the pool Prisma shares,
 * produced from the refund's row shape: the guard locks the original payment's (or transfer's)
 * row (FOR UPDATE: concurrent refunds of one payment queue here and each reads the sums the one
 * before wrote), and only while it is still the member's completed payment in the refund's
 * currency with room for the amount, the refund is inserted, the sums and refund status of the
 * original updated alongside, the creation event and the first timer written. One statement
 * holds one refund per original (the others run after it). RefundRepository.insertCounted is its
 * only caller.
 */
function countedInserter(table: 'payment' | 'transfer') {
  return rowInserter<Refund, CountedWrite>(REFUND_SHAPE, {
    name: `refund.insert_counted.${table}`,
    additions: {
      guard: (
        p,
      ) => `SELECT r.id, o.id AS original_id, o.amount AS original_amount, o.refunded_amount + r.amount AS refunded
    FROM new_rows r JOIN ${table} o ON o.id = r.original_payment_id AND o.member_id = r.member_id
    WHERE o.status = ANY(${p(0)}::text[]) AND o.currency = r.currency AND o.refunded_amount + r.amount <= o.amount
    FOR UPDATE OF o`,
      alongside: [
        () => `UPDATE ${table} AS o
       SET refunded_amount = guard.refunded,
           refund_status = CASE WHEN guard.refunded >= guard.original_amount THEN 'FULL' ELSE 'PARTIAL' END
      FROM guard JOIN written ON written.id = guard.id
     WHERE o.id = guard.original_id
    RETURNING o.id`,
      ],
    },
    values: (items) => [items[0]?.completedStatuses ?? []],
    onePerStatement: ({ row }) => row.originalPaymentId,
    batching: { maxInFlight: 2, maxBatch: 64 },
  });
}

const STATEMENTS = { payment: countedInserter('payment'), transfer: countedInserter('transfer') } as const;

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

/**
 * Whether the refund was stored: false when, under the lock, the original no longer takes it.
 * The events and the timer are those the refund's lifecycle declares for its creation.
 */
export function insertCountedRefund(
  pool: pg.Pool,
  refund: CountedRefund,
  completedStatuses: readonly string[],
  events: readonly NewRowEvent[],
  timer: NewRowTimer | null,
): Promise<boolean> {
  const row = REFUND_SHAPE.fromNew({ ...refund, status: 'INITIATION_PENDING', updatedAt: refund.createdAt });
  return STATEMENTS[refund.originalKind](pool, { row, events, timer, completedStatuses });
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
