import { Injectable } from '@nestjs/common';
import {
  balancesFromStrings,
  balancesToStrings,
  postEntry,
  toMinorUnits,
  type LedgerBalanceStrings,
  type LedgerEntryKind,
  type LedgerRefusal,
} from '#libs/domain';
import { Repository } from '../repository.js';

/** An entry to post: `sourceId` is the credit or payout it is for (one entry of each kind per source). */
export interface NewLedgerEntry {
  readonly accountId: string;
  readonly kind: LedgerEntryKind;
  readonly sourceId: string;
  /** A positive decimal string. */
  readonly amount: string;
  readonly createdAt: Date;
}

/** What posting several entries of one account did. */
export type LedgerPostManyResult =
  | {
      readonly kind: 'posted';
      /** Sources whose entry was appended, in order. */
      readonly posted: readonly string[];
      /** Sources that already had their entry of that kind: nothing written for them. */
      readonly duplicates: readonly string[];
      readonly refused: ReadonlyArray<{ readonly sourceId: string; readonly reason: LedgerRefusal }>;
      readonly balances: LedgerBalanceStrings;
    }
  | { readonly kind: 'no-account' };

export type LedgerPostResult =
  | { readonly kind: 'posted'; readonly balances: LedgerBalanceStrings }
  /** This source already has an entry of this kind: nothing was written (a repeat is harmless). */
  | { readonly kind: 'duplicate'; readonly balances: LedgerBalanceStrings }
  | { readonly kind: 'refused'; readonly reason: LedgerRefusal; readonly balances: LedgerBalanceStrings }
  | { readonly kind: 'no-account' };

interface LockedAccount extends LedgerBalanceStrings {
  readonly duplicate: boolean;
}

/** A ledger entry as stored. */
export interface LedgerEntryRow {
  readonly kind: LedgerEntryKind;
  readonly sourceId: string;
  readonly amount: string;
  readonly bookedAfter: string;
  readonly availableAfter: string;
  readonly clearedAfter: string;
}

const BALANCES = `booked_balance::text AS "bookedBalance", cleared_balance::text AS "clearedBalance",
  available_balance::text AS "availableBalance"`;

/**
 * The settlement accounts' ledger: entries are only ever inserted, and each insert writes the
 * account's new balances in the same statement, under the account's row lock. The rules of what
 * may be posted are the domain's (`postEntry`); the database holds them too (CHECK constraints on
 * the balances, an append-only trigger, one entry per kind and source).
 */
@Injectable()
export class SettlementLedgerRepository extends Repository {
  /**
   * Posts one entry in the caller's transaction (bind with `in(tx)`): locks the account, answers
   * `duplicate` when the source already has this kind of entry, `refused` when the ledger's rules
   * refuse it, else appends it and writes the balances it leaves. Two statements.
   */
  async post(entry: NewLedgerEntry): Promise<LedgerPostResult> {
    const locked = await this.db.$queryRawUnsafe<LockedAccount[]>(
      `SELECT ${BALANCES},
         EXISTS (SELECT 1 FROM settlement_ledger_entry e WHERE e.account_id = $1 AND e.kind = $2 AND e.source_id = $3) AS duplicate
       FROM settlement_account WHERE id = $1 FOR UPDATE`,
      entry.accountId,
      entry.kind,
      entry.sourceId,
    );
    const account = locked[0];
    if (account === undefined) return { kind: 'no-account' };
    const current = { ...stringsOf(account) };
    if (account.duplicate) return { kind: 'duplicate', balances: current };
    const posting = postEntry(balancesFromStrings(account), entry.kind, toMinorUnits(entry.amount));
    if (posting.kind === 'refused') return { kind: 'refused', reason: posting.reason, balances: current };
    const after = balancesToStrings(posting.balances);
    await this.db.$executeRawUnsafe(
      `WITH entry AS (
         INSERT INTO settlement_ledger_entry
           (account_id, kind, source_id, amount, booked_after, available_after, cleared_after, created_at)
         VALUES ($1, $2, $3, $4::numeric, $5::numeric, $6::numeric, $7::numeric, $8)
       )
       UPDATE settlement_account
          SET booked_balance = $5::numeric, available_balance = $6::numeric, cleared_balance = $7::numeric,
              updated_at = $8, version = version + 1
        WHERE id = $1`,
      entry.accountId,
      entry.kind,
      entry.sourceId,
      entry.amount,
      after.bookedBalance,
      after.availableBalance,
      after.clearedBalance,
      entry.createdAt,
    );
    return { kind: 'posted', balances: after };
  }

