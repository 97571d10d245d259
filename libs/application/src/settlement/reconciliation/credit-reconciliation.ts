import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, Clock, type AppConfig } from '#libs/common';
import {
  PrismaService,
  SettlementReconciliationRepository,
  Transactions,
  type CreditOutcome,
  type Payment,
  type SettlementPaymentWrite,
  type SettlementTransferWrite,
  type Transfer,
} from '#libs/db';
import { decideCredit, transferSettlementMoves, type ReconciliationState, type SeenCredit } from '#libs/domain';
import { wakeOutboxRelay } from '#libs/events';
import { PaymentExtensions } from '../../payments/payment-extensions.js';
import { candidateOf, referenceKey } from './settlement-candidate.js';
import { settlementMoveContext, settlementStep, type SettlementMoveContext } from './settlement-step.js';
import { transferCandidateOf, transferSettlementStep } from './transfer-settlement-step.js';

/** What one batch did with the credits it locked. */
export interface ReconciliationBatch {
  readonly examined: number;
  readonly settled: number;
  /** Credits booked against a payment (or transfer) they do not settle: it stays in progress. */
  readonly linked: number;
  readonly unmatched: number;
  readonly waiting: number;
}

/** A credit whose payment another transaction holds is looked at again after this long. */
const BUSY_RETRY_MS = 1000;

/**
 * Matches booked settlement-account credits with the payments they settle (rules:
 * libs/domain settlement/credit-matching.ts), a batch per transaction: the oldest pending
 * credits due, locked with SKIP LOCKED (two workers never take the same credit), the payments
 * with their references locked the same way (a credit whose payment another transaction holds
 * waits a moment instead of being decided without it) with the credits already booked against
 * them, then, in one set-based statement, each payment's moves with one PAYMENT_STATUS_CHANGED
 * event per move, the removal of a settled payment's window timer, and every credit's outcome (a
 * credit that does not settle its payment is booked against it, MISMATCHED, and the payment
 * stays SETTLEMENT_IN_PROGRESS until its credits match or its window ends). Payments v1 transfers to the
 * account with the credit's reference (the refId the bank was sent) are candidates beside the
 * payments, under the same rules, with TRANSFER_STATUS_CHANGED events. All of a batch commits together or
 * not at all, so a worker that stops mid-batch leaves its credits pending for the next run.
 */
@Injectable()
export class CreditReconciliation {
  private readonly transactions: Transactions;
  private readonly moveContext: SettlementMoveContext;

  constructor(
    private readonly prisma: PrismaService,
    private readonly clock: Clock,
    extensions: PaymentExtensions,
    private readonly reconciliation: SettlementReconciliationRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.transactions = new Transactions(prisma);
    this.moveContext = settlementMoveContext(prisma, extensions);
  }

