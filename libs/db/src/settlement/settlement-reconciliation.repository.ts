import { Injectable } from '@nestjs/common';
import { PAYMENT_STATUS, type Payment } from '../payments/payment-records.js';
import { TRANSFER_STATUS, type Transfer } from '../transfers/transfer-row.js';
import { PAYMENT_SHAPE, paymentFromRow, SELECT_LIST as PAYMENT_COLUMNS } from '../payments/payment-statements.js';
import { Repository } from '../repository.js';
import {
  rowUpdateValues,
  updateAtVersionSql,
  type RowShape,
  type RowUpdate,
  type SqlPart,
} from '../row-writes/index.js';
import { TRANSFER_SHAPE } from '../transfers/transfer-statements.js';

/** A booked credit as reconciliation reads it. */
export interface CreditForReconciliation {
  readonly id: string;
  readonly accountId: string;
  readonly memberId: string;
  readonly transactionType: string;
  /** Decimal text. */
  readonly amount: string;
  readonly currency: string;
  /** The refId, else the description (the generated match_reference column); null when neither. */
  readonly reference: string | null;
  readonly reconciliationState: string;
  readonly paymentId: string | null;
  /** The Payments v1 transfer it settled, when it settled one. */
  readonly transferId: string | null;
  readonly receivedAt: Date;
}

/** Where a credit ends after a reconciliation step. */
export interface CreditOutcome {
  readonly id: string;
  /** ReconciliationState (libs/domain settlement/credit-matching.ts). */
  readonly state: string;
  readonly paymentId: string | null;
  /** The transfer (Payments v1) the credit names instead of a payment. */
  readonly transferId?: string | null;
  /** For a credit left PENDING: when it is looked at again. */
  readonly reconcileAfter: Date | null;
  /** For a credit leaving PENDING. */
  readonly reconciledAt: Date | null;
}

/**
 * A settlement move of a payment locked by the caller, as its lifecycle plans it: from `expected`
 * to `changed` (status, reason and time; the version one on per move), the move's events, its
 * timer, and the settlement window's timer when the move ends the window (`clears`).
 */
export type SettlementPaymentWrite = RowUpdate<Payment>;

/** A settlement move of a transfer locked by the caller, as SettlementPaymentWrite. */
export type SettlementTransferWrite = RowUpdate<Transfer>;

/** Everything a reconciliation step writes (see writeSettlements). */
export interface SettlementBatchWrite {
  readonly writes: readonly SettlementPaymentWrite[];
  readonly outcomes: readonly CreditOutcome[];
}

/** Which credits listCredits answers (all credits when empty). */
export interface CreditFilter {
  readonly memberId?: string;
  readonly reconciliationState?: string;
  readonly paymentId?: string;
  readonly transferId?: string;
}

interface CreditRow {
  id: string;
  account_id: string;
  member_id: string;
  transaction_type: string;
  amount: string;
  currency: string;
  match_reference: string | null;
  reconciliation_state: string;
  payment_id: string | null;
  transfer_id: string | null;
  received_at: Date;
}

const CREDIT_COLUMNS = `id, account_id, member_id, transaction_type, amount::text AS amount, currency,
  match_reference, reconciliation_state, payment_id, transfer_id, received_at`;

function creditOf(row: CreditRow): CreditForReconciliation {
  return {
    id: row.id,
    accountId: row.account_id,
    memberId: row.member_id,
    transactionType: row.transaction_type,
    amount: row.amount,
    currency: row.currency,
    reference: row.match_reference,
    reconciliationState: row.reconciliation_state,
    paymentId: row.payment_id,
    transferId: row.transfer_id,
    receivedAt: row.received_at,
  };
}

// The set-based updates find their rows by the ids as an array too (`id = ANY`): joined with the
// JSON rows alone, the planner cannot tell how few they are and may read the whole table.

/**
 * The statements of reconciliation: settlement-account credits and the payments made to those
 * accounts, locked and changed in sets (a batch of credits is a handful of statements, whatever
 * its size). Every method runs in the caller's transaction (`in(tx)`); the locks hold until it ends.
 */
@Injectable()
export class SettlementReconciliationRepository extends Repository {
  /**
   * Locks up to `limit` pending credits due at `now` (never looked at, or waiting and due again),
   * oldest booked first, skipping those another worker holds.
   */
  async lockDueCredits(now: Date, limit: number): Promise<CreditForReconciliation[]> {
    const rows = await this.db.$queryRawUnsafe<CreditRow[]>(
      `SELECT ${CREDIT_COLUMNS} FROM settlement_transaction
       WHERE transaction_type = 'CREDIT' AND reconciliation_state = 'PENDING'
         AND (reconcile_after IS NULL OR reconcile_after <= $1)
       ORDER BY received_at, id LIMIT $2 FOR UPDATE SKIP LOCKED`,
      now,
      limit,
    );
    return rows.map(creditOf);
  }

