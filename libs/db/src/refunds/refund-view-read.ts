import { readById } from '../views/read-by-id.js';
import { REFUND_STATUS, type Refund } from './refund-row.js';

/** What the API shows of a refund (the Refund resource): the columns GET /refunds/{id} reads. */
export type RefundView = Pick<
  Refund,
  | 'id'
  | 'memberId'
  | 'bankTransactionId'
  | 'createdAt'
  | 'updatedAt'
  | 'status'
  | 'bankPaymentStatus'
  | 'statusReasonInformation'
  | 'initiation'
>;

export const readRefundView = readById<RefundView>({
  name: 'refund-view-by-id',
  table: 'refund',
  memberColumn: 'member_id',
  columns: {
    id: 'id',
    memberId: 'member_id',
    bankTransactionId: 'bank_transaction_id',
    createdAt: 'created_at',
    updatedAt: 'updated_at',
    status: 'status',
    bankPaymentStatus: 'bank_payment_status',
    statusReasonInformation: 'status_reason_information',
    initiation: 'initiation',
  },
  parsed: { status: REFUND_STATUS.parse },
});
