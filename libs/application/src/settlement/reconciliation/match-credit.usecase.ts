import { Injectable } from '@nestjs/common';
import { Clock, GatewayError } from '#libs/common';
import { PaymentRepository, PrismaService, SettlementReconciliationRepository, Transactions } from '#libs/db';
import { manualMatchRefusal, settleWith } from '#libs/domain';
import { wakeOutboxRelay } from '#libs/events';
import { renderPayment, type PaymentResource } from '../../payments/payment-view.js';
import { applySettlement } from './apply-settlement.js';
import { candidateOf, creditOf } from './settlement-candidate.js';
import { settlementStep } from './settlement-step.js';

export interface MatchCreditCommand {
  readonly creditId: string;
  readonly paymentId: string;
}

export interface MatchedCredit {
  readonly creditId: string;
  /** MATCHED (same amount: SETTLEMENT_COMPLETED) or MISMATCHED (SETTLEMENT_INCOMPLETE). */
  readonly reconciliationState: 'MATCHED' | 'MISMATCHED';
  readonly payment: PaymentResource;
}

/**
 * An operator matches a credit with a payment (admin API): both locked, the rules of
 * manualMatchRefusal (400 for a credit that cannot settle this payment: not a credit, another
 * member, account or currency; 409 for a credit already matched or a payment no longer awaiting
 * settlement), then the same moves as the reconciliation worker's, in one transaction with
 * their events.
 */
@Injectable()
export class MatchCreditUseCase {
  private readonly transactions: Transactions;

  constructor(
    private readonly prisma: PrismaService,
    private readonly clock: Clock,
    private readonly payments: PaymentRepository,
    private readonly reconciliation: SettlementReconciliationRepository,
  ) {
    this.transactions = new Transactions(prisma);
  }

  async execute(command: MatchCreditCommand): Promise<MatchedCredit> {
    const matched = await this.transactions.run(async (tx) => {
      const repository = this.reconciliation.in(tx);
      const credit = await repository.lockCredit(command.creditId);
      if (credit === null) throw GatewayError.notFound(command.creditId);
      const payment = await this.payments.in(tx).lock(command.paymentId);
      if (payment === null) throw GatewayError.notFound(command.paymentId);
      const candidate = candidateOf(payment);
      const refusal = manualMatchRefusal(creditOf(credit), candidate);
      if (refusal !== undefined) {
        switch (refusal.code) {
          case 'CREDIT_RECONCILED':
          case 'PAYMENT_NOT_AWAITING':
            throw new GatewayError('CONFLICT', { message: refusal.message });
          case 'NOT_A_CREDIT':
            throw GatewayError.invalidField('creditId', refusal.message);
          case 'OTHER_MEMBER':
          case 'OTHER_ACCOUNT':
          case 'CURRENCY_MISMATCH':
            throw GatewayError.invalidField('paymentId', refusal.message);
        }
      }
      const decision = settleWith(candidate, credit);
      if (decision === null)
        throw new GatewayError('CONFLICT', { message: `Payment ${payment.id} cannot be settled.` });
      const now = this.clock.now();
      const step = settlementStep(
        payment,
        decision.moves,
        now,
        decision.kind === 'mismatch' ? decision.reason : undefined,
      );
      const state = decision.kind === 'settle' ? ('MATCHED' as const) : ('MISMATCHED' as const);
      await applySettlement(repository, step, {
        id: credit.id,
        state,
        paymentId: payment.id,
        reconcileAfter: null,
        reconciledAt: now,
      });
      return { creditId: credit.id, reconciliationState: state, payment: renderPayment(step.payment) };
    });
    wakeOutboxRelay(this.prisma.pool);
    return matched;
  }
}
