import { Module } from '@nestjs/common';
import { SettlementRulesApplicationModule } from '#libs/application';
import { RunSettlementRuleProcessor } from './run-settlement-rule.processor.js';

/** Settlement rule runs on the timers queue. */
@Module({ imports: [SettlementRulesApplicationModule], providers: [RunSettlementRuleProcessor] })
export class SettlementRuleRunsModule {}
