import type pg from 'pg';
import { Prisma, type Transfer as TransferRow } from '../generated/prisma/client.js';
import { defineRowShape, type ColumnKind } from '../row-writes/index.js';
import { TRANSFER_STATUS, type Transfer } from './transfer-row.js';

/**
 * The read on the GET /transfers/{id} path, run on the pool Prisma shares as a named prepared
 * statement (parsed once per connection). TransferRepository is its only caller.
 */

/** Every column of `transfer` under its Transfer field: a field added to the model and not here does not compile. */
const COLUMN_OF: Readonly<Record<keyof TransferRow, string>> = {
  id: 'id',
  memberId: 'member_id',
  tokenId: 'token_id',
  tokenRequestId: 'token_request_id',
  bankId: 'bank_id',
  status: 'status',
  refId: 'ref_id',
  actingAsRefId: 'acting_as_ref_id',
  amount: 'amount',
  currency: 'currency',
  localInstrument: 'local_instrument',
  payload: 'payload',
  bankConsentId: 'bank_consent_id',
  bankPaymentId: 'bank_payment_id',
  bankContinuation: 'bank_continuation',
  bankPaymentStatus: 'bank_payment_status',
  statusReasonInformation: 'status_reason_information',
  authorization: 'authorization',
  source: 'source',
  executionDate: 'execution_date',
  convertedToFutureDatedPayment: 'converted_to_future_dated_payment',
  transactionId: 'transaction_id',
  refundStatus: 'refund_status',
  refundedAmount: 'refunded_amount',
  settledRefundAmount: 'settled_refund_amount',
  pollCount: 'poll_count',
  expiresAt: 'expires_at',
  pollUntil: 'poll_until',
  virtualAccountId: 'virtual_account_id',
  settlementRefId: 'settlement_ref_id',
  version: 'version',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
};

const KIND_OF: Partial<Readonly<Record<keyof Transfer, ColumnKind>>> = {
  amount: 'decimal',
  refundedAmount: 'decimal',
  settledRefundAmount: 'decimal',
  expiresAt: 'timestamp',
  pollUntil: 'timestamp',
  createdAt: 'timestamp',
  updatedAt: 'timestamp',
};

/** The columns of `transfer` as a row shape: the statements of a transfer's writes are produced from it. */
export const TRANSFER_SHAPE = defineRowShape<Transfer>({
  table: 'transfer',
  columns: (Object.entries(COLUMN_OF) as [keyof Transfer, string][]).map(([field, column]) => ({
    column,
    field,
    kind: KIND_OF[field] ?? 'plain',
  })),
});

const SELECT_FOR_MEMBER = `SELECT ${Object.entries(COLUMN_OF)
  .map(([field, column]) => `"${column}" AS "${field}"`)
  .join(', ')} FROM transfer WHERE id = $1 AND member_id = $2`;

/** The member's transfer as Prisma would give it (the amount a Decimal), or null. */
export async function readTransferForMember(pool: pg.Pool, memberId: string, id: string): Promise<Transfer | null> {
  const result = await pool.query<
    Omit<TransferRow, 'amount' | 'refundedAmount' | 'settledRefundAmount'> & {
      amount: string;
      refundedAmount: string;
      settledRefundAmount: string;
    }
  >({
    name: 'transfer-for-member',
    text: SELECT_FOR_MEMBER,
    values: [id, memberId],
  });
  const row = result.rows[0];
  return row === undefined
    ? null
    : {
        ...row,
        status: TRANSFER_STATUS.parse(row.status),
        amount: new Prisma.Decimal(row.amount),
        refundedAmount: new Prisma.Decimal(row.refundedAmount),
        settledRefundAmount: new Prisma.Decimal(row.settledRefundAmount),
      };
}
