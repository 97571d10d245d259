import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { Clock, JOB_QUEUE, LOGGER } from '#libs/common';
import {
  OutcomeCheckRepository,
  ScheduledJobRepository,
  Transactions,
  type CheckTimer,
  type OperatorEvent,
  type OutcomeCheck,
  type OutcomeRef,
  type Tx,
} from '#libs/db';
import { isDueForOperator, nextAskAt, type OutcomeKind } from '#libs/domain';
import { unclearReason } from './clear-refusal.js';
import type { OperatorFinding } from './outcome-resolution.js';

const ASK_AGAIN_JOB = 'outcome-checks.ask-again';

/** The timer row of a resource's check: one per resource. */
export function askAgainTimerId(ref: OutcomeRef): string {
  return `${ASK_AGAIN_JOB}:${ref.kind}:${ref.resourceId}`;
}

/** The timer row that asks a resource's check again (its due time is the check's). */
function askAgainTimer(ref: OutcomeRef): CheckTimer {
  return {
    id: askAgainTimerId(ref),
    queue: JOB_QUEUE[ASK_AGAIN_JOB],
    payload: { name: ASK_AGAIN_JOB, kind: ref.kind, resourceId: ref.resourceId },
  };
}

/** A money-moving call about to be made: what the check keeps. */
export interface CallToCheck extends OutcomeRef {
  readonly kind: OutcomeKind;
  readonly memberId: string;
  readonly operation: string;
  /** What asking again needs, already sealed. */
  readonly sealedGrant?: string;
}

/**
 * When the bank does not answer: the one home of the rule. A money-moving call is checked
 * before it is made (`begin`, in the transaction that stores what precedes it); its recorded
 * answer ends the check (`answered`). A check still open when its timer fires is asked again by
 * the resource's domain (`outcome-checks.ask-again`); an unanswered try backs off
 * (`unanswered`), and 24 hours without an answer flag it for an operator, with an operator event,
 * once. Only a clear refusal (isClearRefusal) ends a resource as refused or failed.
 */
@Injectable()
export class OutcomeChecks {
  constructor(
    private readonly checks: OutcomeCheckRepository,
    private readonly timers: ScheduledJobRepository,
    private readonly transactions: Transactions,
    private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * Writes the check and its timer before the call, in `tx` when given. The timer fires after
   * `answerWithinMs` (the call's deadline and a grace): if the answer is recorded by then, it
   * finds no check and does nothing.
   */
  async begin(tx: Tx | undefined, call: CallToCheck, answerWithinMs: number): Promise<void> {
    const { since, firstAskAt, timer } = this.toBegin(call, answerWithinMs);
    const write = (db: Tx): Promise<void> => this.checks.in(db).begin({ ...call, since, firstAskAt }, timer);
    await (tx === undefined ? this.transactions.run(write) : write(tx));
  }

  /**
   * The check `begin` writes and its timer, for a caller that writes them in a statement of its
   * own (a VRP stored with its check in one statement).
   */
  toBegin(
    call: CallToCheck,
    answerWithinMs: number,
  ): { readonly since: Date; readonly firstAskAt: Date; readonly timer: CheckTimer } {
    const since = this.clock.now();
    return { since, firstAskAt: new Date(since.getTime() + answerWithinMs), timer: askAgainTimer(call) };
  }

  /** The open check of a resource, or null; in `tx` when given. */
  find(ref: OutcomeRef, tx?: Tx): Promise<OutcomeCheck | null> {
    return (tx === undefined ? this.checks : this.checks.in(tx)).find(ref);
  }

  /** The bank answered and the answer is recorded: the check ends (its timer finds nothing). */
  async answered(ref: OutcomeRef, tx?: Tx): Promise<void> {
    await (tx === undefined ? this.checks : this.checks.in(tx)).close(ref);
  }

  /**
   * Asked (or told) without an answer: the resource stays as it is, the check is asked again
   * after the backoff, and is flagged for an operator once past the limit.
   */
  async unanswered(ref: OutcomeRef, error: unknown): Promise<OutcomeCheck | null> {
    const now = this.clock.now();
    const updated = await this.transactions.run(async (tx) => {
      const checks = this.checks.in(tx);
      const current = await checks.find(ref);
      if (current === null) return null;
      const flag = isDueForOperator(current, now);
      const next = nextAskAt(now, current.attempts);
      const written = await checks.unanswered(ref, {
        lastError: unclearReason(error),
        nextAskAt: next,
        ...(flag ? { flaggedAt: now } : {}),
      });
      await this.schedule(tx, ref, next);
      if (flag)
        await checks.appendEvent({
          type: 'OUTCOME_UNKNOWN_FLAGGED',
          ref,
          memberId: current.memberId,
          detail: {
            operation: current.operation,
            since: current.since.toISOString(),
            attempts: current.attempts + 1,
            lastError: unclearReason(error),
          },
          createdAt: now,
        });
      return { check: written, flagged: flag };
    });
    if (updated === null) return null;
    const log = { kind: ref.kind, resourceId: ref.resourceId, err: error };
    if (updated.flagged) this.logger.error(log, 'bank outcome still unknown past the limit; flagged for an operator');
    else this.logger.warn(log, 'bank outcome unknown; asking the bank again later');
    return updated.check;
  }

  /**
   * An operator's decision about a check: it ends, with the operator's reason kept as an operator
   * event. With a finding (EXECUTED or NOT_EXECUTED), the domain's resolution applies it to the
   * resource in the same transaction (its status, events and ledger moves), so the check, the
   * resource and the operator event change together. Answers the event, or null when no check
   * was open.
   */
  async resolve(ref: OutcomeRef, reason: string, finding?: OperatorFinding): Promise<OperatorEvent | null> {
    const now = this.clock.now();
    return this.transactions.run(async (tx) => {
      const checks = this.checks.in(tx);
      const current = await checks.lock(ref);
      if (current === null) return null;
      const applied =
        finding === undefined ? undefined : await finding.resolution.apply(tx, current, finding.outcome, reason);
      await checks.close(ref);
      return checks.appendEvent({
        type: 'OUTCOME_CHECK_RESOLVED',
        ref,
        memberId: current.memberId,
        detail: {
          reason,
          operation: current.operation,
          since: current.since.toISOString(),
          ...(finding === undefined || applied === undefined
            ? {}
            : { outcome: finding.outcome, resourceStatus: applied.status }),
        },
        createdAt: now,
      });
    });
  }

  private schedule(tx: Tx, ref: OutcomeRef, dueAt: Date): Promise<void> {
    const timer = askAgainTimer(ref);
    return this.timers.in(tx).schedule(timer.id, timer.payload, dueAt, timer.queue);
  }
}
