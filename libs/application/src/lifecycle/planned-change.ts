import type { MoveDecision } from '#libs/domain';
import { prepareOutboxEvent, type WrittenOutboxEvent } from '#libs/events';
import type { Lifecycle, LifecycleEvent, LifecycleTimer } from './lifecycle.js';

/** An outbox row prepared for a statement of its own (it must wake the relay after its commit). */
export interface PlannedEvent extends WrittenOutboxEvent {
  readonly memberId: string;
  readonly eventType: LifecycleEvent['type'];
  readonly createdAt: Date;
}

/** The resource's one timer row set for its state, or cleared. */
export type PlannedTimer =
  | { readonly set: LifecycleTimer }
  | { readonly clear: string }
  /** The timer row stays as it is. */
  | { readonly keep: string };

/** What a move writes beside the row, as the declaration says: for the one-statement path. */
export interface PlannedChange {
  readonly statusChanged: boolean;
  readonly events: readonly PlannedEvent[];
  readonly timer: PlannedTimer;
}

/** What the machine makes of a proposed move: final refuses, the same status stays, the table decides. */
export function decideMove<Row, Change, Status extends string, Context, Prepared, New>(
  lifecycle: Lifecycle<Row, Change, Status, Context, Prepared, New>,
  current: Row,
  change: Change,
): MoveDecision {
  return lifecycle.machine.decide(lifecycle.statusOf(current), lifecycle.proposedStatusOf(change, current));
}

/** The events, prepared with their ids and exact bodies. */
export function plannedEvents(events: readonly LifecycleEvent[]): PlannedEvent[] {
  return events.map((event) => ({
    ...prepareOutboxEvent(event),
    memberId: event.memberId,
    eventType: event.type,
    createdAt: event.createdAt,
  }));
}

/** The timer row the resource keeps as `row` stands, or its clearing. */
export function plannedTimer<Row, Change, Status extends string, Context, Prepared, New>(
  lifecycle: Lifecycle<Row, Change, Status, Context, Prepared, New>,
  row: Row,
  now: Date,
  context: Context,
): PlannedTimer {
  const timer = lifecycle.timer(row, now, context);
  const id = lifecycle.timerId(lifecycle.idOf(row));
  if (timer === 'keep') return { keep: id };
  return timer === null ? { clear: id } : { set: timer };
}

/**
 * What moving `current` to `changed` (the row as the change leaves it) writes beside the row, or
 * 'refused' when the machine refuses the move. For a caller that writes the row, its events and
 * its timer in one statement: the same events and timer recordChange writes. A declaration's
 * `prepare` and `follow` do not run here: such moves take the locked path.
 */
export function plannedChange<Row, Change, Status extends string, Context, Prepared, New>(
  lifecycle: Lifecycle<Row, Change, Status, Context, Prepared, New>,
  current: Row,
  changed: Row,
  now: Date,
  context: Context,
): PlannedChange | 'refused' {
  const decision = lifecycle.machine.decide(lifecycle.statusOf(current), lifecycle.statusOf(changed));
  if (decision === 'refuse') return 'refused';
  const statusChanged = decision === 'move';
  return {
    statusChanged,
    events: statusChanged ? plannedEvents(lifecycle.events(changed, current)) : [],
    timer: plannedTimer(lifecycle, changed, now, context),
  };
}

/** What storing `row` as new writes beside it: its creation events and its first timer. */
export function plannedCreation<Row, Change, Status extends string, Context, Prepared, New>(
  lifecycle: Lifecycle<Row, Change, Status, Context, Prepared, New>,
  row: Row,
  now: Date,
  context: Context,
): { readonly events: readonly PlannedEvent[]; readonly timer: LifecycleTimer | null } {
  const timer = lifecycle.timer(row, now, context);
  return { events: plannedEvents(lifecycle.events(row, null)), timer: timer === 'keep' ? null : timer };
}
