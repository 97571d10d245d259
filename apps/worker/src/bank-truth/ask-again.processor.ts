import type { PayloadOf } from '#libs/common';
import {
  OutcomeChecks,
  PaymentOrderSubmission,
  PayoutProgression,
  RefundProgression,
  StandingOrderOutcomeAsker,
  TransferOutcomeAsker,
  type OutcomeCheck,
} from '#libs/application';
import { isOutcomeKind, type OutcomeKind } from '#libs/domain';
import { ProcessesJob, type JobProcessor } from '../jobs/job-processor.js';

const ASK_AGAIN_JOB = 'outcome-checks.ask-again';

type Asker = (check: OutcomeCheck) => Promise<'answered' | 'unanswered'>;

/**
 * outcome-checks.ask-again: a money-moving call's check is due (bank-polling queue). A check
 * already ended (the answer was recorded) does nothing; an open one is asked again by its
 * resource's domain. Every kind has its asker, or this does not compile.
 */
@ProcessesJob(ASK_AGAIN_JOB)
export class AskAgainProcessor implements JobProcessor<typeof ASK_AGAIN_JOB> {
  private readonly askers: Readonly<Record<OutcomeKind, Asker>>;

  constructor(
    private readonly checks: OutcomeChecks,
    orders: PaymentOrderSubmission,
    payouts: PayoutProgression,
    refunds: RefundProgression,
    transfers: TransferOutcomeAsker,
    standingOrders: StandingOrderOutcomeAsker,
  ) {
    this.askers = {
      payment: (check) => orders.askAgain(check),
      payout: (check) => payouts.askAgain(check),
      refund: (check) => refunds.askAgain(check),
      transfer: (check) => transfers.askAgain(check),
      'standing-order': (check) => standingOrders.askAgain(check),
    };
  }

  async process(payload: PayloadOf<typeof ASK_AGAIN_JOB>): Promise<string> {
    if (!isOutcomeKind(payload.kind)) return 'unknown-kind';
    const check = await this.checks.find({ kind: payload.kind, resourceId: payload.resourceId });
    if (check === null) return 'answered';
    return this.askers[payload.kind](check);
  }
}
