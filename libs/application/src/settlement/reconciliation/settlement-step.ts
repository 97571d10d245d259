import type { Payment, SettlementEventRow, SettlementPaymentWrite } from '#libs/db';
import type { PaymentStatus } from '#libs/domain';
import { prepareOutboxEvent, type EventPayloads, type OutboxEventType } from '#libs/events';
import { paymentEventPayload } from '../../payments/payment-view.js';

/** A payment's settlement moves as written together: the row's change and one event per move. */
export interface SettlementStep {
  readonly write: SettlementPaymentWrite;
  readonly events: readonly SettlementEventRow[];
  /** The payment as it ends. */
  readonly payment: Payment;
}

/** The fields a settlement move changes on a payment or a transfer row. */
interface MovingRow {
  readonly id: string;
  readonly memberId: string;
  readonly status: string;
  readonly statusReasonInformation: string | null;
  readonly updatedAt: Date;
  readonly version: number;
}

/** How a row's status change is announced. */
interface Announcement<R, T extends OutboxEventType> {
  readonly type: T;
  readonly payload: (row: R) => EventPayloads[T];
}

/**
 * The moves `moves` of a row locked at `current`, at `now`: a version and an event per move, the
 * last carrying `reason` as statusReasonInformation when given. Payments and transfers alike.
 */
export function movesOf<R extends MovingRow, T extends OutboxEventType>(
  current: R,
  moves: readonly R['status'][],
  now: Date,
  announcement: Announcement<R, T>,
  reason?: string,
): { readonly row: R; readonly events: readonly SettlementEventRow[] } {
  let row = current;
  const events: SettlementEventRow[] = [];
  moves.forEach((status, index) => {
    const last = index === moves.length - 1;
    row = {
      ...row,
      status,
      updatedAt: now,
      version: row.version + 1,
      statusReasonInformation: last && reason !== undefined ? reason.slice(0, 256) : row.statusReasonInformation,
    };
    const { id, body } = prepareOutboxEvent({
      memberId: row.memberId,
      type: announcement.type,
      payload: announcement.payload(row),
      createdAt: now,
    });
    events.push({ id, memberId: row.memberId, eventType: announcement.type, body, createdAt: now });
  });
  return { row, events };
}

/**
 * The moves `moves` (each allowed by the payment status machine; see settlementMoves) of a
 * payment locked at `current`, at `now`: a version and a PAYMENT_STATUS_CHANGED event per move,
 * the last carrying `reason` as statusReasonInformation when given.
 */
export function settlementStep(
  current: Payment,
  moves: readonly PaymentStatus[],
  now: Date,
  reason?: string,
): SettlementStep {
  const { row: payment, events } = movesOf(
    current,
    moves,
    now,
    { type: 'PAYMENT_STATUS_CHANGED', payload: paymentEventPayload },
    reason,
  );
  return {
    write: { expected: { id: current.id, status: current.status, version: current.version }, changed: payment },
    events,
    payment,
  };
}
