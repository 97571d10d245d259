import { readById } from '../views/read-by-id.js';
import { PAYOUT_STATUS, type Payout } from './payout-row.js';

/** What the API shows of a payout (the Payout resource): the columns GET /payouts/{id} reads. */
export type PayoutView = Pick<
  Payout,
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

export const readPayoutView = readById<PayoutView>({
  name: 'payout-view-by-id',
  table: 'payout',
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
  parsed: { status: PAYOUT_STATUS.parse },
});
