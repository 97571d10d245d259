import type pg from 'pg';
import { batchedPerPool, type StatementBatcherOptions } from '#libs/postgres';
import type { RowColumn, RowShape } from './row-shape.js';
import { insertWithEventsSql, updateAtVersionSql, type WriteAdditions } from './write-statements.js';
import {
  eventsJson,
  timersJson,
  type NewRowEvent,
  type NewRowTimer,
  type RowTimerChange,
} from './written-alongside.js';

/** A new row with what is written beside it. */
export interface RowInsert<R> {
  readonly row: R;
  readonly events: readonly NewRowEvent[];
  readonly timer: NewRowTimer | null;
}

/** A row at the status and version its caller knows. */
export interface ExpectedRow {
  readonly id: string;
  readonly status: string;
  readonly version: number;
}

/** One change (or stay) of a row with what is written beside it. */
export interface RowUpdate<R> {
  readonly expected: ExpectedRow;
  /** The row after the change, its version one more. */
  readonly changed: R;
  readonly events: readonly NewRowEvent[];
  readonly timer: RowTimerChange;
  /** Further timer rows the change removes (a timer another domain keeps for the row, ended by the move). */
  readonly clears?: readonly string[];
}

/** The parameters of insertWithEventsSql for `items` (the additions' own follow them). */
export function rowInsertValues<R extends { readonly id: string }>(
  shape: RowShape<R>,
  items: readonly RowInsert<R>[],
): unknown[] {
  return [
    JSON.stringify(items.map(({ row }) => shape.rowObject(row))),
    eventsJson(items.map(({ row, events }) => ({ rowId: row.id, events }))),
    timersJson(items.map(({ row, timer }) => ({ rowId: row.id, timer }))),
  ];
}

/**
 * The parameters of updateAtVersionSql for `items`, writing `changedColumns` (the id and the
 * change's columns) of each changed row (the additions' own follow them).
 */
export function rowUpdateValues<R extends { readonly id: string }>(
  shape: RowShape<R>,
  changedColumns: readonly RowColumn<R>[],
  items: readonly RowUpdate<R>[],
): unknown[] {
  const cleared = items.flatMap(({ changed, timer, clears }) =>
    [...('clear' in timer ? [timer.clear] : []), ...(clears ?? [])].map((id) => ({ rowId: changed.id, id })),
  );
  return [
    items.map(({ expected }) => expected.id),
    JSON.stringify(
      items.map(({ expected }) => ({ id: expected.id, status: expected.status, version: expected.version })),
    ),
    JSON.stringify(items.map(({ changed }) => shape.rowObject(changed, changedColumns))),
    eventsJson(items.map(({ changed, events }) => ({ rowId: changed.id, events }))),
    timersJson(items.map(({ changed, timer }) => ({ rowId: changed.id, timer: 'set' in timer ? timer.set : null }))),
    cleared.map(({ id }) => id),
    cleared.map(({ rowId }) => rowId),
  ];
}

interface WriterOptions<I> {
  /** The prepared statement's name (parsed once per connection). */
  readonly name: string;
  readonly additions?: WriteAdditions;
  /** The additions' parameter values for a batch. */
  readonly values?: (items: readonly I[]) => readonly unknown[];
  /**
   * Items one statement may not hold two of with the same key (they would both be checked
   * against the state before either). An insert sends such items in successive statements; an
   * update's batch holding two fails before it is sent, and the batcher runs its items one by one.
   */
  readonly onePerStatement?: (item: I) => string;
  readonly batching: StatementBatcherOptions;
}

function assertOnePer<I>(items: readonly I[], key: ((item: I) => string) | undefined, what: string): void {
  if (key === undefined) return;
  if (new Set(items.map(key)).size !== items.length) throw new Error(`one statement cannot hold two ${what}`);
}

/**
 * The insert of `shape`'s rows with their events and timers, produced from the shape: one
 * statement per batch of callers that arrive together (batchedPerPool), answering for each row
 * whether it was written. Without a guard every row is written or the statement fails (and the
 * batcher runs each row alone, so one bad row fails alone).
 */
