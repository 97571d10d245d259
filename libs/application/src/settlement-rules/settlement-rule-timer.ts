import type { SettlementRule } from '#libs/db';
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
