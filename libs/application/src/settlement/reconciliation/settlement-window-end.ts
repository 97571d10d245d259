import { Injectable } from '@nestjs/common';
import { Clock } from '#libs/common';
import { PaymentRepository, PrismaService, SettlementReconciliationRepository, Transactions } from '#libs/db';
import { AWAITING_SETTLEMENT, settleWith, settlementMoves, windowEndedReason, type PaymentStatus } from '#libs/domain';
import { wakeOutboxRelay } from '#libs/events';
import { applySettlement } from './apply-settlement.js';
import { candidateOf } from './settlement-candidate.js';
import { settlementStep } from './settlement-step.js';

/**
 * A payment's settlement window ended (settlement.window-end). Under the payment's lock, the
 * pending credits with its reference are taken first (waiting for a worker that holds one, so a
 * credit booked before the end is never lost to the race): one with the payment's amount
 * settles it, else one with another amount ends it SETTLEMENT_INCOMPLETE naming both. Without a
 * credit the payment ends SETTLEMENT_INCOMPLETE saying the window passed. A payment still at
 * INITIATION_COMPLETED (its process stopped before moving it on) passes through
 * SETTLEMENT_IN_PROGRESS; one no longer awaiting settlement is left as it is.
 */
@Injectable()
export class SettlementWindowEnd {
  private readonly transactions: Transactions;

  constructor(
    private readonly prisma: PrismaService,
    private readonly clock: Clock,
    private readonly payments: PaymentRepository,
    private readonly reconciliation: SettlementReconciliationRepository,
  ) {
    this.transactions = new Transactions(prisma);
  }

  async onTimer(paymentId: string): Promise<PaymentStatus | 'unchanged'> {
    const outcome = await this.transactions.run(async (tx) => {
      const payment = await this.payments.in(tx).lock(paymentId);
      if (payment === null || payment.virtualAccountId === null) return 'unchanged' as const;
      const status = payment.status as PaymentStatus;
      if (!AWAITING_SETTLEMENT.has(status)) return 'unchanged' as const;
      const repository = this.reconciliation.in(tx);
      const now = this.clock.now();
      const credits = await repository.lockPendingCreditsOf(payment.virtualAccountId, payment.refId);
      const decisions = credits.flatMap((credit) => {
        const decision = settleWith(candidateOf(payment), credit);
        return decision === null ? [] : [{ credit, decision }];
      });
      const chosen = decisions.find(({ decision }) => decision.kind === 'settle') ?? decisions[0];
      if (chosen !== undefined) {
        const { credit, decision } = chosen;
        const step = settlementStep(
          payment,
          decision.moves,
          now,
          decision.kind === 'mismatch' ? decision.reason : undefined,
        );
        await applySettlement(repository, step, {
          id: credit.id,
          state: decision.kind === 'settle' ? 'MATCHED' : 'MISMATCHED',
          paymentId: payment.id,
          reconcileAfter: null,
          reconciledAt: now,
        });
        return step.payment.status as PaymentStatus;
      }
      const moves = settlementMoves(status, 'SETTLEMENT_INCOMPLETE');
      if (moves === null) return 'unchanged' as const;
      const step = settlementStep(payment, moves, now, windowEndedReason(payment.localInstrument));
      await applySettlement(repository, step, null);
      return step.payment.status as PaymentStatus;
    });
    if (outcome !== 'unchanged') wakeOutboxRelay(this.prisma.pool);
    return outcome;
  }
}
