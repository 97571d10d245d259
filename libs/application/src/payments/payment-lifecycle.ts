import { JOB_QUEUE, type PayloadOf } from '#libs/common';
import type { Payment, PaymentChange, PaymentRepository } from '#libs/db';
import { nextPaymentTimer, paymentStatusMachine, type PaymentStatus } from '#libs/domain';
import type { Lifecycle, LifecycleEvent, LifecycleTimer } from '../lifecycle/lifecycle.js';
import type { PaymentMoveHooks } from './payment-extensions.js';
import { paymentEventPayload } from './payment-view.js';

/** What a payment's move needs beyond its row: its repository and the poll schedule of its bank. */
export interface PaymentMoveContext {
  readonly payments: PaymentRepository;
  /** The bank's poll schedule, or the default one. */
  readonly scheduleSeconds: readonly number[];
}

/** The id of a payment's one timer row. */
export function paymentTimerId(paymentId: string): string {
  return `payments.poll:${paymentId}`;
}

/** The payment's timer row for its current state, or null when the state needs none. */
export function paymentTimer(payment: Payment, now: Date, scheduleSeconds: readonly number[]): LifecycleTimer | null {
  const due = nextPaymentTimer({
    status: payment.status,
    now,
    expiresAt: payment.expiresAt,
    pollUntil: payment.pollUntil,
    pollCount: payment.pollCount,
    scheduleSeconds,
    atBank: payment.bankConsentId !== null || payment.bankPaymentId !== null,
  });
  if (due === null) return null;
  const payload: PayloadOf<'payments.poll'> = { name: 'payments.poll', paymentId: payment.id };
  return { id: paymentTimerId(payment.id), queue: JOB_QUEUE['payments.poll'], payload, dueAt: due };
}

/**
 * PAYMENT_STATUS_CHANGED for the payment as it now stands, and for a variable recurring payment
 * (made under a VRP consent) VRP_STATUS_CHANGED too.
 */
function paymentEvents(payment: Payment, hooks: PaymentMoveHooks): LifecycleEvent[] {
  const events: LifecycleEvent[] = [
    {
      memberId: payment.memberId,
      type: 'PAYMENT_STATUS_CHANGED',
      payload: paymentEventPayload(payment),
      createdAt: payment.updatedAt,
    },
  ];
  if (payment.vrpConsentId !== null)
    events.push({
      memberId: payment.memberId,
      type: 'VRP_STATUS_CHANGED',
      payload: hooks.vrpEventPayload(payment),
      createdAt: payment.updatedAt,
    });
  return events;
}

export type PaymentLifecycle = Lifecycle<Payment, PaymentChange, PaymentStatus, PaymentMoveContext>;

const lifecycles = new WeakMap<PaymentMoveHooks, PaymentLifecycle>();

/**
 * The lifecycle of a payment (Payments v2, VRPs included) with the extensions of the process
 * (`PaymentExtensions`): the payment status machine; a move writes PAYMENT_STATUS_CHANGED (and
 * VRP_STATUS_CHANGED for a VRP) and resets the `payments.poll` timer; what follows a move: a
 * payment to a settlement account reaching INITIATION_COMPLETED gets its settlement window timer,
 * and a payment made through a payment link that ends without the money moving gives its use
 * back to the link.
 */
export function paymentLifecycle(hooks: PaymentMoveHooks): PaymentLifecycle {
  const known = lifecycles.get(hooks);
  if (known !== undefined) return known;
  const lifecycle = declarePaymentLifecycle(hooks);
  lifecycles.set(hooks, lifecycle);
  return lifecycle;
}

const declarePaymentLifecycle = (hooks: PaymentMoveHooks): PaymentLifecycle => ({
  name: 'payment',
  machine: paymentStatusMachine,
  statusOf: (payment) => payment.status,
  proposedStatusOf: (change) => change.status,
  idOf: (payment) => payment.id,
  update: (tx, current, change, { payments }) => payments.in(tx).update(current, change),
  async insert(tx, payment, { payments }) {
    await payments.in(tx).insert(payment);
    return payment;
  },
  events: (after) => paymentEvents(after, hooks),
  timer: (payment, now, { scheduleSeconds }) => paymentTimer(payment, now, scheduleSeconds),
  timerId: paymentTimerId,
  async follow(tx, { after, now }) {
    if (hooks.opensSettlementWindow(after)) await hooks.openSettlementWindow(tx, after, now);
    await hooks.giveBackLinkUse(tx, after, now);
    return undefined;
  },
});
