import { Module } from '@nestjs/common';
import { CreateSettlementRuleUseCase } from './create-settlement-rule.usecase.js';
import { DeleteSettlementRuleUseCase } from './delete-settlement-rule.usecase.js';
import { GetSettlementRuleUseCase } from './get-settlement-rule.usecase.js';
import { ListSettlementRulesUseCase } from './list-settlement-rules.usecase.js';
import { ListSettlementRulePayoutsUseCase } from './list-settlement-rule-payouts.usecase.js';
import { PayoutsApplicationModule } from '../payouts/payouts-application.module.js';
import { PayoutPathRulePayouts } from './payout-path-rule-payouts.js';
import { ProviderRulePayeeCheck } from './provider-rule-payee-check.js';
import { RulePayeeCheck } from './rule-payee-check.js';
import { RulePayouts } from './rule-payouts.js';
import { RunSettlementRuleUseCase } from './run-settlement-rule.usecase.js';

const USE_CASES = [
  CreateSettlementRuleUseCase,
  ListSettlementRulesUseCase,
  GetSettlementRuleUseCase,
  DeleteSettlementRuleUseCase,
  ListSettlementRulePayoutsUseCase,
  RunSettlementRuleUseCase,
];

/** The settlement rule use cases (api routes, the worker's rule runs). */
@Module({
  imports: [PayoutsApplicationModule],
  providers: [
    ...USE_CASES,
    { provide: RulePayouts, useClass: PayoutPathRulePayouts },
    { provide: RulePayeeCheck, useClass: ProviderRulePayeeCheck },
  ],
  exports: USE_CASES,
})
export class SettlementRulesApplicationModule {}
