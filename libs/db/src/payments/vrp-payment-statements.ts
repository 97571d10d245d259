import type pg from 'pg';
import type { Payment } from './payment-records.js';
import { checksToOpenJson, openingChecks, type CheckTimer } from '../bank-truth/outcome-check-writes.js';
import { rowInserter, type NewRowEvent, type NewRowTimer } from '../row-writes/index.js';
import { PAYMENT_SHAPE } from './payment-statements.js';

/**
 * The statement that stores a variable recurring payment on its request path, produced from the
 * payment's row shape: the VRP stored with its events, timer and outcome check only while its
 * consent's limits hold (the consent's guard). The bank's answer is recorded as any payment's
 * change, ending the check (updatePaymentWithEvents). PaymentRepository is its only caller.
 */

/** A consent's periodic limit as the guard checks it: the period's bounds and its most payable. */
export interface VrpPeriodBound {
  readonly start: Date;
  readonly end: Date;
  readonly maximum: string;
}

/** What the consent's guard checks a new VRP against (computed by the limit engine). */
export interface VrpLimitsToHold {
  readonly periods: readonly VrpPeriodBound[];
  /** 0: no limit. */
  readonly maximumOccurrences: number;
}

/** The outcome check of the VRP's initiation and its ask-again timer, written with the VRP. */
export interface VrpInitiationCheck {
  readonly kind: string;
  readonly operation: string;
  readonly since: Date;
  readonly firstAskAt: Date;
  readonly timer: CheckTimer;
}

interface VrpInsert {
  readonly row: Payment;
  readonly events: readonly NewRowEvent[];
  readonly timer: NewRowTimer | null;
  readonly limits: VrpLimitsToHold;
  readonly check: VrpInitiationCheck;
  readonly excludedStatuses: readonly string[];
}

// The guard: each new VRP whose consent, locked, is its member's, AUTHORIZED and has room for it
// (vrp_limits_allow; see its migration for why the limits are read in a function). One statement
// holds one VRP per consent (onePerStatement): two would each be checked without the other.
const insertVrp = rowInserter<Payment, VrpInsert>(PAYMENT_SHAPE, {
  name: 'vrps-insert-with-events-within-limits',
  additions: {
    guard: (p) => `SELECT r.id FROM new_rows r
    JOIN json_to_recordset(${p(0)}::json) AS l(row_id text, periods json, maximum_occurrences int) ON l.row_id = r.id
    WHERE vrp_limits_allow(r.vrp_consent_id, r.member_id, r.amount, l.periods, l.maximum_occurrences, ${p(1)}::text[])`,
    // The initiation's check and its timer, opened as every check is (bank-truth/outcome-check-writes.ts).
    alongside: openingChecks(2),
  },
  values: (items) => [
    JSON.stringify(
      items.map(({ row, limits }) => ({
        row_id: row.id,
        periods: limits.periods.map(({ start, end, maximum }) => ({
          start: start.toISOString(),
          end: end.toISOString(),
          maximum,
        })),
        maximum_occurrences: limits.maximumOccurrences,
      })),
    ),
    // The statuses that do not count: the domain's one list, the same for every item.
    items[0]?.excludedStatuses ?? [],
    checksToOpenJson(
      items.map(({ row, check }) => ({
        kind: check.kind,
        resourceId: row.id,
        memberId: row.memberId,
        operation: check.operation,
        since: check.since,
        firstAskAt: check.firstAskAt,
        timer: check.timer,
      })),
    ),
  ],
  onePerStatement: ({ row }) => row.vrpConsentId ?? '',
  batching: { maxInFlight: 2, maxBatch: 64 },
});

/**
 * Stores a VRP (as paymentFromNew gives it) with its events, its timer and its initiation's
 * outcome check, all or nothing, in one statement and only while its consent is its member's,
 * AUTHORIZED and within `limits` with it, the consent's row locked meanwhile (concurrent VRPs
 * under one consent are decided one after another, each counting those before it). Answers
 * whether it was stored: false when the guard refused it (the caller finds out why). The
 * payments in `excludedStatuses` (ended without the money moving) do not count.
 */
export function insertVrpWithinLimits(
  pool: pg.Pool,
  vrp: Payment,
  events: readonly NewRowEvent[],
  timer: NewRowTimer | null,
  limits: VrpLimitsToHold,
  excludedStatuses: readonly string[],
  check: VrpInitiationCheck,
): Promise<boolean> {
  if (vrp.vrpConsentId === null) return Promise.reject(new Error(`payment ${vrp.id} is not a VRP`));
  return insertVrp(pool, { row: vrp, events, timer, limits, check, excludedStatuses });
}
