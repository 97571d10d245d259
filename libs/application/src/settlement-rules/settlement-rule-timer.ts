import { JOB_QUEUE, type PayloadOf } from '#libs/common';
import { ScheduledJobRepository, type SettlementRule, type Tx } from '#libs/db';
import { type RuleSchedule, type SettlementRuleTimeInterval } from '#libs/domain';

export function settlementRuleTimerId(settlementRuleId: string): string {
  return `settlement-rules.run:${settlementRuleId}`;
}

/** The run schedule a stored rule follows. */
export function scheduleOf(
  rule: Pick<SettlementRule, 'timeInterval' | 'intradayHours' | 'intradayMinutes' | 'anchorAt' | 'effectiveTo'>,
): RuleSchedule {
  return {
    timeInterval: rule.timeInterval as SettlementRuleTimeInterval,
    intradayMinutes: rule.intradayHours * 60 + (rule.intradayMinutes ?? 0),
    anchor: rule.anchorAt,
    effectiveTo: rule.effectiveTo,
  };
}

/** Sets the rule's one timer to its nextRunAt, or removes it when it has none, in the caller's transaction. */
export async function resetSettlementRuleTimer(tx: Tx, rule: SettlementRule): Promise<void> {
  const timers = new ScheduledJobRepository(tx);
  if (rule.status !== 'ACTIVE' || rule.nextRunAt === null) {
    await timers.remove([settlementRuleTimerId(rule.id)]);
    return;
  }
  const payload: PayloadOf<'settlement-rules.run'> = {
    name: 'settlement-rules.run',
    settlementRuleId: rule.id,
    scheduledFor: rule.nextRunAt.toISOString(),
  };
  await timers.schedule(settlementRuleTimerId(rule.id), payload, rule.nextRunAt, JOB_QUEUE['settlement-rules.run']);
}
