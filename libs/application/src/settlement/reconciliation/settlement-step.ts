import type { Payment, SettlementEventRow, SettlementPaymentWrite } from '#libs/db';
import type { PaymentStatus } from '#libs/domain';
import { prepareOutboxEvent } from '#libs/events';
import { paymentEventPayload } from '../../payments/payment-view.js';

/** A payment's settlement moves as written together: the row's change and one event per move. */
export interface SettlementStep {
  readonly write: SettlementPaymentWrite;
  readonly events: readonly SettlementEventRow[];
  /** The payment as it ends. */
  readonly payment: Payment;
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
  let payment = current;
  const events: SettlementEventRow[] = [];
  moves.forEach((status, index) => {
    const last = index === moves.length - 1;
    payment = {
      ...payment,
      status,
      updatedAt: now,
      version: payment.version + 1,
      statusReasonInformation: last && reason !== undefined ? reason.slice(0, 256) : payment.statusReasonInformation,
    };
    const { id, body } = prepareOutboxEvent({
      memberId: payment.memberId,
      type: 'PAYMENT_STATUS_CHANGED',
      payload: paymentEventPayload(payment),
      createdAt: now,
    });
    events.push({ id, memberId: payment.memberId, eventType: 'PAYMENT_STATUS_CHANGED', body, createdAt: now });
  });
  return {
    write: { expected: { id: current.id, status: current.status, version: current.version }, changed: payment },
    events,
    payment,
  };
}
