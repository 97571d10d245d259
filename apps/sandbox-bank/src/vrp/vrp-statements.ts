import type pg from 'pg';
import { Prisma } from '../store/sandbox-db.js';
import type { EntryDescription } from '../payments/booking-entry.js';
import type { Payment } from '../store/payment.store.js';

// A VRP is the sandbox bank's hottest write: one named prepared statement on Prisma's own pool
// (parsed once per connection) checks the consent's limits under its row lock, its token and its
// idempotency key, and stores the VRP as its scenario leaves it, with the debit and the booking
// entry when it settles. No transaction is held across round trips.

/** sb_payment's columns under the names of Prisma's model. */
const PAYMENT_COLUMNS = `id, bank_id AS "bankId", kind, consent_id AS "consentId", status, status_reason AS "statusReason",
  status_reason_description AS "statusReasonDescription", poll_count AS "pollCount", username,
  debtor_account_id AS "debtorAccountId", amount::text AS amount, currency, request, request_hash AS "requestHash",
  idempotency_key AS "idempotencyKey", execute_at AS "executeAt", created_at AS "createdAt",
  status_updated_at AS "statusUpdatedAt"`;

// $1 consent, $2 bank, $3 idempotency key, $4 request (JSON), $5 request hash, $6 new id,
// $7 username, $8 debtor account, $9 amount, $10 currency, $11 the periods' starts, $12 what each
// allows, $13 the statuses not counted, $14 now, $15 what the scenario does ('settle', 'reject',
// 'store'), $16 the access token's grant id, $17 the statuses [pending, settled, rejected],
// $18 the rejections' [reason, description] [by the bank, for insufficient funds], $19 the
// booking entry's description (JSON), $20 whether the VRP alone fits the consent's other rules.
const RECORD_VRP = `WITH spent AS (
    SELECT sandbox_bank.sb_vrp_spent($1, $11::timestamptz[], $13::text[]) AS sums
  ),
  token AS (
    SELECT 1 FROM sandbox_bank.sb_grant g
    WHERE g.id = $16 AND g.bank_id = $2 AND g.kind = 'access-token' AND g.consent_id = $1 AND g.username = $7
      AND g.expires_at > $14
  ),
  earlier AS (
    SELECT ${PAYMENT_COLUMNS} FROM sandbox_bank.sb_payment
    WHERE bank_id = $2 AND kind = 'domestic-vrp' AND idempotency_key = $3
  ),
  fits AS (
    SELECT 1 FROM spent
    WHERE spent.sums IS NOT NULL AND $20::boolean AND EXISTS (SELECT 1 FROM token) AND NOT EXISTS (SELECT 1 FROM earlier)
      AND NOT EXISTS (
        SELECT 1 FROM unnest(spent.sums, $12::numeric[]) AS l(spent, allowed) WHERE l.spent + $9::numeric > l.allowed
      )
  ),
  debit AS (
    UPDATE sandbox_bank.sb_account a SET balance = a.balance - $9::numeric
    WHERE a.id = $8 AND a.balance >= $9::numeric AND $15 = 'settle' AND EXISTS (SELECT 1 FROM fits)
    RETURNING a.id
  ),
  outcome AS (
    SELECT CASE
             WHEN $15 = 'reject' THEN ($17::text[])[3]
             WHEN $15 <> 'settle' THEN ($17::text[])[1]
             WHEN EXISTS (SELECT 1 FROM debit) THEN ($17::text[])[2]
             ELSE ($17::text[])[3]
           END AS status,
           CASE
             WHEN $15 = 'reject' THEN ($18::text[])[1]
             WHEN $15 = 'settle' AND NOT EXISTS (SELECT 1 FROM debit) THEN ($18::text[])[3]
           END AS reason,
           CASE
             WHEN $15 = 'reject' THEN ($18::text[])[2]
             WHEN $15 = 'settle' AND NOT EXISTS (SELECT 1 FROM debit) THEN ($18::text[])[4]
           END AS description
    FROM fits
  ),
  made AS (
    INSERT INTO sandbox_bank.sb_payment (id, bank_id, kind, consent_id, status, status_reason, status_reason_description,
      username, debtor_account_id, amount, currency, request, request_hash, idempotency_key, execute_at, created_at,
      status_updated_at)
    SELECT $6, $2, 'domestic-vrp', $1, o.status, o.reason, o.description, $7, $8, $9::numeric, $10, $4::jsonb, $5, $3,
      NULL, $14, $14
    FROM outcome o
    RETURNING ${PAYMENT_COLUMNS}
  ),
  booked AS (
    INSERT INTO sandbox_bank.sb_transaction (id, account_id, credit_debit, status, amount, currency, booking_date_time,
      information, reference, counterparty_name, counterparty_scheme_name, counterparty_identification, payment_id)
    SELECT m.id || '-T', m."debtorAccountId", 'Debit', 'Booked', m.amount::numeric, m.currency, $14, e.information,
      e.reference, e.counterparty_name, e.counterparty_scheme_name, e.counterparty_identification, m.id
    FROM made m
    CROSS JOIN json_to_record($19::json) AS e(information text, reference text, counterparty_name text,
      counterparty_scheme_name text, counterparty_identification text)
    WHERE m.status = ($17::text[])[2]
    RETURNING 1
  )
SELECT s.sums::text[] AS sums, EXISTS (SELECT 1 FROM token) AS "tokenLive", r.*
FROM spent s
LEFT JOIN (SELECT 'made' AS source, m.* FROM made m UNION ALL SELECT 'earlier' AS source, e.* FROM earlier e) r ON true`;

