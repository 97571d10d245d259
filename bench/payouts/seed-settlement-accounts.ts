import type pg from 'pg';
import { GET_IDS } from '../payments/settings.js';

/** How many settlement accounts the payouts are spread over (each payout locks its account's row). */
export const SETTLEMENT_ACCOUNTS = 200;
const PROVIDER = 'sandbox-bank';
const CREDIT = '1000000000.00';

/**
 * SETTLEMENT_ACCOUNTS GBP settlement accounts of the bench member, each credited CREDIT at the
 * sandbox provider (its own tables) and in the gateway's ledger (a CREDIT entry and the balances
 * it leaves), and GET_IDS completed payouts from them (for GET /payouts/{id}). Written straight
 * into the tables: the payout routes are measured, not the credit intake. Answers the payout ids.
 */
export async function seedSettlementAccounts(
  db: pg.Client,
  memberName: string,
): Promise<{ readonly payoutIds: string[] }> {
  const member = await db.query<{ id: string }>('SELECT id FROM member WHERE name = $1', [memberName]);
  const memberId = member.rows[0]?.id;
  if (memberId === undefined) throw new Error(`no member named ${memberName}`);
  await db.query(
    `INSERT INTO sandbox_bank.sb_settlement_account (id, reference, currency, country, name, sort_code, account_number, status, created_at)
     SELECT 'sbsa-bench-' || n, 'pa:bench-' || n, 'GBP', 'GB', 'Bench settlement ' || n, '040075', lpad(n::text, 8, '0'), 'ACTIVE', now()
     FROM generate_series(1, $1::int) AS n`,
    [SETTLEMENT_ACCOUNTS],
  );
  await db.query(
    `INSERT INTO sandbox_bank.sb_settlement_credit (id, account_id, amount, currency, description, local_instrument,
       debtor_name, available_at, recorded_at)
     SELECT 'sbsc-bench-' || n, 'sbsa-bench-' || n, $2::numeric, 'GBP', 'Bench funding', 'FASTER_PAYMENTS', 'Funder',
       now() - interval '1 day', now() - interval '1 day'
     FROM generate_series(1, $1::int) AS n`,
    [SETTLEMENT_ACCOUNTS, CREDIT],
  );
  await db.query(
    `INSERT INTO settlement_account (id, member_id, provider_id, provider_account_id, status, currency, country,
       booked_balance, available_balance, cleared_balance, created_at, updated_at)
     SELECT 'pa:bench-' || n, $1, $2, 'sbsa-bench-' || n, 'ACTIVE', 'GBP', 'GB', $4::numeric, $4::numeric, $4::numeric, now(), now()
     FROM generate_series(1, $3::int) AS n`,
    [memberId, PROVIDER, SETTLEMENT_ACCOUNTS, CREDIT],
  );
  await db.query(
    `INSERT INTO settlement_ledger_entry (account_id, kind, source_id, amount, booked_after, available_after, cleared_after, created_at)
     SELECT 'pa:bench-' || n, 'CREDIT', 'sbsc-bench-' || n, $2::numeric, $2::numeric, $2::numeric, $2::numeric, now()
     FROM generate_series(1, $1::int) AS n`,
    [SETTLEMENT_ACCOUNTS, CREDIT],
  );
  const payouts = await db.query<{ id: string }>(
    `INSERT INTO payout (id, member_id, account_id, provider_id, ref_id, description, status, amount, currency, initiation,
       bank_transaction_id, bank_payment_status, poll_until, created_at, updated_at)
     SELECT 'po:bench-' || n, $1, 'pa:bench-' || (1 + n % $3::int), $2, 'bench-' || n, 'Bench payout 0001',
       'INITIATION_COMPLETED', 1.00, 'GBP',
       jsonb_build_object('paymentType', 'PAYOUT', 'description', 'Bench payout 0001', 'refId', 'bench-' || n,
         'amount', jsonb_build_object('value', '1.00', 'currency', 'GBP'),
         'debtor', jsonb_build_object('accountId', 'pa:bench-' || (1 + n % $3::int)),
         'creditor', jsonb_build_object('name', 'Jane Doe', 'sortCode', '040004', 'accountNumber', '12345678')),
       'sbpo-bench-' || n, 'SETTLED', now() + interval '30 days', now(), now()
     FROM generate_series(1, $4::int) AS n
     RETURNING id`,
    [memberId, PROVIDER, SETTLEMENT_ACCOUNTS, GET_IDS],
  );
  return { payoutIds: payouts.rows.map((row) => row.id) };
}
