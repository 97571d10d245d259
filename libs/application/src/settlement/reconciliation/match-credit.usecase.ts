import { Injectable } from '@nestjs/common';
import { Clock, GatewayError } from '#libs/common';
import {
  PaymentRepository,
  PrismaService,
  SettlementReconciliationRepository,
  TransferRepository,
  Transactions,
  type CreditForReconciliation,
  type CreditOutcome,
  type Payment,
  type Transfer,
  type Tx,
} from '#libs/db';
import {
  decideManualMatch,
  manualMatchRefusal,
  transferSettlementMoves,
  type ManualDecision,
  type ManualPayment,
} from '#libs/domain';
import { wakeOutboxRelay } from '#libs/events';
import { renderPayment, type PaymentResource } from '../../payments/payment-view.js';
import { renderTransfer, type TransferResource } from '../../transfers/transfer-view.js';
import { PaymentExtensions } from '../../payments/payment-extensions.js';
import { candidateOf, creditOf } from './settlement-candidate.js';
import { settlementMoveContext, settlementStep, type SettlementMoveContext } from './settlement-step.js';
import { transferCandidateOf, transferSettlementStep } from './transfer-settlement-step.js';

export interface MatchPaymentCreditCommand {
  readonly kind: 'payment';
  readonly creditId: string;
  /** The Payments v2 payment the credit settles. */
  readonly paymentId: string;
}

export interface MatchTransferCreditCommand {
  readonly kind: 'transfer';
  readonly creditId: string;
  /** The Payments v1 transfer the credit settles. */
  readonly transferId: string;
}

/** A credit to match with a payment or with a transfer. */
export type MatchCreditCommand = MatchPaymentCreditCommand | MatchTransferCreditCommand;

interface Match {
  readonly creditId: string;
  /**
   * MATCHED (it settled the payment: SETTLEMENT_COMPLETED) or MISMATCHED (booked against it,
   * which stays SETTLEMENT_IN_PROGRESS).
   */
  readonly reconciliationState: 'MATCHED' | 'MISMATCHED';
}

export interface MatchedCredit extends Match {
  readonly payment: PaymentResource;
}

export interface MatchedTransferCredit extends Match {
  readonly transfer: TransferResource;
}

type MatchState = Match['reconciliationState'];

/**
 * An operator matches a credit with a payment or a transfer (admin API): both locked, the rules
 * of manualMatchRefusal (400 for a credit that cannot settle it: not a credit, another member,
 * account or currency; 409 for a credit already matched or a payment or transfer no longer
 * awaiting settlement), then the worker's matching rules for that one payment
 * (decideManualMatch) with the credits already booked against it: the credit settles it when it
 * is its amount, or when it and those credits add up to it exactly (all MATCHED, the window timer
 * removed); otherwise it is booked against it (MISMATCHED) and the payment stays, or moves to,
 * SETTLEMENT_IN_PROGRESS until its window ends. One transaction, with an event per move.
 */
@Injectable()
export class MatchCreditUseCase {
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

  /** Matches the credit with a payment, or with a transfer. */
  execute(command: MatchPaymentCreditCommand): Promise<MatchedCredit>;
  execute(command: MatchTransferCreditCommand): Promise<MatchedTransferCredit>;
  execute(command: MatchCreditCommand): Promise<MatchedCredit | MatchedTransferCredit> {
    if (command.kind === 'transfer')
      return this.locked(
        command.creditId,
        (tx) => this.transfers.in(tx).lock(command.transferId),
        command.transferId,
        (tx, credit, transfer) => this.matchTransfer(tx, credit, transfer),
      );
    return this.locked(
      command.creditId,
      (tx) => this.payments.in(tx).lock(command.paymentId),
      command.paymentId,
      (tx, credit, payment) => this.matchPayment(tx, credit, payment),
    );
  }

  /**
   * Runs `match` in one transaction with the payment (or transfer) locked first and then the
   * credit, the order the settlement window's end takes them in, so the two never wait for each
   * other; then wakes the outbox relay.
   */
  private async locked<R, T>(
    creditId: string,
    lockTarget: (tx: Tx) => Promise<R | null>,
    targetId: string,
    match: (tx: Tx, credit: CreditForReconciliation, target: R) => Promise<T>,
  ): Promise<T> {
    const matched = await this.transactions.run(async (tx) => {
      const target = await lockTarget(tx);
      if (target === null) throw GatewayError.notFound(targetId);
      const credit = await this.reconciliation.in(tx).lockCredit(creditId);
      if (credit === null) throw GatewayError.notFound(creditId);
      return match(tx, credit, target);
    });
    wakeOutboxRelay(this.prisma.pool);
    return matched;
  }

