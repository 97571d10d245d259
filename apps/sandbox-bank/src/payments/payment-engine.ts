import { Injectable } from '@nestjs/common';
import { Clock } from '#libs/common';
import { SandboxDb, type Prisma } from '../store/sandbox-db.js';
import { scenarioFor } from '../banks/scenario-users.js';
import { PaymentStore, type Payment, type PaymentKind } from '../store/payment.store.js';
import { PaymentCredits } from '../settlement/payment-credits.js';
import { bookingEntry } from './booking-entry.js';
import {
  INSUFFICIENT_FUNDS,
  PAYMENT_VOCABULARY,
  REJECTED_BY_BANK,
  vocabularyOf,
  type RejectionReason,
} from './payment-vocabulary.js';

/**
 * Moves payment orders along their scenario: at submission and at every status read. Settling
 * debits the account and books the entry (and credits the payee's settlement account when the
 * sandbox provider holds it) in the same transaction as the status change, so a payment is
 * debited at most once however many reads race.
 */
@Injectable()
export class PaymentEngine {
  constructor(
    private readonly prisma: SandboxDb,
    private readonly payments: PaymentStore,
    private readonly clock: Clock,
    private readonly settlementCredits: PaymentCredits,
  ) {}

  /** Right after the payment was created. */
  async afterSubmission(payment: Payment): Promise<Payment> {
    const { behaviour } = scenarioFor(payment.username);
    if (behaviour === 'reject') return this.reject(payment, REJECTED_BY_BANK);
    if (behaviour === 'settle' && this.isDue(payment)) return this.settle(payment);
    return payment;
  }

  /**
   * A new payment stored in the caller's transaction with what its scenario does at submission
   * already done (the same ends as `afterSubmission`): rejected, or settled when due (the debit,
   * the booking entry and the payee's credit in the same transaction), or else as given. Used
   * where the payment is made inside a transaction anyway (a VRP, under its consent's lock), so
   * its settling costs no transaction and no read of its own.
   */
  async storeDecided(
    tx: Prisma.TransactionClient,
    data: Prisma.SbPaymentUncheckedCreateInput & { readonly kind: PaymentKind },
  ): Promise<Payment> {
    const { behaviour } = scenarioFor(data.username);
    const vocabulary = PAYMENT_VOCABULARY[data.kind];
    const now = this.clock.now();
    const due = data.executeAt === null || data.executeAt === undefined || new Date(data.executeAt) <= now;
    if (behaviour === 'reject')
      return tx.sbPayment.create({
        data: { ...data, status: vocabulary.rejected, statusUpdatedAt: now, ...REJECTED_BY_BANK },
      });
    if (behaviour !== 'settle' || !due) return tx.sbPayment.create({ data });
    const debited = await tx.sbAccount.updateMany({
      where: { id: data.debtorAccountId, balance: { gte: data.amount } },
      data: { balance: { decrement: data.amount } },
    });
    if (debited.count === 0)
      return tx.sbPayment.create({
        data: { ...data, status: vocabulary.rejected, statusUpdatedAt: now, ...INSUFFICIENT_FUNDS },
      });
    const payment = await tx.sbPayment.create({ data: { ...data, status: vocabulary.settled, statusUpdatedAt: now } });
    await tx.sbTransaction.create({ data: bookingEntry(payment, now) });
    await this.settlementCredits.onSettled(tx, payment, now);
    return payment;
  }

  /** On a status read by the TPP. */
  async onStatusRead(payment: Payment): Promise<Payment> {
    const scenario = scenarioFor(payment.username);
    const { pending } = vocabularyOf(payment);
    if (payment.status !== pending || !this.isDue(payment)) return payment;
    switch (scenario.behaviour) {
      case 'settle':
        return this.settle(payment);
      case 'reject':
        return this.reject(payment, REJECTED_BY_BANK);
      case 'pending-then-settle': {
        const polls = await this.payments.countPoll(payment.id);
        return polls > scenario.pendingPolls ? this.settle(payment) : payment;
      }
      case 'pending-forever':
      case 'server-error':
        return payment;
    }
  }

  private isDue(payment: Payment): boolean {
    return payment.executeAt === null || payment.executeAt.getTime() <= this.clock.nowMs();
  }

  private async settle(payment: Payment): Promise<Payment> {
    const vocabulary = vocabularyOf(payment);
    const now = this.clock.now();
    await this.prisma.$transaction(async (tx) => {
      const claimed = await tx.sbPayment.updateMany({
        where: { id: payment.id, status: vocabulary.pending },
        data: { status: vocabulary.settled, statusUpdatedAt: now },
      });
      if (claimed.count === 0) return; // another read settled it
      const debited = await tx.sbAccount.updateMany({
        where: { id: payment.debtorAccountId, balance: { gte: payment.amount } },
        data: { balance: { decrement: payment.amount } },
      });
      if (debited.count === 0) {
        await tx.sbPayment.update({
          where: { id: payment.id },
          data: { status: vocabulary.rejected, ...INSUFFICIENT_FUNDS },
        });
        return;
      }
      await tx.sbTransaction.create({ data: bookingEntry(payment, now) });
      // A payment to a settlement account of the sandbox provider credits it.
      await this.settlementCredits.onSettled(tx, payment, now);
    });
    return this.payments.reload(payment);
  }

  private async reject(payment: Payment, reason: RejectionReason): Promise<Payment> {
    const vocabulary = vocabularyOf(payment);
    await this.prisma.sbPayment.updateMany({
      where: { id: payment.id, status: vocabulary.pending },
      data: { status: vocabulary.rejected, statusUpdatedAt: this.clock.now(), ...reason },
    });
    return this.payments.reload(payment);
  }
}