  async reconcileBatch(limit: number = this.config.reconciliation.batchSize): Promise<ReconciliationBatch> {
    const result = await this.transactions.run(async (tx) => {
      const repository = this.reconciliation.in(tx);
      const now = this.clock.now();
      const credits = await repository.lockDueCredits(now, limit);
      if (credits.length === 0) return { batch: emptyBatch(), events: 0 };
      const { locked, busy } = await repository.lockPaymentsFor(credits);
      const transferLocks = await repository.lockTransfersFor(credits);
      const busyKeys = new Set(
        [...busy, ...transferLocks.busy].map((key) => referenceKey(key.accountId, key.reference)),
      );
      const byKey = new Map<string, Payment[]>();
      for (const payment of locked) {
        const key = referenceKey(payment.virtualAccountId ?? '', payment.refId);
        byKey.set(key, [...(byKey.get(key) ?? []), payment]);
      }
      const current = new Map(locked.map((payment) => [payment.id, payment]));
      const transfersByKey = new Map<string, Transfer[]>();
      for (const transfer of transferLocks.locked) {
        const key = referenceKey(transfer.virtualAccountId ?? '', transfer.settlementRefId ?? '');
        transfersByKey.set(key, [...(transfersByKey.get(key) ?? []), transfer]);
      }
      const currentTransfers = new Map(transferLocks.locked.map((transfer) => [transfer.id, transfer]));
      const transferWrites = new Map<string, SettlementTransferWrite>();
      const writes = new Map<string, SettlementPaymentWrite>();
      let events = 0;
      const outcomes: CreditOutcome[] = [];
      const counts = { settled: 0, linked: 0, unmatched: 0, waiting: 0 };
      const retryAt = new Date(now.getTime() + this.config.reconciliation.retrySeconds * 1000);

      const end = (id: string, state: ReconciliationState, paymentId: string | null) =>
        outcomes.push({ id, state, paymentId, reconcileAfter: null, reconciledAt: now });
      const wait = (id: string, until: Date) => {
        counts.waiting += 1;
        outcomes.push({ id, state: 'PENDING', paymentId: null, reconcileAfter: until, reconciledAt: null });
      };

      const linked = await repository.linkedCreditsOf([...current.keys()], [...currentTransfers.keys()]);
      const linkedTo = (id: string): SeenCredit[] => linked.get(id) ?? [];

      for (const credit of credits) {
        if (credit.reference === null) {
          counts.unmatched += 1;
          end(credit.id, 'UNMATCHED', null);
          continue;
        }
        const key = referenceKey(credit.accountId, credit.reference);
        if (busyKeys.has(key)) {
          wait(credit.id, new Date(now.getTime() + BUSY_RETRY_MS));
          continue;
        }
        const candidates = [
          ...(byKey.get(key) ?? []).map((payment) => ({
            ...candidateOf(current.get(payment.id) ?? payment),
            linked: linkedTo(payment.id),
          })),
          ...(transfersByKey.get(key) ?? []).map((transfer) => ({
            ...transferCandidateOf(currentTransfers.get(transfer.id) ?? transfer),
            linked: linkedTo(transfer.id),
          })),
        ];
        const decision = decideCredit(credit, candidates);
        if (decision.kind === 'defer') {
          wait(credit.id, retryAt);
          continue;
        }
        if (decision.kind === 'unmatched') {
          counts.unmatched += 1;
          end(credit.id, 'UNMATCHED', null);
          continue;
        }
        const transfer = currentTransfers.get(decision.paymentId);
        const link = transfer === undefined ? { paymentId: decision.paymentId } : { transferId: decision.paymentId };
        if (transfer !== undefined) {
          const moves = transferSettlementMoves(transfer.status, decision.moves);
          if (moves === null) {
            counts.unmatched += 1;
            end(credit.id, 'UNMATCHED', null);
            continue;
          }
          if (moves.length > 0) {
            const step = transferSettlementStep(transfer, moves, now);
            currentTransfers.set(transfer.id, step.transfer);
            transferWrites.set(transfer.id, merged(transferWrites.get(transfer.id), step.write));
            events += step.write.events.length;
          }
        } else if (decision.moves.length > 0) {
          const payment = current.get(decision.paymentId) as Payment;
          const step = settlementStep(this.moveContext, payment, decision.moves, now);
          current.set(payment.id, step.payment);
          writes.set(payment.id, merged(writes.get(payment.id), step.write));
          events += step.write.events.length;
        }
        const outcome = (id: string, state: ReconciliationState): CreditOutcome => ({
          id,
          state,
          paymentId: link.paymentId ?? null,
          transferId: link.transferId ?? null,
          reconcileAfter: null,
          reconciledAt: now,
        });
        if (decision.kind === 'settle') {
          counts.settled += 1;
          outcomes.push(outcome(credit.id, 'MATCHED'));
          for (const id of decision.withLinked) outcomes.push(outcome(id, 'MATCHED'));
        } else {
          // Booked against it, not settling it: shown with it while it stays SETTLEMENT_IN_PROGRESS.
          counts.linked += 1;
          outcomes.push(outcome(credit.id, 'MISMATCHED'));
          linked.set(decision.paymentId, [...linkedTo(decision.paymentId), { ...credit }]);
        }
      }
      await repository.writeTransferSettlements({ writes: [...transferWrites.values()] });
      await repository.writeSettlements({ writes: [...writes.values()], outcomes });
      return { batch: { examined: credits.length, ...counts }, events };
    });
    if (result.events > 0) wakeOutboxRelay(this.prisma.pool);
    return result.batch;
  }
}

/**
 * A row's moves in one batch as one write: from the status and version the batch found it at, to
 * the row as the later moves leave it, with the events of both in order and the later timers.
 */
function merged<W extends SettlementPaymentWrite | SettlementTransferWrite>(earlier: W | undefined, later: W): W {
  if (earlier === undefined) return later;
  return {
    ...later,
    expected: earlier.expected,
    events: [...earlier.events, ...later.events],
    clears: [...new Set([...(earlier.clears ?? []), ...(later.clears ?? [])])],
  };
}

function emptyBatch(): ReconciliationBatch {
  return { examined: 0, settled: 0, linked: 0, unmatched: 0, waiting: 0 };
}
