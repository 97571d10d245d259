import { Injectable } from '@nestjs/common';
import { Repository } from '../repository.js';

/** How many payments were created in one hour, by their status now. */
export interface PaymentsInHour {
  readonly hour: Date;
  readonly status: string;
  readonly count: number;
}

/** One hour's webhook attempts: all of them, and those a receiver answered 2xx. */
export interface DeliveriesInHour {
  readonly hour: Date;
  readonly attempts: number;
  readonly succeeded: number;
}

/** The settlement work waiting: credits by reconciliation state, payments awaiting their credit. */
export interface ReconciliationBacklog {
  readonly pendingCredits: number;
  readonly unmatchedCredits: number;
  readonly paymentsAwaitingSettlement: number;
}

/**
 * The console's pictures, from the gateway's own tables (cross-member, an operator's read): each a
 * single grouped statement over the hours asked for.
 */
@Injectable()
export class ConsoleOverviewRepository extends Repository {
  async paymentsByHour(since: Date): Promise<PaymentsInHour[]> {
    const rows = await this.db.$queryRaw<{ hour: Date; status: string; count: bigint }[]>`
      SELECT date_trunc('hour', created_at) AS hour, status, count(*) AS count
      FROM payment WHERE created_at >= ${since}
      GROUP BY 1, 2 ORDER BY 1, 2`;
    return rows.map((row) => ({ hour: row.hour, status: row.status, count: Number(row.count) }));
  }

  async deliveriesByHour(since: Date): Promise<DeliveriesInHour[]> {
    const rows = await this.db.$queryRaw<{ hour: Date; attempts: bigint; succeeded: bigint }[]>`
      SELECT date_trunc('hour', attempted_at) AS hour, count(*) AS attempts,
        count(*) FILTER (WHERE status_code BETWEEN 200 AND 299) AS succeeded
      FROM webhook_attempt WHERE attempted_at >= ${since}
      GROUP BY 1 ORDER BY 1`;
    return rows.map((row) => ({ hour: row.hour, attempts: Number(row.attempts), succeeded: Number(row.succeeded) }));
  }

  async reconciliationBacklog(): Promise<ReconciliationBacklog> {
    const [row] = await this.db.$queryRaw<{ pending: bigint; unmatched: bigint; awaiting: bigint }[]>`
      SELECT
        (SELECT count(*) FROM settlement_transaction
          WHERE transaction_type = 'CREDIT' AND reconciliation_state = 'PENDING') AS pending,
        (SELECT count(*) FROM settlement_transaction
          WHERE transaction_type = 'CREDIT' AND reconciliation_state = 'UNMATCHED') AS unmatched,
        (SELECT count(*) FROM payment WHERE status = 'SETTLEMENT_IN_PROGRESS') AS awaiting`;
    return {
      pendingCredits: Number(row?.pending ?? 0),
      unmatchedCredits: Number(row?.unmatched ?? 0),
      paymentsAwaitingSettlement: Number(row?.awaiting ?? 0),
    };
  }
}
