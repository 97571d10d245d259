import type { RowColumn, RowShape } from './row-shape.js';

/**
 * A piece of SQL a domain adds to a write statement. It takes the statement's parameter
 * placeholders by its own index (`param(0)` is the first value the domain passes beside the
 * write's own), so it does not depend on how many the write itself uses.
 */
export type SqlPart = (param: (index: number) => string) => string;

/**
 * What a domain adds to a write, beside the row, its events and its timer, all in the one
 * statement:
 * - `guard`: the body of a CTE named `guard` yielding the `id`s of the rows that may be written;
 *   a row it leaves out is not written, nor its events and timer (the statement answers which
 *   rows it wrote). It reads `new_rows` (an insert's rows) or `locked` (an update's rows still at
 *   their expected status and version), and may lock what it checks (FOR UPDATE), so that the
 *   condition holds until the write commits.
 * - `alongside`: the bodies of further data-modifying CTEs, run only for the rows written: they
 *   read `written` (`id`, `member_id` of the rows written).
 * - `answer`: what the statement answers instead of the ids written: a SELECT that may read the
 *   CTEs above (a refusal's reason read under the guard's lock, say).
 * - `fromGuard` (an insert's, with a guard): columns a new row takes from its guard row (a value
 *   read under the guard's lock) instead of the one given.
 */
export interface WriteAdditions {
  readonly guard?: SqlPart;
  readonly alongside?: readonly SqlPart[];
  readonly answer?: SqlPart;
  readonly fromGuard?: readonly string[];
}

const placeholders =
  (first: number) =>
  (index: number): string =>
    `$${first + index}`;

function additionsSql(
  additions: WriteAdditions,
  firstParameter: number,
): { guard: string; alongside: string; answer: string } {
  const param = placeholders(firstParameter);
  const alongside = (additions.alongside ?? []).map((part, i) => `, alongside_${i + 1} AS (\n  ${part(param)}\n)`);
  return {
    guard: additions.guard === undefined ? '' : `, guard AS (\n  ${additions.guard(param)}\n)`,
    alongside: alongside.join(''),
    answer: additions.answer === undefined ? 'SELECT id FROM written' : additions.answer(param),
  };
}

// The events and timers arrive as JSON arrays keyed by the row they belong to (`row_id`), and are
// written only for the rows the statement wrote: the join on `written`. The events are inserted in
// the order given (a row's several moves: the status history keeps their insertion order).
const EVENT_ROWS = (parameter: string): string => `event_rows AS (
  INSERT INTO outbox_event (id, member_id, event_type, body, created_at)
  SELECT e.id, written.member_id, e.event_type, e.body, e.created_at
  FROM ROWS FROM (json_to_recordset(${parameter}::json)
    AS (row_id text, id text, event_type text, body text, created_at timestamptz))
    WITH ORDINALITY AS e(row_id, id, event_type, body, created_at, n)
  JOIN written ON written.id = e.row_id
  ORDER BY e.n
  RETURNING id
)`;

const TIMER_ROWS = (parameter: string): string => `timer_rows AS (
  INSERT INTO scheduled_job (id, queue, job_name, payload, due_at)
  SELECT t.id, t.queue, t.job_name, t.payload, t.due_at
  FROM json_to_recordset(${parameter}::json) AS t(row_id text, id text, queue text, job_name text, payload jsonb, due_at timestamptz)
  JOIN written ON written.id = t.row_id
  ON CONFLICT (id) DO UPDATE SET due_at = EXCLUDED.due_at, payload = EXCLUDED.payload
  RETURNING id
)`;

/**
 * Stores new rows with their events and timers in one statement (one implicit transaction, one
 * round trip). Parameters: $1 the rows (JSON array of row objects, typed by their columns through
 * json_populate_recordset: timestamps from ISO text, numeric from decimal text, jsonb from nested
 * JSON), $2 the events (eventsJson), $3 the timers (timersJson), then the additions' own. Answers
 * the ids written (`SELECT id`).
 */
