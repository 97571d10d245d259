import { Injectable } from '@nestjs/common';
import { Clock } from '#libs/common';
import { ConsoleOverviewRepository, type ReconciliationBacklog } from '#libs/db';
import { PAYMENT_STATUS_GROUPS, paymentStatusGroup, type PaymentStatusGroup } from './payment-status-groups.js';

const HOUR_MS = 3_600_000;

export interface ReadConsoleOverviewCommand {
  /** How many hours back the pictures go, this one included. */
  readonly hours: number;
}

/** One hour of the pictures: payments created in it by status group, webhook attempts and successes. */
export interface OverviewHour {
  readonly hour: Date;
  readonly payments: Readonly<Record<PaymentStatusGroup, number>>;
  readonly deliveryAttempts: number;
  readonly deliverySuccesses: number;
}

export interface ConsoleOverview {
  readonly hours: readonly OverviewHour[];
  readonly backlog: ReconciliationBacklog;
}

function emptyGroups(): Record<PaymentStatusGroup, number> {
  return Object.fromEntries(PAYMENT_STATUS_GROUPS.map((group) => [group, 0])) as Record<PaymentStatusGroup, number>;
}

/**
 * The console's overview over the last hours of the service clock: payments per status group by the
 * hour they were made, webhook delivery success by hour, and the reconciliation backlog.
 */
@Injectable()
export class ReadConsoleOverviewUseCase {
  constructor(
    private readonly overview: ConsoleOverviewRepository,
    private readonly clock: Clock,
  ) {}

  async execute({ hours }: ReadConsoleOverviewCommand): Promise<ConsoleOverview> {
    const current = Math.floor(this.clock.nowMs() / HOUR_MS) * HOUR_MS;
    const since = new Date(current - (hours - 1) * HOUR_MS);
    const [payments, deliveries, backlog] = await Promise.all([
      this.overview.paymentsByHour(since),
      this.overview.deliveriesByHour(since),
      this.overview.reconciliationBacklog(),
    ]);
    const byHour = new Map<number, { payments: Record<PaymentStatusGroup, number>; attempts: number; ok: number }>();
    for (let index = 0; index < hours; index += 1)
      byHour.set(since.getTime() + index * HOUR_MS, { payments: emptyGroups(), attempts: 0, ok: 0 });
    for (const row of payments) {
      const slot = byHour.get(row.hour.getTime());
      if (slot !== undefined) slot.payments[paymentStatusGroup(row.status)] += row.count;
    }
    for (const row of deliveries) {
      const slot = byHour.get(row.hour.getTime());
      if (slot === undefined) continue;
      slot.attempts += row.attempts;
      slot.ok += row.succeeded;
    }
    return {
      hours: [...byHour].map(([hour, slot]) => ({
        hour: new Date(hour),
        payments: slot.payments,
        deliveryAttempts: slot.attempts,
        deliverySuccesses: slot.ok,
      })),
      backlog,
    };
  }
}