/** The statuses a VRP takes, and the reasons of its rejections. */
export interface VrpOutcomes {
  readonly pending: string;
  readonly settled: string;
  readonly rejected: string;
  readonly rejectedByBank: { readonly statusReason: string; readonly statusReasonDescription: string };
  readonly insufficientFunds: { readonly statusReason: string; readonly statusReasonDescription: string };
}

export interface VrpToRecord {
  readonly id: string;
  readonly consentId: string;
  readonly bankId: string;
  readonly idempotencyKey: string;
  readonly request: Prisma.InputJsonObject;
  readonly requestHash: string;
  readonly username: string;
  readonly debtorAccountId: string;
  readonly amount: string;
  readonly currency: string;
  /** The start of each periodic limit's current period, and what the period allows. */
  readonly periods: ReadonlyArray<{ readonly start: Date; readonly allowed: string }>;
  readonly notCounted: readonly string[];
  readonly now: Date;
  /** What the payer's scenario does at submission. */
  readonly scenario: 'settle' | 'reject' | 'store';
  /** The access token's grant (its id), checked live in the same statement. */
  readonly grantId: string;
  readonly outcomes: VrpOutcomes;
  /** What its booking entry says, when it settles. */
  readonly entry: EntryDescription;
  /** Whether the VRP alone keeps the consent's other rules (validity, individual amount, each period's allowance). */
  readonly fitsAlone: boolean;
}

/** What the statement found: the VRP made now or earlier under the key, the sums it counted, the token. */
export interface VrpRecorded {
  readonly made: Payment | null;
  readonly earlier: Payment | null;
  /** What the consent's counted VRPs add up to in each period (null: the consent is not Authorised). */
  readonly spent: readonly string[] | null;
  readonly tokenLive: boolean;
}

function paymentOf(row: Record<string, unknown>): Payment {
  const { source: _source, sums: _sums, tokenLive: _tokenLive, amount, ...columns } = row;
  return { ...columns, amount: new Prisma.Decimal(String(amount)) } as Payment;
}

/**
 * Stores the VRP in one statement when its consent, locked, is Authorised and has room for it in
 * every period (the sums counted after the lock, sb_vrp_spent), its access token is live and its
 * idempotency key unused: rejected, or settled (the payer's account debited where it holds the
 * amount, and the booking entry), or pending, as its scenario says. A repeated key answers the
 * VRP it made instead. A key a concurrent VRP under another consent takes first is a unique
 * violation (23505): the caller reads the winner.
 */
export async function recordVrp(pool: pg.Pool, vrp: VrpToRecord): Promise<VrpRecorded> {
  const { outcomes, entry } = vrp;
  const result = await pool.query<Record<string, unknown>>({
    name: 'sb-vrp-record',
    text: RECORD_VRP,
    values: [
      vrp.consentId,
      vrp.bankId,
      vrp.idempotencyKey,
      JSON.stringify(vrp.request),
      vrp.requestHash,
      vrp.id,
      vrp.username,
      vrp.debtorAccountId,
      vrp.amount,
      vrp.currency,
      vrp.periods.map((period) => period.start.toISOString()),
      vrp.periods.map((period) => period.allowed),
      vrp.notCounted,
      vrp.now.toISOString(),
      vrp.scenario,
      vrp.grantId,
      [outcomes.pending, outcomes.settled, outcomes.rejected],
      [
        outcomes.rejectedByBank.statusReason,
        outcomes.rejectedByBank.statusReasonDescription,
        outcomes.insufficientFunds.statusReason,
        outcomes.insufficientFunds.statusReasonDescription,
      ],
      JSON.stringify({
        information: entry.information,
        reference: entry.reference ?? null,
        counterparty_name: entry.counterpartyName ?? null,
        counterparty_scheme_name: entry.counterpartySchemeName ?? null,
        counterparty_identification: entry.counterpartyIdentification ?? null,
      }),
      vrp.fitsAlone,
    ],
  });
  const row = result.rows[0];
  if (row === undefined) throw new Error('the VRP statement answered no row');
  const source = row['source'];
  return {
    made: source === 'made' ? paymentOf(row) : null,
    earlier: source === 'earlier' ? paymentOf(row) : null,
    spent: (row['sums'] as string[] | null) ?? null,
    tokenLive: row['tokenLive'] === true,
  };
}
