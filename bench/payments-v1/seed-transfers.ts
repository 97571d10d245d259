import type pg from 'pg';
import { BANK_ID, GET_IDS } from '../payments/settings.js';

/**
 * GET_IDS transfers of the bench member, final (SUCCESS) so that a GET answers from Postgres
 * without asking the bank, written straight into the tables with one token request and one
 * token they belong to; their ids. The GET route is measured, not the authorisation flow.
 */
export async function seedTransfers(db: pg.Client, memberName: string): Promise<string[]> {
  const member = await db.query<{ id: string }>('SELECT id FROM member WHERE name = $1', [memberName]);
  const memberId = member.rows[0]?.id;
  if (memberId === undefined) throw new Error(`no member named ${memberName}`);
  const payload = {
    refId: 'bench-get',
    to: { id: memberId },
    redirectUrl: 'https://tpp.example/cb',
    transferBody: { currency: 'GBP', lifetimeAmount: '100000.00', instructions: { transferDestinations: [] } },
  };
  await db.query(
    `INSERT INTO token_request (id, member_id, kind, ref_id, request_options, request_payload, bank_id, status,
       callback_token, nonce, token_id, expires_at, created_at, updated_at)
     VALUES ('rq:bench', $1, 'TRANSFER', 'bench-get', '{}', $2, $3, 'PROCESSED', 'benchcallbacktoken', 'benchnonce',
       'tt:bench', now(), now(), now())`,
    [memberId, payload, BANK_ID],
  );
  await db.query(
    `INSERT INTO token (id, member_id, token_request_id, kind, status, bank_id, payload, lifetime_amount, currency,
       created_at, updated_at)
     VALUES ('tt:bench', $1, 'rq:bench', 'TRANSFER', 'ACTIVE', $2, '{}', 100000, 'GBP', now(), now())`,
    [memberId, BANK_ID],
  );
  const rows = await db.query<{ id: string }>(
    `INSERT INTO transfer (id, member_id, token_id, token_request_id, bank_id, status, ref_id, amount, currency,
       local_instrument, payload, bank_payment_id, bank_payment_status, poll_until, created_at, updated_at)
     SELECT 't:bench-' || n, $1, 'tt:bench', 'rq:bench', $2, 'SUCCESS', 'bench-' || n, 10.50, 'GBP',
       'FASTER_PAYMENTS',
       jsonb_build_object('refId', 'bench-' || n, 'tokenId', 'tt:bench',
         'amount', jsonb_build_object('value', '10.50', 'currency', 'GBP')),
       'bank-' || n, 'AcceptedSettlementCompleted', now() + interval '30 days', now(), now()
     FROM generate_series(1, $3::int) AS n
     RETURNING id`,
    [memberId, BANK_ID, GET_IDS],
  );
  return rows.rows.map((row) => row.id);
}
