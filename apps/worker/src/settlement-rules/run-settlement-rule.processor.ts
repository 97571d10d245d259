import type { PayloadOf } from '#libs/common';
import { RunSettlementRuleUseCase } from '#libs/application';
import { ProcessesJob, type JobProcessor } from '../jobs/job-processor.js';

const RUN_SETTLEMENT_RULE_JOB = 'settlement-rules.run';

/** settlement-rules.run: a rule's timer fired for its run at `scheduledFor` (timers queue). */
@ProcessesJob(RUN_SETTLEMENT_RULE_JOB)
export class RunSettlementRuleProcessor implements JobProcessor<typeof RUN_SETTLEMENT_RULE_JOB> {
  constructor(private readonly run: RunSettlementRuleUseCase) {}

  process(payload: PayloadOf<typeof RUN_SETTLEMENT_RULE_JOB>): Promise<string> {
    return this.run.execute({
      settlementRuleId: payload.settlementRuleId,
      scheduledFor: new Date(payload.scheduledFor),
    });
  }
}
