import type { JobPayload } from '#libs/common';
import type { Tx } from '#libs/db';
import type { StatusMachine } from '#libs/domain';
import type { NewOutboxEvent, OutboxEventType } from '#libs/events';

/** One outbox event a move writes, of any type of the catalogue. */
export type LifecycleEvent = { [T in OutboxEventType]: NewOutboxEvent<T> }[OutboxEventType];

/** The one timer row of a resource in its current state. */
export interface LifecycleTimer {
  readonly id: string;
  readonly queue: string;
  readonly payload: JobPayload;
  readonly dueAt: Date;
}

/** What a move (or a creation) writes beside the row, as its declaration says. */
export interface MoveContext<Row, Context> {
  /** The row before the move. */
  readonly before: Row;
  /** The row as the move left it. */
  readonly after: Row;
  readonly now: Date;
  readonly context: Context;
}

/**
 * An aggregate's lifecycle, declared once: its status machine, how its row is read and written
 * at a version, the outbox events a move writes, the one timer row its state keeps, and what
 * follows a move in the same transaction. `recordChange` and `storeNew` apply it; `plannedChange`
 * gives the same events and timer to a caller that writes them in a statement of its own.
 *
 * `Context` is what the caller knows that the row does not (a poll schedule, a repository bound
 * to the transaction); `Prepared` is what `prepare` reads before the update for `follow`; `New`
 * is what `insert` stores (the row by default).
 */
export interface Lifecycle<Row, Change, Status extends string, Context = void, Prepared = void, New = Row> {
  readonly name: string;
  readonly machine: StatusMachine<Status>;
  statusOf(row: Row): Status;
  /** The status a change proposes (a change that names none stays at `current`'s). */
  proposedStatusOf(change: Change, current: Row): Status;
  idOf(row: Row): string;
  /** Applies the change only while the row is still at the version read: the new row, or null when someone moved it first. */
  update(tx: Tx, current: Row, change: Change, context: Context): Promise<Row | null>;
  /** Stores a new row (for `storeNew`); answers it as stored. */
  insert?(tx: Tx, row: New, context: Context): Promise<Row>;
  /** The outbox events a move to `after` writes (`before` is null for a creation), in order. */
  events(after: Row, before: Row | null): readonly LifecycleEvent[];
  /**
   * The timer the row keeps in its state, or null when it keeps none; 'keep' leaves the timer row
   * as it is (a state whose timer the caller sets, through `Context`, when it has one to set).
   */
  timer(row: Row, now: Date, context: Context): LifecycleTimer | null | 'keep';
  /** The id of the resource's one timer row. */
  timerId(id: string): string;
  /** Runs before the update of a status move, in its transaction (e.g. a lock taken first). */
  prepare?(tx: Tx, current: Row, to: Status, context: Context): Promise<Prepared>;
  /**
   * What follows a status move, in its transaction, after the row, its events and its timer are
   * written. Answers the row as it then stands when it moved again (its own events written).
   */
  follow?(tx: Tx, move: MoveContext<Row, Context> & { readonly prepared: Prepared }): Promise<Row | undefined>;
}
