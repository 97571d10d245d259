import { WebhookOutboxRepository, type Tx } from '#libs/db';
import { newId } from '#libs/domain';
import type { EventPayloads } from '../catalogue/event-payloads.js';
import type { OutboxEventType } from '../catalogue/event-types.js';
import { notificationBody } from './notification-body.js';

export interface NewOutboxEvent<T extends OutboxEventType> {
  /** The member the event belongs to (and whose webhook configuration receives it). */
  readonly memberId: string;
  readonly type: T;
  /** The payload object, named in the body by the type's payload key. */
  readonly payload: EventPayloads[T];
  /** When the state change happened, from the injected Clock; becomes `createdAtMs`. */
  readonly createdAt: Date;
  /** The notification id; a new `ev:...` id when absent. */
  readonly id?: string;
}

export interface WrittenOutboxEvent {
  readonly id: string;
  readonly body: string;
}

/** A new notification id. */
export function newEventId(): string {
  return newId('ev');
}

/**
 * The id and exact body of an outbox event, for a caller that writes the row in a statement of
 * its own (it must NOTIFY OUTBOX_CHANNEL in the same transaction, as writeOutboxEvent does).
 */
export function prepareOutboxEvent<T extends OutboxEventType>(event: NewOutboxEvent<T>): WrittenOutboxEvent {
  const id = event.id ?? newEventId();
  return {
    id,
    body: notificationBody({ id, type: event.type, createdAtMs: event.createdAt.getTime(), payload: event.payload }),
  };
}

/**
 * Writes an event into the outbox inside the caller's transaction, the same one that makes the
 * state change, and notifies the relay (WebhookOutboxRepository.append).
 */
export async function writeOutboxEvent<T extends OutboxEventType>(
  tx: Tx,
  event: NewOutboxEvent<T>,
): Promise<WrittenOutboxEvent> {
  const { id, body } = prepareOutboxEvent(event);
  await new WebhookOutboxRepository(tx).append({
    id,
    memberId: event.memberId,
    eventType: event.type,
    body,
    createdAt: event.createdAt,
  });
  return { id, body };
}

/** Writes several events in one statement inside the caller's transaction (see writeOutboxEvent). */
export async function writeOutboxEvents<T extends OutboxEventType>(
  tx: Tx,
  events: readonly NewOutboxEvent<T>[],
): Promise<WrittenOutboxEvent[]> {
  const written = events.map((event) => ({ event, ...prepareOutboxEvent(event) }));
  await new WebhookOutboxRepository(tx).appendMany(
    written.map(({ event, id, body }) => ({
      id,
      memberId: event.memberId,
      eventType: event.type,
      body,
      createdAt: event.createdAt,
    })),
  );
  return written.map(({ id, body }) => ({ id, body }));
}
