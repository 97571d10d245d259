import type pg from 'pg';
import {
  defineRowShape,
  insertWithEventsSql,
  rowInsertValues,
  type NewRowEvent,
  type NewRowTimer,
  type WriteAdditions,
} from '../row-writes/index.js';
import { PAYOUT_STATUS, type Payout } from './payout-row.js';

/** Every column of `payout` with its Payout field, in table order. */
export const PAYOUT_SHAPE = defineRowShape<Payout>({
  table: 'payout',
  columns: [
    { column: 'id', field: 'id', kind: 'plain' },
    { column: 'member_id', field: 'memberId', kind: 'plain' },
    { column: 'on_behalf_of_id', field: 'onBehalfOfId', kind: 'plain', initial: null },
    { column: 'account_id', field: 'accountId', kind: 'plain' },
    { column: 'provider_id', field: 'providerId', kind: 'plain' },
    { column: 'settlement_rule_id', field: 'settlementRuleId', kind: 'plain', initial: null },
    { column: 'ref_id', field: 'refId', kind: 'plain' },
    { column: 'description', field: 'description', kind: 'plain' },
    { column: 'status', field: 'status', kind: 'plain', parse: PAYOUT_STATUS.parse },
    { column: 'amount', field: 'amount', kind: 'decimal' },
    { column: 'currency', field: 'currency', kind: 'plain' },
    { column: 'initiation', field: 'initiation', kind: 'plain' },
    { column: 'account_verification_id', field: 'accountVerificationId', kind: 'plain', initial: null },
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

/**
 * The creation of a payout as one statement (a data-modifying CTE: one round trip), produced from
 * the payout's row shape, on the pool Prisma shares as its own implicit transaction, or in a
 * caller's transaction (a settlement rule's run, which commits the payout with the run):
 * - the guard locks the settlement account's row (FOR UPDATE: concurrent payouts from one
 *   account queue here, each reading the balance the one before left) while it is still the
 *   member's ACTIVE account in the payout's currency; it yields a row for the account found, the
 *   payout's id only when the amount is available (null otherwise, so the answer tells a missing
 *   account from too little), with the balances the reservation leaves and the account's
 *   provider, which the payout row takes;
 * - alongside the payout, its creation event and its timer: the ledger's RESERVATION entry with
 *   the balances it leaves, and the account's available balance written.
 * The ledger's rule for a reservation (libs/domain settlement/ledger.ts: RESERVATION takes the
 * amount from available, never below zero) is applied here in SQL; the table's CHECK
 * (available >= 0) holds it too. PayoutRepository.insertReserved is its only caller.
 */
const RESERVED: WriteAdditions = {
  guard: () => `SELECT CASE WHEN a.available_balance >= r.amount THEN r.id END AS id, a.id AS account_id,
      a.provider_id, a.booked_balance, a.cleared_balance, a.available_balance,
      a.available_balance - r.amount AS available_after
    FROM new_rows r
    JOIN settlement_account a ON a.id = r.account_id AND a.member_id = r.member_id AND a.status = 'ACTIVE'
      AND a.currency = r.currency
    FOR UPDATE OF a`,
  fromGuard: ['provider_id'],
  alongside: [
    () => `INSERT INTO settlement_ledger_entry
      (account_id, kind, source_id, amount, booked_after, available_after, cleared_after, created_at)
    SELECT guard.account_id, 'RESERVATION', written.id, r.amount, guard.booked_balance, guard.available_after,
      guard.cleared_balance, r.created_at
    FROM guard JOIN written ON written.id = guard.id JOIN new_rows r ON r.id = guard.id
    RETURNING account_id`,
    () => `UPDATE settlement_account AS a
       SET available_balance = guard.available_after, updated_at = r.created_at, version = a.version + 1
      FROM guard JOIN written ON written.id = guard.id JOIN new_rows r ON r.id = guard.id
     WHERE a.id = guard.account_id
    RETURNING a.id`,
  ],
  answer: () => `SELECT (SELECT count(*) FROM guard)::int AS found,
       (SELECT available_balance::text FROM guard LIMIT 1) AS available,
       (SELECT provider_id FROM guard LIMIT 1) AS "providerId",
       (SELECT count(*) FROM written)::int AS inserted`,
};

const INSERT_RESERVED = insertWithEventsSql(PAYOUT_SHAPE, RESERVED);

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

/**
 * Stores the payout, its amount reserved, its creation events and its timer (those the payout's
 * lifecycle declares for its creation), or answers why not.
 */
export async function insertReservedPayout(
  run: ReservedPayoutRunner,
  payout: ReservedPayout,
  events: readonly NewRowEvent[],
  timer: NewRowTimer | null,
): Promise<ReservedPayoutResult> {
  const row = PAYOUT_SHAPE.fromNew({
    ...payout,
    // The account's provider, which the guard reads under the account's lock, is the row's.
    providerId: '',
    status: 'INITIATION_PENDING',
    updatedAt: payout.createdAt,
  });
  const rows = await run(INSERT_RESERVED, rowInsertValues(PAYOUT_SHAPE, [{ row, events, timer }]));
  const answer = rows[0];
  if (answer === undefined || answer.found === 0) return { kind: 'no-account' };
  if (answer.inserted === 1) return { kind: 'inserted', providerId: answer.providerId ?? '' };
  return { kind: 'insufficient', available: answer.available ?? '0' };
}
