import { Injectable } from '@nestjs/common';
import { Clock } from '#libs/common';
import { scenarioFor } from '../banks/scenario-users.js';
import { SandboxDb } from '../store/sandbox-db.js';
import { PaymentStore, type Payment } from '../store/payment.store.js';
import { REJECTED_BY_BANK, vocabularyOf } from './payment-vocabulary.js';

/**
 * Moves standing orders (OBIE domestic standing orders, Berlin Group periodic payments) along
 * their user's scenario, at submission and at every status read: set up at once, rejected,
 * pending for some reads, or pending for ever. Setting one up moves no money (its payments run
 * on their dates), so a user without funds still sets one up.
 */
@Injectable()
export class StandingOrderEngine {
  constructor(
    private readonly prisma: SandboxDb,
    private readonly orders: PaymentStore,
    private readonly clock: Clock,
  ) {}

  async afterSubmission(order: Payment): Promise<Payment> {
    const { behaviour } = scenarioFor(order.username);
    if (behaviour === 'reject') return this.move(order, 'rejected');
    if (behaviour === 'settle') return this.move(order, 'settled');
    return order;
  }

  async onStatusRead(order: Payment): Promise<Payment> {
    const scenario = scenarioFor(order.username);
    if (order.status !== vocabularyOf(order).pending) return order;
    switch (scenario.behaviour) {
      case 'settle':
        return this.move(order, 'settled');
      case 'reject':
        return this.move(order, 'rejected');
      case 'pending-then-settle':
        return (await this.orders.countPoll(order.id)) > scenario.pendingPolls ? this.move(order, 'settled') : order;
      case 'pending-forever':
      case 'server-error':
        return order;
    }
  }

  /** Cancels the order unless it already ended; true when it is cancelled now. */
  async cancel(order: Payment, cancelled: string): Promise<boolean> {
    const { rejected } = vocabularyOf(order);
    const result = await this.prisma.sbPayment.updateMany({
      where: { id: order.id, status: { notIn: [rejected, cancelled] } },
      data: { status: cancelled, statusUpdatedAt: this.clock.now() },
    });
    return result.count === 1;
  }

  private async move(order: Payment, to: 'settled' | 'rejected'): Promise<Payment> {
    const vocabulary = vocabularyOf(order);
    await this.prisma.sbPayment.updateMany({
      where: { id: order.id, status: vocabulary.pending },
      data: {
        status: vocabulary[to],
        statusUpdatedAt: this.clock.now(),
        ...(to === 'rejected' ? REJECTED_BY_BANK : {}),
      },
    });
    return this.orders.reload(order);
  }
}