  /**
   * Posts several entries of one account in order, in the caller's transaction, in three
   * statements whatever their number: the account locked and the entries its sources already
   * have read, then each entry decided by the ledger's rules as `post` decides one, the posted
   * ones appended in one INSERT with the balances each leaves, and the account's balances written.
   */
  async postMany(
    accountId: string,
    entries: readonly Omit<NewLedgerEntry, 'accountId'>[],
  ): Promise<LedgerPostManyResult> {
    const locked = await this.db.$queryRawUnsafe<(LedgerBalanceStrings & { existing: string[] })[]>(
      `SELECT ${BALANCES},
         ARRAY(SELECT e.kind || ':' || e.source_id FROM settlement_ledger_entry e
                WHERE e.account_id = $1 AND e.source_id = ANY($2::text[])) AS existing
       FROM settlement_account WHERE id = $1 FOR UPDATE`,
      accountId,
      entries.map((entry) => entry.sourceId),
    );
    const account = locked[0];
    if (account === undefined) return { kind: 'no-account' };
    const taken = new Set(account.existing);
    let balances = balancesFromStrings(account);
    const rows: { entry: Omit<NewLedgerEntry, 'accountId'>; after: LedgerBalanceStrings }[] = [];
    const duplicates: string[] = [];
    const refused: { sourceId: string; reason: LedgerRefusal }[] = [];
    for (const entry of entries) {
      const key = `${entry.kind}:${entry.sourceId}`;
      if (taken.has(key)) {
        duplicates.push(entry.sourceId);
        continue;
      }
      const posting = postEntry(balances, entry.kind, toMinorUnits(entry.amount));
      if (posting.kind === 'refused') {
        refused.push({ sourceId: entry.sourceId, reason: posting.reason });
        continue;
      }
      taken.add(key);
      balances = posting.balances;
      rows.push({ entry, after: balancesToStrings(balances) });
    }
    const after = balancesToStrings(balances);
    if (rows.length > 0)
      await this.db.$executeRawUnsafe(
        `WITH entries AS (
           INSERT INTO settlement_ledger_entry
             (account_id, kind, source_id, amount, booked_after, available_after, cleared_after, created_at)
           SELECT $1, e.kind, e.source_id, e.amount, e.booked_after, e.available_after, e.cleared_after, e.created_at
             FROM unnest($2::text[], $3::text[], $4::numeric[], $5::numeric[], $6::numeric[], $7::numeric[],
                         $8::timestamptz[])
               AS e(kind, source_id, amount, booked_after, available_after, cleared_after, created_at)
         )
         UPDATE settlement_account
            SET booked_balance = $9::numeric, available_balance = $10::numeric, cleared_balance = $11::numeric,
                updated_at = $12, version = version + 1
          WHERE id = $1`,
        accountId,
        rows.map(({ entry }) => entry.kind),
        rows.map(({ entry }) => entry.sourceId),
        rows.map(({ entry }) => entry.amount),
        rows.map(({ after: row }) => row.bookedBalance),
        rows.map(({ after: row }) => row.availableBalance),
        rows.map(({ after: row }) => row.clearedBalance),
        rows.map(({ entry }) => entry.createdAt),
        after.bookedBalance,
        after.availableBalance,
        after.clearedBalance,
        rows[rows.length - 1]?.entry.createdAt,
      );
    return {
      kind: 'posted',
      posted: rows.map(({ entry }) => entry.sourceId),
      duplicates,
      refused,
      balances: after,
    };
  }

  /** The account's entries in the order they were posted. */
  entries(accountId: string): Promise<LedgerEntryRow[]> {
    return this.db.$queryRawUnsafe<LedgerEntryRow[]>(
      `SELECT kind, source_id AS "sourceId", amount::text AS amount, booked_after::text AS "bookedAfter",
              available_after::text AS "availableAfter", cleared_after::text AS "clearedAfter"
         FROM settlement_ledger_entry WHERE account_id = $1 ORDER BY id`,
      accountId,
    );
  }

  /** The account's stored balances, or null for an unknown account. */
  async balances(accountId: string): Promise<LedgerBalanceStrings | null> {
    const rows = await this.db.$queryRawUnsafe<LedgerBalanceStrings[]>(
      `SELECT ${BALANCES} FROM settlement_account WHERE id = $1`,
      accountId,
    );
    return rows[0] === undefined ? null : stringsOf(rows[0]);
  }
}

/** Normalised decimal strings (2 fraction digits or more when needed). */
function stringsOf(stored: LedgerBalanceStrings): LedgerBalanceStrings {
  return balancesToStrings(balancesFromStrings(stored));
}
