import { Injectable } from '@nestjs/common';
import { PAYMENT_STATUS, type Payment } from '../payments/payment-records.js';
import { TRANSFER_STATUS, type Transfer } from '../transfers/transfer-row.js';
import { paymentFromRow, SELECT_LIST as PAYMENT_COLUMNS } from '../payments/payment-statements.js';
import { Repository } from '../repository.js';

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

/** A settlement move of a payment locked by the caller: from `expected` to `changed` (`steps` versions on). */
export interface SettlementPaymentWrite {
  readonly expected: Pick<Payment, 'id' | 'status' | 'version'>;
  readonly changed: Pick<Payment, 'id' | 'status' | 'statusReasonInformation' | 'updatedAt' | 'version'>;
}

/** A settlement move of a transfer locked by the caller, as SettlementPaymentWrite. */
export interface SettlementTransferWrite {
  readonly expected: Pick<Transfer, 'id' | 'status' | 'version'>;
  readonly changed: Pick<Transfer, 'id' | 'status' | 'statusReasonInformation' | 'updatedAt' | 'version'>;
}

/** An outbox row written with a settlement move. */
export interface SettlementEventRow {
  readonly id: string;
  readonly memberId: string;
  readonly eventType: string;
  /** JSON text of the notification, stored byte for byte. */
  readonly body: string;
  readonly createdAt: Date;
}

/** Everything a reconciliation step writes (see writeSettlements). */
export interface SettlementBatchWrite {
  readonly writes: readonly SettlementPaymentWrite[];
  readonly events: readonly SettlementEventRow[];
  readonly timerIds: readonly string[];
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
   * holds locked (status, reason, time and version, each only while the row is still at its
   * expected status and version), their outbox rows, the removal of their timers and every
   * credit's outcome. Throws when a payment was not at its expected status and version (the
   * transaction then writes nothing). The caller wakes the outbox relay after the commit.
   */
  async writeSettlements(batch: SettlementBatchWrite): Promise<void> {
    const { writes, events, timerIds, outcomes } = batch;
    if (writes.length === 0 && events.length === 0 && timerIds.length === 0 && outcomes.length === 0) return;
    const rows = await this.db.$queryRawUnsafe<{ moved: number }[]>(
      `${settlementMoves('payment')}, outcomes AS (
         UPDATE settlement_transaction t SET reconciliation_state = o.state, payment_id = o.payment_id,
           transfer_id = o.transfer_id, reconcile_after = o.reconcile_after, reconciled_at = o.reconciled_at
         FROM json_to_recordset($5::json) AS o(id text, state text, payment_id text, transfer_id text,
           reconcile_after timestamptz, reconciled_at timestamptz)
         WHERE t.id = ANY($6::text[]) AND t.id = o.id
         RETURNING t.id
       )
       SELECT (SELECT count(*) FROM moved)::int AS moved, (SELECT count(*) FROM event_rows)::int AS events,
              (SELECT count(*) FROM cleared)::int AS cleared, (SELECT count(*) FROM outcomes)::int AS outcomes`,
      movesJson(writes),
      writes.map(({ expected }) => expected.id),
      eventRowsJson(events),
      [...timerIds],
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
    const moved = rows[0]?.moved ?? 0;
    if (moved !== writes.length)
      throw new Error(`settlement moves wrote ${moved} payments of ${writes.length}: a payment moved under its lock`);
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
   * still at its expected status and version) with their outbox rows and the removal of their
   * timers, in one statement; throws when a transfer moved (the transaction then writes nothing).
   * The credits' outcomes are written by writeSettlements.
   */
  async writeTransferSettlements(batch: {
    readonly writes: readonly SettlementTransferWrite[];
    readonly events: readonly SettlementEventRow[];
    readonly timerIds: readonly string[];
  }): Promise<void> {
    const { writes, events, timerIds } = batch;
    if (writes.length === 0) return;
    const rows = await this.db.$queryRawUnsafe<{ moved: number }[]>(
      `${settlementMoves('transfer')}
       SELECT (SELECT count(*) FROM moved)::int AS moved, (SELECT count(*) FROM event_rows)::int AS events,
              (SELECT count(*) FROM cleared)::int AS cleared`,
      movesJson(writes),
      writes.map(({ expected }) => expected.id),
      eventRowsJson(events),
      [...timerIds],
    );
    const moved = rows[0]?.moved ?? 0;
    if (moved !== writes.length)
      throw new Error(`settlement moves wrote ${moved} transfers of ${writes.length}: a transfer moved under its lock`);
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

/** A settlement move of a payment or a transfer, as `settlementMoves` reads it. */
type SettlementMove = SettlementPaymentWrite | SettlementTransferWrite;

/**
 * The CTEs `moved`, `event_rows` and `cleared` of a batch's write statement: the settlement moves
 * of `table`'s locked rows ($1 the moves as `movesJson`, $2 their ids), each only while the row is
 * still at its expected status and version; their outbox rows ($3, `eventRowsJson`); and the
 * removal of their timers ($4).
 */
function settlementMoves(table: 'payment' | 'transfer'): string {
  return `WITH moved AS (
         UPDATE ${table} r SET status = n.status, status_reason_information = n.reason,
           updated_at = n.updated_at, version = n.version
         FROM json_to_recordset($1::json) AS n(id text, expected_status text, expected_version int,
           status text, reason text, updated_at timestamptz, version int)
         WHERE r.id = ANY($2::text[]) AND r.id = n.id AND r.status = n.expected_status
           AND r.version = n.expected_version
         RETURNING r.id
       ), event_rows AS (
         INSERT INTO outbox_event (id, member_id, event_type, body, created_at)
         SELECT id, member_id, event_type, body, created_at
         FROM json_to_recordset($3::json) AS e(id text, member_id text, event_type text, body text,
           created_at timestamptz)
         RETURNING id
       ), cleared AS (
         DELETE FROM scheduled_job WHERE id = ANY($4::text[]) RETURNING id
       )`;
}

function movesJson(writes: readonly SettlementMove[]): string {
  return JSON.stringify(
    writes.map(({ expected, changed }) => ({
      id: expected.id,
      expected_status: expected.status,
      expected_version: expected.version,
      status: changed.status,
      reason: changed.statusReasonInformation,
      updated_at: changed.updatedAt.toISOString(),
      version: changed.version,
    })),
  );
}

/** The events as a JSON array; a body goes in as a JSON value so json_to_recordset keeps its text byte for byte. */
function eventRowsJson(events: readonly SettlementEventRow[]): string {
  const rows = events.map(
    (event) =>
      `${JSON.stringify({
        id: event.id,
        member_id: event.memberId,
        event_type: event.eventType,
        created_at: event.createdAt.toISOString(),
      }).slice(0, -1)},"body":${event.body}}`,
  );
  return `[${rows.join(',')}]`;
}
