import type pg from 'pg';
import { BANK_ID, GET_IDS } from '../payments/settings.js';

/** How many completed payments the refunds are spread over (each refund locks its payment's row). */
export const REFUNDABLE_PAYMENTS = 1000;

/**
 * REFUNDABLE_PAYMENTS completed Payments v2 payments of the bench member, large enough never to
 * be refunded in full during a run, with their refund accounts; and GET_IDS refunds of them (for
 * GET /refunds/{id}). Written straight into the tables: the refund routes are measured, not the
 * payment flow. Answers the payment ids and the refund ids.
 */
export async function seedRefundablePayments(
  db: pg.Client,
  memberName: string,
): Promise<{ readonly paymentIds: string[]; readonly refundIds: string[] }> {
  const member = await db.query<{ id: string }>('SELECT id FROM member WHERE name = $1', [memberName]);
  const memberId = member.rows[0]?.id;
  if (memberId === undefined) throw new Error(`no member named ${memberName}`);
  const payments = await db.query<{ id: string }>(
    `INSERT INTO payment (id, member_id, bank_id, ref_id, status, initiation, amount, currency, local_instrument,
       refund_account, callback_token, nonce, poll_until, created_at, updated_at)
     SELECT 'pm2:bench-' || n, $1, $2, 'bench-' || n, 'INITIATION_COMPLETED',
       jsonb_build_object('refId', 'bench-' || n, 'amount', jsonb_build_object('value', '1000000.00', 'currency', 'GBP')),
       1000000.00, 'GBP', 'FASTER_PAYMENTS',
       jsonb_build_object('sortCode', '040004', 'accountNumber', '12345678', 'name', 'Payer ' || n),
       'bench-refund-callback-' || n, 'nonce', now() + interval '30 days', now(), now()
     FROM generate_series(1, $3::int) AS n
     RETURNING id`,
    [memberId, BANK_ID, REFUNDABLE_PAYMENTS],
  );
  const refunds = await db.query<{ id: string }>(
    `INSERT INTO refund (id, member_id, ref_id, original_payment_id, original_kind, bank_id, status, amount, currency,
       local_instrument, initiation, bank_transaction_id, bank_payment_status, poll_until, created_at, updated_at)
     SELECT 'rf:bench-' || n, $1, 'bench-' || n, 'pm2:bench-' || (1 + n % $4::int), 'payment', $2, 'INITIATION_COMPLETED',
       1.00, 'GBP', 'FASTER_PAYMENTS',
       jsonb_build_object('paymentType', 'REFUND', 'refId', 'bench-' || n,
         'amount', jsonb_build_object('value', '1.00', 'currency', 'GBP'),
         'originalPaymentId', 'pm2:bench-' || (1 + n % $4::int), 'localInstrument', 'FASTER_PAYMENTS',
         'debtor', jsonb_build_object('sortCode', '040004', 'accountNumber', '87654321', 'name', 'Merchant Ltd'),
         'creditor', jsonb_build_object('sortCode', '040004', 'accountNumber', '12345678', 'name', 'Payer')),
       'bank-refund-' || n, 'AcceptedSettlementCompleted', now() + interval '30 days', now(), now()
     FROM generate_series(1, $3::int) AS n
     RETURNING id`,
    [memberId, BANK_ID, GET_IDS, REFUNDABLE_PAYMENTS],
  );
  return { paymentIds: payments.rows.map((row) => row.id), refundIds: refunds.rows.map((row) => row.id) };
}