  /** Locks the pending credits of an account with a reference (waiting for another worker's lock to end). */
  async lockPendingCreditsOf(accountId: string, reference: string): Promise<CreditForReconciliation[]> {
    const rows = await this.db.$queryRawUnsafe<CreditRow[]>(
      `SELECT ${CREDIT_COLUMNS} FROM settlement_transaction
       WHERE account_id = $1 AND match_reference = $2
         AND transaction_type = 'CREDIT' AND reconciliation_state = 'PENDING'
       ORDER BY received_at, id FOR UPDATE`,
      accountId,
      reference,
    );
    return rows.map(creditOf);
  }

  /**
   * The credits booked against each of the payments and transfers (held locked by the caller, so
   * no other transaction links one meanwhile) that have not settled it (MISMATCHED), by payment or
   * transfer id, oldest booked first.
   */
  async linkedCreditsOf(
    paymentIds: readonly string[],
    transferIds: readonly string[],
  ): Promise<Map<string, { id: string; amount: string; currency: string }[]>> {
    const linked = new Map<string, { id: string; amount: string; currency: string }[]>();
    if (paymentIds.length === 0 && transferIds.length === 0) return linked;
    const rows = await this.db.$queryRawUnsafe<{ id: string; amount: string; currency: string; owner: string }[]>(
      `SELECT id, amount::text AS amount, currency, coalesce(payment_id, transfer_id) AS owner
       FROM settlement_transaction
       WHERE transaction_type = 'CREDIT' AND reconciliation_state = 'MISMATCHED'
         AND (payment_id = ANY($1::text[]) OR transfer_id = ANY($2::text[]))
       ORDER BY received_at, id`,
      [...paymentIds],
      [...transferIds],
    );
    for (const { owner, ...credit } of rows) linked.set(owner, [...(linked.get(owner) ?? []), credit]);
    return linked;
  }

  /** Locks one transaction of any account (an operator's match), or null. */
  async lockCredit(id: string): Promise<CreditForReconciliation | null> {
    const rows = await this.db.$queryRawUnsafe<CreditRow[]>(
      `SELECT ${CREDIT_COLUMNS} FROM settlement_transaction WHERE id = $1 FOR UPDATE`,
      id,
    );
    const row = rows[0];
    return row === undefined ? null : creditOf(row);
  }

  /**
   * The payments to the credits' accounts with their references, each locked unless another
   * transaction holds it: `locked` as read, and `busy`, the account and reference of each payment
   * left out (the caller waits for those rather than deciding without them).
   */
  async lockPaymentsFor(credits: readonly Pick<CreditForReconciliation, 'accountId' | 'reference'>[]): Promise<{
    readonly locked: Payment[];
    readonly busy: readonly { readonly accountId: string; readonly reference: string }[];
  }> {
    const keyed = credits.filter((credit) => credit.reference !== null);
    if (keyed.length === 0) return { locked: [], busy: [] };
    // The locked rows come back whole (as the payment statements read them), so no second read is needed.
    const rows = await this.db.$queryRawUnsafe<Array<Record<string, unknown> & { wanted_id: string; busy: boolean }>>(
      `WITH wanted AS (
         SELECT DISTINCT p.id, p.virtual_account_id, p.ref_id
         FROM unnest($1::text[], $2::text[]) AS k(account_id, reference)
         JOIN payment p ON p.virtual_account_id = k.account_id AND p.ref_id = k.reference
       ), locked AS (
         SELECT ${PAYMENT_COLUMNS.split(', ')
           .map((column) => `p.${column}`)
           .join(', ')}
         FROM payment p WHERE p.id IN (SELECT id FROM wanted) FOR UPDATE OF p SKIP LOCKED
       )
       SELECT wanted.id AS wanted_id, wanted.virtual_account_id AS wanted_account, wanted.ref_id AS wanted_ref,
              locked.id IS NULL AS busy, locked.*
       FROM wanted LEFT JOIN locked ON locked.id = wanted.id`,
      keyed.map((credit) => credit.accountId),
      keyed.map((credit) => credit.reference as string),
    );
    const locked = rows.filter((row) => !row.busy).map((row) => paymentFromRow(row));
    const busy = rows
      .filter((row) => row.busy)
      .map((row) => ({ accountId: String(row['wanted_account']), reference: String(row['wanted_ref']) }));
    return { locked, busy };
  }

