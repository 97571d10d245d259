import type { EventPayloads } from '../catalogue/event-payloads.js';
import { PAYLOAD_KEY, type OutboxEventType } from '../catalogue/event-types.js';

export interface NotificationContent<T extends OutboxEventType> {
  readonly id: string;
  readonly type: T;
  readonly createdAtMs: number;
  readonly payload: EventPayloads[T];
}

/**
 * The notification body exactly as it is posted: `{ id, createdAtMs, <payload key>: payload }`,
 * plus `eventType` for Payments v2 (PAYMENT_STATUS_CHANGED). Built once, when the event is
 * written; every delivery and every retry sends these same bytes.
 */
export function notificationBody<T extends OutboxEventType>(content: NotificationContent<T>): string {
  if (!Number.isSafeInteger(content.createdAtMs)) throw new Error('createdAtMs must be an integer of milliseconds');
  const body: Record<string, unknown> = { id: content.id, createdAtMs: content.createdAtMs };
  if (content.type === 'PAYMENT_STATUS_CHANGED') body['eventType'] = content.type;
  body[PAYLOAD_KEY[content.type]] = content.payload;
  return JSON.stringify(body);
}
