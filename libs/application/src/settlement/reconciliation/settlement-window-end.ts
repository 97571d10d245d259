import { Injectable } from '@nestjs/common';
import { Clock } from '#libs/common';
import {
  PaymentRepository,
  PrismaService,
  SettlementReconciliationRepository,
  Transactions,
  TransferRepository,
} from '#libs/db';
import {
  AWAITING_SETTLEMENT,
  settleWith,
  settlementMoves,
  transferSettlementMoves,
  windowEndedReason,
  type PaymentStatus,
  type TransferStatus,
} from '#libs/domain';
import { settlementWindowTimerId } from '../settlement-window-timer.js';
import { wakeOutboxRelay } from '#libs/events';
import { applySettlement } from './apply-settlement.js';
import { candidateOf } from './settlement-candidate.js';
import { settlementStep } from './settlement-step.js';
import { transferCandidateOf, transferSettlementStep } from './transfer-settlement-step.js';

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
    private readonly transfers: TransferRepository,
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

  /**
   * A Payments v1 transfer's settlement window ended: the same rules as a payment's (onTimer),
   * under the transfer's lock, with TRANSFER_STATUS_CHANGED events. A transfer no longer
   * awaiting settlement (SUCCESS or SETTLEMENT_IN_PROGRESS) is left as it is.
   */
  async onTransferTimer(transferId: string): Promise<TransferStatus | 'unchanged'> {
    const outcome = await this.transactions.run(async (tx) => {
      const transfer = await this.transfers.in(tx).lock(transferId);
      if (transfer === null || transfer.virtualAccountId === null || transfer.settlementRefId === null)
        return 'unchanged' as const;
      const candidate = transferCandidateOf(transfer);
      if (!AWAITING_SETTLEMENT.has(candidate.status)) return 'unchanged' as const;
      const repository = this.reconciliation.in(tx);
      const now = this.clock.now();
      const credits = await repository.lockPendingCreditsOf(transfer.virtualAccountId, transfer.settlementRefId);
      const decisions = credits.flatMap((credit) => {
        const decision = settleWith(candidate, credit);
        return decision === null ? [] : [{ credit, decision }];
      });
      const chosen = decisions.find(({ decision }) => decision.kind === 'settle') ?? decisions[0];
      const paymentMoves = chosen?.decision.moves ?? settlementMoves(candidate.status, 'SETTLEMENT_INCOMPLETE');
      const moves =
        paymentMoves === null ? null : transferSettlementMoves(transfer.status as TransferStatus, paymentMoves);
      if (moves === null) return 'unchanged' as const;
      const reason =
        chosen === undefined
          ? windowEndedReason(transfer.localInstrument)
          : chosen.decision.kind === 'mismatch'
            ? chosen.decision.reason
            : undefined;
      const step = transferSettlementStep(transfer, moves, now, reason);
      await repository.writeTransferSettlements({
        writes: [step.write],
        events: step.events,
        timerIds: [settlementWindowTimerId(transfer.id)],
      });
      if (chosen !== undefined)
        await repository.writeSettlements({
          writes: [],
          events: [],
          timerIds: [],
          outcomes: [
            {
              id: chosen.credit.id,
              state: chosen.decision.kind === 'settle' ? 'MATCHED' : 'MISMATCHED',
              paymentId: null,
              transferId: transfer.id,
              reconcileAfter: null,
              reconciledAt: now,
            },
          ],
        });
      return step.transfer.status as TransferStatus;
    });
    if (outcome !== 'unchanged') wakeOutboxRelay(this.prisma.pool);
    return outcome;
  }
}