  /**
   * Writes, in one statement, what a batch decided: the settlement moves of payments the caller
   * holds locked (each only while the row is still at its expected status and version) with the
   * events and timers their lifecycle planned, and every credit's outcome. The statement is the
   * payment's change produced from its row shape, the outcomes written alongside. Throws when a
   * payment was not at its expected status and version (the transaction then writes nothing).
   * The caller wakes the outbox relay after the commit.
   */
  async writeSettlements(batch: SettlementBatchWrite): Promise<void> {
    const { writes, outcomes } = batch;
    if (writes.length === 0 && outcomes.length === 0) return;
    const rows = await this.db.$queryRawUnsafe<{ id: string }[]>(
      PAYMENT_SETTLEMENTS,
      ...rowUpdateValues(PAYMENT_SHAPE, PAYMENT_MOVE_COLUMNS, writes),
      JSON.stringify(
        outcomes.map((outcome) => ({
          id: outcome.id,
          state: outcome.state,
          payment_id: outcome.paymentId,
          transfer_id: outcome.transferId ?? null,
          reconcile_after: outcome.reconcileAfter?.toISOString() ?? null,
          reconciled_at: outcome.reconciledAt?.toISOString() ?? null,
        })),
      ),
      outcomes.map((outcome) => outcome.id),
    );
    if (rows.length !== writes.length)
      throw new Error(
        `settlement moves wrote ${rows.length} payments of ${writes.length}: a payment moved under its lock`,
      );
  }

  /**
   * The transfers (Payments v1) to the credits' accounts with their references (the refId the
   * bank was sent), each locked unless another transaction holds it, as lockPaymentsFor.
   */
  async lockTransfersFor(credits: readonly Pick<CreditForReconciliation, 'accountId' | 'reference'>[]): Promise<{
    readonly locked: Transfer[];
    readonly busy: readonly { readonly accountId: string; readonly reference: string }[];
  }> {
    const keyed = credits.filter((credit) => credit.reference !== null);
    if (keyed.length === 0) return { locked: [], busy: [] };
    const rows = await this.db.$queryRawUnsafe<{ id: string; account_id: string; reference: string; busy: boolean }[]>(
      `WITH wanted AS (
         SELECT DISTINCT t.id, t.virtual_account_id, t.settlement_ref_id
         FROM unnest($1::text[], $2::text[]) AS k(account_id, reference)
         JOIN transfer t ON t.virtual_account_id = k.account_id AND t.settlement_ref_id = k.reference
       ), locked AS (
         SELECT t.id FROM transfer t WHERE t.id IN (SELECT id FROM wanted) FOR UPDATE OF t SKIP LOCKED
       )
       SELECT wanted.id, wanted.virtual_account_id AS account_id, wanted.settlement_ref_id AS reference,
              locked.id IS NULL AS busy
       FROM wanted LEFT JOIN locked ON locked.id = wanted.id`,
      keyed.map((credit) => credit.accountId),
      keyed.map((credit) => credit.reference as string),
    );
    const lockedIds = rows.filter((row) => !row.busy).map((row) => row.id);
    const locked =
      lockedIds.length === 0
        ? []
        : await this.db.transfer.findMany({ where: { id: { in: lockedIds } } }).then(TRANSFER_STATUS.rows);
    const busy = rows.filter((row) => row.busy).map((row) => ({ accountId: row.account_id, reference: row.reference }));
    return { locked, busy };
  }

  /**
   * Writes the settlement moves of transfers the caller holds locked (each only while the row is
   * still at its expected status and version) with the events and timers their lifecycle planned,
   * in one statement, the transfer's change produced from its row shape; throws when a transfer
   * moved (the transaction then writes nothing). The credits' outcomes are written by writeSettlements.
   */
  async writeTransferSettlements(batch: { readonly writes: readonly SettlementTransferWrite[] }): Promise<void> {
    const { writes } = batch;
    if (writes.length === 0) return;
    const rows = await this.db.$queryRawUnsafe<{ id: string }[]>(
      TRANSFER_SETTLEMENTS,
      ...rowUpdateValues(TRANSFER_SHAPE, TRANSFER_MOVE_COLUMNS, writes),
    );
    if (rows.length !== writes.length)
      throw new Error(
        `settlement moves wrote ${rows.length} transfers of ${writes.length}: a transfer moved under its lock`,
      );
  }

  /** Credits of an account and reference waiting for their payment's final status: looked at again at once. Answers how many. */
  wakeWaitingCredits(accountId: string, reference: string): Promise<number> {
    return this.db.$executeRawUnsafe(
      `UPDATE settlement_transaction SET reconcile_after = NULL
       WHERE account_id = $1 AND match_reference = $2
         AND transaction_type = 'CREDIT' AND reconciliation_state = 'PENDING' AND reconcile_after IS NOT NULL`,
      accountId,
      reference,
    );
  }

  /** One page of unmatched credits (of one member when given), newest booked first; `limit + 1` rows. */
  listUnmatchedCredits(memberId: string | undefined, offset: number, limit: number) {
    return this.db.settlementTransaction.findMany({
      where: {
        transactionType: 'CREDIT',
        reconciliationState: 'UNMATCHED',
        ...(memberId === undefined ? {} : { memberId }),
      },
      orderBy: [{ receivedAt: 'desc' }, { id: 'desc' }],
      skip: offset,
      take: limit + 1,
    });
  }

