import type pg from 'pg';

/**
 * The creation of a payout as one statement (a data-modifying CTE: one round trip), on the pool
 * Prisma shares as its own implicit transaction, or in a caller's transaction (a settlement
 * rule's run, which commits the payout with the run): the settlement account's row is locked (FOR UPDATE:
 * concurrent payouts from one account queue here, each reading the balance the one before left),
 * and only while it is still the member's ACTIVE account in the payout's currency with the amount
 * available, the ledger's RESERVATION entry is appended with the balances it leaves, the
 * account's available balance written, the payout inserted INITIATION_PENDING, its creation event
 * and its timer written. The ledger's rule for a reservation (libs/domain settlement/ledger.ts:
 * RESERVATION takes the amount from available, never below zero) is applied here in SQL; the
 * table's CHECK (available >= 0) holds it too. PayoutRepository.insertReserved is its only caller.
 */
const INSERT_RESERVED = `WITH account AS (
    SELECT id, provider_id, booked_balance, cleared_balance, available_balance FROM settlement_account
     WHERE id = $1 AND member_id = $2 AND status = 'ACTIVE' AND currency = $3
     FOR UPDATE
  ), fits AS (
    SELECT id, provider_id, booked_balance, cleared_balance, available_balance - $4::numeric AS available FROM account
     WHERE available_balance >= $4::numeric
  ), entry AS (
    INSERT INTO settlement_ledger_entry
      (account_id, kind, source_id, amount, booked_after, available_after, cleared_after, created_at)
    SELECT id, 'RESERVATION', $5, $4::numeric, booked_balance, available, cleared_balance, $6::timestamptz FROM fits
    RETURNING account_id
  ), balance AS (
    UPDATE settlement_account AS a
       SET available_balance = fits.available, updated_at = $6::timestamptz, version = a.version + 1
      FROM fits
     WHERE a.id = fits.id
    RETURNING a.id
  ), payout_row AS (
    INSERT INTO payout (id, member_id, on_behalf_of_id, account_id, provider_id, settlement_rule_id, ref_id, description,
      status, amount, currency, initiation, account_verification_id, poll_until, created_at, updated_at)
    SELECT $5, $2, $7, fits.id, fits.provider_id, $8, $9, $10, 'INITIATION_PENDING', $4::numeric, $3, $11::jsonb, $12,
      $13::timestamptz, $6::timestamptz, $6::timestamptz
    FROM fits
    RETURNING id
  ), event_row AS (
    INSERT INTO outbox_event (id, member_id, event_type, body, created_at)
    SELECT $14, $2, 'PAYOUT_STATUS_CHANGED', $15, $6::timestamptz FROM payout_row
    RETURNING id
  ), timer_row AS (
    INSERT INTO scheduled_job (id, queue, job_name, payload, due_at)
    SELECT $16, $17, 'payouts.poll', $18::jsonb, $19::timestamptz FROM payout_row
    ON CONFLICT (id) DO UPDATE SET due_at = EXCLUDED.due_at, payload = EXCLUDED.payload
    RETURNING id
  )
  SELECT (SELECT count(*) FROM account)::int AS found,
         (SELECT available_balance::text FROM account) AS available,
         (SELECT provider_id FROM account) AS "providerId",
         (SELECT count(*) FROM payout_row)::int AS inserted,
         (SELECT count(*) FROM entry)::int AS entries,
         (SELECT count(*) FROM balance)::int AS balances,
         (SELECT count(*) FROM event_row)::int AS events,
         (SELECT count(*) FROM timer_row)::int AS timers`;

/** A payout as the one statement stores it (INITIATION_PENDING, its amount reserved). */
export interface ReservedPayout {
  readonly id: string;
  readonly memberId: string;
  readonly onBehalfOfId: string | null;
  readonly accountId: string;
  readonly settlementRuleId: string | null;
  readonly refId: string;
  readonly description: string;
  readonly amount: string;
  readonly currency: string;
  readonly initiation: object;
  readonly accountVerificationId: string | null;
  readonly pollUntil: Date;
  readonly createdAt: Date;
}

/**
 * Stored (`inserted`), or why not: `no-account` (not the member's active account in the
 * currency) or `insufficient` with the account's available balance as it stood under the lock.
 */
export type ReservedPayoutResult =
  | { readonly kind: 'inserted'; readonly providerId: string }
  | { readonly kind: 'no-account' }
  | { readonly kind: 'insufficient'; readonly available: string };

/** The statement's one row: what it found and wrote. */
export interface ReservedPayoutRow {
  readonly found: number;
  readonly available: string | null;
  readonly providerId: string | null;
  readonly inserted: number;
}

/** Runs the statement: on the pool (a transaction of its own), or in a caller's transaction. */
export type ReservedPayoutRunner = (text: string, values: readonly unknown[]) => Promise<readonly ReservedPayoutRow[]>;

/** The statement on the pool, as a named prepared statement: its own implicit transaction. */
export function onPool(pool: pg.Pool): ReservedPayoutRunner {
  return async (text, values) =>
    (await pool.query<ReservedPayoutRow>({ name: 'payout.insert_reserved', text, values: [...values] })).rows;
}

export async function insertReservedPayout(
  run: ReservedPayoutRunner,
  payout: ReservedPayout,
  event: { readonly id: string; readonly body: string },
  timer: { readonly id: string; readonly queue: string; readonly payload: object; readonly dueAt: Date },
): Promise<ReservedPayoutResult> {
  const rows = await run(INSERT_RESERVED, [
    payout.accountId,
    payout.memberId,
    payout.currency,
    payout.amount,
    payout.id,
    payout.createdAt.toISOString(),
    payout.onBehalfOfId,
    payout.settlementRuleId,
    payout.refId,
    payout.description,
    JSON.stringify(payout.initiation),
    payout.accountVerificationId,
    payout.pollUntil.toISOString(),
    event.id,
    event.body,
    timer.id,
    timer.queue,
    JSON.stringify(timer.payload),
    timer.dueAt.toISOString(),
  ]);
  const row = rows[0];
  if (row === undefined || row.found === 0) return { kind: 'no-account' };
  if (row.inserted === 1) return { kind: 'inserted', providerId: row.providerId ?? '' };
  return { kind: 'insufficient', available: row.available ?? '0' };
}
