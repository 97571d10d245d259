import {
  paymentAfterChange,
  paymentFromNew,
  type OutcomeRef,
  type PaymentRepository,
  type NewPayment,
  type NewPaymentEvent,
  type NewPaymentTimer,
  type Payment,
  type PaymentChange,
  type PaymentTimerChange,
  type PrismaService,
  type Tx,
} from '#libs/db';
import { wakeOutboxRelay } from '#libs/events';
import type { LifecycleTimer } from '../lifecycle/lifecycle.js';
import { plannedChange, plannedCreation, type PlannedEvent, type PlannedTimer } from '../lifecycle/planned-change.js';
import { recordChange, writeTimer } from '../lifecycle/record-change.js';
import type { PaymentMoveHooks } from './payment-extensions.js';
import { paymentLifecycle, paymentTimer, paymentTimerId } from './payment-lifecycle.js';
import type { PaymentRules } from './payment-rules.js';

export { paymentTimerId } from './payment-lifecycle.js';

/** Sets (or clears) the payment's timer for its current state, in the caller's transaction. */
export function schedulePaymentTimer(
  tx: Tx,
  payment: Payment,
  now: Date,
  scheduleSeconds: readonly number[],
): Promise<Date | null> {
  const timer = paymentTimer(payment, now, scheduleSeconds);
  return writeTimer(tx, timer === null ? { clear: paymentTimerId(payment.id) } : { set: timer });
}

function scheduleOf(rules: PaymentRules, scheduleSeconds: readonly number[]): readonly number[] {
  return scheduleSeconds.length > 0 ? scheduleSeconds : rules.defaultScheduleSeconds;
}

/** The planned events as the rows of a payment's one statement. */
export function statementEvents(events: readonly PlannedEvent[]): NewPaymentEvent[] {
  return events.map((event) => ({
    id: event.id,
    body: event.body,
    eventType: event.eventType,
    createdAt: event.createdAt,
  }));
}

/** The one event row of a new payment's statement (a new VRP's two take the VRP's insert, `vrps/vrp-writes.ts`). */
function statementEvent(events: readonly PlannedEvent[]): NewPaymentEvent | null {
  if (events.length > 1) throw new Error('a new payment with several events takes the VRP insert');
  return statementEvents(events)[0] ?? null;
}

/** The planned timer as the row of a payment's one statement. */
export function statementTimer(timer: LifecycleTimer): NewPaymentTimer {
  return {
    id: timer.id,
    queue: timer.queue,
    jobName: timer.payload.name,
    payload: { ...timer.payload },
    dueAt: timer.dueAt,
  };
}

/** The planned timer change as a payment's one statement sets or removes it. */
export function statementTimerChange(timer: PlannedTimer): PaymentTimerChange {
  if ('keep' in timer) throw new Error('a payment always sets or clears its timer');
  return 'clear' in timer ? timer : { set: statementTimer(timer.set) };
}

/**
 * Stores a new payment with its creation event and its first timer in one statement on the
 * shared pool (one round trip; the request path of POST /v2/payments). Writes exactly what
 * a status change writes: the row, its PAYMENT_STATUS_CHANGED event and its timer, as the
 * payment's lifecycle declares them; the relay is woken after the commit, one NOTIFY for the
 * creations of a few milliseconds.
 */
export async function storeNewPayment(
  prisma: PrismaService,
  payments: PaymentRepository,
  row: NewPayment,
  now: Date,
  rules: PaymentRules,
  scheduleSeconds: readonly number[],
  hooks: PaymentMoveHooks,
): Promise<Payment> {
  const payment = paymentFromNew(row);
  const planned = plannedCreation(paymentLifecycle(hooks), payment, now, {
    payments,
    scheduleSeconds: scheduleOf(rules, scheduleSeconds),
  });
  const event = statementEvent(planned.events);
  if (event === null) throw new Error('a new payment is announced');
  const stored = await payments.insertWithEvent(
    payment,
    event,
    planned.timer === null ? null : statementTimer(planned.timer),
  );
  wakeOutboxRelay(prisma.pool);
  return stored;
}

