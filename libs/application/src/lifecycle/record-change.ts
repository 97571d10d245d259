import { OutcomeCheckRepository, ScheduledJobRepository, type OutcomeRef, type Tx } from '#libs/db';
import { writeOutboxEvent } from '#libs/events';
import type { Lifecycle } from './lifecycle.js';
import { decideMove, plannedTimer, type PlannedTimer } from './planned-change.js';

export type RecordedChange<Row> =
  | { readonly kind: 'changed'; readonly row: Row; readonly statusChanged: boolean }
  /** The status machine does not allow the move (e.g. the resource is already final). */
  | { readonly kind: 'refused'; readonly row: Row }
  /** Someone else changed the resource first; nothing was written. */
  | { readonly kind: 'stale' };

/** Writes the events a move to `after` writes (`before` null for a creation), in the caller's transaction. */
export async function writeLifecycleEvents<Row, Change, Status extends string, Context, Prepared, New>(
  lifecycle: Lifecycle<Row, Change, Status, Context, Prepared, New>,
  tx: Tx,
  after: Row,
  before: Row | null,
): Promise<void> {
  for (const event of lifecycle.events(after, before)) await writeOutboxEvent(tx, event);
}

/** Writes a planned timer (set, or cleared; a kept one writes nothing), in the caller's transaction. */
export async function writeTimer(tx: Tx, timer: PlannedTimer): Promise<Date | null> {
  if ('keep' in timer) return null;
  const timers = new ScheduledJobRepository(tx);
  if ('clear' in timer) {
    await timers.remove([timer.clear]);
    return null;
  }
  await timers.schedule(timer.set.id, timer.set.payload, timer.set.dueAt, timer.set.queue);
  return timer.set.dueAt;
}

/** Sets (or clears) the resource's one timer for `row` as it stands, in the caller's transaction. */
export function resetTimer<Row, Change, Status extends string, Context, Prepared, New>(
  lifecycle: Lifecycle<Row, Change, Status, Context, Prepared, New>,
  tx: Tx,
  row: Row,
  now: Date,
  context: Context,
): Promise<Date | null> {
  return writeTimer(tx, plannedTimer(lifecycle, row, now, context));
}

/** What the caller records with a move. */
export interface RecordOptions {
  /**
   * The outcome check this change answers (the unknown-outcome rule): it ends in the transaction
   * that records the answer, whatever the machine made of it, unless the row moved first (stale:
   * the caller reads it again and records the answer then).
   */
  readonly answered?: OutcomeRef;
}

/**
 * Moves a resource, in the caller's transaction, as its lifecycle declares: the machine decides
 * (a final status refuses everything, the same status stays, the table decides the rest); a
 * status move runs the declaration's `prepare`; the row is updated only at the version read;
 * a status move writes its events; the timer is set or cleared for the new state; a status move
 * then runs `follow`. Staying in a status updates the row and its timer without an event. With
 * `answered`, that outcome check ends in the same transaction.
 */
export async function recordChange<Row, Change, Status extends string, Context, Prepared, New>(
  lifecycle: Lifecycle<Row, Change, Status, Context, Prepared, New>,
  tx: Tx,
  current: Row,
  change: Change,
  now: Date,
  context: Context,
  options: RecordOptions = {},
): Promise<RecordedChange<Row>> {
  const recorded = await move(lifecycle, tx, current, change, now, context);
  if (recorded.kind !== 'stale' && options.answered !== undefined)
    await new OutcomeCheckRepository(tx).close(options.answered);
  return recorded;
}

async function move<Row, Change, Status extends string, Context, Prepared, New>(
  lifecycle: Lifecycle<Row, Change, Status, Context, Prepared, New>,
  tx: Tx,
  current: Row,
  change: Change,
  now: Date,
  context: Context,
): Promise<RecordedChange<Row>> {
  const decision = decideMove(lifecycle, current, change);
  if (decision === 'refuse') return { kind: 'refused', row: current };
  const statusChanged = decision === 'move';
  const prepared =
    statusChanged && lifecycle.prepare !== undefined
      ? await lifecycle.prepare(tx, current, lifecycle.proposedStatusOf(change, current), context)
      : (undefined as Prepared);
  const updated = await lifecycle.update(tx, current, change, context);
  if (updated === null) return { kind: 'stale' };
  if (statusChanged) await writeLifecycleEvents(lifecycle, tx, updated, current);
  await resetTimer(lifecycle, tx, updated, now, context);
  if (!statusChanged || lifecycle.follow === undefined) return { kind: 'changed', row: updated, statusChanged };
  const followed = await lifecycle.follow(tx, { before: current, after: updated, now, context, prepared });
  return { kind: 'changed', row: followed ?? updated, statusChanged };
}

/** Stores a new resource with its creation events and its first timer, in the caller's transaction. */
export async function storeNew<Row, Change, Status extends string, Context, Prepared, New>(
  lifecycle: Lifecycle<Row, Change, Status, Context, Prepared, New>,
  tx: Tx,
  row: New,
  now: Date,
  context: Context,
): Promise<Row> {
  if (lifecycle.insert === undefined) throw new Error(`${lifecycle.name}: the lifecycle stores no new rows`);
  const stored = await lifecycle.insert(tx, row, context);
  await writeLifecycleEvents(lifecycle, tx, stored, null);
  await resetTimer(lifecycle, tx, stored, now, context);
  return stored;
}