export function rowInserter<R extends { readonly id: string }, I extends RowInsert<R> = RowInsert<R>>(
  shape: RowShape<R>,
  options: WriterOptions<I>,
): (pool: pg.Pool, item: I) => Promise<boolean> {
  const text = insertWithEventsSql(shape, options.additions);
  const guarded = options.additions?.guard !== undefined;
  async function insertOnce(pool: pg.Pool, items: readonly I[]): Promise<readonly boolean[]> {
    const result = await pool.query<{ id: string }>({
      name: options.name,
      text,
      values: [...rowInsertValues(shape, items), ...(options.values?.(items) ?? [])],
    });
    const written = new Set(result.rows.map(({ id }) => id));
    if (!guarded && written.size !== items.length)
      throw new Error(`the ${shape.table} insert wrote ${written.size} rows for ${items.length}`);
    return items.map(({ row }) => written.has(row.id));
  }
  const onePer = options.onePerStatement;
  if (onePer === undefined) return batchedPerPool(insertOnce, options.batching);
  const key: (item: I) => string = onePer;
  // Items of one key go to successive statements, one after another on the batch's connection
  // (not side by side, each waiting for the same lock on a connection of its own); a statement
  // that fails fails its own items only, those of the statements before it stay written.
  async function insertByRounds(pool: pg.Pool, items: readonly I[]): Promise<readonly Outcome[]> {
    const outcomes: Outcome[] = [];
    for (const round of rounds(items, key)) {
      try {
        const written = await insertOnce(
          pool,
          round.map(({ item }) => item),
        );
        round.forEach(({ index }, i) => (outcomes[index] = { written: written[i] ?? false }));
      } catch (error) {
        if (round.length > 1) {
          for (const { item, index } of round) outcomes[index] = await insertAlone(pool, item);
        } else round.forEach(({ index }) => (outcomes[index] = { error }));
      }
    }
    return outcomes;
  }
  async function insertAlone(pool: pg.Pool, item: I): Promise<Outcome> {
    try {
      return { written: (await insertOnce(pool, [item]))[0] ?? false };
    } catch (error) {
      return { error };
    }
  }
  const batched = batchedPerPool(insertByRounds, options.batching);
  return async (pool, item) => {
    const outcome = await batched(pool, item);
    if ('error' in outcome) throw outcome.error;
    return outcome.written;
  };
}

type Outcome = { readonly written: boolean } | { readonly error: unknown };

/** The items in rounds holding one item of a key each, in order (an item goes to the first round without its key). */
function rounds<I>(items: readonly I[], key: (item: I) => string): { item: I; index: number }[][] {
  const all: { keys: Set<string>; members: { item: I; index: number }[] }[] = [];
  items.forEach((item, index) => {
    const k = key(item);
    let round = all.find(({ keys }) => !keys.has(k));
    if (round === undefined) {
      round = { keys: new Set(), members: [] };
      all.push(round);
    }
    round.keys.add(k);
    round.members.push({ item, index });
  });
  return all.map(({ members }) => members);
}

/**
 * The change of `shape`'s rows at their expected status and version, writing `changeFields`,
 * with their events and timers set or removed, produced from the shape: one statement per batch,
 * answering for each change whether it was written (false: the row moved on, another
 * transaction holds it, or the guard left it out).
 */
export function rowUpdater<
  R extends { readonly id: string; readonly version: number },
  I extends RowUpdate<R> = RowUpdate<R>,
>(
  shape: RowShape<R>,
  changeFields: readonly (keyof R & string)[],
  options: WriterOptions<I>,
): (pool: pg.Pool, item: I) => Promise<boolean> {
  const changeColumns = shape.columnsOf(changeFields);
  const changedColumns = shape.columnsOf(['id', ...changeFields] as (keyof R & string)[]);
  const text = updateAtVersionSql(shape, changeColumns, options.additions);
  async function update(pool: pg.Pool, items: readonly I[]): Promise<readonly boolean[]> {
    // Two changes of one row in one statement would both see the row: fail the batch so that
    // each runs alone (StatementBatcher), one after the other's version.
    assertOnePer(items, ({ expected }) => expected.id, 'changes of one row');
    assertOnePer(items, options.onePerStatement, `${shape.table} changes of one key`);
    const result = await pool.query<{ id: string }>({
      name: options.name,
      text,
      values: [...rowUpdateValues(shape, changedColumns, items), ...(options.values?.(items) ?? [])],
    });
    const written = new Set(result.rows.map(({ id }) => id));
    return items.map(({ expected }) => written.has(expected.id));
  }
  const batched = batchedPerPool(update, options.batching);
  return (pool, item) => {
    if (item.changed.id !== item.expected.id || item.changed.version !== item.expected.version + 1)
      return Promise.reject(new Error(`a change of ${shape.table} ${item.expected.id} must be its next version`));
    return batched(pool, item);
  };
}
