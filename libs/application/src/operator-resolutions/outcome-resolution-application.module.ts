import { Module } from '@nestjs/common';
import { PayoutsApplicationModule } from '../payouts/payouts-application.module.js';
import { RefundsApplicationModule } from '../refunds/refunds-application.module.js';
import { BankTruthApplicationModule } from '../bank-truth/bank-truth-application.module.js';
import { ResolveOutcomeCheckUseCase } from './resolve-outcome-check.usecase.js';

/** An operator's resolution of an unknown bank outcome, with the domains whose resources it can end. */
@Module({
  imports: [BankTruthApplicationModule, PayoutsApplicationModule, RefundsApplicationModule],
  providers: [ResolveOutcomeCheckUseCase],
  exports: [ResolveOutcomeCheckUseCase],
})
export class OutcomeResolutionApplicationModule {}