  private async matchPayment(tx: Tx, credit: CreditForReconciliation, payment: Payment): Promise<MatchedCredit> {
    const repository = this.reconciliation.in(tx);
    const linked = (await repository.linkedCreditsOf([payment.id], [])).get(payment.id) ?? [];
    const candidate = { ...candidateOf(payment), linked };
    refuseUnlessMatchable(credit, candidate, 'paymentId');
    const decision = decideManualMatch(candidate, credit);
    if (decision === null) throw new GatewayError('CONFLICT', { message: `Payment ${payment.id} cannot be settled.` });
    const now = this.clock.now();
    const step = settlementStep(this.moveContext, payment, decision.moves, now);
    await repository.writeSettlements({
      writes: decision.moves.length === 0 ? [] : [step.write],
      outcomes: creditOutcomes(credit.id, decision, { paymentId: payment.id, transferId: null }, now),
    });
    return { creditId: credit.id, reconciliationState: stateOf(decision), payment: renderPayment(step.payment) };
  }

  private async matchTransfer(
    tx: Tx,
    credit: CreditForReconciliation,
    transfer: Transfer,
  ): Promise<MatchedTransferCredit> {
    const repository = this.reconciliation.in(tx);
    const linked = (await repository.linkedCreditsOf([], [transfer.id])).get(transfer.id) ?? [];
    const candidate: ManualPayment = {
      ...transferCandidateOf(transfer),
      linked,
      memberId: transfer.memberId,
      virtualAccountId: transfer.virtualAccountId,
      noun: 'transfer',
      ownStatus: transfer.status,
    };
    refuseUnlessMatchable(credit, candidate, 'transferId');
    const decision = decideManualMatch(candidate, credit);
    const moves = decision === null ? null : transferSettlementMoves(transfer.status, decision.moves);
    if (decision === null || moves === null)
      throw new GatewayError('CONFLICT', { message: `Transfer ${transfer.id} cannot be settled.` });
    const now = this.clock.now();
    const step = transferSettlementStep(transfer, moves, now);
    await repository.writeTransferSettlements({ writes: moves.length === 0 ? [] : [step.write] });
    await repository.writeSettlements({
      writes: [],
      outcomes: creditOutcomes(credit.id, decision, { paymentId: null, transferId: transfer.id }, now),
    });
    return { creditId: credit.id, reconciliationState: stateOf(decision), transfer: renderTransfer(step.transfer) };
  }
}

/** The matched credit's state: MATCHED when it settled the payment, MISMATCHED when only booked against it. */
function stateOf(decision: ManualDecision): MatchState {
  return decision.kind === 'settle' ? 'MATCHED' : 'MISMATCHED';
}

/** The outcomes of a match: the credit, and the credits booked before that settle the payment with it. */
function creditOutcomes(
  creditId: string,
  decision: ManualDecision,
  link: { readonly paymentId: string | null; readonly transferId: string | null },
  now: Date,
): CreditOutcome[] {
  const ids = decision.kind === 'settle' ? [creditId, ...decision.withLinked] : [creditId];
  return ids.map((id) => ({ id, state: stateOf(decision), ...link, reconcileAfter: null, reconciledAt: now }));
}

/** Throws the refusal of manualMatchRefusal as the admin API answers it: 409, or a 400 naming `field` (or creditId). */
function refuseUnlessMatchable(
  credit: CreditForReconciliation,
  candidate: ManualPayment,
  field: 'paymentId' | 'transferId',
): void {
  const refusal = manualMatchRefusal(creditOf(credit), candidate);
  if (refusal === undefined) return;
  switch (refusal.code) {
    case 'CREDIT_RECONCILED':
    case 'PAYMENT_NOT_AWAITING':
      throw new GatewayError('CONFLICT', { message: refusal.message });
    case 'NOT_A_CREDIT':
      throw GatewayError.invalidField('creditId', refusal.message);
    case 'OTHER_MEMBER':
    case 'OTHER_ACCOUNT':
    case 'CURRENCY_MISMATCH':
      throw GatewayError.invalidField(field, refusal.message);
  }
}
