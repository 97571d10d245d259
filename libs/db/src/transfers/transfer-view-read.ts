import { readById } from '../views/read-by-id.js';
import { TRANSFER_STATUS, type Transfer } from './transfer-row.js';

/** What the API shows of a transfer (the Transfer resource): the columns GET /transfers/{id} reads. */
export type TransferView = Pick<
  Transfer,
  | 'id'
  | 'createdAt'
  | 'status'
  | 'payload'
  | 'convertedToFutureDatedPayment'
  | 'executionDate'
  | 'bankPaymentId'
  | 'bankPaymentStatus'
  | 'refundStatus'
  | 'source'
  | 'statusReasonInformation'
  | 'transactionId'
>;

export const readTransferView = readById<TransferView>({
  name: 'transfer-view-by-id',
  table: 'transfer',
  memberColumn: 'member_id',
  columns: {
    id: 'id',
    createdAt: 'created_at',
    status: 'status',
    payload: 'payload',
    convertedToFutureDatedPayment: 'converted_to_future_dated_payment',
    executionDate: 'execution_date',
    bankPaymentId: 'bank_payment_id',
    bankPaymentStatus: 'bank_payment_status',
    refundStatus: 'refund_status',
    source: 'source',
    statusReasonInformation: 'status_reason_information',
    transactionId: 'transaction_id',
  },
  parsed: { status: TRANSFER_STATUS.parse },
});
