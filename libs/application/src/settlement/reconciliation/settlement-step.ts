import { PaymentRepository, type Payment, type PrismaService, type SettlementPaymentWrite } from '#libs/db';
import type { PaymentStatus } from '#libs/domain';
import type { Lifecycle } from '../../lifecycle/lifecycle.js';
import { plannedChange, plannedTimer, type PlannedTimer } from '../../lifecycle/planned-change.js';
import { paymentLifecycle, type PaymentMoveContext } from '../../payments/payment-lifecycle.js';
import type { PaymentMoveHooks } from '../../payments/payment-extensions.js';
import { statementEvents, statementTimerChange } from '../../payments/record-payment-change.js';
import { settlementWindowTimerId } from '../settlement-window-timer.js';

/** A payment's settlement moves as written together: the row's change with its events and timers. */
export interface SettlementStep {
  readonly write: SettlementPaymentWrite;
  /** The payment as it ends. */
  readonly payment: Payment;
}

/** The fields a settlement move changes on a payment or a transfer row. */
interface MovingRow {
  readonly id: string;
  readonly status: string;
  readonly statusReasonInformation: string | null;
  readonly updatedAt: Date;
  readonly version: number;
}

/** A row's settlement moves as its lifecycle plans them: the row as it ends, and what is written beside it. */
export interface PlannedMoves<R> {
  readonly expected: { readonly id: string; readonly status: string; readonly version: number };
  readonly changed: R;
  readonly events: ReturnType<typeof statementEvents>;
  readonly timer: ReturnType<typeof statementTimerChange>;
  /** The settlement window's timer, when the moves end the window (a settlement status that is final). */
  readonly clears: readonly string[];
}

/**
 * The moves `moves` of a row locked at `current`, at `now`, each planned by the row's lifecycle
 * (plannedChange: the status machine's check, the move's events, its timer): a version per move,
 * the last carrying `reason` as statusReasonInformation when given. A move to a final status also
 * ends the settlement window's timer. Payments and transfers alike; the moves' `follow` does not
 * run (no settlement status opens a window or gives a link's use back).
 */
export function plannedSettlementMoves<R extends MovingRow, Ch, S extends string, C, P, N>(
  lifecycle: Lifecycle<R, Ch, S, C, P, N>,
  context: C,
  current: R,
  moves: readonly S[],
  now: Date,
  reason?: string,
): PlannedMoves<R> {
  let row = current;
  let timer: PlannedTimer = plannedTimer(lifecycle, current, now, context);
  const events: ReturnType<typeof statementEvents> = [];
  moves.forEach((status, index) => {
    const last = index === moves.length - 1;
    const next: R = {
      ...row,
      status,
      updatedAt: now,
      version: row.version + 1,
      statusReasonInformation: last && reason !== undefined ? reason.slice(0, 256) : row.statusReasonInformation,
    };
    const planned = plannedChange(lifecycle, row, next, now, context);
    if (planned === 'refused') throw new Error(`${lifecycle.name} ${row.id}: ${row.status} -> ${status} refused`);
    events.push(...statementEvents(planned.events));
    timer = planned.timer;
    row = next;
  });
  const ended = moves.length > 0 && lifecycle.machine.isFinal(lifecycle.statusOf(row));
  return {
    expected: { id: current.id, status: current.status, version: current.version },
    changed: row,
    events,
    timer: statementTimerChange(timer),
    clears: ended ? [settlementWindowTimerId(current.id)] : [],
  };
}

/**
 * What a payment's settlement move needs beyond its row: its repository (the lifecycle's update
 * is not run here: the moves are written by one statement) and a poll schedule, never read, as a
 * settlement status keeps no poll timer (the bank's part is over).
 */
export function settlementMoveContext(prisma: PrismaService, hooks: PaymentMoveHooks): SettlementMoveContext {
  return { payments: new PaymentRepository(prisma), scheduleSeconds: [], hooks };
}

/** A payment's settlement move context: its move context and the process's payment extensions (a VRP's events). */
export interface SettlementMoveContext extends PaymentMoveContext {
  readonly hooks: PaymentMoveHooks;
}

/**
 * The moves `moves` (each allowed by the payment status machine; see settlementMoves) of a
 * payment locked at `current`, at `now`, as the payment's lifecycle plans them: a
 * PAYMENT_STATUS_CHANGED event per move, the timers it ends, the last move carrying `reason` as
 * statusReasonInformation when given.
 */
export function settlementStep(
  context: SettlementMoveContext,
  current: Payment,
  moves: readonly PaymentStatus[],
  now: Date,
  reason?: string,
): SettlementStep {
  const write = plannedSettlementMoves(paymentLifecycle(context.hooks), context, current, moves, now, reason);
  return { write, payment: write.changed };
}
