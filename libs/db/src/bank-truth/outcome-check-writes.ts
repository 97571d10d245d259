import type { JobPayload } from '#libs/common';
import type { OutcomeKind } from '#libs/domain';
import type { SqlPart } from '../row-writes/index.js';

/**
 * The SQL of opening and closing an outcome check, written once: the repository's own
 * statements (OutcomeCheckRepository.begin, close) and the one-statement writes that open or end
 * a check beside a row (a VRP stored with its initiation's check, a payment's change that ends
 * its check) are built from these parts.
 */

/** The timer that asks a check again: its scheduled_job row's id, queue and job. */
export interface CheckTimer {
  readonly id: string;
  readonly queue: string;
  readonly payload: JobPayload;
}

/** A check to open before its call, with its timer, as the statements read it. */
export interface CheckToOpen {
  readonly kind: string;
  readonly resourceId: string;
  readonly memberId: string;
  readonly operation: string;
  readonly sealedGrant?: string;
  readonly since: Date;
  /** When to ask first if no answer is recorded: the call's deadline plus a grace. */
  readonly firstAskAt: Date;
  readonly timer: CheckTimer;
}

/** The checks to open as the JSON array the opening parts read. */
export function checksToOpenJson(checks: readonly CheckToOpen[]): string {
  return JSON.stringify(
    checks.map((check) => ({
      kind: check.kind,
      resource_id: check.resourceId,
      member_id: check.memberId,
      operation: check.operation,
      sealed_grant: check.sealedGrant ?? null,
      since: check.since.toISOString(),
      next_ask_at: check.firstAskAt.toISOString(),
      timer_id: check.timer.id,
      timer_queue: check.timer.queue,
      timer_payload: check.timer.payload,
    })),
  );
}

/** The checks of `json` (checksToOpenJson), only those of the rows `written` yields when named. */
function checksFrom(json: string, written: string | undefined): string {
  const rows = `json_to_recordset(${json}::json) AS c(kind text, resource_id text, member_id text, operation text,
      sealed_grant text, since timestamptz, next_ask_at timestamptz, timer_id text, timer_queue text, timer_payload jsonb)`;
  return written === undefined ? rows : `${rows}\n    JOIN ${written} ON ${written}.id = c.resource_id`;
}

/**
 * Opens the checks of `json` (a placeholder of checksToOpenJson's array): a check already open
 * for its resource (the call is asked again) keeps when it started and how often it was asked;
 * its operation and grant (when one is given) are updated, and when to ask next. With
 * `written`, only the checks of the rows that relation yields (by `id`). A data-modifying
 * statement answering a row per check, for a CTE.
 */
export function openChecksSql(json: string, written?: string): string {
  return `INSERT INTO outcome_check (kind, resource_id, member_id, operation, sealed_grant, since, next_ask_at)
    SELECT c.kind, c.resource_id, c.member_id, c.operation, c.sealed_grant, c.since, c.next_ask_at
    FROM ${checksFrom(json, written)}
    ON CONFLICT (kind, resource_id) DO UPDATE SET
      operation = EXCLUDED.operation,
      sealed_grant = COALESCE(EXCLUDED.sealed_grant, outcome_check.sealed_grant),
      next_ask_at = EXCLUDED.next_ask_at
    RETURNING 1`;
}

/** The ask-again timers of the checks of `json`, due when each is first asked (as openChecksSql). */
export function checkTimersSql(json: string, written?: string): string {
  return `INSERT INTO scheduled_job (id, queue, job_name, payload, due_at)
    SELECT c.timer_id, c.timer_queue, c.timer_payload->>'name', c.timer_payload, c.next_ask_at
    FROM ${checksFrom(json, written)}
    ON CONFLICT (id) DO UPDATE SET due_at = EXCLUDED.due_at, payload = EXCLUDED.payload
    RETURNING 1`;
}

/**
 * The two parts that open checks with their timers beside a row write, for the rows written
 * only: `index` is the write's own parameter holding checksToOpenJson's array.
 */
export function openingChecks(index: number): readonly SqlPart[] {
  return [(p) => openChecksSql(p(index), 'written'), (p) => checkTimersSql(p(index), 'written')];
}

/** A check's kind as a SQL literal (the kinds are the domain's fixed names). */
export function checkKindLiteral(kind: OutcomeKind): string {
  if (!/^[a-z-]+$/.test(kind)) throw new Error(`not a check kind: ${kind}`);
  return `'${kind}'`;
}

/**
 * Ends the checks of `kind` (a SQL expression) on the resources `resources` yields (a relation
 * with an `id` column): their answers are recorded. A data-modifying statement answering a row
 * per check ended, for a CTE.
 */
export function closeChecksSql(kind: string, resources: string): string {
  return `DELETE FROM outcome_check o USING ${resources} AS answered
    WHERE o.kind = ${kind} AND o.resource_id = answered.id
    RETURNING 1`;
}

/** Opens the checks of $1 (checksToOpenJson) with their timers: OutcomeCheckRepository.begin. */
export const OPEN_CHECKS = `WITH opened AS (
  ${openChecksSql('$1')}
)
${checkTimersSql('$1')}`;

/** Ends the check of kind $1 on resource $2: OutcomeCheckRepository.close (the count it deleted). */
export const CLOSE_CHECK = closeChecksSql('$1', '(SELECT $2::text AS id)');
