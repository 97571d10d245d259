import type { Prisma } from '../generated/prisma/client.js';

/** An outbox row written with a row's write (built by libs/events); its member is the row's. */
export interface NewRowEvent {
  readonly id: string;
  readonly eventType: string;
  /** The notification as posted: JSON text of an object (stored byte for byte). */
  readonly body: string;
  readonly createdAt: Date;
}

/** A row's timer (a scheduled_job row), set or moved by the write. */
export interface NewRowTimer {
  readonly id: string;
  readonly queue: string;
  readonly jobName: string;
  readonly payload: Prisma.InputJsonObject;
  readonly dueAt: Date;
}

/** What a row's timer becomes with a change: set (or moved) to a new due time, or removed. */
export type RowTimerChange = { readonly set: NewRowTimer } | { readonly clear: string };

/**
 * An outbox row as JSON, for the row `rowId`. The body, a notification's JSON text, goes in as a
 * JSON value rather than a string: json_to_recordset gives a text column the value's text
 * exactly as written (json, unlike jsonb, keeps it byte for byte), so the body is not escaped and
 * unescaped again.
 */
export function eventRowJson(rowId: string, event: NewRowEvent): string {
  const text = JSON.stringify({
    row_id: rowId,
    id: event.id,
    event_type: event.eventType,
    created_at: event.createdAt.toISOString(),
  });
  return `${text.slice(0, -1)},"body":${event.body.startsWith('{') ? event.body : JSON.stringify(event.body)}}`;
}

/** The events of several rows as the JSON array the statements read. */
export function eventsJson(
  writes: readonly { readonly rowId: string; readonly events: readonly NewRowEvent[] }[],
): string {
  return `[${writes.flatMap(({ rowId, events }) => events.map((event) => eventRowJson(rowId, event))).join(',')}]`;
}

/** The timers to set of several rows as the JSON array the statements read. */
export function timersJson(writes: readonly { readonly rowId: string; readonly timer: NewRowTimer | null }[]): string {
  return JSON.stringify(
    writes.flatMap(({ rowId, timer }) =>
      timer === null
        ? []
        : [
            {
              row_id: rowId,
              id: timer.id,
              queue: timer.queue,
              job_name: timer.jobName,
              payload: timer.payload,
              due_at: timer.dueAt.toISOString(),
            },
          ],
    ),
  );
}