  /**
   * One page of credits (newest booked first; `limit + 1` rows), of one member, in one
   * reconciliation state, or booked against one payment or transfer when given.
   */
  listCredits(filter: CreditFilter, offset: number, limit: number) {
    return this.db.settlementTransaction.findMany({
      where: {
        transactionType: 'CREDIT',
        ...(filter.memberId === undefined ? {} : { memberId: filter.memberId }),
        ...(filter.reconciliationState === undefined ? {} : { reconciliationState: filter.reconciliationState }),
        ...(filter.paymentId === undefined ? {} : { paymentId: filter.paymentId }),
        ...(filter.transferId === undefined ? {} : { transferId: filter.transferId }),
      },
      orderBy: [{ receivedAt: 'desc' }, { id: 'desc' }],
      skip: offset,
      take: limit + 1,
    });
  }

  /** One credit of any account (the admin's view), or null (a debit too). */
  findCredit(id: string) {
    return this.db.settlementTransaction.findFirst({ where: { id, transactionType: 'CREDIT' } });
  }

  /** The credits booked against a payment or a transfer (MATCHED or MISMATCHED), oldest booked first. */
  creditsBookedAgainst(owner: { readonly paymentId: string } | { readonly transferId: string }) {
    return this.db.settlementTransaction.findMany({
      where: { transactionType: 'CREDIT', ...owner },
      orderBy: [{ receivedAt: 'asc' }, { id: 'asc' }],
    });
  }

  /** One page of transfers (Payments v1) awaiting their credit, as listAwaitingSettlement. */
  listAwaitingTransfers(memberId: string | undefined, offset: number, limit: number): Promise<Transfer[]> {
    return this.db.transfer.findMany(awaitingPage(memberId, offset, limit)).then(TRANSFER_STATUS.rows);
  }

  /** One page of payments awaiting their credit (of one member when given), oldest first; `limit + 1` rows. */
  listAwaitingSettlement(memberId: string | undefined, offset: number, limit: number): Promise<Payment[]> {
    return this.db.payment.findMany(awaitingPage(memberId, offset, limit)).then(PAYMENT_STATUS.rows);
  }
}

/** The page query of rows (payments or transfers) to settlement accounts at SETTLEMENT_IN_PROGRESS, longest waiting first. */
function awaitingPage(memberId: string | undefined, offset: number, limit: number) {
  return {
    where: {
      status: 'SETTLEMENT_IN_PROGRESS',
      virtualAccountId: { not: null },
      ...(memberId === undefined ? {} : { memberId }),
    },
    orderBy: [{ updatedAt: 'asc' as const }, { id: 'asc' as const }],
    skip: offset,
    take: limit + 1,
  };
}

/** What a settlement move writes of the row: the id and these fields (the version one on per move). */
const MOVE_FIELDS = ['id', 'status', 'statusReasonInformation', 'updatedAt', 'version'] as const;

function moveColumns<R extends Payment | Transfer>(shape: RowShape<R>) {
  return shape.columnsOf([...MOVE_FIELDS]);
}

const PAYMENT_MOVE_COLUMNS = moveColumns(PAYMENT_SHAPE);
const TRANSFER_MOVE_COLUMNS = moveColumns(TRANSFER_SHAPE);

/** Every credit's outcome ($1 the outcomes as JSON, $2 their ids): the credits' own state, which writes no event. */
const CREDIT_OUTCOMES: SqlPart = (p) => `UPDATE settlement_transaction t SET reconciliation_state = o.state,
    payment_id = o.payment_id, transfer_id = o.transfer_id, reconcile_after = o.reconcile_after,
    reconciled_at = o.reconciled_at
  FROM json_to_recordset(${p(0)}::json) AS o(id text, state text, payment_id text, transfer_id text,
    reconcile_after timestamptz, reconciled_at timestamptz)
  WHERE t.id = ANY(${p(1)}::text[]) AND t.id = o.id
  RETURNING t.id`;

/** The payments' settlement moves with their events and timers, and the credits' outcomes beside them. */
const PAYMENT_SETTLEMENTS = updateAtVersionSql(
  PAYMENT_SHAPE,
  PAYMENT_MOVE_COLUMNS.filter(({ field }) => field !== 'id'),
  { alongside: [CREDIT_OUTCOMES] },
);

/** The transfers' settlement moves with their events and timers. */
const TRANSFER_SETTLEMENTS = updateAtVersionSql(
  TRANSFER_SHAPE,
  TRANSFER_MOVE_COLUMNS.filter(({ field }) => field !== 'id'),
);
