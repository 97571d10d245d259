import { Injectable } from '@nestjs/common';
import { Clock } from '#libs/common';
import {
  PaymentRepository,
  PrismaService,
  SettlementReconciliationRepository,
  Transactions,
  TransferRepository,
  type CreditOutcome,
} from '#libs/db';
import {
  decideWindowEnd,
  transferSettlementMoves,
  windowEndedReason,
  type PaymentStatus,
  type TransferStatus,
  type WindowEndDecision,
} from '#libs/domain';
import { wakeOutboxRelay } from '#libs/events';
import { PaymentExtensions } from '../../payments/payment-extensions.js';
import { candidateOf } from './settlement-candidate.js';
import { settlementMoveContext, settlementStep, type SettlementMoveContext } from './settlement-step.js';
import { transferCandidateOf, transferSettlementStep } from './transfer-settlement-step.js';

/**
 * A payment's settlement window ended (settlement.window-end). Under the payment's lock, the
 * pending credits with its reference are taken first (waiting for a worker that holds one, so a
 * credit booked before the end is never lost to the race), with the credits already booked
 * against it (decideWindowEnd): one of its exact amount settles it, or all of them adding up to
 * it; otherwise it ends SETTLEMENT_INCOMPLETE naming the credits seen (ids and amounts), or
 * saying the window passed without one. A payment still at
 * INITIATION_COMPLETED (its process stopped before moving it on) passes through
 * SETTLEMENT_IN_PROGRESS; one no longer awaiting settlement is left as it is.
 */
@Injectable()
export class SettlementWindowEnd {
  private readonly transactions: Transactions;
  private readonly moveContext: SettlementMoveContext;

  constructor(
    private readonly prisma: PrismaService,
    private readonly clock: Clock,
    extensions: PaymentExtensions,
    private readonly payments: PaymentRepository,
    private readonly transfers: TransferRepository,
    private readonly reconciliation: SettlementReconciliationRepository,
  ) {
    this.transactions = new Transactions(prisma);
    this.moveContext = settlementMoveContext(prisma, extensions);
  }

  async onTimer(paymentId: string): Promise<PaymentStatus | 'unchanged'> {
    const outcome = await this.transactions.run(async (tx) => {
      const payment = await this.payments.in(tx).lock(paymentId);
      if (payment === null || payment.virtualAccountId === null) return 'unchanged' as const;
      const repository = this.reconciliation.in(tx);
      const now = this.clock.now();
      const credits = await repository.lockPendingCreditsOf(payment.virtualAccountId, payment.refId);
      const linked = (await repository.linkedCreditsOf([payment.id], [])).get(payment.id) ?? [];
      const decision = decideWindowEnd(
        { ...candidateOf(payment), linked },
        credits,
        windowEndedReason(payment.localInstrument),
      );
      if (decision === null) return 'unchanged' as const;
      const step = settlementStep(
        this.moveContext,
        payment,
        decision.moves,
        now,
        decision.kind === 'incomplete' ? decision.reason : undefined,
      );
      await repository.writeSettlements({
        writes: [step.write],
        outcomes: creditOutcomes(decision, { paymentId: payment.id, transferId: null }, now),
      });
      return step.payment.status;
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
      const repository = this.reconciliation.in(tx);
      const now = this.clock.now();
      const credits = await repository.lockPendingCreditsOf(transfer.virtualAccountId, transfer.settlementRefId);
      const linked = (await repository.linkedCreditsOf([], [transfer.id])).get(transfer.id) ?? [];
      const decision = decideWindowEnd(
        { ...transferCandidateOf(transfer), linked },
        credits,
        windowEndedReason(transfer.localInstrument),
      );
      const moves = decision === null ? null : transferSettlementMoves(transfer.status, decision.moves);
      if (decision === null || moves === null) return 'unchanged' as const;
      const step = transferSettlementStep(
        transfer,
        moves,
        now,
        decision.kind === 'incomplete' ? decision.reason : undefined,
      );
      await repository.writeTransferSettlements({ writes: [step.write] });
      await repository.writeSettlements({
        writes: [],
        outcomes: creditOutcomes(decision, { paymentId: null, transferId: transfer.id }, now),
      });
      return step.transfer.status;
    });
    if (outcome !== 'unchanged') wakeOutboxRelay(this.prisma.pool);
    return outcome;
  }
}

/**
 * The credits a window end decided: those settling the payment MATCHED, those seen without
 * settling it MISMATCHED, all booked against it.
 */
function creditOutcomes(
  decision: WindowEndDecision,
  link: { readonly paymentId: string | null; readonly transferId: string | null },
  now: Date,
): CreditOutcome[] {
  return decision.creditIds.map((id) => ({
    id,
    state: decision.kind === 'settle' ? 'MATCHED' : 'MISMATCHED',
    ...link,
    reconcileAfter: null,
    reconciledAt: now,
  }));
}