export type ChangeResult =
  | { readonly kind: 'changed'; readonly payment: Payment; readonly statusChanged: boolean }
  /** The status machine does not allow the move (e.g. the payment is already final). */
  | { readonly kind: 'refused'; readonly payment: Payment }
  /** Someone else changed the payment first; nothing was written. */
  | { readonly kind: 'stale' };

/**
 * Moves a payment, as one transaction, by its lifecycle (recordChange): checks the move against
 * the status machine, updates the row only if it is still at the version read, writes
 * PAYMENT_STATUS_CHANGED when the status changes, and resets the timer for the new state (a
 * payment to a settlement account reaching INITIATION_COMPLETED also gets its settlement window
 * timer). Staying in a status (new bank details, a repeated embedded step) updates the row
 * without an event. Final statuses never change. With `answered`, that outcome check ends in the
 * same transaction, whether the machine moved or refused (the unknown-outcome rule's part).
 */
export async function recordPaymentChange(
  payments: PaymentRepository,
  tx: Tx,
  current: Payment,
  change: PaymentChange,
  now: Date,
  rules: PaymentRules,
  scheduleSeconds: readonly number[],
  hooks: PaymentMoveHooks,
  answered?: OutcomeRef,
): Promise<ChangeResult> {
  const recorded = await recordChange(
    paymentLifecycle(hooks),
    tx,
    current,
    change,
    now,
    { payments, scheduleSeconds: scheduleOf(rules, scheduleSeconds) },
    answered === undefined ? {} : { answered },
  );
  if (recorded.kind === 'stale') return recorded;
  if (recorded.kind === 'refused') return { kind: 'refused', payment: recorded.row };
  return { kind: 'changed', payment: recorded.row, statusChanged: recorded.statusChanged };
}

/**
 * The same move as recordPaymentChange for a row the caller knows as it stands (the payment the
 * request has just stored), without a lock or an interactive transaction: the lifecycle plans the
 * move (plannedChange: refused, or the events when the status changes, PAYMENT_STATUS_CHANGED and
 * for a VRP VRP_STATUS_CHANGED, and the timer set or removed), then one statement on the shared
 * pool updates the row if it is still at that status and version and nobody holds it, and with it
 * writes those events and that timer, and with `answered` ends the payment's outcome check (a
 * VRP's initiation), whether the status moved or stayed; the relay is woken after the commit.
 * 'stale' when nothing was written (the row moved on, or another transaction is moving it): the
 * caller reads it again, locked (PaymentProgression.change). Only for a change that needs nothing
 * else in its transaction (no settlement window, no payment link, no new Account on File).
 */
export async function recordKnownPaymentChange(
  prisma: PrismaService,
  payments: PaymentRepository,
  current: Payment,
  change: Omit<PaymentChange, 'pollCount'>,
  now: Date,
  rules: PaymentRules,
  scheduleSeconds: readonly number[],
  hooks: PaymentMoveHooks,
  { answered = false }: { readonly answered?: boolean } = {},
): Promise<ChangeResult> {
  const changed = paymentAfterChange(current, change);
  const planned = plannedChange(paymentLifecycle(hooks), current, changed, now, {
    payments,
    scheduleSeconds: scheduleOf(rules, scheduleSeconds),
  });
  if (planned === 'refused') return { kind: 'refused', payment: current };
  const updated = await payments.updateWithEvents(
    current,
    changed,
    planned.statusChanged ? statementEvents(planned.events) : [],
    statementTimerChange(planned.timer),
    answered,
  );
  if (updated === null) return { kind: 'stale' };
  if (planned.statusChanged) wakeOutboxRelay(prisma.pool);
  return { kind: 'changed', payment: updated, statusChanged: planned.statusChanged };
}