export function insertWithEventsSql<R>(shape: RowShape<R>, additions: WriteAdditions = {}): string {
  const list = shape.selectList;
  const { guard, alongside, answer } = additionsSql(additions, 4);
  const fromGuard = additions.fromGuard ?? [];
  if (fromGuard.length > 0 && additions.guard === undefined) throw new Error('only a guard gives columns');
  const taken = shape.columns.map(({ column }) =>
    fromGuard.includes(column) ? `guard."${column}"` : `new_rows."${column}"`,
  );
  const source =
    additions.guard === undefined
      ? `json_populate_recordset(NULL::${shape.table}, $1::json)`
      : fromGuard.length === 0
        ? `new_rows WHERE new_rows.id IN (SELECT id FROM guard)`
        : `new_rows JOIN guard ON guard.id = new_rows.id`;
  const newRows =
    additions.guard === undefined
      ? ''
      : `new_rows AS (\n  SELECT ${list} FROM json_populate_recordset(NULL::${shape.table}, $1::json)\n)${guard}, `;
  return `WITH ${newRows}written AS (
  INSERT INTO ${shape.table} (${list})
  SELECT ${fromGuard.length === 0 ? list : taken.join(', ')} FROM ${source}
  RETURNING id, member_id
), ${EVENT_ROWS('$2')}, ${TIMER_ROWS('$3')}${alongside}
${answer}`;
}

/**
 * Changes rows still at the status and version their callers know, with their events and their
 * timers set or removed, in one statement. Each expected row is locked only if no one else holds
 * it (SKIP LOCKED): a row another transaction is moving is left out (its caller reads it again)
 * instead of holding the whole batch, and the connection, until that transaction ends. The rows
 * are found by their ids through the primary key ($1, in `locked`), and the rows written are
 * those locked, one by one; the timers to remove are found by one scan of the primary key for
 * their ids (an id array the planner does not have to search once per row: hundreds of rows in
 * a statement stay linear). A join on the JSON rows alone leaves the planner free to read the
 * whole table (it cannot tell how many rows the JSON holds). Parameters: $1 the ids, $2 the expected rows ({ id, status, version } JSON),
 * $3 the changed rows (the id and `changeColumns`, JSON), $4 the events, $5 the timers to set,
 * $6 and $7 the timers to remove and their rows' ids, then the additions' own. The version moves
 * on by one, unless `changeColumns` writes it (a write of several moves: a version per move).
 * Answers the ids written (`SELECT id`).
 */
export function updateAtVersionSql<R>(
  shape: RowShape<R>,
  changeColumns: readonly RowColumn<R>[],
  additions: WriteAdditions = {},
): string {
  const { guard, alongside, answer } = additionsSql(additions, 8);
  const t = shape.table;
  const guarded = additions.guard === undefined ? '' : ' AND locked.id IN (SELECT id FROM guard)';
  const nextVersion = changeColumns.some(({ column }) => column === 'version') ? '' : ', version = r.version + 1';
  return `WITH locked AS (
  SELECT r.id FROM ${t} r
  JOIN json_populate_recordset(NULL::${t}, $2::json) AS expected ON expected.id = r.id
  WHERE r.id = ANY($1::text[]) AND r.status = expected.status AND r.version = expected.version
  FOR UPDATE OF r SKIP LOCKED
)${guard}, written AS (
  UPDATE ${t} r SET ${changeColumns.map(({ column }) => `"${column}" = n."${column}"`).join(', ')}${nextVersion}
  FROM json_populate_recordset(NULL::${t}, $3::json) AS n, locked
  WHERE r.id = locked.id AND n.id = locked.id${guarded}
  RETURNING r.id, r.member_id
), ${EVENT_ROWS('$4')}, ${TIMER_ROWS('$5')}, cleared AS (
  DELETE FROM scheduled_job j
  WHERE j.id = ANY(ARRAY(
    SELECT c.id FROM unnest($6::text[], $7::text[]) AS c(id, row_id) JOIN written ON written.id = c.row_id
  ))
  RETURNING j.id
)${alongside}
${answer}`;
}
